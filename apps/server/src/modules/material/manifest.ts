import type { ModuleManifest } from '../manifest.js';
import { materialApprovalDocType, materialRoutes } from './material-routes.js';
import { sourceListRoutes } from './source-list.js';
import { purchaseSettingRoutes } from './purchase-settings.js';
import { materialMenus } from './menus.js';

export const materialManifest: ModuleManifest = {
  name: 'material',
  routes: [materialRoutes, sourceListRoutes, purchaseSettingRoutes],
  approvalDocTypes: () => [materialApprovalDocType],
  menus: materialMenus,
};
