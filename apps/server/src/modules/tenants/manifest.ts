import type { ModuleManifest } from '../manifest.js';
import { tenantRoutes } from './tenant-routes.js';
import { tenantsMenus } from './menus.js';

export const tenantsManifest: ModuleManifest = {
  name: 'tenants',
  routes: [tenantRoutes],
  menus: tenantsMenus,
};
