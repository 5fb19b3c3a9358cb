import type { ModuleManifest } from '../manifest.js';
import { evaluationRoutes } from './evaluation-routes.js';
import { evalPublicationApprovalDocType } from './eval-project-routes.js';
import { evaluationMenus } from './menus.js';

export const evaluationManifest: ModuleManifest = {
  name: 'evaluation',
  routes: [evaluationRoutes],
  approvalDocTypes: () => [evalPublicationApprovalDocType],
  menus: evaluationMenus,
};
