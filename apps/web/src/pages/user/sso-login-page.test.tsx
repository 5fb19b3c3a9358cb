import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { userInfo } from '../../test/fixtures';
import { fakeServer, ok, type FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import SsoLoginPage from './sso-login-page';

const location = () => screen.getByTestId('location').textContent;

function setup(route: string, handler: FakeHandler) {
  const server = fakeServer({ 'POST /sys/ssoLogin': handler });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(
    <Routes>
      <Route path="/user/ssoLogin" element={<SsoLoginPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route, store: createSessionStore(http) },
  );
  return server;
}

describe('/user/ssoLogin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the token once and enters the app', async () => {
    const server = setup('/user/ssoLogin?token=abc.def.ghi', () =>
      ok(
        { token: 'st', userInfo: userInfo({ isShow: 1 }), sysAllDictItems: {}, departs: [], multi_depart: 1 },
        '登录成功',
      ),
    );
    await waitFor(() => expect(location()).toBe('/dashboard/workbench'));
    expect(server.calls('POST /sys/ssoLogin').map((r) => r.body)).toEqual([{ token: 'abc.def.ghi' }]);
    expect(persistedSession.token()).toBe('st');
  });

  it('shows the refusal and stays logged out', async () => {
    setup('/user/ssoLogin?token=bad', () => ({
      body: { success: false, code: 500, message: '单点登录令牌无效或已过期', result: null, timestamp: 0 },
    }));
    expect((await screen.findByTestId('sso-error')).textContent).toBe('单点登录令牌无效或已过期');
    expect(persistedSession.token()).toBeNull();
  });

  it('without a token asks nothing', async () => {
    const server = setup('/user/ssoLogin', () => ok(null));
    expect((await screen.findByTestId('sso-error')).textContent).toBe('缺少单点登录令牌');
    expect(server.requests).toHaveLength(0);
  });
});
