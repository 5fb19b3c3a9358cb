import type { ModuleManifest } from '../manifest.js';
import { portalRoutes } from './portal-routes.js';
import { portalMenus } from './menus.js';

export const portalManifest: ModuleManifest = {
  name: 'portal',
  routes: [portalRoutes],
  menus: portalMenus,
};
