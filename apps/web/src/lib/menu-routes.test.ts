import { describe, expect, it } from 'vitest';
import type { AuthEntry, MenuNode } from '@procura/shared';
import { buildMenuRoutes, findRouteChain, flattenMenu, isPageRoute } from './menu-routes';

function node(path: string, extra: Partial<MenuNode> = {}, meta: Partial<MenuNode['meta']> = {}): MenuNode {
  return {
    id: path,
    route: '1',
    path,
    name: path.replace(/^\//, '').replaceAll('/', '-'),
    component: 'dashboard/Workbench',
    meta: { title: `t${path}`, keepAlive: false, internalOrExternal: false, ...meta },
    ...extra,
  };
}

const routeView = (path: string, children: MenuNode[], extra: Partial<MenuNode> = {}) =>
  node(path, { component: 'layouts/RouteView', children, ...extra });

describe('buildMenuRoutes', () => {
  it('turns each node into a route, nesting children under a RouteView parent', () => {
    const built = buildMenuRoutes(
      [node('/dashboard/workbench'), routeView('/isystem', [node('/isystem/user', { component: 'system/UserList' })])],
      [],
    );
    expect(built.routes.map((r) => r.path)).toEqual(['/dashboard/workbench', '/isystem']);
    expect(built.routes[1]!.children.map((r) => [r.path, r.component])).toEqual([['/isystem/user', 'system/UserList']]);
    expect(built.paths).toEqual(['/dashboard/workbench', '/isystem', '/isystem/user']);
    expect(built.menu.map((m) => m.title)).toEqual(['t/dashboard/workbench', 't/isystem']);
    expect(built.menu[1]!.children.map((m) => m.path)).toEqual(['/isystem/user']);
  });

  it("does not route a node with route '0' but still routes its children", () => {
    const built = buildMenuRoutes([node('/group', { route: '0', children: [node('/group/a'), node('/group/b')] })], []);
    expect(built.paths).toEqual(['/group/a', '/group/b']);
    expect(built.routes.map((r) => r.path)).toEqual(['/group/a', '/group/b']);
    // The menu still shows it (it links by path).
    expect(built.menu[0]!.children.map((m) => m.path)).toEqual(['/group/a', '/group/b']);
  });

  it('routes hidden nodes but leaves them out of the menu', () => {
    const built = buildMenuRoutes(
      [
        routeView('/srm', [node('/srm/list'), node('/srm/detail', { hidden: true })]),
        node('/secret', { hidden: true }),
      ],
      [],
    );
    expect(built.paths).toEqual(['/srm', '/srm/list', '/srm/detail', '/secret']);
    expect(built.routes[0]!.children.find((r) => r.path === '/srm/detail')!.meta.hidden).toBe(true);
    expect(built.menu.map((m) => m.path)).toEqual(['/srm']);
    expect(built.menu[0]!.children.map((m) => m.path)).toEqual(['/srm/list']);
  });

  it('alwaysShow redirects to the node itself and shows it as a single item', () => {
    const built = buildMenuRoutes([node('/report', { alwaysShow: true, children: [node('/report/x')] })], []);
    expect(built.routes[0]!.redirect).toBe('/report');
    expect(built.menu[0]!.children).toEqual([]);
    expect(built.paths).toContain('/report/x');
  });

  it('keeps the server redirect', () => {
    const built = buildMenuRoutes([routeView('/isystem', [node('/isystem/user')], { redirect: '/isystem/user' })], []);
    expect(built.routes[0]!.redirect).toBe('/isystem/user');
  });

  it('routes a node with a permissionList only for holders of one of them', () => {
    const guarded = node('/guarded', {}, { permissionList: [{ action: 'audit:view', type: '1' }] });
    const holder: AuthEntry[] = [{ action: 'other,audit:view', type: '1' }];
    expect(buildMenuRoutes([guarded], []).paths).toEqual([]);
    expect(buildMenuRoutes([guarded], []).menu).toEqual([]);
    expect(buildMenuRoutes([guarded], holder).paths).toEqual(['/guarded']);
    expect(buildMenuRoutes([guarded], holder).menu.map((m) => m.path)).toEqual(['/guarded']);
  });

  it('makes external items menu links that open a new window, never routes', () => {
    const built = buildMenuRoutes(
      [
        node('5f1d7a', {}, { url: 'https://example.com/help' }),
        node('/iframe', {}, { internalOrExternal: true, url: 'http://intranet/x' }),
        node('/open-out', {}, { internalOrExternal: true }),
      ],
      [],
    );
    expect(built.paths).toEqual([]);
    expect(built.menu.map((m) => m.externalUrl)).toEqual([
      'https://example.com/help',
      'http://intranet/x',
      '/open-out',
    ]);
  });

  it('hoists children that do not live under their parent path to the layout level', () => {
    const built = buildMenuRoutes(
      [routeView('/a', [node('/elsewhere')]), node('/page', { children: [node('/page/detail', { hidden: true })] })],
      [],
    );
    expect(built.routes.map((r) => r.path)).toEqual(['/a', '/elsewhere', '/page', '/page/detail']);
    expect(built.routes[0]!.children).toEqual([]);
  });
});

describe('flattenMenu', () => {
  it('lists leaves in menu order', () => {
    const built = buildMenuRoutes([node('/home'), routeView('/s', [node('/s/a'), node('/s/b')])], []);
    expect(flattenMenu(built.menu).map((m) => m.path)).toEqual(['/home', '/s/a', '/s/b']);
  });
});

describe('route meta', () => {
  it('carries title, icon, keepAlive, hidden and the permission codes', () => {
    const built = buildMenuRoutes(
      [
        routeView('/isystem', [
          node(
            '/isystem/user',
            { hidden: true },
            {
              title: '用户管理',
              icon: 'user',
              keepAlive: true,
              permissionList: [{ action: 'user:list, user:view', type: '1' }],
            },
          ),
        ]),
      ],
      [{ action: 'user:list', type: '1' }],
    );
    expect(built.routes[0]!.children[0]!.meta).toEqual({
      title: '用户管理',
      icon: 'user',
      keepAlive: true,
      hidden: true,
      permission: ['user:list', 'user:view'],
    });
    expect(built.routes[0]!.meta).toMatchObject({
      title: 't/isystem',
      keepAlive: false,
      hidden: false,
      permission: [],
    });
  });

  it('opens an iframe page in a new window instead of routing it', () => {
    const built = buildMenuRoutes(
      [node('/help', { component: 'layouts/IframePageView' }, { url: '/static/help.html' })],
      [],
    );
    expect(built.paths).toEqual([]);
    expect(built.menu[0]!.externalUrl).toBe('/static/help.html');
  });
});

describe('findRouteChain', () => {
  const built = buildMenuRoutes(
    [
      node('/dashboard/workbench'),
      routeView('/srm/supplier', [node('/srm/supplier/list'), node('/srm/supplier/:id', { hidden: true })]),
    ],
    [],
  );

  it('returns the parents and the route answering a path', () => {
    expect(findRouteChain('/srm/supplier/list/', built.routes).map((r) => r.path)).toEqual([
      '/srm/supplier',
      '/srm/supplier/list',
    ]);
    expect(findRouteChain('/srm/supplier/42', built.routes).map((r) => r.path)).toEqual([
      '/srm/supplier',
      '/srm/supplier/:id',
    ]);
    expect(findRouteChain('/dashboard/workbench', built.routes).map((r) => r.path)).toEqual(['/dashboard/workbench']);
    expect(findRouteChain('/nowhere', built.routes)).toEqual([]);
  });

  it('tells a page from a parent or a forward', () => {
    expect(isPageRoute(built.routes[0]!)).toBe(true);
    expect(isPageRoute(built.routes[1]!)).toBe(false);
    const forward = buildMenuRoutes([node('/old', { redirect: '/new' }), node('/always', { alwaysShow: true })], []);
    expect(isPageRoute(forward.routes[0]!)).toBe(false);
    expect(isPageRoute(forward.routes[1]!)).toBe(true);
  });
});
