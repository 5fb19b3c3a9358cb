import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueThirdLoginCode } from '../src/modules/auth/signin-routes.js';
import { startTestServer, type TestServer } from './harness.js';

/** Phone login, SSO token, CAS ticket and third-party code: each opens the same session as /sys/login. */
const SSO_SECRET = 'sso-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';

// A tiny CAS server: ticket ST-good-<user> is valid for that user, anything else is not.
let casCalls: string[] = [];
const cas = http.createServer((req, res) => {
  const url = new URL(req.url!, 'http://x');
  casCalls.push(url.pathname + url.search);
  const ticket = url.searchParams.get('ticket') ?? '';
  res.setHeader('content-type', 'application/xml');
  if (url.pathname === '/cas/serviceValidate' && ticket.startsWith('ST-good-')) {
    res.end(
      `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${ticket.slice(8)}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`,
    );
  } else if (ticket === 'ST-entity') {
    res.end(
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY u "admin">]><cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>&u;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`,
    );
  } else {
    res.end(
      `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
    );
  }
});

let s: TestServer;
let casUrl: string;
beforeAll(async () => {
  await new Promise<void>((r) => cas.listen(0, '127.0.0.1', r));
  casUrl = `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`;
  s = await startTestServer({ SMS_SENDER: 'outbox', SSO_SECRET, CAS_SERVER_URL: casUrl });
  // This file sends many codes from one address to few mobiles: the hourly caps have their own tests (signin-guard.test.ts).
  await s.ctx.security.set('security.smsPerMobileHour', 1000);
  await s.ctx.security.set('security.smsPerAddressHour', 1000);
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => cas.close(r));
});

type Login = {
  token: string;
  userInfo: { username: string; isShow: number };
  sysAllDictItems: object;
  multi_depart: number;
};

const expectSession = async (
  res: { body: { success: boolean; code: number; result: unknown; message: string } },
  username: string,
) => {
  expect(res.body, res.body.message).toMatchObject({ success: true, code: 200, message: '登录成功' });
  const r = res.body.result as Login;
  expect(r.userInfo.username).toBe(username);
  expect(r.sysAllDictItems).toBeTypeOf('object');
  expect(r).toHaveProperty('multi_depart');
  expect(JSON.stringify(r)).not.toMatch(/passwordHash|password_hash/);
  // The token is a real session.
  expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token: r.token })).status).toBe(200);
};

describe('phone login', () => {
  const code = async (mobile: string) => {
    await s.ctx.db
      .updateTable('sysSmsCode')
      .set({ createTime: new Date(Date.now() - 61_000).toISOString() })
      .where('mobile', '=', mobile)
      .execute();
    expect(
      (await s.request('POST', '/sys/sms', { body: { mobile, smsmode: '0', ...(await s.captcha()) } })).body.success,
    ).toBe(true);
    return (await s.request<{ code: string }>('GET', `/sys/sms/testOutbox?mobile=${mobile}`)).body.result.code;
  };

  it('logs in with the SMS code, as /sys/login answers; the code is single use', async () => {
    const c = await code('13800000001');
    await expectSession(
      await s.request('POST', '/sys/phoneLogin', { body: { mobile: '13800000001', captcha: c, remember_me: true } }),
      'buyer',
    );
    const again = await s.request('POST', '/sys/phoneLogin', { body: { mobile: '13800000001', captcha: c } });
    expect(again.body).toMatchObject({ success: false });
    expect(again.body.code).not.toBe(200);
  });

  it('a wrong code is a clear failure (code not 200) and counts as a try', async () => {
    const c = await code('13900000002');
    const wrong = c === '000000' ? '000001' : '000000';
    const res = await s.request('POST', '/sys/phoneLogin', { body: { mobile: '13900000002', captcha: wrong } });
    expect(res.body).toMatchObject({ success: false, message: '手机验证码错误' });
    expect(res.body.code).not.toBe(200);
    const row = await s.ctx.db
      .selectFrom('sysSmsCode')
      .select('attempts')
      .where('mobile', '=', '13900000002')
      .where('usedAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    // A supplier who must complete the information logs in with isShow 2.
    const ok = await s.request<Login>('POST', '/sys/phoneLogin', { body: { mobile: '13900000002', captcha: c } });
    expect(ok.body.result.userInfo).toMatchObject({ username: 'supplier2', isShow: 2 });
  });

  it('a register code does not log in', async () => {
    await s.ctx.db
      .updateTable('sysSmsCode')
      .set({ createTime: new Date(Date.now() - 61_000).toISOString() })
      .where('mobile', '=', '13900000001')
      .execute();
    await s.request('POST', '/sys/sms', { body: { mobile: '13900000001', smsmode: '1', ...(await s.captcha()) } });
    const c = (await s.request<{ code: string }>('GET', '/sys/sms/testOutbox?mobile=13900000001')).body.result.code;
    expect(
      (await s.request('POST', '/sys/phoneLogin', { body: { mobile: '13900000001', captcha: c } })).body.success,
    ).toBe(false);
  });
});

describe('SSO token login', () => {
  const token = (claims: Record<string, unknown>, opts: { secret?: string; exp?: number; jti?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(opts.jti ?? `jti-${Math.random().toString(36).slice(2)}`)
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 120)
      .sign(new TextEncoder().encode(opts.secret ?? SSO_SECRET));

  it('a valid token logs the user in once; the replay is refused', async () => {
    const t = await token({ username: 'buyer' });
    await expectSession(await s.request('POST', '/sys/ssoLogin', { body: { token: t } }), 'buyer');
    expect((await s.request('POST', '/sys/ssoLogin', { body: { token: t } })).body).toMatchObject({
      success: false,
      message: '单点登录令牌无效或已过期',
    });
  });

  it.each([
    ['expired', async () => token({ username: 'buyer' }, { exp: Math.floor(Date.now() / 1000) - 10 })],
    [
      'valid for more than 5 minutes',
      async () => token({ username: 'buyer' }, { exp: Math.floor(Date.now() / 1000) + 3600 }),
    ],
    [
      'signed with another secret',
      async () => token({ username: 'buyer' }, { secret: 'another-secret-0123456789abcdefghijklmnop' }),
    ],
    ['for an unknown user', async () => token({ username: 'nobody-at-all' })],
    ['without a username', async () => token({ sub: 'buyer' })],
    [
      'unsigned (alg none)',
      async () =>
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ username: 'admin', jti: 'x', exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url')}.`,
    ],
  ])('refuses a token %s (AUTHN-1)', async (_why, make) => {
    const res = await s.request('POST', '/sys/ssoLogin', { body: { token: await make() } });
    expect(res.body).toMatchObject({ success: false, message: '单点登录令牌无效或已过期' });
  });

  it('is disabled without SSO_SECRET, and so is CAS without CAS_SERVER_URL', async () => {
    const off = await startTestServer();
    try {
      expect(
        (await off.request('POST', '/sys/ssoLogin', { body: { token: await token({ username: 'buyer' }) } })).body,
      ).toMatchObject({ success: false, message: '单点登录未启用' });
      expect(
        (await off.request('GET', '/cas/client/validateLogin?ticket=ST-good-buyer&service=http%3A%2F%2Fapp')).body,
      ).toMatchObject({ success: false, message: 'CAS 单点登录未启用' });
    } finally {
      await off.close();
    }
  });
});

describe('CAS ticket login', () => {
  it('validates the ticket against the CAS server and logs in its user', async () => {
    casCalls = [];
    const service = 'http://127.0.0.1:8080/user/login';
    const res = await s.request(
      'GET',
      `/cas/client/validateLogin?ticket=ST-good-buyer&service=${encodeURIComponent(service)}`,
    );
    await expectSession(res, 'buyer');
    expect(casCalls).toEqual([`/cas/serviceValidate?ticket=ST-good-buyer&service=${encodeURIComponent(service)}`]);
  });

  it.each([
    ['an invalid ticket', 'ST-bad'],
    ['a ticket of an unknown user', 'ST-good-ghost'],
    ['an answer with an XML entity (never expanded)', 'ST-entity'],
  ])('refuses %s', async (_why, ticket) => {
    const res = await s.request('GET', `/cas/client/validateLogin?ticket=${ticket}&service=http%3A%2F%2Fapp`);
    expect(res.body).toMatchObject({ success: false, message: 'CAS 票据无效' });
  });

  it('answers that CAS is unavailable when the server is down', async () => {
    const down = await startTestServer({ CAS_SERVER_URL: 'http://127.0.0.1:9/cas' });
    try {
      const res = await down.request('GET', '/cas/client/validateLogin?ticket=ST-good-buyer&service=http%3A%2F%2Fapp');
      expect(res.body).toMatchObject({ success: false, message: 'CAS 服务暂不可用，请稍后再试' });
    } finally {
      await down.close();
    }
  });
});

describe('third-party login code', () => {
  it('exchanges an unexpired code once for the login result', async () => {
    const user = await s.ctx.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const code = await issueThirdLoginCode(s.ctx.db, user.id, 'wechat');
    const stored = await s.ctx.db.selectFrom('sysThirdLoginCode').select('codeHash').execute();
    expect(stored.some((r) => r.codeHash === code)).toBe(false);
    await expectSession(await s.request('GET', `/thirdLogin/getLoginUser/${code}`), 'buyer');
    expect((await s.request('GET', `/thirdLogin/getLoginUser/${code}`)).body).toMatchObject({
      success: false,
      message: '登录信息已失效',
    });
  });

  it('refuses an unknown or an expired code', async () => {
    expect((await s.request('GET', '/thirdLogin/getLoginUser/not-a-code')).body).toMatchObject({
      success: false,
      message: '登录信息已失效',
    });
    const user = await s.ctx.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const code = await issueThirdLoginCode(s.ctx.db, user.id, 'wechat', -1000);
    expect((await s.request('GET', `/thirdLogin/getLoginUser/${code}`)).body).toMatchObject({
      success: false,
      message: '登录信息已失效',
    });
  });
});
