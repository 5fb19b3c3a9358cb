import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { buildMenuRoutes } from '../../lib/menu-routes';
import { ADMIN_MENU, menuNode } from '../../test/fixtures';
import { clientFor, fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { MenuSearch, searchableEntries } from './menu-search';

const location = () => screen.getByTestId('location').textContent;

const MENU = buildMenuRoutes(
  [
    ...ADMIN_MENU,
    menuNode('/messageSeting/annountCement', 'system/MyAnnouncementList', {
      hidden: true,
      meta: { title: '我的消息', keepAlive: false, internalOrExternal: false },
    }),
    menuNode('/help', 'layouts/IframePageView', {
      meta: { title: '帮助中心', keepAlive: false, internalOrExternal: false, url: '/static/help.html' },
    }),
    menuNode('/audit', 'system/UserList', {
      meta: {
        title: '审计日志',
        keepAlive: false,
        internalOrExternal: false,
        permissionList: [{ action: 'audit:view', type: '1' }],
      },
    }),
  ],
  [],
).menu;

function search(text: string) {
  renderWithProviders(<MenuSearch menu={MENU} />, {
    route: '/dashboard/workbench',
    store: createSessionStore(clientFor(fakeServer({}))),
  });
  fireEvent.change(within(screen.getByTestId('menu-search')).getByRole('combobox'), { target: { value: text } });
}

describe('menu search', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers only permitted, non-hidden entries', () => {
    expect(searchableEntries(MENU).map((e) => e.title)).toEqual(['首页', '供应商列表', '用户管理', '帮助中心']);
  });

  it('opens the chosen route', async () => {
    search('用户');
    fireEvent.click(await screen.findByText('用户管理', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(location()).toBe('/isystem/user'));
  });

  it('opens an iframe or external entry in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    search('帮助');
    fireEvent.click(await screen.findByText('帮助中心', { selector: '.ant-select-item-option-content' }));
    expect(open).toHaveBeenCalledWith('/static/help.html', '_blank', 'noopener,noreferrer');
    expect(location()).toBe('/dashboard/workbench');
  });

  it('finds nothing for a hidden or forbidden entry', async () => {
    search('我的消息');
    expect(await screen.findByText('无匹配菜单')).toBeTruthy();
  });
});
