import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../lib/auth-store';
import { http } from '../lib/http';
import { settingsStore } from '../lib/layout-settings';
import { PLATFORM_NAME } from '../lib/platform';
import { persistedSession } from '../lib/session-persistence';
import { detailHref } from '@procura/shared';
import { ADMIN_MENU, menuNode, userInfo } from '../test/fixtures';
import { fakeServer, ok } from '../test/fake-server';
import type { FakeHandler } from '../test/fake-server';
import { renderApp } from '../test/render';
import { breadcrumbTrail } from './layout/page-header';
import { buildMenuRoutes } from '../lib/menu-routes';
import { storage } from '../lib/storage';
import { LEAVE_CONFIRM_MESSAGE, unsavedRegistry } from '../lib/unsaved-changes';
import { tabTitleKey } from './tabs/tab-title';
import { fakeMatchMedia } from '../test/match-media';

const location = () => screen.getByTestId('location').textContent;
const page = (records: unknown[] = []) => ok({ records, total: records.length, size: 23, current: 1, pages: 1 });
const tabBar = () => screen.getByTestId('tab-bar');
const tabTitles = () => [...tabBar().querySelectorAll('[data-tab-key]')].map((t) => t.textContent);
const tab = (title: string) => within(tabBar()).getByText(title).closest('[data-tab-key]') as HTMLElement;
const closeButtonOf = (title: string) =>
  tab(title).closest('.ant-tabs-tab')!.querySelector('.ant-tabs-tab-remove') as HTMLElement;

function setup(
  extra: Record<string, FakeHandler> = {},
  menu = ADMIN_MENU,
  auth = [{ action: 'user:list', type: '1' }],
) {
  persistedSession.setToken('tok');
  persistedSession.setUserInfo(userInfo({ realname: '管理员' }));
  const server = fakeServer({
    'GET /sys/permission/getUserPermissionByToken': () => ok({ menu, auth, allAuth: [] }),
    'GET /sys/annountCement/listByUser': () => ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }),
    'GET /supplierBaseAPI/getSupplier': () => ok(null),
    'GET /dashboard/workbench': () => ok({ scope: 'supplier', supplier: null, notices: { published: 0, unread: 0 } }),
    'GET /sys/user/list': () => page([{ id: 'u1', username: 'buyer', realname: '采购员' }]),
    'GET /supplier/list': () => page([{ id: 's1', code: 'S1', name: '华东精密', uscc: 'x' }]),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  const store = createSessionStore(http);
  const view = renderApp('/dashboard/workbench', store);
  return { server, store, ...view };
}

async function openFromMenu(...titles: string[]) {
  const menu = await screen.findByTestId('side-menu');
  for (const title of titles) fireEvent.click(within(menu).getByText(title));
}

describe('workspace tabs', () => {
  beforeEach(() => settingsStore.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    settingsStore.reset();
  });

  it('opens every route as a tab, home first, and keeps the browser title', async () => {
    const { router } = setup();
    await screen.findByText('欢迎, 管理员');
    expect(tabTitles()).toEqual(['首页']);
    await openFromMenu('系统管理', '用户管理');
    await waitFor(() => expect(location()).toBe('/isystem/user'));
    await openFromMenu('供应商管理', '供应商列表');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理', '供应商列表']));
    // Opening an open route activates its tab instead of adding one.
    act(() => void router.navigate('/isystem/user'));
    await waitFor(() => expect(tabBar().querySelector('.ant-tabs-tab-active')!.textContent).toBe('用户管理'));
    expect(tabTitles()).toHaveLength(3);
    expect(document.title).toBe(PLATFORM_NAME);
  });

  it('brings the open tabs back after a reload (issue 19 #9)', async () => {
    const first = setup();
    await screen.findByText('欢迎, 管理员');
    await openFromMenu('系统管理', '用户管理');
    await openFromMenu('供应商管理', '供应商列表');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理', '供应商列表']));
    first.unmount();
    setup();
    await screen.findByText('欢迎, 管理员');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理', '供应商列表']));
    expect(location()).toBe('/dashboard/workbench');
  });

  it('refuses to close home, and closing the active tab activates its neighbour', async () => {
    setup();
    await screen.findByText('欢迎, 管理员');
    fireEvent.click(closeButtonOf('首页'));
    expect(await screen.findByText('the home page cannot be closed!')).toBeTruthy();
    await openFromMenu('系统管理', '用户管理');
    await openFromMenu('供应商管理', '供应商列表');
    await waitFor(() => expect(location()).toBe('/srm/supplier/list'));
    fireEvent.click(closeButtonOf('供应商列表'));
    await waitFor(() => expect(location()).toBe('/isystem/user'));
    expect(tabTitles()).toEqual(['首页', '用户管理']);
  });

  it('closes others from the right-click menu', async () => {
    setup();
    await screen.findByText('欢迎, 管理员');
    await openFromMenu('系统管理', '用户管理');
    await openFromMenu('供应商管理', '供应商列表');
    await waitFor(() => expect(tabTitles()).toHaveLength(3));
    fireEvent.contextMenu(tab('用户管理'));
    fireEvent.click(await screen.findByText('关闭其它', { selector: '.ant-dropdown-menu-title-content' }));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理']));
    expect(location()).toBe('/isystem/user');
  });

  it('keeps a keep-alive page mounted while another tab is active', async () => {
    setup();
    await screen.findByText('欢迎, 管理员');
    await openFromMenu('系统管理', '用户管理');
    const search = (await screen.findByPlaceholderText('请输入用户账号')) as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'buy' } });
    fireEvent.click(tab('首页'));
    await waitFor(() => expect(location()).toBe('/dashboard/workbench'));
    // Still in the document, hidden.
    const kept = document.querySelector('[data-keep-alive="/isystem/user"]') as HTMLElement;
    expect(kept.style.display).toBe('none');
    fireEvent.click(tab('用户管理'));
    await waitFor(() => expect(location()).toBe('/isystem/user'));
    expect((screen.getByPlaceholderText('请输入用户账号') as HTMLInputElement).value).toBe('buy');
    expect(kept.style.display).toBe('');
  });

  it("a kept-alive page's drawer hides with its page and comes back with it", async () => {
    setup({}, ADMIN_MENU, [
      { action: 'user:list', type: '1' },
      { action: 'user:add', type: '1' },
    ]);
    await screen.findByText('欢迎, 管理员');
    await openFromMenu('系统管理', '用户管理');
    fireEvent.click(await screen.findByRole('button', { name: /新增用户/ }));
    const drawer = (await screen.findByText('新增用户', { selector: '.ant-drawer-title' })).closest(
      '.ant-drawer',
    ) as HTMLElement;
    const host = drawer.closest('[data-page-popups]') as HTMLElement;
    expect(host.parentElement).toBe(document.body);
    expect(host.style.display).toBe('');
    fireEvent.click(tab('首页'));
    await waitFor(() => expect(location()).toBe('/dashboard/workbench'));
    expect(host.style.display).toBe('none');
    fireEvent.click(tab('用户管理'));
    await waitFor(() => expect(location()).toBe('/isystem/user'));
    expect(host.style.display).toBe('');
    expect(host.contains(drawer)).toBe(true);
  });

  it('a link to a document opens its detail within the list’s one tab, also when the list is open already', async () => {
    const POSITION = { id: 'p1', code: 'CGJL', name: '采购经理', postRank: null, description: '负责采购' };
    const menu = [
      ...ADMIN_MENU,
      menuNode('/isystem/position', 'resource/sysPosition', {
        meta: { title: '职务管理', keepAlive: true, internalOrExternal: false },
      }),
    ];
    const { server, router } = setup(
      { 'GET /sys/position/list': () => page([POSITION]), 'GET /sys/position/queryById': () => ok(POSITION) },
      menu,
      [{ action: 'position:list', type: '1' }],
    );
    await screen.findByText('欢迎, 管理员');
    // What a home to-do or a generated draft links to (the detail parameter of every list page).
    act(() => void router.navigate(detailHref('/isystem/position', 'p1')));
    expect(await screen.findByText('职务详情', { selector: '.ant-drawer-title' })).toBeTruthy();
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '职务管理']));
    expect(server.calls('GET /sys/position/queryById').at(-1)!.url.searchParams.get('id')).toBe('p1');
    // Closing it keeps the tab; the same link from another tab opens it in that tab again.
    fireEvent.click(document.querySelector('.ant-drawer-close') as HTMLElement);
    await waitFor(() => expect(location()).toBe('/isystem/position'));
    fireEvent.click(tab('首页'));
    await waitFor(() => expect(location()).toBe('/dashboard/workbench'));
    act(() => void router.navigate(detailHref('/isystem/position', 'p1')));
    await waitFor(() => expect(location()).toBe('/isystem/position?open=p1'));
    expect(await screen.findByText('职务详情', { selector: '.ant-drawer-title' })).toBeTruthy();
    expect(tabTitles()).toEqual(['首页', '职务管理']);
  });

  it('refresh mounts the page anew (the typed search is gone)', async () => {
    const { server } = setup();
    await screen.findByText('欢迎, 管理员');
    await openFromMenu('系统管理', '用户管理');
    fireEvent.change(await screen.findByPlaceholderText('请输入用户账号'), { target: { value: 'buy' } });
    const loads = server.calls('GET /sys/user/list').length;
    fireEvent.contextMenu(tab('用户管理'));
    fireEvent.click(await screen.findByText('刷新', { selector: '.ant-dropdown-menu-title-content' }));
    await waitFor(() => expect((screen.getByPlaceholderText('请输入用户账号') as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(server.calls('GET /sys/user/list').length).toBeGreaterThan(loads));
  });

  it('restores a dynamic tab title stored under the full path', async () => {
    storage.set(tabTitleKey('/isystem/user'), '用户 · buyer');
    setup();
    await screen.findByText('欢迎, 管理员');
    await openFromMenu('系统管理', '用户管理');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户 · buyer']));
  });

  it('asks before closing a tab whose page holds unsaved edits', async () => {
    setup();
    await screen.findByText('欢迎, 管理员');
    await openFromMenu('系统管理', '用户管理');
    await waitFor(() => expect(location()).toBe('/isystem/user'));
    const edit = Symbol('edit');
    unsavedRegistry.mark(edit, '/isystem/user');
    try {
      fireEvent.click(closeButtonOf('用户管理'));
      expect(await screen.findByText(LEAVE_CONFIRM_MESSAGE)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
      expect(tabTitles()).toEqual(['首页', '用户管理']);
      fireEvent.click(closeButtonOf('用户管理'));
      const ok = await screen.findAllByRole('button', { name: /确\s*定/ });
      fireEvent.click(ok[ok.length - 1]!);
      await waitFor(() => expect(location()).toBe('/dashboard/workbench'));
      expect(tabTitles()).toEqual(['首页']);
      expect(unsavedRegistry.isDirty()).toBe(false);
    } finally {
      unsavedRegistry.release(edit);
    }
  });

  it('shows no tab bar with multi-tab mode off', async () => {
    settingsStore.update({ multiTab: false });
    setup();
    await screen.findByText('欢迎, 管理员');
    expect(screen.queryByTestId('tab-bar')).toBeNull();
  });
});

describe('layout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    settingsStore.reset();
  });

  it('builds the breadcrumb from 首页 and the routes; only the last crumb is not a link', async () => {
    const routes = buildMenuRoutes(ADMIN_MENU, [{ action: 'user:list', type: '1' }]).routes;
    expect(breadcrumbTrail('/isystem/user', routes)).toEqual([
      { title: '首页', path: '/dashboard/workbench' },
      { title: '系统管理', path: '/isystem' },
      { title: '用户管理', path: null },
    ]);
    expect(breadcrumbTrail('/dashboard/workbench', routes)).toEqual([{ title: '首页', path: null }]);

    setup();
    await screen.findByText('欢迎, 管理员');
    await openFromMenu('系统管理', '用户管理');
    const crumbs = await screen.findByTestId('breadcrumb');
    await waitFor(() => expect(crumbs.textContent).toBe('首页/系统管理/用户管理'));
    expect(within(crumbs).getByText('首页').closest('a')!.getAttribute('href')).toBe('/dashboard/workbench');
    expect(within(crumbs).getByText('用户管理').closest('a')).toBeNull();
  });

  it('puts the menu in the top bar in top-menu mode, and applies the menu theme', async () => {
    settingsStore.update({ layout: 'topmenu', menuTheme: 'dark' });
    setup();
    await screen.findByText('欢迎, 管理员');
    expect(screen.getByTestId('top-menu').className).toContain('ant-menu-dark');
    expect(screen.queryByTestId('side-menu')).toBeNull();
    expect(screen.getByTestId('shell').getAttribute('data-layout')).toBe('topmenu');
    // Fixed width is the default and applies in top-menu mode.
    expect(screen.getByTestId('content').getAttribute('data-width')).toBe('Fixed');
  });

  it('shows the watermark only when switched on', async () => {
    setup();
    await screen.findByText('欢迎, 管理员');
    expect(screen.queryByTestId('watermark')).toBeNull();
    act(() => settingsStore.update({ watermark: true }));
    expect(await screen.findByTestId('watermark')).toBeTruthy();
  });

  it('finds permitted menu entries in the menu search and opens them', async () => {
    setup();
    await screen.findByText('欢迎, 管理员');
    const search = within(screen.getByTestId('menu-search')).getByRole('combobox');
    fireEvent.change(search, { target: { value: '用户' } });
    fireEvent.click(await screen.findByText('用户管理', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(location()).toBe('/isystem/user'));
  });

  it('below 1088 px puts the side menu in a drawer opened from the header', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = fakeMatchMedia((query) => query.includes('1087.98'));
    try {
      setup();
      await screen.findByText('欢迎, 管理员');
      expect(screen.getByTestId('shell').getAttribute('data-device')).toBe('mobile');
      expect(screen.queryByTestId('side-menu')).toBeNull();
      fireEvent.click(screen.getByTestId('menu-toggle'));
      const menu = await screen.findByTestId('side-menu');
      expect(menu.closest('.ant-drawer')).not.toBeNull();
      fireEvent.click(within(menu).getByText('系统管理'));
      fireEvent.click(within(menu).getByText('用户管理'));
      await waitFor(() => expect(location()).toBe('/isystem/user'));
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('asks a user who must pick a department right away', async () => {
    sessionStorage.setItem('PROCURA_PICK_DEPART', 'true');
    setup({
      'GET /sys/user/getCurrentUserDeparts': () =>
        ok({
          list: [
            { id: 'd1', departName: '采购部', orgCode: 'A01A01' },
            { id: 'd2', departName: '质量部', orgCode: 'A01A02' },
          ],
          orgCode: '',
        }),
    });
    expect(await screen.findByText('请选择登录部门')).toBeTruthy();
  });
});
