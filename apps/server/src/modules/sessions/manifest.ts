import type { ModuleManifest } from '../manifest.js';
import { sessionAdminRoutes } from './session-admin-routes.js';
import { sessionsMenus } from './menus.js';

export const sessionsManifest: ModuleManifest = {
  name: 'sessions',
  routes: [sessionAdminRoutes],
  menus: sessionsMenus,
};
