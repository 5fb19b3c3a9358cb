import type { ModuleManifest } from '../manifest.js';
import { extendFieldRoutes } from './extend-field-routes.js';
import { extendFieldMenus } from './menus.js';

export const extendFieldManifest: ModuleManifest = {
  name: 'extend-field',
  routes: [extendFieldRoutes],
  menus: extendFieldMenus,
};
