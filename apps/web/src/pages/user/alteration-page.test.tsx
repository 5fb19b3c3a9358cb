import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { fakeServer, ok, type FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import AlterationPage from './alteration-page';

vi.setConfig({ testTimeout: 60_000 });

function setup(routes: Record<string, FakeHandler>) {
  const server = fakeServer({ 'POST /sys/sms': () => ok(null, '验证码已发送'), ...routes });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(
    <Routes>
      <Route path="/alteration" element={<AlterationPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: '/alteration', store: createSessionStore(http) },
  );
  return server;
}

async function fill(values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [key, value] of Object.entries(values)) {
    await user.click(screen.getByTestId(`alteration-${key}`));
    await user.paste(value);
  }
  return user;
}

const form = {
  username: 'supplier1',
  phone: '13900000001',
  'sms-code': '123456',
  password: 'Changed@2026',
  confirm: 'Changed@2026',
};

describe('/alteration (password retrieval)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a forgot-password code (smsmode 2) and resets with it', async () => {
    const server = setup({ 'POST /sys/user/passwordChange': () => ok(null, '密码重置成功，请使用新密码登录') });
    const user = await fill(form);
    await user.click(screen.getByTestId('alteration-sms-send'));
    // The image captcha first (issue 16), in a dialog.
    await user.type(await screen.findByTestId('alteration-sms-send-captcha'), 'x7kp');
    await user.click(screen.getByTestId('alteration-sms-send-captcha-ok'));
    await waitFor(() =>
      expect(server.calls('POST /sys/sms')[0]?.body).toMatchObject({
        mobile: '13900000001',
        smsmode: '2',
        captcha: 'x7kp',
      }),
    );
    await user.click(screen.getByTestId('alteration-submit'));
    expect(await screen.findByTestId('alteration-login')).toBeTruthy();
    expect(server.calls('POST /sys/user/passwordChange')[0]!.body).toEqual({
      username: 'supplier1',
      phone: '13900000001',
      smsCode: '123456',
      password: 'Changed@2026',
    });
  });

  it('shows the refusal and keeps the form', async () => {
    setup({
      'POST /sys/user/passwordChange': () => ({
        body: { success: false, code: 500, message: '短信验证码错误', result: null, timestamp: 0 },
      }),
    });
    const user = await fill(form);
    await user.click(screen.getByTestId('alteration-submit'));
    expect((await screen.findByTestId('alteration-error')).textContent).toContain('短信验证码错误');
    expect(screen.getByTestId('alteration-submit')).toBeTruthy();
  });
});
