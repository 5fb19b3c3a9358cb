import type { ModuleManifest } from '../manifest.js';
import { accountRoutes } from './account-routes.js';
import { userAdminRoutes } from './user-admin-routes.js';
import { supplierUserRoutes } from './supplier-user-routes.js';
import { userCompatRoutes } from './user-compat-routes.js';
import { usersMenus } from './menus.js';
import { userImportRoutes } from './user-import.js';

export const usersManifest: ModuleManifest = {
  name: 'users',
  routes: [accountRoutes, userAdminRoutes, supplierUserRoutes, userCompatRoutes, userImportRoutes],
  menus: usersMenus,
};
