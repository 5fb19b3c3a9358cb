import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { ADMIN_MENU, userInfo } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import AnalysisPage from './analysis-page';

const location = () => screen.getByTestId('location').textContent;

async function setup(user: ReturnType<typeof userInfo>, supplier: unknown) {
  persistedSession.setToken('tok');
  persistedSession.setUserInfo(user);
  vi.stubGlobal(
    'fetch',
    fakeServer({
      'GET /supplierBaseAPI/getSupplier': () => ok(supplier),
      'GET /sys/permission/getUserPermissionByToken': () => ok({ menu: ADMIN_MENU, auth: [], allAuth: [] }),
    }).fetch,
  );
  const store = createSessionStore(http);
  await store.loadPermissions();
  renderWithProviders(<AnalysisPage />, { route: '/dashboard/analysis', store });
}

describe('dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('welcomes an internal user and links to their menu entries', async () => {
    await setup(userInfo({ realname: '管理员' }), null);
    expect(screen.getByText('欢迎, 管理员')).toBeTruthy();
    expect(screen.getByTestId('user-kind').textContent).toBe('内部用户');
    fireEvent.click(screen.getByRole('button', { name: /用户管理/ }));
    expect(location()).toBe('/isystem/user');
  });

  it('tells a supplier by the supplier-info call', async () => {
    await setup(userInfo({ realname: '供应商一' }), { id: 's1', name: 'A公司' });
    await waitFor(() => expect(screen.getByTestId('user-kind').textContent).toBe('供应商'));
  });

  it('tells a supplier by the user record', async () => {
    await setup(userInfo({ userType: 2, supplierId: 's1' }), null);
    expect(screen.getByTestId('user-kind').textContent).toBe('供应商');
  });
});
