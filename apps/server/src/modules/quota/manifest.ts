import type { ModuleManifest } from '../manifest.js';
import { quotaRoutes } from './quota-routes.js';
import { quotaApprovalDocType } from './quota-service.js';
import { quotaMenus } from './menus.js';

export const quotaManifest: ModuleManifest = {
  name: 'quota',
  routes: [quotaRoutes],
  approvalDocTypes: () => [quotaApprovalDocType],
  menus: quotaMenus,
};
