import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Navigate, matchPath } from 'react-router';
import type { RouteObject } from 'react-router';
import { COMPLETE_SUPPLIER_INFO_PATH, HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH } from '@procura/shared';
import { ROUTE_VIEW } from '../lib/menu-routes';
import type { AppRoute, BuiltRoutes } from '../lib/menu-routes';
import { normalizePath } from '../lib/path';
import { LeaveForLogin } from './leave-for-login';
import { MenuPage } from './menu-page';
import { PageBoundary } from './page-boundary';
import { resolvePage } from './page-registry';

// The back-office shell is its own chunk, so public pages never load it.
const BasicLayout = lazy(() => import('../shell/basic-layout').then((m) => ({ default: m.BasicLayout })));
const RegisterPage = lazy(() => import('../pages/user/register-page'));
const RegisterResultPage = lazy(() => import('../pages/user/register-result-page'));
const AlterationPage = lazy(() => import('../pages/user/alteration-page'));
const SsoLoginPage = lazy(() => import('../pages/user/sso-login-page'));
const CompleteSupplierInfoPage = lazy(() => import('../pages/supplier/complete-supplier-info-page'));
const NotFoundPage = lazy(() => import('../pages/exception/not-found-page'));
const ForbiddenPage = lazy(() => import('../pages/exception/forbidden-page'));
const ServerErrorPage = lazy(() => import('../pages/exception/server-error-page'));

export const FORBIDDEN_PATH = '/403';
export const SERVER_ERROR_PATH = '/500';
/** Public pages of spec part 1 §2.1 besides login: registration, its result, password retrieval, SSO. */
export const REGISTER_PATHS = ['/register', '/supplierRegister'] as const;
export const REGISTER_RESULT_PATH = '/register-result';
export const ALTERATION_PATH = '/alteration';
export const SSO_LOGIN_PATH = '/user/ssoLogin';

/** Paths the app answers whatever the menu says. */
export const STATIC_PATHS = [
  '/',
  '/user',
  LOGIN_PATH,
  SSO_LOGIN_PATH,
  ...REGISTER_PATHS,
  REGISTER_RESULT_PATH,
  ALTERATION_PATH,
  COMPLETE_SUPPLIER_INFO_PATH,
  NOT_FOUND_PATH,
  FORBIDDEN_PATH,
  SERVER_ERROR_PATH,
] as const;

export function isKnownPath(pathname: string, built: BuiltRoutes | null): boolean {
  const path = normalizePath(pathname);
  const patterns = [...STATIC_PATHS, ...(built?.paths ?? [])];
  return patterns.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null);
}

function page(Page: ComponentType) {
  return (
    <PageBoundary>
      <Page />
    </PageBoundary>
  );
}

function sameTarget(a: string, b: string): boolean {
  return normalizePath(a) === normalizePath(b);
}

/** A menu route as a react-router route; children use paths relative to their parent. */
export function toRouteObject(route: AppRoute, parentPath?: string): RouteObject {
  const path = parentPath ? route.path.slice(parentPath.length).replace(/^\/+/, '') : route.path;
  const handle = { meta: route.meta, name: route.name };
  // alwaysShow sets redirect to the route's own path: stay on it.
  const forward = route.redirect && !sameTarget(route.redirect, route.path) ? route.redirect : null;
  if (route.children.length === 0) {
    return {
      path,
      handle,
      element: forward ? (
        <Navigate to={forward} replace />
      ) : (
        <MenuPage page={resolvePage(route.component)} component={route.component} />
      ),
    };
  }
  const children = route.children.map((child) => toRouteObject(child, route.path));
  // A pass-through parent opened by itself shows its first child rather than an empty frame.
  const firstChild = route.children.find((c) => !c.meta.hidden) ?? route.children[0];
  const indexTarget = forward ?? (route.component === ROUTE_VIEW && firstChild ? firstChild.path : null);
  return {
    path,
    handle,
    element: <MenuPage page={resolvePage(route.component)} component={route.component} />,
    children: indexTarget ? [{ index: true, element: <Navigate to={indexTarget} replace /> }, ...children] : children,
  };
}

/** The whole route table: static pages, the layout with the menu routes, and the 404 catch-all. */
export function buildRouteTable(built: BuiltRoutes | null): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={HOME_PATH} replace /> },
    { path: '/user', element: <Navigate to={LOGIN_PATH} replace /> },
    // The sign-in page is its own entry (login.html): arriving here means a full page load there.
    { path: LOGIN_PATH, element: <LeaveForLogin /> },
    { path: SSO_LOGIN_PATH, element: page(SsoLoginPage) },
    ...REGISTER_PATHS.map((path) => ({ path, element: page(RegisterPage) })),
    { path: REGISTER_RESULT_PATH, element: page(RegisterResultPage) },
    { path: ALTERATION_PATH, element: page(AlterationPage) },
    { path: COMPLETE_SUPPLIER_INFO_PATH, element: page(CompleteSupplierInfoPage) },
    { path: NOT_FOUND_PATH, element: page(NotFoundPage) },
    { path: FORBIDDEN_PATH, element: page(ForbiddenPage) },
    { path: SERVER_ERROR_PATH, element: page(ServerErrorPage) },
    { element: page(BasicLayout), children: (built?.routes ?? []).map((route) => toRouteObject(route)) },
    { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
  ];
}
