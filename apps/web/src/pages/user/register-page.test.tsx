import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { usccCheckChar } from '@procura/shared';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { fail, fakeServer, ok, type FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import RegisterPage from './register-page';
import RegisterResultPage from './register-result-page';

const location = () => screen.getByTestId('location').textContent;
vi.setConfig({ testTimeout: 60_000 });
const USCC = '91330100MA2000001' + usccCheckChar('91330100MA2000001');

function setup(routes: Record<string, FakeHandler>, route = '/register') {
  const server = fakeServer({
    'POST /sys/sms': () => ok(null, '验证码已发送'),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/supplierRegister" element={<RegisterPage />} />
      <Route path="/register-result" element={<RegisterResultPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route, store: createSessionStore(http) },
  );
  return server;
}

async function fill(over: Partial<Record<string, string>> = {}, agree = true) {
  const user = userEvent.setup();
  const v = {
    company: '测试供应商D有限公司',
    uscc: USCC,
    contact: '张三',
    mobile: '13712345678',
    'sms-code': '123456',
    email: 'd@example.com',
    username: 'supplierd',
    password: 'Regist@2026',
    confirm: 'Regist@2026',
    ...over,
  };
  for (const [key, value] of Object.entries(v)) {
    if (!value) continue;
    await user.click(screen.getByTestId(`register-${key}`));
    await user.paste(value);
  }
  if (agree) await user.click(screen.getByTestId('register-agree'));
  return user;
}

describe('supplier registration page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the code for registration (smsmode 1), registers and shows the result page with a 登录 button', async () => {
    const server = setup({ 'POST /sys/user/register': () => ok(null, '注册成功') });
    const user = await fill();
    await user.click(screen.getByTestId('register-sms-send'));
    // The image captcha first (issue 16), in a dialog.
    await user.type(await screen.findByTestId('register-sms-send-captcha'), 'x7kp');
    await user.click(screen.getByTestId('register-sms-send-captcha-ok'));
    await waitFor(() =>
      expect(server.calls('POST /sys/sms')[0]?.body).toMatchObject({
        mobile: '13712345678',
        smsmode: '1',
        captcha: 'x7kp',
      }),
    );
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(location()).toBe('/register-result?username=supplierd'));
    expect(server.calls('POST /sys/user/register')[0]!.body).toEqual({
      companyName: '测试供应商D有限公司',
      uscc: USCC,
      contactName: '张三',
      mobile: '13712345678',
      smsCode: '123456',
      email: 'd@example.com',
      username: 'supplierd',
      password: 'Regist@2026',
      agree: true,
    });
    expect(screen.getByTestId('register-result-text').textContent).toContain('supplierd');
    await user.click(screen.getByTestId('register-result-login'));
    await waitFor(() => expect(location()).toBe('/user/login'));
  });

  it('checks the USCC check digit, the password rule, the confirmation and the terms before sending anything', async () => {
    const server = setup({ 'POST /sys/user/register': () => ok(null) });
    const user = await fill(
      {
        uscc: '91330100MA2000001X'.replace(/.$/, usccCheckChar('91330100MA2000001') === 'X' ? 'Y' : 'X'),
        password: 'abcdefgh',
        confirm: 'abcdefgi',
      },
      false,
    );
    await user.click(screen.getByTestId('register-submit'));
    // Each field is validated on its own (antd's rules are asynchronous): on a busy machine the
    // messages appear in turn, so each is waited for (a flake seen with the whole suite running).
    expect(await screen.findByText('统一社会信用代码格式不正确')).toBeTruthy();
    expect(await screen.findByText('密码必须包含字母、数字、特殊字符，长度8到16位')).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(await screen.findByText('请阅读并同意平台服务条款')).toBeTruthy();
    expect(server.calls('POST /sys/user/register')).toHaveLength(0);
  });

  it('asks nobody whether a username is taken before submit, and shows the server saying so (issue 16 #7)', async () => {
    const server = setup({
      'POST /sys/user/register': () =>
        fail(400, '该登录账号已被使用', 400, { errors: { username: '该登录账号已被使用' } }),
    });
    const user = await fill();
    await user.click(screen.getByTestId('register-submit'));
    expect((await screen.findAllByText('该登录账号已被使用')).length).toBeGreaterThan(0);
    expect(server.calls('GET /sys/user/checkOnlyUser')).toHaveLength(0);
  });

  it('shows the server refusal and its field error, and stays on the page', async () => {
    setup({
      'POST /sys/user/register': () =>
        fail(400, '该统一社会信用代码已注册，请找回已有账号', 400, {
          errors: { uscc: '该统一社会信用代码已注册，请找回已有账号' },
        }),
    });
    const user = await fill();
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('register-error')).toBeTruthy();
    expect((await screen.findAllByText('该统一社会信用代码已注册，请找回已有账号')).length).toBe(2);
    expect(location()).toBe('/register');
  });
});
