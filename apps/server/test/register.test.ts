import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usccCheckChar } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

/** Supplier self-registration (domain §4.2, SUP-1, SUP-2) and the forgotten-password reset (AUTHN-9). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SMS_SENDER: 'outbox' });
  // This file sends many codes from one address to few mobiles: the hourly caps have their own tests (signin-guard.test.ts).
  await s.ctx.security.set('security.smsPerMobileHour', 1000);
  await s.ctx.security.set('security.smsPerAddressHour', 1000);
});
afterAll(async () => s?.close());

const uscc = (first17: string) => first17 + usccCheckChar(first17)!;
let mobileSeq = 0;
const nextMobile = () => `137${String(10_000_000 + process.pid * 7 + ++mobileSeq).slice(-8)}`;

/** Sends a code (earlier codes of the mobile moved out of the resend interval) and reads it from the test outbox. */
async function smsCode(mobile: string, smsmode: '0' | '1' | '2' = '1'): Promise<string> {
  await s.ctx.db
    .updateTable('sysSmsCode')
    .set({ createTime: new Date(Date.now() - 61_000).toISOString() })
    .where('mobile', '=', mobile)
    .execute();
  const sent = await s.request('POST', '/sys/sms', { body: { mobile, smsmode, ...(await s.captcha()) } });
  expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ success: true, result: null });
  const out = await s.request<{ code: string } | null>('GET', `/sys/sms/testOutbox?mobile=${mobile}`);
  return out.body.result?.code ?? '';
}

const counts = async () => ({
  suppliers: Number(
    (
      await s.ctx.db
        .selectFrom('supplier')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  users: Number(
    (
      await s.ctx.db
        .selectFrom('sysUser')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

let n = 0;
async function form(over: Record<string, unknown> = {}) {
  n += 1;
  const mobile = (over.mobile as string | undefined) ?? nextMobile();
  return {
    companyName: `注册测试${n}号有限公司`,
    uscc: uscc(`91330100MA2${String(100000 + n)}`),
    contactName: '张三',
    mobile,
    smsCode: 'smsCode' in over ? over.smsCode : await smsCode(mobile),
    email: `reg${n}@example.com`,
    username: `reguser${n}`,
    password: 'Regist@2026',
    agree: true,
    ...over,
  };
}

describe('supplier registration', () => {
  it('creates the supplier, its primary contact and the SA user in isShow 2 (domain §4.2)', async () => {
    const body = await form();
    const res = await s.request('POST', '/sys/user/register', { body });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, code: 200 });

    const sup = await s.ctx.db
      .selectFrom('supplier')
      .selectAll()
      .where('uscc', '=', body.uscc as string)
      .executeTakeFirstOrThrow();
    expect(sup).toMatchObject({
      name: body.companyName,
      status: 'REGISTERED',
      infoStatus: 'INCOMPLETE',
      source: 'SELF_REGISTERED',
    });
    expect(sup.code).toMatch(/^SUP-/);
    const contact = await s.ctx.db
      .selectFrom('supplierContact')
      .selectAll()
      .where('supplierId', '=', sup.id)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ name: '张三', mobile: body.mobile, isPrimary: 1 });
    const user = await s.ctx.db
      .selectFrom('sysUser')
      .selectAll()
      .where('username', '=', body.username as string)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ userType: 2, isShow: 2, supplierId: sup.id, phone: body.mobile, status: 1 });
    const roles = await s.ctx.db
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select('r.roleCode')
      .where('ur.userId', '=', user.id)
      .execute();
    expect(roles.map((r) => r.roleCode)).toEqual(['supplier']);
    // SUP-6: the first status has its log row.
    const logs = await s.ctx.db.selectFrom('supplierStatusLog').selectAll().where('supplierId', '=', sup.id).execute();
    expect(logs).toMatchObject([{ toStatus: 'REGISTERED', scope: 'COMPANY' }]);

    // The first login answers isShow 2: the guard keeps the user on /completeSupInfo.
    const login = await s.request<{ userInfo: { isShow: number; userType: number } }>('POST', '/sys/login', {
      body: { username: body.username, password: body.password },
    });
    expect(login.body.code).toBe(200);
    expect(login.body.result.userInfo).toMatchObject({ isShow: 2, userType: 2 });
    const profile = await s.request<{ name: string; infoStatus: string; contactMobile: string }>(
      'GET',
      '/supplierBaseAPI/getSupplier',
      { token: await s.login(body.username as string, body.password) },
    );
    expect(profile.body.result).toMatchObject({
      name: body.companyName,
      infoStatus: 'INCOMPLETE',
      contactMobile: body.mobile,
    });
  });

  it('the SMS code is single use', async () => {
    const first = await form();
    expect((await s.request('POST', '/sys/user/register', { body: first })).body.success).toBe(true);
    const again = await form({ mobile: first.mobile, smsCode: first.smsCode });
    const before = await counts();
    const res = await s.request('POST', '/sys/user/register', { body: again });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe('验证码已失效，请重新获取');
    expect(await counts()).toEqual(before);
  });

  const refusals: [string, () => Promise<Record<string, unknown>>, RegExp][] = [
    [
      'a USCC with a wrong check digit (SUP-1)',
      async () => form({ uscc: '91330100MA2999999X' }),
      /统一社会信用代码格式不正确/,
    ],
    [
      'an existing USCC (SUP-1)',
      async () => form({ uscc: uscc('91310115MA1H7XQ2C') }),
      /该统一社会信用代码已注册，请找回已有账号/,
    ],
    [
      'an existing company name (SUP-1)',
      async () => form({ companyName: '华东精密机械有限公司' }),
      /该企业名称已注册，请找回已有账号/,
    ],
    ['a taken username', async () => form({ username: 'supplier1' }), /该登录账号已被使用/],
    ['a weak password', async () => form({ password: 'abcdefgh' }), /密码必须包含字母、数字、特殊字符/],
    [
      'a wrong SMS code (SUP-2)',
      async () => {
        const f = await form();
        return { ...f, smsCode: f.smsCode === '000000' ? '000001' : '000000' };
      },
      /短信验证码错误/,
    ],
    ['terms not accepted', async () => form({ agree: false }), /请阅读并同意平台服务条款/],
  ];
  it.each(refusals)('refuses %s and changes nothing', async (_why, make, message) => {
    const body = await make();
    const before = await counts();
    const res = await s.request('POST', '/sys/user/register', { body });
    expect(res.body.success).toBe(false);
    expect(JSON.stringify(res.body)).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it('checks the SMS code first: a wrong code answers alike for a taken username, company name or USCC (issue 16 #7)', async () => {
    const answers: string[] = [];
    for (const over of [
      {},
      { username: 'supplier1' },
      { companyName: '华东精密机械有限公司' },
      { uscc: uscc('91310115MA1H7XQ2C') },
    ]) {
      const f = await form(over);
      const before = await counts();
      const res = await s.request('POST', '/sys/user/register', {
        body: { ...f, smsCode: f.smsCode === '000000' ? '000001' : '000000' },
      });
      expect(await counts()).toEqual(before);
      const { timestamp: _at, ...body } = res.body as unknown as Record<string, unknown>;
      answers.push(JSON.stringify({ status: res.status, body }));
    }
    expect(answers[0]).toMatch(/短信验证码错误/);
    expect(new Set(answers).size).toBe(1);
  });

  it('refuses a blacklisted USCC with a neutral message (SUP-1)', async () => {
    const black = uscc('91440300MA5BLACK1');
    await s.ctx.db
      .insertInto('supplier')
      .values({
        id: 'b'.repeat(32),
        code: 'SUP-BL-1',
        name: '黑名单公司',
        uscc: black,
        legalPerson: null,
        phone: null,
        email: null,
        address: null,
        mainCategories: '[]',
        source: 'MANUAL',
        status: 'BLACKLISTED',
        infoStatus: 'APPROVED',
        delFlag: 0,
        createBy: 't',
        createTime: new Date().toISOString(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    const before = await counts();
    const res = await s.request('POST', '/sys/user/register', { body: await form({ uscc: black }) });
    expect(res.body).toMatchObject({ success: false, message: '注册申请无法受理，请联系平台管理员' });
    expect(res.body.message).not.toMatch(/黑名单|已注册/);
    expect(await counts()).toEqual(before);
  });

  it('refuses an expired SMS code (SUP-2: 5 minutes)', async () => {
    const body = await form();
    await s.ctx.db
      .updateTable('sysSmsCode')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('mobile', '=', body.mobile)
      .execute();
    const before = await counts();
    const res = await s.request('POST', '/sys/user/register', { body });
    expect(res.body).toMatchObject({ success: false, message: '验证码已失效，请重新获取' });
    expect(await counts()).toEqual(before);
  });
});

describe('SMS codes', () => {
  it('are stored hashed, resent at most once a minute per mobile', async () => {
    const mobile = nextMobile();
    const code = await smsCode(mobile);
    const rows = await s.ctx.db.selectFrom('sysSmsCode').selectAll().where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(Date.parse(rows[0]!.expiresAt) - Date.parse(rows[0]!.createTime)).toBe(5 * 60_000);
    const again = await s.request('POST', '/sys/sms', { body: { mobile, smsmode: '1', ...(await s.captcha()) } });
    expect(again.body).toMatchObject({ success: false, message: '发送过于频繁' });
  });

  it('allow at most 5 wrong tries, then even the right code is refused (SUP-2)', async () => {
    const body = await form();
    const wrong = body.smsCode === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await s.request('POST', '/sys/user/register', { body: { ...body, smsCode: wrong } })).body.message).toBe(
        '短信验证码错误',
      );
    const res = await s.request('POST', '/sys/user/register', { body });
    expect(res.body).toMatchObject({ success: false, message: '验证码已失效，请重新获取' });
  });

  it('answer alike for a mobile with and without an account, and send only to the one with (AUTHN-10)', async () => {
    const known = await s.request('POST', '/sys/sms', {
      body: { mobile: '13900000001', smsmode: '0', ...(await s.captcha()) },
    });
    const unknownMobile = nextMobile();
    const unknown = await s.request('POST', '/sys/sms', {
      body: { mobile: unknownMobile, smsmode: '0', ...(await s.captcha()) },
    });
    expect(unknown.body.message).toBe(known.body.message);
    expect(unknown.body.success).toBe(true);
    expect((await s.request('GET', `/sys/sms/testOutbox?mobile=${unknownMobile}`)).body.result).toBeNull();
    expect(
      (await s.request<{ code: string }>('GET', '/sys/sms/testOutbox?mobile=13900000001')).body.result.code,
    ).toMatch(/^\d{6}$/);
  });

  it('the disabled sender refuses and the test outbox does not exist without SMS_SENDER=outbox', async () => {
    const off = await startTestServer({ SMS_SENDER: 'disabled' });
    try {
      const res = await off.request('POST', '/sys/sms', { body: { mobile: nextMobile(), smsmode: '1' } });
      expect(res.body).toMatchObject({ success: false, message: '短信服务未配置' });
      // Alike for a login code to a mobile with and without an account (AUTHN-10).
      for (const mobile of ['13900000001', nextMobile()]) {
        expect((await off.request('POST', '/sys/sms', { body: { mobile, smsmode: '0' } })).body).toMatchObject({
          success: false,
          message: '短信服务未配置',
        });
      }
      expect((await off.request('GET', '/sys/sms/testOutbox?mobile=13900000001')).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('password retrieval by mobile (/alteration)', () => {
  it('resets the password with the right code, ends the old sessions, and the code is single use', async () => {
    const old = await s.login('supplier1');
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token: old })).status).toBe(200);
    const code = await smsCode('13900000001', '2');
    const res = await s.request('POST', '/sys/user/passwordChange', {
      body: { username: 'supplier1', phone: '13900000001', smsCode: code, password: 'Changed@2026' },
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token: old })).status).toBe(401);
    expect(await s.login('supplier1', 'Changed@2026')).toBeTruthy();
    const replay = await s.request('POST', '/sys/user/passwordChange', {
      body: { username: 'supplier1', phone: '13900000001', smsCode: code, password: 'Again@2026x' },
    });
    expect(replay.body.success).toBe(false);
  });

  it('a wrong code says nothing about the account; a right code for another account is refused', async () => {
    const wrongFor = async (username: string) =>
      (
        await s.request('POST', '/sys/user/passwordChange', {
          body: { username, phone: '13800000001', smsCode: '123456', password: 'Changed@2026' },
        })
      ).body.message;
    await s.ctx.db
      .updateTable('sysSmsCode')
      .set({ usedAt: new Date().toISOString() })
      .where('mobile', '=', '13800000001')
      .execute();
    expect(await wrongFor('buyer')).toBe(await wrongFor('nobody-here'));
    // buyer's mobile code cannot reset supplier2's password (AUTHN-9).
    const code = await smsCode('13800000001', '2');
    const res = await s.request('POST', '/sys/user/passwordChange', {
      body: { username: 'supplier2', phone: '13800000001', smsCode: code, password: 'Changed@2026' },
    });
    expect(res.body).toMatchObject({ success: false, message: '登录账号与手机号不匹配' });
    expect(await s.login('supplier2')).toBeTruthy();
  });
});

describe('SMS sender configuration', () => {
  it('defaults to the log sender in development and to disabled in production; the outbox is refused in production', async () => {
    const { loadConfig } = await import('../src/config.js');
    expect(loadConfig({ NODE_ENV: 'development' }).smsSender).toBe('log');
    expect(loadConfig({ NODE_ENV: 'production' }).smsSender).toBe('disabled');
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_SENDER: 'outbox' })).toThrow(/SMS_SENDER/);
  });

  it('the log sender writes the code with the [DEV SMS — not sent] marker', async () => {
    const { LogSmsSender } = await import('../src/modules/auth/sms/sender.js');
    const lines: string[] = [];
    const log = { warn: (_obj: unknown, msg: string) => lines.push(msg) } as unknown as Parameters<
      InstanceType<typeof LogSmsSender>['send']
    >[3];
    await new LogSmsSender().send('13700000000', '123456', 'register', log);
    expect(lines).toEqual(['[DEV SMS — not sent] 13700000000 register code 123456']);
  });
});
