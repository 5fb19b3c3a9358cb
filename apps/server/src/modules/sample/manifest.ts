import type { ModuleManifest } from '../manifest.js';
import { sampleRequestFiles, sampleRoutes } from './sample-routes.js';
import { sampleMenus } from './menus.js';

export const sampleManifest: ModuleManifest = {
  name: 'sample',
  routes: [sampleRoutes],
  documentFiles: [sampleRequestFiles],
  menus: sampleMenus,
};
