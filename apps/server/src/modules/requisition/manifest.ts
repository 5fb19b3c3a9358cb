import type { ModuleManifest } from '../manifest.js';
import { requisitionRoutes } from './requisition-routes.js';
import { requisitionApprovalDocType } from './requisition-service.js';
import { requisitionMenus } from './menus.js';

export const requisitionManifest: ModuleManifest = {
  name: 'requisition',
  routes: [requisitionRoutes],
  approvalDocTypes: () => [requisitionApprovalDocType],
  menus: requisitionMenus,
};
