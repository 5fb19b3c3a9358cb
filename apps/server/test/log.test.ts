import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type PageResult } from '@procura/shared';
import { settleLogs } from '../src/modules/logs/log-service.js';
import { startTestServer, type TestServer } from './harness.js';

type LogRow = {
  id: string;
  logType: number;
  logContent: string;
  operateType: number | null;
  operateType_dictText: string | null;
  userid: string | null;
  username: string | null;
  realname: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestType: string | null;
  requestParam: string | null;
  costTime: number | null;
  status: string;
  createTime: string;
};

let s: TestServer;
let admin: string;
/** Successful logins of this file (the figures of /sys/loginfo). */
let logins = 0;
const login = async (username: string, password?: string) => {
  const token = await s.login(username, password);
  logins++;
  return token;
};

beforeAll(async () => {
  s = await startTestServer();
  admin = await login('admin');
});
afterAll(async () => s?.close());

/** Log rows are written after the answer went out: wait for them. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    await settleLogs();
    const value = await read();
    if (done(value) || i >= 40) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const list = (query: string, token = admin) =>
  s.request<PageResult<LogRow>>('GET', `/sys/log/list?${query}`, { token });

describe('login log (log type 1)', () => {
  it('records a login, a failed login (attempted username, never the password) and a logout', async () => {
    const token = await login('buyer');
    const wrong = await s.request('POST', '/sys/login', { body: { username: 'buyer', password: 'Wrong#Secret99' } });
    expect(wrong.body.success).toBe(false);
    await s.request('POST', '/sys/login', { body: { username: 'ghost-user', password: 'Ghost#Secret99' } });
    expect((await s.request('POST', '/sys/logout', { token })).body.success).toBe(true);

    const res = await eventually(
      () => list('logType=1&pageSize=50'),
      (r) => r.body.result.records.some((l) => l.logContent.includes('退出成功')),
    );
    expect(res.body.success).toBe(true);
    const rows = res.body.result.records;
    expect(rows.every((r) => r.logType === 1)).toBe(true);
    const buyerId = (
      await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'buyer').executeTakeFirstOrThrow()
    ).id;
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          username: 'buyer',
          userid: buyerId,
          realname: expect.any(String),
          status: 'ok',
          operateType: 1,
          operateType_dictText: '登录',
          logContent: '用户名: buyer,登录成功！',
          requestType: 'POST',
          method: '/jeecg-boot/sys/login',
        }),
        expect.objectContaining({
          username: 'buyer',
          status: 'failed',
          logContent: '用户名: buyer,登录失败：用户名或密码错误',
        }),
        expect.objectContaining({ username: 'ghost-user', userid: null, status: 'failed' }),
        expect.objectContaining({
          username: 'buyer',
          status: 'ok',
          operateType: 2,
          operateType_dictText: '退出',
          logContent: '用户名: buyer,退出成功！',
        }),
      ]),
    );
    const buyerLogin = rows.find((r) => r.logContent === '用户名: buyer,登录成功！')!;
    expect(buyerLogin.ip).toMatch(/127\.0\.0\.1/);
    expect(buyerLogin.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // LOG-1: no password, attempted or real, is ever stored.
    expect(res.text).not.toMatch(new RegExp(`Wrong#Secret99|Ghost#Secret99|${DEMO_PASSWORD}`));
    const stored = await s.ctx.db.selectFrom('sysLog').selectAll().execute();
    expect(JSON.stringify(stored)).not.toMatch(new RegExp(`Wrong#Secret99|Ghost#Secret99|${DEMO_PASSWORD}`));
  });

  it('counts successful logins for the home page (loginfo, visitInfo of the last 7 days)', async () => {
    await eventually(
      () =>
        s.ctx.db
          .selectFrom('sysLog')
          .select('id')
          .where('logType', '=', 1)
          .where('status', '=', 'ok')
          .where('operateType', '=', 1)
          .execute(),
      (rows) => rows.length === logins,
    );
    const info = await s.request<{ totalVisitCount: number; todayVisitCount: number; todayIp: number }>(
      'GET',
      '/sys/loginfo',
      { token: admin },
    );
    expect(info.body.result).toEqual({ totalVisitCount: logins, todayVisitCount: logins, todayIp: 1 });

    const visits = await s.request<{ visit: number; ip: number; tian: string; type: string }[]>(
      'GET',
      '/sys/visitInfo',
      { token: admin },
    );
    expect(visits.body.result).toHaveLength(7);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(visits.body.result[6]).toEqual({ visit: logins, ip: 1, tian: today, type: today.slice(5) });
    expect(visits.body.result.slice(0, 6).every((d) => d.visit === 0 && d.ip === 0)).toBe(true);
    expect(visits.body.result.map((d) => d.tian)).toEqual([...visits.body.result.map((d) => d.tian)].sort());

    // Any signed-in internal user may read the figures; suppliers may not.
    expect((await s.request('GET', '/sys/loginfo', { token: await login('buyer') })).body.success).toBe(true);
    expect((await s.request('GET', '/sys/visitInfo', { token: await login('supplier1') })).status).toBe(403);
    expect((await s.request('GET', '/sys/loginfo')).status).toBe(401);
  });
});

describe('operation log (log type 2)', () => {
  it('records an authenticated POST with its route, user, cost and parameters, password fields masked', async () => {
    const add = await s.request<{ id: string }>('POST', '/sys/user/add', {
      token: admin,
      body: {
        username: 'logclerk',
        realname: '日志文员',
        password: 'Clerk#Secret26',
        confirmpassword: 'Clerk#Secret26',
      },
    });
    expect(add.body.success).toBe(true);
    const res = await eventually(
      () => list(`logType=2&keyWord=${encodeURIComponent('新增用户')}`),
      (r) => r.body.result.total > 0,
    );
    expect(res.body.result.total).toBe(1);
    const row = res.body.result.records[0]!;
    expect(row).toMatchObject({
      logType: 2,
      logContent: '新增用户',
      operateType: 2,
      operateType_dictText: '添加',
      username: 'admin',
      realname: expect.any(String),
      method: '/jeecg-boot/sys/user/add',
      requestUrl: '/jeecg-boot/sys/user/add',
      requestType: 'POST',
      status: 'ok',
    });
    expect(row.costTime).toBeGreaterThanOrEqual(0);
    const param = JSON.parse(row.requestParam!) as { body: Record<string, string> };
    expect(param.body).toMatchObject({
      username: 'logclerk',
      realname: '日志文员',
      password: '******',
      confirmpassword: '******',
    });
    expect(res.text).not.toContain('Clerk#Secret26');
  });

  it('records refusals and edits as failed or with their operate type; reads are not logged', async () => {
    const token = await login('buyer');
    expect(
      (await s.request('POST', '/sys/position/add', { token, body: { code: 'LOG403', name: '无权' } })).status,
    ).toBe(403);
    await s.request('POST', '/sys/position/add', { token: admin, body: { code: 'LOG1', name: '日志职务' } });
    const dup = await s.request('POST', '/sys/position/add', {
      token: admin,
      body: { code: 'LOG1', name: '日志职务' },
    });
    expect(dup.body.success).toBe(false);
    const position = await s.ctx.db
      .selectFrom('sysPosition')
      .select('id')
      .where('code', '=', 'LOG1')
      .executeTakeFirstOrThrow();
    await s.request('DELETE', `/sys/position/delete?id=${position.id}`, { token: admin });
    await s.request('GET', '/sys/position/list?code=LOG1', { token: admin });

    const res = await eventually(
      () => list('logType=2&pageSize=100'),
      (r) =>
        r.body.result.records.some((l) => l.requestType === 'DELETE' && l.method === '/jeecg-boot/sys/position/delete'),
    );
    const positions = res.body.result.records.filter((r) => r.method?.startsWith('/jeecg-boot/sys/position/'));
    expect(positions.filter((r) => r.requestType === 'GET')).toEqual([]);
    expect(
      positions
        .filter((r) => r.method === '/jeecg-boot/sys/position/add')
        .map((r) => [r.username, r.status])
        .sort(),
    ).toEqual([
      ['admin', 'failed'],
      ['admin', 'ok'],
      ['buyer', 'failed'],
    ]);
    const refused = positions.find((r) => r.username === 'admin' && r.status === 'failed')!;
    expect(refused.logContent).toMatch(/（失败：.+）$/);
    expect(positions.find((r) => r.requestType === 'DELETE')).toMatchObject({
      operateType: 4,
      status: 'ok',
      requestParam: expect.stringContaining(position.id),
    });
  });
});

describe('the log list', () => {
  it('pages, filters by keyword, date and type, and sorts on allow-listed columns only', async () => {
    const all = await list('pageSize=100');
    const total = all.body.result.total;
    expect(total).toBeGreaterThan(5);
    expect(new Set(all.body.result.records.map((r) => r.logType))).toEqual(new Set([1, 2]));
    // Newest first by default.
    const times = all.body.result.records.map((r) => r.createTime);
    expect(times).toEqual([...times].sort().reverse());

    const page1 = await list('pageSize=2&pageNo=1');
    const page2 = await list('pageSize=2&pageNo=2');
    expect(page2.body.result).toMatchObject({ size: 2, current: 2, total });
    const ids = [...page1.body.result.records, ...page2.body.result.records].map((r) => r.id);
    expect(new Set(ids).size).toBe(4);
    expect(all.body.result.records.map((r) => r.id)).toEqual(expect.arrayContaining(ids));

    const byUser = await list('logType=1&keyWord=ghost');
    expect(byUser.body.result.records.map((r) => r.username)).toEqual(['ghost-user']);
    // LIKE wildcards in the keyword are taken literally.
    expect((await list('keyWord=%25')).body.result.total).toBe(0);
    expect((await list('logType=1&status=failed')).body.result.records.every((r) => r.status === 'failed')).toBe(true);

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await list(`createTime_begin=${today}&createTime_end=${today}&pageSize=1`)).body.result.total).toBe(total);
    expect((await list('createTime_begin=2999-01-01')).body.result.total).toBe(0);

    const asc = await list('logType=1&column=username&order=asc&pageSize=100');
    const names = asc.body.result.records.map((r) => r.username ?? '');
    expect(names).toEqual([...names].sort());
    expect((await list('column=costTime&order=desc')).body.success).toBe(true);

    expect((await list('column=requestParam')).status).toBe(400);
    expect((await list('column=username;drop table sys_log')).status).toBe(400);
    expect((await list('order=sideways')).status).toBe(400);
    expect((await list('logType=3')).status).toBe(400);
  });

  it('is refused without log:list, and there is no API to change or delete a log', async () => {
    expect((await list('logType=1', await login('buyer'))).status).toBe(403);
    expect((await s.request('GET', '/sys/log/list')).status).toBe(401);
    const mutating = s.routes().filter((r) => r.url.includes('/sys/log/') && r.method !== 'GET');
    expect(mutating).toEqual([]);
    expect((await s.request('DELETE', '/sys/log/delete?id=x', { token: admin })).status).toBe(404);
  });
});
