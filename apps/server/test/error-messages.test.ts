import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

describe('validation messages users read', () => {
  it('a too-long field is refused in Chinese, the summary naming the field', async () => {
    const res = await s.request('POST', '/sys/user/add', {
      token: admin,
      body: { username: 'clerk9', realname: '长'.repeat(101), password: 'Clerk#2026' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('字段“realname”不能超过100个字符');
    expect(res.body.result).toEqual({ errors: { realname: '不能超过100个字符' } });
  });

  it('a missing field and a wrong type read in Chinese too; a schema’s own message is left as written', async () => {
    const missing = await s.request('POST', '/sys/user/add', { token: admin, body: { realname: '文员' } });
    expect(missing.body.result).toMatchObject({ errors: { username: '必填', password: '必填' } });
    expect(missing.body.message).toBe('字段“username”必填');
    const blank = await s.request('POST', '/sys/user/add', {
      token: admin,
      body: { username: 'clerk9', realname: ' ', password: 'Clerk#2026' },
    });
    expect(blank.body.message).toBe('请输入用户姓名');
    const typed = await s.request('POST', '/sys/user/add', {
      token: admin,
      body: { username: 7, realname: '文员', password: 'Clerk#2026' },
    });
    expect(typed.body.message).toBe('字段“username”应为文本');
    expect(JSON.stringify([missing.body, typed.body])).not.toMatch(/[A-Za-z]+ (input|expected)/);
  });
});
