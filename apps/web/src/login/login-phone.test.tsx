import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { persistedSession } from '../lib/session-persistence';
import { userInfo } from '../test/fixtures';
import { ok, type FakeHandler } from '../test/fake-server';
import { renderLoginPage } from '../test/login';

const success = (isShow = 1) =>
  ok({ token: 'pt', userInfo: userInfo({ isShow }), sysAllDictItems: {}, departs: [], multi_depart: 1 }, '登录成功');

async function openPhoneTab(routes: Record<string, FakeHandler>) {
  const page = renderLoginPage('/user/login', routes);
  const user = userEvent.setup();
  await user.click(screen.getByTestId('login-tab-phone'));
  expect(screen.getByTestId('login-tab-phone').getAttribute('aria-selected')).toBe('true');
  return { ...page, user };
}

describe('the light sign-in page, 手机号登录 tab', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for a login code (smsmode 0), then logs in with mobile and captcha as /sys/phoneLogin', async () => {
    const { server, user, left } = await openPhoneTab({
      'POST /sys/sms': () => ok(null, '验证码已发送，5分钟内有效'),
      'POST /sys/phoneLogin': () => success(2),
    });
    await user.type(screen.getByTestId('login-mobile'), '13900000002');
    // No code is sent without the image captcha (issue 16).
    await user.click(screen.getByTestId('login-sms-send'));
    expect(await screen.findByText('请输入图形验证码')).toBeTruthy();
    expect(server.calls('POST /sys/sms')).toHaveLength(0);
    const checkKey = screen.getByTestId('login-sms-captcha-image').getAttribute('data-check-key');
    expect(checkKey).toBeTruthy();
    await user.type(screen.getByTestId('login-sms-captcha'), 'x7kp');
    await user.click(screen.getByTestId('login-sms-send'));
    await waitFor(() => expect(server.calls('POST /sys/sms')).toHaveLength(1));
    expect(server.calls('POST /sys/sms')[0]!.body).toEqual({
      mobile: '13900000002',
      smsmode: '0',
      captcha: 'x7kp',
      checkKey,
    });
    await waitFor(() => expect(screen.getByTestId('login-sms-send').textContent).toMatch(/60 秒后重发/));
    expect((screen.getByTestId('login-sms-send') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('login-sms-note').textContent).toBe('验证码已发送，5分钟内有效');

    await user.type(screen.getByTestId('login-sms-code'), '123456');
    await user.click(screen.getByTestId('login-phone-submit'));
    await waitFor(() => expect(left()).toBe('/completeSupInfo'));
    expect(server.calls('POST /sys/phoneLogin')[0]!.body).toEqual({
      mobile: '13900000002',
      captcha: '123456',
      remember_me: true,
    });
    expect(persistedSession.token()).toBe('pt');
  });

  it('refuses to send a code to a malformed mobile', async () => {
    const { server, user } = await openPhoneTab({ 'POST /sys/sms': () => ok(null) });
    await user.type(screen.getByTestId('login-mobile'), '12345');
    await user.click(screen.getByTestId('login-sms-send'));
    expect((await screen.findAllByText('请输入正确的手机号码')).length).toBeGreaterThan(0);
    expect(server.calls('POST /sys/sms')).toHaveLength(0);
  });

  it('requires mobile and code before any request', async () => {
    const { server, user } = await openPhoneTab({});
    await user.click(screen.getByTestId('login-phone-submit'));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(server.calls('POST /sys/phoneLogin')).toHaveLength(0);
  });

  it('shows the refusal of the SMS service and keeps the button usable', async () => {
    const { user } = await openPhoneTab({
      'POST /sys/sms': () => ({
        body: { success: false, code: 500, message: '短信服务未配置', result: null, timestamp: 0 },
      }),
    });
    await user.type(screen.getByTestId('login-mobile'), '13900000002');
    await user.type(screen.getByTestId('login-sms-captcha'), 'x7kp');
    await user.click(screen.getByTestId('login-sms-send'));
    expect((await screen.findByTestId('login-sms-note')).textContent).toBe('短信服务未配置');
    expect((screen.getByTestId('login-sms-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('a wrong code (success false, code not 200) shows 登录失败 and stays', async () => {
    const { user, left } = await openPhoneTab({
      'POST /sys/phoneLogin': () => ({
        body: { success: false, code: 500, message: '手机验证码错误', result: null, timestamp: 0 },
      }),
    });
    await user.type(screen.getByTestId('login-mobile'), '13900000002');
    await user.type(screen.getByTestId('login-sms-code'), '000000');
    await user.click(screen.getByTestId('login-phone-submit'));
    expect(await screen.findByText('手机验证码错误')).toBeTruthy();
    expect(screen.getByText('登录失败')).toBeTruthy();
    expect(left()).toBeUndefined();
    expect(persistedSession.token()).toBeNull();
  });

  it('the 获取验证码 countdown ends after 60 s', async () => {
    const { user } = await openPhoneTab({ 'POST /sys/sms': () => ok(null, '验证码已发送') });
    await user.type(screen.getByTestId('login-mobile'), '13900000002');
    await user.type(screen.getByTestId('login-sms-captcha'), 'x7kp');
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
});
