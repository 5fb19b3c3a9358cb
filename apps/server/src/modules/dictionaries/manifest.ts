import type { ModuleManifest } from '../manifest.js';
import { dictTableRoutes } from './dict-table-routes.js';
import { categoryRoutes } from './category-routes.js';
import { dictionariesMenus } from './menus.js';
import { BASE_DICTIONARIES } from './base-dictionaries.js';

export const dictionariesManifest: ModuleManifest = {
  name: 'dictionaries',
  routes: [dictTableRoutes, categoryRoutes],
  menus: dictionariesMenus,
  dictionaries: BASE_DICTIONARIES,
};
