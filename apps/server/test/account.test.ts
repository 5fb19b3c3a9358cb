import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PASSWORD_RULE_MESSAGE, type UserInfo } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const change = (token: string, body: Record<string, string>) =>
  s.request('PUT', '/sys/user/updatePassword', { token, body });

describe('PUT /sys/user/updatePassword', () => {
  it.each([
    [
      { username: 'admin', oldpassword: DEMO_PASSWORD, password: 'New@2026x', confirmpassword: 'New@2026x' },
      '只允许修改自己的密码！',
    ],
    [{ username: 'supplier1', oldpassword: '', password: 'New@2026x', confirmpassword: 'New@2026x' }, '请输入旧密码!'],
    [{ username: 'supplier1', oldpassword: DEMO_PASSWORD, password: '', confirmpassword: '' }, '新密码不允许为空!'],
    [
      { username: 'supplier1', oldpassword: DEMO_PASSWORD, password: 'New@2026x', confirmpassword: 'New@2026y' },
      '两次输入密码不一致!',
    ],
    [
      { username: 'supplier1', oldpassword: DEMO_PASSWORD, password: 'newpassword', confirmpassword: 'newpassword' },
      PASSWORD_RULE_MESSAGE,
    ],
    [
      { username: 'supplier1', oldpassword: 'Wrong@2026', password: 'New@2026x', confirmpassword: 'New@2026x' },
      '旧密码输入错误!',
    ],
  ])('refuses %o with "%s" and changes nothing', async (body, message) => {
    const token = await s.login('supplier1');
    const res = await change(token, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, message });
    expect(await s.login('supplier1')).toBeTruthy();
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const other = await s.login('buyer');
    const mine = await s.login('buyer');
    const res = await change(mine, {
      username: 'buyer',
      oldpassword: DEMO_PASSWORD,
      password: 'Buyer#2027',
      confirmpassword: 'Buyer#2027',
    });
    expect(res.body).toMatchObject({ success: true, message: '密码重置成功!' });
    expect((await s.request('GET', '/sys/user/getCurrentUserDeparts', { token: mine })).status).toBe(200);
    expect((await s.request('GET', '/sys/user/getCurrentUserDeparts', { token: other })).status).toBe(401);
    const old = await s.request('POST', '/sys/login', { body: { username: 'buyer', password: DEMO_PASSWORD } });
    expect(old.body.success).toBe(false);
    expect(await s.login('buyer', 'Buyer#2027')).toBeTruthy();
  });
});

describe('departments of the current user', () => {
  it('lists them with the current one', async () => {
    const token = await s.login('admin');
    const res = await s.request<{ list: { orgCode: string; departName: string }[]; orgCode: string }>(
      'GET',
      '/sys/user/getCurrentUserDeparts',
      { token },
    );
    expect(res.body.result).toMatchObject({ orgCode: 'A01', list: [{ orgCode: 'A01', departName: '总公司' }] });
  });

  it('a multi-department user switches, and login says so with multi_depart 2', async () => {
    const login = await s.request<{ token: string; multi_depart: number; departs: unknown[] }>('POST', '/sys/login', {
      body: { username: 'buyer', password: 'Buyer#2027' },
    });
    expect(login.body.result.multi_depart).toBe(2);
    expect(login.body.result.departs).toHaveLength(2);
    const token = login.body.result.token;
    const res = await s.request<{ userInfo: UserInfo }>('PUT', '/sys/selectDepart', {
      token,
      body: { orgCode: 'A01A02', username: 'buyer' },
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result.userInfo.orgCode).toBe('A01A02');
    const mine = await s.request<{ orgCode: string }>('GET', '/sys/user/getCurrentUserDeparts', { token });
    expect(mine.body.result.orgCode).toBe('A01A02');
  });

  it('refuses a department the user does not belong to, or another user', async () => {
    const token = await s.login('admin');
    expect((await s.request('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A01A03' } })).body).toMatchObject({
      success: false,
      message: '您不属于该部门',
    });
    expect(
      (await s.request('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A01', username: 'buyer' } })).body
        .success,
    ).toBe(false);
  });
});

describe('GET /sys/dict/refleshCache', () => {
  it('answers success for a signed-in user', async () => {
    const res = await s.request('GET', '/sys/dict/refleshCache', { token: await s.login('admin') });
    expect(res.body).toMatchObject({ success: true, message: '刷新缓存完成！' });
  });
});
