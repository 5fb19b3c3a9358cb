import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, usccCheckChar } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, passwordProblem } from '../src/modules/auth/password-policy.js';

/** Issue 16 #8: a common password that passes the composition rule is refused wherever a password is set. */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ SMS_SENDER: 'outbox' });
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

const hashOf = async (username: string) =>
  (await s.ctx.db.selectFrom('sysUser').select('passwordHash').where('username', '=', username).executeTakeFirst())
    ?.passwordHash;

async function smsCode(mobile: string, smsmode: '1' | '2'): Promise<string> {
  await s.ctx.db
    .updateTable('sysSmsCode')
    .set({ createTime: new Date(Date.now() - 61_000).toISOString() })
    .where('mobile', '=', mobile)
    .execute();
  expect(
    (await s.request('POST', '/sys/sms', { body: { mobile, smsmode, ...(await s.captcha()) } })).body.success,
  ).toBe(true);
  return (await s.request<{ code: string }>('GET', `/sys/sms/testOutbox?mobile=${mobile}`)).body.result.code;
}

describe('the common-password list', () => {
  it('holds well-known passwords that pass the composition rule, in any letter case', () => {
    for (const p of ['Password@123', 'Admin@123', 'P@ssw0rd', 'Qwer@1234', 'ADMIN@123', '1qaz@WSX'])
      expect(passwordProblem(p), p).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('leaves out the demo password and the ones the tests use; the composition rule still speaks first', () => {
    for (const p of [DEMO_PASSWORD, 'Regist@2026', 'Changed@2026', 'Clerk#2026', 'Wrong@2026'])
      expect(isCommonPassword(p), p).toBe(false);
    expect(passwordProblem('abcdefgh')).toBe('密码必须包含字母、数字、特殊字符，长度8到16位');
    expect(passwordProblem('Xq7#vLm2pR')).toBeNull();
  });
});

describe('refused wherever a password is set, changing nothing', () => {
  it('supplier registration (the SMS code stays usable)', async () => {
    const mobile = '13755550101';
    const code = await smsCode(mobile, '1');
    const first17 = '91330100MA2P00001';
    const body = {
      companyName: '常见密码测试有限公司',
      uscc: first17 + usccCheckChar(first17),
      contactName: '张三',
      mobile,
      smsCode: code,
      email: 'common-pw@example.com',
      username: 'commonpw1',
      password: 'Admin@123',
      agree: true,
    };
    const res = await s.request('POST', '/sys/user/register', { body });
    expect(res.body).toMatchObject({ success: false, message: COMMON_PASSWORD_MESSAGE });
    expect(await hashOf('commonpw1')).toBeUndefined();
    const again = await s.request('POST', '/sys/user/register', { body: { ...body, password: 'Xq7#vLm2pR' } });
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ success: true });
  });

  it('the forgotten-password reset by SMS', async () => {
    const before = await hashOf('buyer');
    const code = await smsCode('13800000001', '2');
    const res = await s.request('POST', '/sys/user/passwordChange', {
      body: { username: 'buyer', phone: '13800000001', smsCode: code, password: 'P@ssw0rd' },
    });
    expect(res.body).toMatchObject({ success: false, message: COMMON_PASSWORD_MESSAGE });
    expect(await hashOf('buyer')).toBe(before);
  });

  it("changing one's own password", async () => {
    const before = await hashOf('admin');
    const res = await s.request('PUT', '/sys/user/updatePassword', {
      token: admin,
      body: { oldpassword: DEMO_PASSWORD, password: 'Qwer@1234', confirmpassword: 'Qwer@1234' },
    });
    expect(res.body).toMatchObject({ success: false, message: COMMON_PASSWORD_MESSAGE });
    expect(await hashOf('admin')).toBe(before);
  });

  it('an administrator adding a user, or a supplier user', async () => {
    const add = await s.request('POST', '/sys/user/add', {
      token: admin,
      body: { username: 'commonpw2', realname: '常见', password: 'Password@123', confirmpassword: 'Password@123' },
    });
    expect(add.body).toMatchObject({ success: false, message: COMMON_PASSWORD_MESSAGE });
    expect(await hashOf('commonpw2')).toBeUndefined();
    const supplier = await s.ctx.db
      .selectFrom('sysUser')
      .select('supplierId')
      .where('username', '=', 'supplier1')
      .executeTakeFirstOrThrow();
    const sup = await s.request('POST', '/sys/user/addSupplierUser', {
      token: admin,
      body: { username: 'commonpw3', realname: '常见', password: 'Admin@123', supplierId: supplier.supplierId },
    });
    expect(sup.body).toMatchObject({ success: false, message: COMMON_PASSWORD_MESSAGE });
    expect(await hashOf('commonpw3')).toBeUndefined();
  });

  it("an administrator resetting a user's password", async () => {
    const before = await hashOf('buyer');
    const res = await s.request('PUT', '/sys/user/changePassword', {
      token: admin,
      body: { username: 'buyer', password: 'Admin@123' },
    });
    expect(res.body).toMatchObject({ success: false, message: COMMON_PASSWORD_MESSAGE });
    expect(await hashOf('buyer')).toBe(before);
  });
});
