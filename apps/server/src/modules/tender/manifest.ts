import type { ModuleManifest } from '../manifest.js';
import { tenderModuleRoutes } from './index.js';
import { tenderApprovalDocType } from './tender-routes.js';
import { tenderMenus } from './menus.js';
import { tenderBidFiles } from './bid-files.js';

export const tenderManifest: ModuleManifest = {
  name: 'tender',
  routes: [tenderModuleRoutes],
  approvalDocTypes: () => [tenderApprovalDocType],
  menus: tenderMenus,
  documentFiles: [tenderBidFiles],
};
