import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import { resolveResourcePage } from '../resources/resource-route';

/**
 * The one map from a menu `component` string (as stored on the server) to a screen. Each
 * screen is its own lazily loaded chunk; 'layouts/RouteView' just renders its child route.
 */
export const pageRegistry: Readonly<Record<string, ComponentType>> = {
  'layouts/RouteView': Outlet,
  'dashboard/Analysis': lazy(() => import('../pages/dashboard/analysis-page')),
  'system/UserList': lazy(() => import('../pages/system/user-list-page')),
  'system/PermissionList': lazy(() => import('../pages/system/permission-list-page')),
  'system/DepartList': lazy(() => import('../pages/system/depart-list-page')),
  'system/LogList': lazy(() => import('../pages/system/log-list-page')),
  'system/OnlineUser': lazy(() => import('../pages/system/online-user-page')),
  'system/MyAnnouncementList': lazy(() => import('../pages/system/my-announcement-list-page')),
  'supplier/SupplierList': lazy(() => import('../pages/supplier/supplier-list-page')),
  'supplier/SupplierProfile': lazy(() => import('../pages/supplier/supplier-profile-page')),
  'portal/PageDesigner': lazy(() => import('../pages/portal/page-designer-page')),
  'portal/SignupList': lazy(() => import('../pages/portal/signup-list-page')),
};

/** The screen of a menu component string: a registered page, or the generic page of a resource (`resource/<key>`). */
export function resolvePage(component: string): ComponentType | null {
  if (Object.hasOwn(pageRegistry, component)) return pageRegistry[component] ?? null;
  return resolveResourcePage(component);
}
