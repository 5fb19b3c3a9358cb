import type { ModuleManifest } from '../manifest.js';
import { jobRoutes } from './job-routes.js';
import { jobsMenus } from './menus.js';

export const jobsManifest: ModuleManifest = {
  name: 'jobs',
  routes: [jobRoutes],
  menus: jobsMenus,
};
