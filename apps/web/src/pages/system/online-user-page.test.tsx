import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import OnlineUserPage from './online-user-page';
import type { OnlineRecord } from './online-user-page';

const SESSIONS: OnlineRecord[] = [
  {
    id: 's1',
    username: 'admin',
    realname: '管理员',
    userType: 1,
    ip: '10.0.0.1',
    userAgent: 'Chrome',
    loginTime: '2026-03-01 09:00:00',
    expiresAt: '2026-03-08 09:00:00',
    current: true,
  },
  {
    id: 's2',
    username: 'buyer',
    realname: '采购员',
    userType: 1,
    ip: '10.0.0.2',
    userAgent: null,
    loginTime: '2026-03-01 08:00:00',
    expiresAt: '2026-03-08 08:00:00',
    current: false,
  },
];

function setup(auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({
    'GET /sys/online/list': () => ok({ records: SESSIONS, total: 2, size: 23, current: 1, pages: 1 }),
    'POST /sys/online/forceLogout': () => ok(null, '强制退出成功！'),
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<OnlineUserPage />, { route: '/isystem/online', store: createSessionStore(http) });
  return server;
}

describe('在线用户', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists live sessions by login time, marks the current one, and refreshes', async () => {
    const server = setup(['online:list']);
    expect(await screen.findByText('采购员')).toBeTruthy();
    expect(Object.fromEntries(server.calls('GET /sys/online/list')[0]!.url.searchParams)).toMatchObject({
      column: 'createdAt',
      order: 'desc',
      pageNo: '1',
    });
    expect(screen.getByText('当前会话')).toBeTruthy();
    expect(screen.getByText('10.0.0.2')).toBeTruthy();
    expect(screen.getByText('2026-03-01 08:00:00')).toBeTruthy();
    expect(screen.queryByText('强制退出')).toBeNull();
    fireEvent.click(screen.getByTestId('online-refresh'));
    await waitFor(() => expect(server.calls('GET /sys/online/list')).toHaveLength(2));
  });

  it('强制退出 asks first, ends the other session and reloads; never offered for the current session', async () => {
    const server = setup(['online:list', 'online:forceLogout']);
    await screen.findByText('采购员');
    const links = screen.getAllByTestId('online-force-logout');
    expect(links).toHaveLength(1);
    fireEvent.click(links[0]!);
    expect(await screen.findByText('确定强制退出用户“buyer”吗？')).toBeTruthy();
    expect(server.calls('POST /sys/online/forceLogout')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('强制退出成功！')).toBeTruthy();
    expect(server.calls('POST /sys/online/forceLogout')[0]!.body).toEqual({ id: 's2' });
    await waitFor(() => expect(server.calls('GET /sys/online/list')).toHaveLength(2));
  });
});
