import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type LoginResult } from '@procura/shared';
import { LEAK_PATTERN, startTestServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('POST /sys/login', () => {
  it('answers code 200 with a token, the user info and every dictionary', async () => {
    const res = await s.request<LoginResult>('POST', '/sys/login', {
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
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
    const res = await s.request<LoginResult>('POST', '/sys/login', {
      body: { username: 'supplier2', password: DEMO_PASSWORD },
    });
    expect(res.body.result.userInfo).toMatchObject({ isShow: 2, userType: 2 });
    expect(res.body.result.userInfo.supplierId).toBeTruthy();
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await s.request('POST', '/sys/login', { body: { username: 'buyer', password: 'Wrong@2026' } });
    // The address failed once: the next try needs a captcha (issue 16 #2).
    const unknown = await s.request('POST', '/sys/login', {
      body: { username: 'nobody-here', password: 'Wrong@2026', ...(await s.captcha()) },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: false,
        code: 500,
        message: '用户名或密码错误',
        result: { captchaRequired: true },
      });
    }
    await s.login('buyer');
  });

  it('refuses a body without username or password with a field message and HTTP 400', async () => {
    const res = await s.request<{ errors: Record<string, string> }>('POST', '/sys/login', { body: { username: '' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.result.errors.username).toBe('请输入用户名');
  });

  it('never locks an account: after failures the right password with a captcha still gets in', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await s.request('POST', '/sys/login', {
        body: { username: 'supplier1', password: `Wrong@${i}`, ...(i === 0 ? {} : await s.captcha()) },
      });
      if (res.status === 429) {
        // The growing delay: wait it out, as a person would.
        await new Promise((r) => setTimeout(r, (res.body.result as { retryAfter: number }).retryAfter * 1000));
        i--;
        continue;
      }
      expect(res.body.message).toBe('用户名或密码错误');
    }
    expect(await s.login('supplier1')).toBeTruthy();
    // Other accounts are not affected.
    expect(await s.login('buyer')).toBeTruthy();
  }, 60_000);

  it('refuses a frozen user', async () => {
    await s.ctx.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'supplier2').execute();
    const res = await s.request('POST', '/sys/login', { body: { username: 'supplier2', password: DEMO_PASSWORD } });
    expect(res.body).toMatchObject({ success: false, message: '该用户已冻结' });
    await s.ctx.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'supplier2').execute();
  });

  it('stores a memory-hard hash, never the password', async () => {
    const row = await s.ctx.db
      .selectFrom('sysUser')
      .select('passwordHash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    // scrypt naming its parameters; the tests' cost is 2^10 (test/test-env.ts), production's 2^15 (password.test.ts).
    expect(row.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(row.passwordHash).not.toContain(DEMO_PASSWORD);
  });
});

describe('POST /sys/onlineLogin (spec part 1 §7: login data, as login)', () => {
  it('signs in like /sys/login: the same answer and a recorded, working session', async () => {
    const res = await s.request<LoginResult>('POST', '/sys/onlineLogin', {
      body: { username: 'buyer', password: DEMO_PASSWORD },
    });
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const { token, userInfo, sysAllDictItems } = res.body.result;
    expect(userInfo).toMatchObject({ username: 'buyer' });
    expect(sysAllDictItems.sex).toHaveLength(2);
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token })).status).toBe(200);
    const session = await s.ctx.db
      .selectFrom('sysSession')
      .select('id')
      .where('userId', '=', userInfo.id)
      .where('revokedAt', 'is', null)
      .execute();
    expect(session.length).toBeGreaterThan(0);
    expect(res.text).not.toMatch(/password|salt|secret/i);
  });

  it('refuses as /sys/login does: wrong password, frozen user, missing field', async () => {
    const wrong = await s.request('POST', '/sys/onlineLogin', { body: { username: 'buyer', password: 'Wrong@2026' } });
    expect(wrong.body).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
    await s.ctx.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'supplier2').execute();
    try {
      const frozen = await s.request('POST', '/sys/onlineLogin', {
        body: { username: 'supplier2', password: DEMO_PASSWORD, ...(await s.captcha()) },
      });
      expect(frozen.body).toMatchObject({ success: false, message: '该用户已冻结' });
    } finally {
      await s.ctx.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'supplier2').execute();
    }
    const empty = await s.request<{ errors: Record<string, string> }>('POST', '/sys/onlineLogin', {
      body: { username: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.result.errors.username).toBe('请输入用户名');
  });

  it('shares the sign-in guard with /sys/login', async () => {
    await s.login('admin');
    const failed = await s.request('POST', '/sys/login', { body: { username: 'supplier2', password: 'Wrong@1' } });
    expect(failed.body.message).toBe('用户名或密码错误');
    await new Promise((r) => setTimeout(r, 1100));
    const online = await s.request('POST', '/sys/onlineLogin', {
      body: { username: 'supplier2', password: DEMO_PASSWORD },
    });
    expect(online.body).toMatchObject({ success: false, code: 412, message: '请输入验证码' });
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

  describe('logoutV2, the page-close beacon', () => {
    const beacon = (token: string) =>
      s.request('POST', '/sys/logoutV2', { rawBody: token, contentType: 'text/plain;charset=UTF-8' });
    const permissions = (token: string) => s.request('GET', '/sys/permission/getUserPermissionByToken', { token });
    /** The grace of a pending close runs out, as if CLOSE_GRACE_MS had passed. */
    const graceRunsOut = () =>
      s.ctx.db
        .updateTable('sysSession')
        .set({ closingAt: '2000-01-01T00:00:00.000Z' })
        .where('closingAt', 'is not', null)
        .execute();

    it('takes the token as the raw body, as navigator.sendBeacon sends it, and ends the session once the grace has run out', async () => {
      const token = await s.login('buyer');
      expect((await beacon(token)).body.success).toBe(true);
      await graceRunsOut();
      const after = await permissions(token);
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('Token失效，请重新登录!');
      // Ended for good: the session is revoked, not only refused.
      const rows = await s.ctx.db
        .selectFrom('sysSession')
        .select('revokedAt')
        .where('closingAt', '=', '2000-01-01T00:00:00.000Z')
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    });

    it('a reload sends the beacon too: the reloaded page using the token within the grace keeps the session', async () => {
      const token = await s.login('buyer');
      await beacon(token);
      expect((await permissions(token)).status).toBe(200);
      // The close was called off: the grace running out later changes nothing.
      await graceRunsOut();
      expect((await permissions(token)).status).toBe(200);
    });

    it('a closed page whose grace has run out is no longer among the online users', async () => {
      const admin = await s.login('admin');
      const token = await s.login('buyer');
      const online = async () => {
        const list = await s.request<{ records: { username: string }[] }>(
          'GET',
          '/sys/online/list?username=buyer&pageSize=100',
          { token: admin },
        );
        return list.body.result.records.length;
      };
      const before = await online();
      expect(before).toBeGreaterThan(0);
      await beacon(token);
      await graceRunsOut();
      expect(await online()).toBe(before - 1);
    });

    it('a session ended by force while its close is pending stays ended', async () => {
      const token = await s.login('buyer');
      await beacon(token);
      await s.ctx.db
        .updateTable('sysSession')
        .set({ revokedAt: new Date().toISOString() })
        .where('closingAt', 'is not', null)
        .execute();
      expect((await permissions(token)).status).toBe(401);
    });

    it('a forged token changes nothing', async () => {
      const token = await s.login('buyer');
      await beacon(token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA'));
      await graceRunsOut();
      expect((await permissions(token)).status).toBe(200);
    });
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
    const guessed = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('secret'));
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
    await s.ctx.db
      .updateTable('sysSession')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('revokedAt', 'is', null)
      .execute();
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token })).status).toBe(401);

    const fresh = await s.login('buyer');
    await s.ctx.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'buyer').execute();
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token: fresh })).status).toBe(401);
    await s.ctx.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'buyer').execute();
  });

  it('tokens live 7 days', async () => {
    const token = await s.login('buyer');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      iat: number;
    };
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
