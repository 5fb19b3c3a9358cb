import type { ModuleManifest } from '../manifest.js';
import { supplierChangeRoutes } from './change-routes.js';
import { changeRequestFiles } from './change-files.js';
import { SupplierChangeService } from './change-service.js';
import { supplierChangeMenus } from './menus.js';

export const supplierChangeManifest: ModuleManifest = {
  name: 'supplier-change',
  routes: [supplierChangeRoutes],
  approvalDocTypes: (ctx) => new SupplierChangeService(ctx.db).approvalDocTypes(),
  documentFiles: [changeRequestFiles],
  menus: supplierChangeMenus,
};
