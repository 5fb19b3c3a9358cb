import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type LoginResult } from '@procura/shared';
import { MAX_FAILURES_PER_ACCOUNT, THROTTLE_MESSAGE } from '../src/modules/auth/login-throttle.js';
import { LEAK_PATTERN, startTestServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('POST /sys/login', () => {
  it('answers code 200 with a token, the user info and every dictionary', async () => {
    const res = await s.request<LoginResult>('POST', '/sys/login', { body: { username: 'admin', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const { token, userInfo, sysAllDictItems } = res.body.result;
    expect(token.split('.')).toHaveLength(3);
    expect(userInfo).toMatchObject({ username: 'admin', realname: '系统管理员', isShow: 1, userType: 1 });
    expect(sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    // AUTHN-12: no credential material in any answer.
    expect(res.text).not.toMatch(/password|salt|secret/i);
  });

  it('tells a supplier who must complete its information by isShow 2', async () => {
    const res = await s.request<LoginResult>('POST', '/sys/login', { body: { username: 'supplier2', password: DEMO_PASSWORD } });
    expect(res.body.result.userInfo).toMatchObject({ isShow: 2, userType: 2 });
    expect(res.body.result.userInfo.supplierId).toBeTruthy();
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await s.request('POST', '/sys/login', { body: { username: 'buyer', password: 'Wrong@2026' } });
    const unknown = await s.request('POST', '/sys/login', { body: { username: 'nobody-here', password: 'Wrong@2026' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, code: 500, message: '用户名或密码错误', result: null });
    }
  });

  it('refuses a body without username or password with a field message and HTTP 400', async () => {
    const res = await s.request<{ errors: Record<string, string> }>('POST', '/sys/login', { body: { username: '' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.result.errors.username).toBe('请输入用户名');
  });

  it('throttles an account after repeated failures, even for the right password', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await s.request('POST', '/sys/login', { body: { username: 'supplier1', password: `Wrong@${i}` } });
      expect(res.body.message).toBe('用户名或密码错误');
    }
    const blocked = await s.request('POST', '/sys/login', { body: { username: 'supplier1', password: DEMO_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ success: false, code: 429, message: THROTTLE_MESSAGE });
    // Other accounts are not affected.
    expect(await s.login('buyer')).toBeTruthy();
  });

  it('refuses a frozen user', async () => {
    await s.ctx.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'supplier2').execute();
    const res = await s.request('POST', '/sys/login', { body: { username: 'supplier2', password: DEMO_PASSWORD } });
    expect(res.body).toMatchObject({ success: false, message: '该用户已冻结' });
    await s.ctx.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'supplier2').execute();
  });

  it('stores a memory-hard hash, never the password', async () => {
    const row = await s.ctx.db.selectFrom('sysUser').select('passwordHash').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.passwordHash).not.toContain(DEMO_PASSWORD);
  });
});

describe('tokens and sessions', () => {
  it('a token opens authenticated routes; none gives 401 with the envelope', async () => {
    const token = await s.login('buyer');
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token })).status).toBe(200);
    const anonymous = await s.request('GET', '/sys/permission/getUserPermissionByToken');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 401 });
  });

  it('logout revokes the token', async () => {
    const token = await s.login('buyer');
    const out = await s.request('POST', '/sys/logout', { token });
    expect(out.body).toMatchObject({ success: true, message: '退出登录成功！' });
    const after = await s.request('GET', '/sys/permission/getUserPermissionByToken', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Token失效，请重新登录!');
  });

  it('logoutV2 takes the token as the raw body, as navigator.sendBeacon sends it', async () => {
    const token = await s.login('buyer');
    const out = await s.request('POST', '/sys/logoutV2', { rawBody: token, contentType: 'text/plain;charset=UTF-8' });
    expect(out.body.success).toBe(true);
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token })).status).toBe(401);
  });

  it('logout with a forged token changes nothing (AUTHN-3)', async () => {
    const token = await s.login('buyer');
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await s.request('POST', '/sys/logout', { token: forged })).body.success).toBe(true);
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token })).status).toBe(200);
  });

  it('refuses forged tokens: alg none, a guessed secret, an edited payload (AUTHN-1)', async () => {
    const token = await s.login('buyer');
    const [header, payload] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const guessed = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('secret'));
    const edited = `${header}.${Buffer.from(JSON.stringify({ ...claims, username: 'admin' })).toString('base64url')}.${token.split('.')[2]}`;
    for (const bad of [none, guessed, edited, 'not-a-token']) {
      expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token: bad })).status).toBe(401);
    }
  });

  it('a token of another installation is worthless: each install has its own secret', async () => {
    const other = await startTestServer();
    try {
      const foreign = await other.login('admin');
      expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token: foreign })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('an expired session or a frozen user ends access (AUTHN-2)', async () => {
    const token = await s.login('buyer');
    await s.ctx.db.updateTable('sysSession').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('revokedAt', 'is', null).execute();
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token })).status).toBe(401);

    const fresh = await s.login('buyer');
    await s.ctx.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'buyer').execute();
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token: fresh })).status).toBe(401);
    await s.ctx.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'buyer').execute();
  });

  it('tokens live 7 days', async () => {
    const token = await s.login('buyer');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  it('ignores a token in the query string (PATH-5)', async () => {
    const token = await s.login('admin');
    const res = await s.request('GET', `/sys/permission/getUserPermissionByToken?token=${token}`);
    expect(res.status).toBe(401);
  });

  it('never leaks internals on malformed input (ERR-1)', async () => {
    const res = await s.request('POST', '/sys/login', { rawBody: '{"username":', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: '请求数据格式不正确' });
    expect(res.text).not.toMatch(LEAK_PATTERN);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
