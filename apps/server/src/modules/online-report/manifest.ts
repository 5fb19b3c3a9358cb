import type { ModuleManifest } from '../manifest.js';
import { reportRoutes } from './report-routes.js';
import { dataorgRoutes } from './dataorg-routes.js';
import { onlineReportMenus } from './menus.js';

export const onlineReportManifest: ModuleManifest = {
  name: 'online-report',
  routes: [reportRoutes, dataorgRoutes],
  menus: onlineReportMenus,
};
