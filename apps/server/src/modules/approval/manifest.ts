import type { ModuleManifest } from '../manifest.js';
import { approvalRoutes } from './approval-routes.js';
import { approvalMenus } from './menus.js';

export const approvalManifest: ModuleManifest = {
  name: 'approval',
  routes: [approvalRoutes],
  menus: approvalMenus,
};
