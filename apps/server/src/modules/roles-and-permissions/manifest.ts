import type { ModuleManifest } from '../manifest.js';
import { rolePermissionRoutes } from './role-permission-routes.js';
import { permissionAdminRoutes } from './permission-admin-routes.js';
import { permissionDataRuleRoutes } from './data-rule-routes.js';
import { rolesAndPermissionsMenus } from './menus.js';

export const rolesAndPermissionsManifest: ModuleManifest = {
  name: 'roles-and-permissions',
  routes: [rolePermissionRoutes, permissionAdminRoutes, permissionDataRuleRoutes],
  menus: rolesAndPermissionsMenus,
};
