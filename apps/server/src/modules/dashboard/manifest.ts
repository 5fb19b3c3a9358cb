import type { ModuleManifest } from '../manifest.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { dashboardMenus } from './menus.js';
import { todoRoutes } from './todo-routes.js';

export const dashboardManifest: ModuleManifest = {
  name: 'dashboard',
  routes: [dashboardRoutes, todoRoutes],
  menus: dashboardMenus,
};
