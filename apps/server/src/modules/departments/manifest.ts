import type { ModuleManifest } from '../manifest.js';
import { departRoutes } from './depart-routes.js';
import { departAdminRoutes } from './depart-admin-routes.js';
import { departmentsMenus } from './menus.js';

export const departmentsManifest: ModuleManifest = {
  name: 'departments',
  routes: [departRoutes, departAdminRoutes],
  menus: departmentsMenus,
};
