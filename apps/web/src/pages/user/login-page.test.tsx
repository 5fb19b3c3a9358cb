import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { userInfo } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import LoginPage from './login-page';

const location = () => screen.getByTestId('location').textContent;

function setup(route: string, answer: Parameters<typeof fakeServer>[0][string]) {
  const server = fakeServer({ 'POST /sys/login': answer });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(
    <Routes>
      <Route path="/user/login" element={<LoginPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route, store: createSessionStore(http) },
  );
  return server;
}

async function submit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(document.getElementById('username')!, username);
  if (password) await user.type(document.getElementById('password')!, password);
  await user.click(screen.getByTestId('login-submit'));
}

const success = (isShow = 1) =>
  ok({ token: 't', userInfo: userInfo({ isShow }), sysAllDictItems: {}, departs: [], multi_depart: 1 }, '登录成功');

describe('login page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires user name and password', async () => {
    const server = setup('/user/login', () => success());
    await submit('', '');
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('logs in and goes to the safe redirect target', async () => {
    const server = setup('/user/login?redirect=%2Fisystem%2Fuser', () => success());
    await submit('admin', 'Procura@2026');
    await waitFor(() => expect(location()).toBe('/isystem/user'));
    expect(server.requests[0]!.body).toEqual({ username: 'admin', password: 'Procura@2026' });
    expect(persistedSession.token()).toBe('t');
  });

  it('goes home when the redirect leaves the site', async () => {
    setup('/user/login?redirect=%2F%2Fevil.example%2F', () => success());
    await submit('admin', 'Procura@2026');
    await waitFor(() => expect(location()).toBe('/dashboard/analysis'));
  });

  it('sends an isShow 2 supplier to complete the supplier information', async () => {
    setup('/user/login?redirect=%2Fisystem%2Fuser', () => success(2));
    await submit('supplier2', 'Procura@2026');
    await waitFor(() => expect(location()).toBe('/completeSupInfo'));
  });

  it('shows 登录失败 with the server message and stays', async () => {
    setup('/user/login', () => fail(200, '用户名或密码错误', 500));
    await submit('admin', 'wrong');
    expect(await screen.findByText('登录失败')).toBeTruthy();
    expect(screen.getByText('用户名或密码错误')).toBeTruthy();
    expect(location()).toBe('/user/login');
    expect(persistedSession.token()).toBeNull();
    // The button is usable again.
    await waitFor(() => expect(screen.getByTestId('login-submit').className).not.toContain('loading'));
  });

  it('shows the throttling message of an HTTP 429 once, as 登录失败', async () => {
    setup('/user/login', () => fail(429, '登录失败次数过多，请15分钟后再试'));
    await submit('admin', 'wrong');
    expect(await screen.findByText('登录失败次数过多，请15分钟后再试')).toBeTruthy();
    expect(screen.queryByText('系统提示')).toBeNull();
  });
});
