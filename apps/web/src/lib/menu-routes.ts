import { matchPath } from 'react-router';
import { canSeeRoute, isExternalUrl } from '@procura/shared';
import type { AuthEntry, MenuNode } from '@procura/shared';
import { normalizePath } from './path';

/** The component string of a pass-through parent whose children render inside it. */
export const ROUTE_VIEW = 'layouts/RouteView';
/** JeecgBoot's component for a page shown in an iframe: we open its address in a new window. */
export const IFRAME_VIEW = 'layouts/IframePageView';

/**
 * What the shell knows of a route: the contract between the menu and the shell (tab title
 * and icon, keep-alive, menu and search visibility, required permissions).
 */
export type RouteMeta = {
  title: string;
  icon?: string;
  /** Keep the page mounted (hidden) while another tab is active. */
  keepAlive: boolean;
  /** Routed but left out of the menu and the menu search. */
  hidden: boolean;
  /** Permission codes of which the user needs one; empty when the route needs none. */
  permission: readonly string[];
};

/** A route built from a server menu node. Paths are absolute. */
export type AppRoute = {
  path: string;
  name: string;
  component: string;
  /** Where the route itself forwards to; equal to `path` for alwaysShow (stay on the parent). */
  redirect: string | null;
  meta: RouteMeta;
  /** Routes rendered inside this one (only under a RouteView parent, and only below its path). */
  children: AppRoute[];
};

/** An entry of the side menu. */
export type MenuEntry = {
  key: string;
  path: string;
  title: string;
  icon?: string;
  /** Set for external items: they open this address in a new window instead of routing. */
  externalUrl?: string;
  children: MenuEntry[];
};

export type BuiltRoutes = {
  /** Children of the layout route. */
  routes: AppRoute[];
  /** The side menu. */
  menu: MenuEntry[];
  /** Every routable absolute path, for the guard's "unknown path" rule. */
  paths: string[];
};

function titleOf(node: MenuNode): string {
  return node.meta?.title || node.name;
}

function routeMetaOf(node: MenuNode): RouteMeta {
  const meta: RouteMeta = {
    title: titleOf(node),
    keepAlive: node.meta?.keepAlive === true,
    hidden: node.hidden === true,
    permission: (node.meta?.permissionList ?? []).flatMap((p) =>
      p.action
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  };
  if (node.meta?.icon) meta.icon = node.meta.icon;
  return meta;
}

function isVisible(node: MenuNode, auth: readonly AuthEntry[]): boolean {
  return canSeeRoute(node.meta?.permissionList, auth);
}

function externalUrlOf(node: MenuNode): string | null {
  const meta = node.meta;
  if (isExternalUrl(meta?.url)) return meta!.url!.trim();
  if (meta?.internalOrExternal === true) return meta.url?.trim() || node.path;
  if (node.component === IFRAME_VIEW && meta?.url?.trim()) return meta.url.trim();
  return null;
}

function isBelow(child: string, parent: string): boolean {
  return child.startsWith(parent.endsWith('/') ? parent : `${parent}/`);
}

function buildRouteTree(nodes: readonly MenuNode[], auth: readonly AuthEntry[]): AppRoute[] {
  // Routes that cannot nest where they appear in the menu are hoisted to the layout level.
  const top: AppRoute[] = [];

  function visit(list: readonly MenuNode[], parent: AppRoute | null): void {
    for (const node of list) {
      if (!isVisible(node, auth) || externalUrlOf(node) !== null) continue;
      const children = node.children ?? [];
      if (node.route === '0') {
        // Not a route itself, but its children are.
        visit(children, parent);
        continue;
      }
      const route: AppRoute = {
        path: node.path,
        name: node.name,
        component: typeof node.component === 'string' ? node.component : '',
        redirect: node.alwaysShow ? node.path : (node.redirect ?? null),
        meta: routeMetaOf(node),
        children: [],
      };
      if (parent && parent.component === ROUTE_VIEW && isBelow(route.path, parent.path)) {
        parent.children.push(route);
      } else {
        top.push(route);
      }
      visit(children, route);
    }
  }

  visit(nodes, null);
  return top;
}

function buildMenu(nodes: readonly MenuNode[], auth: readonly AuthEntry[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const node of nodes) {
    if (node.hidden === true || !isVisible(node, auth)) continue;
    const externalUrl = externalUrlOf(node);
    const entry: MenuEntry = { key: node.path, path: node.path, title: titleOf(node), children: [] };
    if (node.meta?.icon) entry.icon = node.meta.icon;
    if (externalUrl !== null) entry.externalUrl = externalUrl;
    else if (!node.alwaysShow) entry.children = buildMenu(node.children ?? [], auth);
    entries.push(entry);
  }
  return entries;
}

function collectPaths(routes: readonly AppRoute[], into: string[] = []): string[] {
  for (const route of routes) {
    into.push(route.path);
    collectPaths(route.children, into);
  }
  return into;
}

/**
 * Routes and side menu from the server's menu tree (spec part 1 §2.3; jeecg-api.md §3):
 * every node is a route under the layout except `route: '0'` nodes (their children still
 * are), external items, and nodes whose permissionList the user lacks. Hidden nodes are
 * routed but left out of the menu; alwaysShow keeps the parent as a single menu item.
 */
export function buildMenuRoutes(menu: readonly MenuNode[], auth: readonly AuthEntry[]): BuiltRoutes {
  const routes = buildRouteTree(menu, auth);
  return { routes, menu: buildMenu(menu, auth), paths: collectPaths(routes) };
}

/** Leaf entries of the menu, in menu order (for quick links). */
export function flattenMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => (e.children.length > 0 ? flattenMenu(e.children) : [e]));
}

/**
 * The routes leading to `pathname`, outermost first (for the breadcrumb and the tab of the
 * page); empty when no menu route answers it.
 */
export function findRouteChain(pathname: string, routes: readonly AppRoute[]): AppRoute[] {
  const path = normalizePath(pathname);
  for (const route of routes) {
    if (matchPath({ path: route.path, end: true }, path)) return [route];
    const below = findRouteChain(path, route.children);
    if (below.length > 0) return [route, ...below];
  }
  return [];
}

/** A route that shows a screen itself (not a parent or a forward): it may become a tab. */
export function isPageRoute(route: AppRoute): boolean {
  const forwards = route.redirect !== null && normalizePath(route.redirect) !== normalizePath(route.path);
  return route.children.length === 0 && !forwards;
}
