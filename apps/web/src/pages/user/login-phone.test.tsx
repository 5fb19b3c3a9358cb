import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { userInfo } from '../../test/fixtures';
import { fakeServer, ok, type FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import LoginPage from './login-page';

const location = () => screen.getByTestId('location').textContent;

function setup(routes: Record<string, FakeHandler>) {
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(
    <Routes>
      <Route path="/user/login" element={<LoginPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: '/user/login', store: createSessionStore(http) },
  );
  return server;
}

const success = (isShow = 1) => ok({ token: 'pt', userInfo: userInfo({ isShow }), sysAllDictItems: {}, departs: [], multi_depart: 1 }, '登录成功');

async function openPhoneTab() {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('login-tab-phone'));
  return user;
}

describe('login page, 手机号登录 tab', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for a login code (smsmode 0), then logs in with mobile and captcha as /sys/phoneLogin', async () => {
    const server = setup({ 'POST /sys/sms': () => ok(null, '验证码已发送，5分钟内有效'), 'POST /sys/phoneLogin': () => success(2) });
    const user = await openPhoneTab();
    await user.type(screen.getByTestId('login-mobile'), '13900000002');
    await user.click(screen.getByTestId('login-sms-send'));
    await waitFor(() => expect(server.calls('POST /sys/sms')).toHaveLength(1));
    expect(server.calls('POST /sys/sms')[0]!.body).toEqual({ mobile: '13900000002', smsmode: '0' });
    await waitFor(() => expect(screen.getByTestId('login-sms-send').textContent).toMatch(/60 秒后重发/));
    expect((screen.getByTestId('login-sms-send') as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByTestId('login-sms-code'), '123456');
    await user.click(screen.getByTestId('login-phone-submit'));
    await waitFor(() => expect(location()).toBe('/completeSupInfo'));
    expect(server.calls('POST /sys/phoneLogin')[0]!.body).toEqual({ mobile: '13900000002', captcha: '123456', remember_me: true });
    expect(persistedSession.token()).toBe('pt');
  });

  it('refuses to send a code to a malformed mobile', async () => {
    const server = setup({ 'POST /sys/sms': () => ok(null) });
    const user = await openPhoneTab();
    await user.type(screen.getByTestId('login-mobile'), '12345');
    await user.click(screen.getByTestId('login-sms-send'));
    expect((await screen.findAllByText('请输入正确的手机号码')).length).toBeGreaterThan(0);
    expect(server.calls('POST /sys/sms')).toHaveLength(0);
  });

  it('a wrong code (success false, code not 200) shows 登录失败 and stays', async () => {
    setup({ 'POST /sys/phoneLogin': () => ({ body: { success: false, code: 500, message: '手机验证码错误', result: null, timestamp: 0 } }) });
    const user = await openPhoneTab();
    await user.type(screen.getByTestId('login-mobile'), '13900000002');
    await user.type(screen.getByTestId('login-sms-code'), '000000');
    await user.click(screen.getByTestId('login-phone-submit'));
    expect(await screen.findByText('手机验证码错误')).toBeTruthy();
    expect(location()).toBe('/user/login');
    expect(persistedSession.token()).toBeNull();
  });

  it('the 获取验证码 countdown ends after 60 s', async () => {
    setup({ 'POST /sys/sms': () => ok(null, '验证码已发送') });
    const user = await openPhoneTab();
    await user.type(screen.getByTestId('login-mobile'), '13900000002');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('login-sms-send'));
    await waitFor(() => expect(screen.getByTestId('login-sms-send').textContent).toMatch(/60 秒后重发/));
    for (let i = 0; i < 60; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    await waitFor(() => expect(screen.getByTestId('login-sms-send').textContent).toMatch(/获取验证码/));
    expect((screen.getByTestId('login-sms-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('links to registration and password retrieval', () => {
    setup({});
    expect(screen.getByTestId('login-register-link').getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('login-forgot-link').getAttribute('href')).toBe('/alteration');
  });
});
