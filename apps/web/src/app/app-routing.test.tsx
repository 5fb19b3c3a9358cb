import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../lib/auth-store';
import { fullNavigation } from '../lib/full-navigation';
import { http } from '../lib/http';
import { persistedSession } from '../lib/session-persistence';
import { ADMIN_MENU, menuNode, userInfo } from '../test/fixtures';
import { fail, fakeServer, ok } from '../test/fake-server';
import { renderApp } from '../test/render';

const location = () => screen.getByTestId('location').textContent;

const emptyPage = ok({ records: [], total: 0, size: 23, current: 1, pages: 0 });

function loggedInAs(isShow = 1) {
  persistedSession.setToken('tok');
  persistedSession.setUserInfo(userInfo({ isShow }));
}

describe('app routing with the guard', () => {
  let server: ReturnType<typeof fakeServer>;
  const use = (routes: Parameters<typeof fakeServer>[0]) => {
    server = fakeServer(routes);
    vi.stubGlobal('fetch', server.fetch);
  };
  beforeEach(() => use({}));
  beforeEach(() => {
    vi.spyOn(fullNavigation, 'replace').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a visitor to the sign-in page (login.html) with the redirect, by a full page load', async () => {
    const leave = vi.spyOn(fullNavigation, 'replace').mockImplementation(() => {});
    renderApp('/isystem/user?x=1', createSessionStore(http));
    await waitFor(() => expect(location()).toBe('/user/login?redirect=%2Fisystem%2Fuser%3Fx%3D1'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/user/login?redirect=%2Fisystem%2Fuser%3Fx%3D1'));
    expect(screen.queryByTestId('login-submit')).toBeNull();
  });

  it('loads permissions on the first navigation, then renders the menu page inside the layout', async () => {
    loggedInAs();
    use({
      'GET /sys/permission/getUserPermissionByToken': () =>
        ok({ menu: ADMIN_MENU, auth: [{ action: 'user:list', type: '1' }], allAuth: [] }),
      'GET /sys/user/list': () =>
        ok({ records: [{ id: '1', username: 'buyer', realname: '采购员' }], total: 1, size: 23, current: 1, pages: 1 }),
    });
    renderApp('/isystem/user', createSessionStore(http));
    expect(await screen.findByText('采购员')).toBeTruthy();
    expect(location()).toBe('/isystem/user');
    expect(screen.getByTestId('side-menu').textContent).toContain('系统管理');
    expect(screen.getByTestId('logout')).toBeTruthy();
    expect(server.calls('GET /sys/permission/getUserPermissionByToken')).toHaveLength(1);
  });

  it('goes to the redirect target after loading permissions', async () => {
    loggedInAs();
    use({
      'GET /sys/permission/getUserPermissionByToken': () => ok({ menu: ADMIN_MENU, auth: [], allAuth: [] }),
      'GET /supplier/list': () => emptyPage,
    });
    renderApp('/dashboard/workbench?redirect=%2Fsrm%2Fsupplier%2Flist', createSessionStore(http));
    // The permission load, then the target's lazy page: past 15 s when the suite shares the machine with the browser lane.
    await waitFor(() => expect(location()).toBe('/srm/supplier/list'), { timeout: 45_000 });
  }, 60_000);

  it('logs out and sends the user to login with the redirect when the menu is empty', async () => {
    loggedInAs();
    use({
      'GET /sys/permission/getUserPermissionByToken': () => ok({ menu: [], auth: [], allAuth: [] }),
      'POST /sys/logout': () => ok(null),
    });
    renderApp('/isystem/user', createSessionStore(http));
    await waitFor(() => expect(location()).toBe('/user/login?redirect=%2Fisystem%2Fuser'));
    expect(persistedSession.token()).toBeNull();
    expect(server.calls('POST /sys/logout')).toHaveLength(1);
  });

  it('logs out when loading permissions fails on the server', async () => {
    loggedInAs();
    use({ 'GET /sys/permission/getUserPermissionByToken': () => fail(500, '系统繁忙') });
    renderApp('/dashboard/workbench', createSessionStore(http));
    await waitFor(() => expect(location()).toBe('/user/login?redirect=%2Fdashboard%2Fworkbench'));
  });

  it('keeps the session when the permission load is cut off by a reload (the page is unloading)', async () => {
    loggedInAs();
    use({
      'GET /sys/permission/getUserPermissionByToken': () => {
        // The reload: the page is hidden, then the browser aborts the request in flight.
        window.dispatchEvent(new Event('pagehide'));
        throw new TypeError('Failed to fetch');
      },
      'POST /sys/logout': () => ok(null),
    });
    try {
      renderApp('/dashboard/workbench', createSessionStore(http));
      await waitFor(() => expect(server.calls('GET /sys/permission/getUserPermissionByToken')).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 50));
      expect(server.calls('POST /sys/logout')).toHaveLength(0);
      expect(persistedSession.token()).toBe('tok');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('sends an unknown path to the 404 page', async () => {
    loggedInAs();
    use({ 'GET /sys/permission/getUserPermissionByToken': () => ok({ menu: ADMIN_MENU, auth: [], allAuth: [] }) });
    renderApp('/no/such/page', createSessionStore(http));
    await waitFor(() => expect(location()).toBe('/404'));
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText('返回首页')).toBeTruthy();
  });

  it('keeps a menu route guarded by a permission the user lacks out (404)', async () => {
    loggedInAs();
    const menu = [
      ...ADMIN_MENU,
      menuNode('/audit', 'system/UserList', {
        meta: {
          title: '审计',
          keepAlive: false,
          internalOrExternal: false,
          permissionList: [{ action: 'audit:view', type: '1' }],
        },
      }),
    ];
    use({ 'GET /sys/permission/getUserPermissionByToken': () => ok({ menu, auth: [], allAuth: [] }) });
    renderApp('/audit', createSessionStore(http));
    await waitFor(() => expect(location()).toBe('/404'));
  });

  it('keeps an isShow 2 supplier on /completeSupInfo without loading permissions', async () => {
    loggedInAs(2);
    use({ 'GET /supplierBaseAPI/getSupplier': () => ok({ name: '某某公司' }) });
    renderApp('/dashboard/workbench', createSessionStore(http));
    await waitFor(() => expect(location()).toBe('/completeSupInfo'));
    expect(await screen.findByTestId('supplier-info-form')).toBeTruthy();
    expect(server.calls('GET /sys/permission/getUserPermissionByToken')).toHaveLength(0);
  });

  it('shows a clear error for a menu component the registry does not know', async () => {
    loggedInAs();
    const menu = [...ADMIN_MENU, menuNode('/mystery', 'mystery/Unknown')];
    use({ 'GET /sys/permission/getUserPermissionByToken': () => ok({ menu, auth: [], allAuth: [] }) });
    renderApp('/mystery', createSessionStore(http));
    expect(await screen.findByText('页面组件不存在')).toBeTruthy();
    expect(screen.getByText(/mystery\/Unknown/)).toBeTruthy();
  });

  it('opens a RouteView parent at its first child', async () => {
    loggedInAs();
    use({
      'GET /sys/permission/getUserPermissionByToken': () => ok({ menu: ADMIN_MENU, auth: [], allAuth: [] }),
      'GET /supplier/list': () => emptyPage,
    });
    renderApp('/srm/supplier', createSessionStore(http));
    // The permission load, then the target's lazy page: past 15 s when the suite shares the machine with the browser lane.
    await waitFor(() => expect(location()).toBe('/srm/supplier/list'), { timeout: 45_000 });
  }, 60_000);
});
