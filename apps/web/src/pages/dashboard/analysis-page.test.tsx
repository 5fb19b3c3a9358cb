import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { ADMIN_MENU, userInfo } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import AnalysisPage from './analysis-page';

const location = () => screen.getByTestId('location').textContent;

const PLATFORM = {
  scope: 'platform',
  users: { total: 4, internal: 2, supplier: 2, frozen: 1 },
  suppliers: {
    total: 3,
    byStatus: [
      { status: 'QUALIFIED', text: '合格', count: 2 },
      { status: 'REGISTERED', text: '注册中', count: 1 },
    ],
    byMonth: [
      { month: '2026-10', count: 1 },
      { month: '2026-11', count: 2 },
    ],
  },
  notices: { published: 3, unread: 2 },
};

async function setup(user: ReturnType<typeof userInfo>, supplier: unknown, analysis: FakeHandler = () => ok(PLATFORM)) {
  persistedSession.setToken('tok');
  persistedSession.setUserInfo(user);
  vi.stubGlobal(
    'fetch',
    fakeServer({
      'GET /supplierBaseAPI/getSupplier': () => ok(supplier),
      'GET /sys/permission/getUserPermissionByToken': () => ok({ menu: ADMIN_MENU, auth: [], allAuth: [] }),
      'GET /dashboard/analysis': analysis,
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

  it('shows the platform figures from the server with two charts', async () => {
    await setup(userInfo(), null);
    const users = await screen.findByTestId('stat-users');
    expect(users.textContent).toContain('用户总数');
    expect(users.textContent).toContain('4');
    expect(users.textContent).toContain('内部 2 · 供应商 2 · 冻结 1');
    expect(screen.getByTestId('stat-suppliers').textContent).toContain('3');
    expect(screen.getByTestId('stat-published').textContent).toContain('3');
    expect(screen.getByTestId('stat-unread').textContent).toContain('2');
    expect(screen.getByTestId('chart-supplier-status')).toBeTruthy();
    expect(screen.getByTestId('chart-registrations')).toBeTruthy();
  });

  it('says so when there are no suppliers yet', async () => {
    const empty = {
      ...PLATFORM,
      suppliers: { total: 0, byStatus: [{ status: 'QUALIFIED', text: '合格', count: 0 }], byMonth: [] },
    };
    await setup(userInfo(), null, () => ok(empty));
    expect(await screen.findByText('暂无供应商数据')).toBeTruthy();
    expect(screen.queryByTestId('chart-supplier-status')).toBeNull();
  });

  it("shows a supplier its company instead of the platform's figures", async () => {
    const figures = {
      scope: 'supplier',
      supplier: {
        name: '华东精密机械有限公司',
        status: 'QUALIFIED',
        statusText: '合格',
        infoStatus: 'APPROVED',
        infoStatusText: '已通过',
      },
      notices: { published: 3, unread: 1 },
    };
    await setup(userInfo({ userType: 2, supplierId: 's1' }), { id: 's1' }, () => ok(figures));
    const card = await screen.findByTestId('company-card');
    expect(card.textContent).toContain('华东精密机械有限公司');
    expect(card.textContent).toContain('合格');
    expect(card.textContent).toContain('已通过');
    expect(screen.queryByTestId('stat-users')).toBeNull();
    expect(screen.getByTestId('stat-unread').textContent).toContain('1');
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    let calls = 0;
    await setup(userInfo(), null, () => (++calls === 1 ? fail(200, '统计暂不可用', 500) : ok(PLATFORM)));
    expect(await screen.findByText('首页数据加载失败')).toBeTruthy();
    expect(screen.getByText('统计暂不可用')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('stat-users')).toBeTruthy();
  });
});
