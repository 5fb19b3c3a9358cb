import type { ModuleManifest } from '../manifest.js';
import { logRoutes } from './log-routes.js';
import { logsMenus } from './menus.js';

export const logsManifest: ModuleManifest = {
  name: 'logs',
  routes: [logRoutes],
  menus: logsMenus,
};
