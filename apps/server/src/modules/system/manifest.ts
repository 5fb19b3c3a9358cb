import type { ModuleManifest } from '../manifest.js';
import { systemRoutes } from './system-routes.js';
import { systemResources } from './system-resources.js';
import { importLogRoutes } from '../../resource/import-log-routes.js';
import { duplicateCheckRoutes } from './duplicate-check-routes.js';
import { testClockRoutes } from './test-clock-routes.js';
import { systemMenus } from './menus.js';

export const systemManifest: ModuleManifest = {
  name: 'system',
  routes: [systemRoutes, systemResources, importLogRoutes, duplicateCheckRoutes, testClockRoutes],
  menus: systemMenus,
};
