import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createSessionStore } from '../lib/auth-store';
import { buildMenuRoutes } from '../lib/menu-routes';
import { ADMIN_MENU, menuNode } from '../test/fixtures';
import { clientFor, fakeServer } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import { selectedKeyFor, SideMenu } from './side-menu';

const location = () => screen.getByTestId('location').textContent;

describe('side menu', () => {
  afterEach(() => vi.restoreAllMocks());

  it('selects the entry of the page or the closest one above it', () => {
    const keys = ['/dashboard/workbench', '/srm/supplier', '/srm/supplier/list'];
    expect(selectedKeyFor('/srm/supplier/list', keys)).toBe('/srm/supplier/list');
    expect(selectedKeyFor('/srm/supplier/list/detail', keys)).toBe('/srm/supplier/list');
    expect(selectedKeyFor('/srm/supplierx', keys)).toBeUndefined();
  });

  it('navigates to routes and opens external entries in a new window', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const menu = [
      ...ADMIN_MENU,
      menuNode('/hidden', 'system/UserList', {
        hidden: true,
        meta: { title: '隐藏页', keepAlive: false, internalOrExternal: false },
      }),
      menuNode('abc123', 'layouts/IframePageView', {
        meta: { title: '帮助中心', keepAlive: false, internalOrExternal: false, url: 'https://help.example.com' },
      }),
    ];
    const built = buildMenuRoutes(menu, []);
    renderWithProviders(<SideMenu entries={built.menu} collapsed={false} />, {
      route: '/isystem/user',
      store: createSessionStore(clientFor(fakeServer({}))),
    });
    const sideMenu = screen.getByTestId('side-menu');
    expect(sideMenu.textContent).toContain('用户管理');
    expect(sideMenu.textContent).not.toContain('隐藏页');
    fireEvent.click(screen.getByText('帮助中心'));
    expect(open).toHaveBeenCalledWith('https://help.example.com', '_blank', 'noopener,noreferrer');
    expect(location()).toBe('/isystem/user');
    fireEvent.click(screen.getByText('首页'));
    expect(location()).toBe('/dashboard/workbench');
  });
});
