import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@procura/shared';
import { configureTestClock, setTestClockOffset } from '../src/core/clock.js';
import { loadConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './harness.js';

/** Issue 16, security findings 2 (sign-in blocking), 4 (SMS pumping), 9 (idle sessions), 11 (production). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ TEST_CLOCK: 'true', TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => s?.close());

let clock = 0;
/** Moves the server clock on (the delays and the captcha's life are counted on it). */
const later = (ms: number) => setTestClockOffset((clock += ms));
afterEach(async () => {
  // Each test starts from no failures and the default settings.
  await s.ctx.db.deleteFrom('loginAttempt').execute();
  await s.ctx.security.set('security.loginCaptchaAlways', false);
});
afterAll(() => setTestClockOffset(0));

let seq = 0;
/** A request from a client address of its own, through the trusted proxy. */
const from = () => ({ 'x-forwarded-for': `10.1.0.${++seq}` });
const login = (body: Record<string, unknown>, headers: Record<string, string>) =>
  s.request<{ token?: string; captchaRequired?: boolean; retryAfter?: number }>('POST', '/sys/login', {
    body,
    headers,
  });

describe('GET /sys/randomImage/{key}', () => {
  it("answers JeecgBoot's shape: an image data URL; a 4-character code kept 60 s under the key", async () => {
    const res = await s.request<string>('GET', '/sys/randomImage/1700000000000');
    expect(res.body.success).toBe(true);
    expect(res.body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.body.result.split(',')[1]!, 'base64').toString()).toMatch(/^<svg /);
    const row = await s.ctx.db
      .selectFrom('sysCaptcha')
      .selectAll()
      .where('checkKey', '=', '1700000000000')
      .executeTakeFirstOrThrow();
    expect(row.code).toMatch(/^[a-z0-9]{4}$/);
    expect(Date.parse(row.expiresAt) - Date.parse(row.createTime)).toBe(60_000);
  });

  it('the stock JeecgBoot form, which always sends captcha and checkKey, signs in', async () => {
    const res = await login({ username: 'admin', password: DEMO_PASSWORD, ...(await s.captcha()) }, from());
    expect(res.body).toMatchObject({ success: true, code: 200 });
  });
});

describe('password login: a captcha after the first failure, growing delays, no lock', () => {
  it('asks the account for a captcha after one failure, and takes each code once and within 60 s', async () => {
    const failed = await login({ username: 'buyer', password: 'Wrong@2026' }, from());
    expect(failed.body).toMatchObject({ code: 500, message: '用户名或密码错误', result: { captchaRequired: true } });
    later(1000);
    const headers = from();
    const none = await login({ username: 'buyer', password: DEMO_PASSWORD }, headers);
    expect(none.body).toMatchObject({ success: false, code: 412, message: '请输入验证码' });
    const wrong = await login({ username: 'buyer', password: DEMO_PASSWORD, checkKey: 'k1', captcha: 'zzzz' }, headers);
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误或已失效' });
    // A code is gone once checked, even by a wrong guess (AUTHN-8).
    const drawn = await s.captcha('k2');
    await login({ username: 'buyer', password: DEMO_PASSWORD, checkKey: 'k2', captcha: 'zzzz' }, headers);
    const reused = await login({ username: 'buyer', password: DEMO_PASSWORD, ...drawn }, headers);
    expect(reused.body.message).toBe('验证码错误或已失效');
    // Older than 60 s.
    const old = await s.captcha('k3');
    later(61_000);
    const expired = await login({ username: 'buyer', password: DEMO_PASSWORD, ...old }, headers);
    expect(expired.body.message).toBe('验证码错误或已失效');
    // Captcha refusals checked no password and count nothing: the right password with a right code gets in.
    const right = await login({ username: 'buyer', password: DEMO_PASSWORD, ...(await s.captcha()) }, headers);
    expect(right.body).toMatchObject({ success: true, code: 200 });
    // A success clears the account's failures.
    expect((await login({ username: 'buyer', password: DEMO_PASSWORD }, from())).body.code).toBe(200);
  });

  it('asks an address that failed for a captcha for every account, until a success from it', async () => {
    const headers = from();
    await login({ username: 'nobody-here', password: 'Wrong@2026' }, headers);
    const other = await login({ username: 'admin', password: DEMO_PASSWORD }, headers);
    expect(other.body).toMatchObject({ code: 412, message: '请输入验证码' });
    expect((await s.request('GET', '/sys/login/captchaRequired', { headers })).body.result).toEqual({ required: true });
    // Another address is not affected.
    expect((await s.request('GET', '/sys/login/captchaRequired', { headers: from() })).body.result).toEqual({
      required: false,
    });
    expect(
      (await login({ username: 'admin', password: DEMO_PASSWORD, ...(await s.captcha()) }, headers)).body.code,
    ).toBe(200);
    expect((await login({ username: 'admin', password: DEMO_PASSWORD }, headers)).body.code).toBe(200);
  });

  it('doubles the delay per account with each failure, and the owner gets in once it has run out', async () => {
    const attempt = async (password: string) =>
      login({ username: 'supplier1', password, ...(await s.captcha()) }, from());
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect((await attempt(`Wrong@${i}`)).body.message).toBe('用户名或密码错误');
      const early = await attempt(DEMO_PASSWORD);
      expect(early.status).toBe(429);
      expect(early.body.message).toMatch(/^登录失败次数过多，请\d+秒后再试$/);
      waits.push(early.body.result.retryAfter!);
      later(early.body.result.retryAfter! * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // No hard lock: after the delay the right password with a captcha gets in.
    expect((await attempt(DEMO_PASSWORD)).body).toMatchObject({ success: true, code: 200 });
  });

  it('caps the delay of an account', async () => {
    for (let i = 0; i < 12; i++) {
      await s.ctx.throttle.recordFailure('supplier2', `10.9.9.${i}`);
    }
    const early = await login({ username: 'supplier2', password: DEMO_PASSWORD, ...(await s.captcha()) }, from());
    expect(early.body.result.retryAfter).toBe(30);
  });

  it('slows an address down after a few failures, whichever accounts it tries', async () => {
    const headers = from();
    for (let i = 0; i < 6; i++) {
      const res = await login({ username: `guess${i}`, password: 'Wrong@2026', ...(await s.captcha()) }, headers);
      expect(res.body.message).toBe('用户名或密码错误');
    }
    const next = await login({ username: 'guess-next', password: 'Wrong@2026', ...(await s.captcha()) }, headers);
    expect(next.status).toBe(429);
    // Another address goes on as before.
    expect((await login({ username: 'admin', password: DEMO_PASSWORD }, from())).body.code).toBe(200);
  });

  it('asks for the captcha on every password login when the setting says so', async () => {
    await s.ctx.security.set('security.loginCaptchaAlways', true);
    const headers = from();
    expect((await s.request('GET', '/sys/login/captchaRequired', { headers })).body.result).toEqual({ required: true });
    expect((await login({ username: 'admin', password: DEMO_PASSWORD }, headers)).body.code).toBe(412);
    expect(
      (await login({ username: 'admin', password: DEMO_PASSWORD, ...(await s.captcha()) }, headers)).body.code,
    ).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('is a list of proxy addresses or ranges; anything else stops start-up', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
    ]);
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'evil; rm' })).toThrow(/TRUST_PROXY/);
  });

  it('without it a forwarded address is not believed: every client behind one peer counts as one', async () => {
    const direct = await startTestServer({ TEST_CLOCK: 'true' });
    try {
      await direct.request('POST', '/sys/login', {
        body: { username: 'nobody', password: 'Wrong@2026' },
        headers: { 'x-forwarded-for': '10.2.0.1' },
      });
      const res = await direct.request('GET', '/sys/login/captchaRequired', {
        headers: { 'x-forwarded-for': '10.2.0.2' },
      });
      expect(res.body.result).toEqual({ required: true });
    } finally {
      await direct.close();
    }
  });
});

describe('sessions end after being idle (issue 16 #9)', () => {
  const me = (token: string) => s.request('GET', '/sys/permission/getUserPermissionByToken', { token });
  const sessionOf = async (token: string) => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
    return claims.sid;
  };
  /** Pretends the session was opened, and last used, `ms` ago. */
  const ageBy = async (token: string, ms: number) => {
    const sid = await sessionOf(token);
    const at = new Date(Date.now() - ms).toISOString();
    await s.ctx.db.updateTable('sysSession').set({ createdAt: at }).where('id', '=', sid).execute();
    await s.ctx.db.updateTable('sysSessionActivity').set({ lastSeenAt: at }).where('sessionId', '=', sid).execute();
  };

  it('by default after 2 hours without a request: refused as an expired token', async () => {
    const idle = await s.login('buyer');
    await ageBy(idle, 2 * 3600_000 + 1000);
    const res = await me(idle);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Token失效，请重新登录!');
    // It stays over.
    expect((await me(idle)).status).toBe(401);

    const busy = await s.login('buyer');
    await ageBy(busy, 2 * 3600_000 - 60_000);
    expect((await me(busy)).status).toBe(200);
  });

  it('a request keeps a session alive: the idle time counts from the last use', async () => {
    const token = await s.login('buyer');
    expect((await me(token)).status).toBe(200);
    const sid = await sessionOf(token);
    // Opened days ago, used a minute ago.
    await s.ctx.db
      .updateTable('sysSession')
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString() })
      .where('id', '=', sid)
      .execute();
    expect((await me(token)).status).toBe(200);
    const row = await s.ctx.db
      .selectFrom('sysSessionActivity')
      .select('lastSeenAt')
      .where('sessionId', '=', sid)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.lastSeenAt)).toBeLessThan(120_000);
  });

  it('the idle time is a setting', async () => {
    await s.ctx.security.set('security.sessionIdleMinutes', 10);
    try {
      const token = await s.login('buyer');
      await ageBy(token, 11 * 60_000);
      expect((await me(token)).status).toBe(401);
    } finally {
      await s.ctx.security.set('security.sessionIdleMinutes', 120);
    }
  });
});

describe('POST /sys/sms against SMS pumping (issue 16 #4)', () => {
  let sms: TestServer;
  beforeAll(async () => {
    sms = await startTestServer({ SMS_SENDER: 'outbox', TRUST_PROXY: '127.0.0.1', TEST_CLOCK: 'true' });
  });
  afterAll(async () => sms?.close());
  let n = 0;
  const mobile = () => `1370000${String(++n).padStart(4, '0')}`;
  const send = async (to: string, headers: Record<string, string>, captcha: Record<string, string> | null = null) =>
    sms.request('POST', '/sys/sms', {
      body: { mobile: to, smsmode: '1', ...(captcha ?? (await sms.captcha())) },
      headers,
    });
  /** Moves earlier codes out of the once-a-minute resend interval. */
  const pastResend = () =>
    sms.ctx.db
      .updateTable('sysSmsCode')
      .set({ createTime: new Date(Date.now() - 61_000).toISOString() })
      .execute();

  it('asks for the image captcha before a send', async () => {
    const to = mobile();
    const none = await sms.request('POST', '/sys/sms', { body: { mobile: to, smsmode: '1' }, headers: from() });
    expect(none.body).toMatchObject({ success: false, code: 412, message: '请输入验证码' });
    const wrong = await send(to, from(), { checkKey: 'nokey', captcha: 'abcd' });
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误或已失效' });
    expect((await sms.request('GET', `/sys/sms/testOutbox?mobile=${to}`)).body.result).toBeNull();
    expect((await send(to, from())).body).toMatchObject({ success: true });
  });

  it('caps the codes of one mobile per hour', async () => {
    const to = mobile();
    for (let i = 0; i < 5; i++) {
      await pastResend();
      expect((await send(to, from())).body.success).toBe(true);
    }
    await pastResend();
    expect((await send(to, from())).body).toMatchObject({
      success: false,
      message: '该手机号获取验证码次数过多，请1小时后再试',
    });
  });

  it('caps the codes one address asks for per hour, whatever the mobiles (26 numbers from one address)', async () => {
    const headers = from();
    const answers: boolean[] = [];
    for (let i = 0; i < 26; i++) answers.push((await send(mobile(), headers)).body.success);
    expect(answers.filter(Boolean)).toHaveLength(10);
    expect((await send(mobile(), headers)).body.message).toBe('获取验证码次数过多，请1小时后再试');
    // Another address is not affected.
    expect((await send(mobile(), from())).body.success).toBe(true);
  });

  it('caps the codes of the whole installation per hour (a setting)', async () => {
    await sms.ctx.security.set('security.smsTotalHour', 3);
    try {
      const res = await send(mobile(), from());
      expect(res.body).toMatchObject({ success: false, message: '短信发送量已达上限，请稍后再试' });
    } finally {
      await sms.ctx.security.set('security.smsTotalHour', 500);
    }
  });
});

describe('production (issue 16 #11)', () => {
  /** Status and headers of a GET, its body read (an unread body keeps the connection, and the close, waiting). */
  const get = async (url: string) => {
    const res = await fetch(url);
    await res.text();
    return res;
  };
  it('sends HSTS, has no API page unless asked, and never writes SMS codes to the log', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production' });
    try {
      const res = await get(`${prod.base}/sys/randomImage/1`);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect((await get(`${prod.base}/docs/json`)).status).toBe(404);
      expect((await get(`${prod.base}/docs`)).status).toBe(404);
      // No SMS gateway configured: refused, never logged.
      expect(prod.ctx.config.smsSender).toBe('disabled');
    } finally {
      await prod.close();
      // The production server switched the in-process test clock off; this file's servers use it.
      configureTestClock(true);
    }
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_SENDER: 'log' })).toThrow(/SMS_SENDER/);
    // Development keeps HSTS off (plain HTTP on a local install) and the API page on.
    const res = await get(`${s.base}/sys/randomImage/1`);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect((await get(`${s.base}/docs/json`)).status).toBe(200);
  });
});
