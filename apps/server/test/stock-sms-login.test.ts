import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

/**
 * The stock JeecgBoot client's SMS login (issue 16): its form sends `POST /sys/sms
 * {mobile, smsmode: '0'}` with no image captcha, then `POST /sys/phoneLogin {mobile, captcha}`
 * with the SMS code. A login code is accepted without the captcha, as it reaches only a mobile
 * that has an account; the hourly caps per mobile and per address still apply, and the code is
 * the second factor. Register codes (any number) still need the captcha.
 */
let s: TestServer;
let seq = 0;
const from = () => ({ 'x-forwarded-for': `10.7.0.${++seq}` });
const BUYER_MOBILE = '13800000001';

beforeAll(async () => {
  s = await startTestServer({ SMS_SENDER: 'outbox', TRUST_PROXY: '127.0.0.1', TEST_CLOCK: 'true' });
});
afterAll(async () => s?.close());

const stockSend = (mobile: string, headers: Record<string, string>) =>
  s.request('POST', '/sys/sms', { body: { mobile, smsmode: '0' }, headers });
/** Moves earlier codes out of the once-a-minute resend interval. */
const pastResend = () =>
  s.ctx.db
    .updateTable('sysSmsCode')
    .set({ createTime: new Date(Date.now() - 61_000).toISOString() })
    .execute();

describe('the stock client SMS login (no image captcha)', () => {
  it('sends a login code without the captcha and signs in with it', async () => {
    const owner = await s.ctx.db
      .selectFrom('sysUser')
      .select('username')
      .where('phone', '=', BUYER_MOBILE)
      .executeTakeFirstOrThrow();
    const sent = await stockSend(BUYER_MOBILE, from());
    expect(sent.body, sent.text).toMatchObject({ success: true });
    const code = (await s.request<{ code: string }>('GET', `/sys/sms/testOutbox?mobile=${BUYER_MOBILE}`)).body.result
      .code;
    const wrong = await s.request('POST', '/sys/phoneLogin', { body: { mobile: BUYER_MOBILE, captcha: '000000' } });
    expect(wrong.body.success && wrong.body.code === 200).toBe(false);
    const login = await s.request<{ token: string; userInfo: { username: string } }>('POST', '/sys/phoneLogin', {
      body: { mobile: BUYER_MOBILE, captcha: code, remember_me: true },
    });
    expect(login.body, login.text).toMatchObject({ success: true, code: 200 });
    expect(login.body.result.userInfo.username).toBe(owner.username);
    expect(login.body.result.token).toEqual(expect.any(String));
  });

  it('delivers nothing to a mobile without an account, with the same answer', async () => {
    const unknown = '13799990001';
    expect((await stockSend(unknown, from())).body).toMatchObject({ success: true });
    expect((await s.request('GET', `/sys/sms/testOutbox?mobile=${unknown}`)).body.result).toBeNull();
  });

  it('still checks a captcha that is sent, and still asks register codes for one', async () => {
    const wrong = await s.request('POST', '/sys/sms', {
      body: { mobile: '13799990002', smsmode: '0', checkKey: 'nokey', captcha: 'abcd' },
      headers: from(),
    });
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误或已失效' });
    const register = await s.request('POST', '/sys/sms', {
      body: { mobile: '13799990003', smsmode: '1' },
      headers: from(),
    });
    expect(register.body).toMatchObject({ success: false, code: 412, message: '请输入验证码' });
  });

  it('keeps the per-mobile hourly cap on captcha-less login codes', async () => {
    const mobile = '13799990010';
    for (let i = 0; i < 5; i++) {
      await pastResend();
      expect((await stockSend(mobile, from())).body.success).toBe(true);
    }
    await pastResend();
    expect((await stockSend(mobile, from())).body).toMatchObject({
      success: false,
      message: '该手机号获取验证码次数过多，请1小时后再试',
    });
  });

  it('keeps the per-address hourly cap on captcha-less login codes, whatever the mobiles', async () => {
    const headers = from();
    const answers: boolean[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await stockSend(`1379998${String(i).padStart(4, '0')}`, headers)).body.success);
    expect(answers.filter(Boolean)).toHaveLength(10);
    expect((await stockSend('13799980099', headers)).body.message).toBe('获取验证码次数过多，请1小时后再试');
  });
});
