import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../lib/auth-store';
import { http } from '../lib/http';
import { persistedSession } from '../lib/session-persistence';
import { userInfo } from '../test/fixtures';
import { fakeServer, ok } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import { BasicLayout } from './basic-layout';

const location = () => screen.getByTestId('location').textContent;

describe('sign out from the layout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for confirmation, logs out on the server and goes to the root', async () => {
    persistedSession.setToken('tok');
    persistedSession.setUserInfo(userInfo({ realname: '管理员' }));
    const server = fakeServer({ 'POST /sys/logout': () => ok(null, '退出登录成功！') });
    vi.stubGlobal('fetch', server.fetch);
    const store = createSessionStore(http);
    renderWithProviders(<BasicLayout />, { route: '/dashboard/workbench', store });
    expect(screen.getByTestId('current-user').textContent).toBe('管理员');
    fireEvent.click(screen.getByTestId('logout'));
    expect(await screen.findByText('真的要注销登录吗？')).toBeTruthy();
    expect(server.calls('POST /sys/logout')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(server.calls('POST /sys/logout')[0]!.headers['X-Access-Token']).toBe('tok');
    expect(persistedSession.token()).toBeNull();
    expect(store.getState().token).toBeNull();
  });
});
