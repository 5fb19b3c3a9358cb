import type { ModuleManifest } from '../manifest.js';
import { publicityFinalizerJob, tenderEvaluationRoutes } from './index.js';
import { tenderAwardApprovalDocType } from './tender-award.js';
import { tenderEvaluationMenus } from './menus.js';

export const tenderEvaluationManifest: ModuleManifest = {
  name: 'tender-evaluation',
  routes: [tenderEvaluationRoutes],
  approvalDocTypes: () => [tenderAwardApprovalDocType],
  jobs: [publicityFinalizerJob],
  menus: tenderEvaluationMenus,
};
