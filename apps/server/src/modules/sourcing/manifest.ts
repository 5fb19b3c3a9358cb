import type { ModuleManifest } from '../manifest.js';
import { sourcingRoutes } from './index.js';
import { awardApprovalDocType } from './award.js';
import { sourcingReminderJob } from './reminder-job.js';
import { sourcingMenus } from './menus.js';

export const sourcingManifest: ModuleManifest = {
  name: 'sourcing',
  routes: [sourcingRoutes],
  approvalDocTypes: () => [awardApprovalDocType],
  jobs: [sourcingReminderJob],
  menus: sourcingMenus,
};
