import type { ModuleManifest } from '../manifest.js';
import { supplierRoutes } from './supplier-routes.js';
import { lifecycleRoutes } from './lifecycle-routes.js';
import { admissionReviewRoutes } from './admission-routes.js';
import { supplierProfileFiles } from './supplier-files.js';
import { siteAuditFiles } from './site-audit.js';
import { qualificationExpiryJob } from './qualification-job.js';
import { supplierMenus } from './menus.js';

export const supplierManifest: ModuleManifest = {
  name: 'supplier',
  routes: [supplierRoutes, lifecycleRoutes, admissionReviewRoutes],
  approvalDocTypes: (ctx) => [...ctx.lifecycle.approvalDocTypes(), ctx.admissionReviews.approvalDocType()],
  documentFiles: [supplierProfileFiles, siteAuditFiles],
  jobs: [qualificationExpiryJob],
  menus: supplierMenus,
};
