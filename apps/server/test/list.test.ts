import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, type PageResult } from '@procura/shared';
import { createUser } from '../src/seed/seed.js';
import { LEAK_PATTERN, startTestServer, type TestServer } from './harness.js';

type UserRow = { username: string; realname: string; status: number; status_dictText: string; createTime: string };

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  for (let i = 1; i <= 12; i++) {
    await createUser(s.ctx.db, { username: `clerk${String(i).padStart(2, '0')}`, realname: i % 2 ? `张_${i}` : `李%${i}`, password: 'Clerk@2026x', roleCode: 'buyer' });
  }
  token = await s.login('admin');
});
afterAll(async () => s?.close());

const list = (query: string) => s.request<PageResult<UserRow>>('GET', `/sys/user/list?${query}`, { token });

describe('paged lists (GET /sys/user/list)', () => {
  it('answers records, total, size, current and pages', async () => {
    const res = await list('pageNo=2&pageSize=5');
    expect(res.body.success).toBe(true);
    expect(res.body.result).toMatchObject({ total: 16, size: 5, current: 2, pages: 4 });
    expect(res.body.result.records).toHaveLength(5);
    expect(res.body.result.records[0]).toHaveProperty('status_dictText');
    expect(JSON.stringify(res.body.result.records)).not.toMatch(/password/i);
  });

  it('sorts by an allowed column and refuses any other (SQLI-6)', async () => {
    const asc = await list('column=username&order=asc&pageSize=3');
    expect(asc.body.result.records.map((r) => r.username)).toEqual(['admin', 'buyer', 'clerk01']);
    for (const bad of ['column=(case when 1=1 then id else realname end)', 'column=passwordHash', 'column=username&order=asc,(select 1)']) {
      const res = await list(bad);
      expect(res.status).toBe(400);
      expect(res.text).not.toMatch(LEAK_PATTERN);
    }
  });

  it('applies the value modes: *like*, !not, a,b in', async () => {
    expect((await list('username=*clerk1*')).body.result.records.map((r) => r.username).sort()).toEqual(['clerk10', 'clerk11', 'clerk12']);
    expect((await list('username=!admin')).body.result.total).toBe(15);
    expect((await list('username=admin,buyer')).body.result.total).toBe(2);
  });

  it('treats like wildcards and quotes in values as literal text (SQLI-8, SQLI-10)', async () => {
    expect((await list(`realname=${encodeURIComponent('*%*')}`)).body.result.records.every((r) => r.realname.includes('%'))).toBe(true);
    expect((await list(`realname=${encodeURIComponent('*_*')}`)).body.result.total).toBe(6);
    const injected = await list(`username=${encodeURIComponent("*a' or '1'='1*")}`);
    expect(injected.status).toBe(200);
    expect(injected.body.result.total).toBe(0);
  });

  it('caps huge pages and refuses nonsense paging (DOS-1)', async () => {
    expect((await list('pageSize=1000000')).body.result.size).toBe(MAX_PAGE_SIZE);
    expect((await list('pageNo=-1')).status).toBe(400);
    expect((await list('pageNo=abc')).status).toBe(400);
  });
});
