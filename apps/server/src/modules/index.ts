import type { ModuleManifest } from './manifest.js';
import { dashboardManifest } from './dashboard/manifest.js';
import { authManifest } from './auth/manifest.js';
import { supplierManifest } from './supplier/manifest.js';
import { sampleManifest } from './sample/manifest.js';
import { purchaseOrderManifest } from './purchase-order/manifest.js';
import { contractManifest } from './contract/manifest.js';
import { sourcingManifest } from './sourcing/manifest.js';
import { tenderEvaluationManifest } from './tender-evaluation/manifest.js';
import { auctionManifest } from './auction/manifest.js';
import { tenderManifest } from './tender/manifest.js';
import { materialManifest } from './material/manifest.js';
import { supplierChangeManifest } from './supplier-change/manifest.js';
import { evaluationManifest } from './evaluation/manifest.js';
import { requisitionManifest } from './requisition/manifest.js';
import { quotaManifest } from './quota/manifest.js';
import { approvalManifest } from './approval/manifest.js';
import { announcementsManifest } from './announcements/manifest.js';
import { portalManifest } from './portal/manifest.js';
import { filesManifest } from './files/manifest.js';
import { systemManifest } from './system/manifest.js';
import { usersManifest } from './users/manifest.js';
import { sessionsManifest } from './sessions/manifest.js';
import { logsManifest } from './logs/manifest.js';
import { auditChainManifest } from './audit-chain/manifest.js';
import { jobsManifest } from './jobs/manifest.js';
import { rolesAndPermissionsManifest } from './roles-and-permissions/manifest.js';
import { dictionariesManifest } from './dictionaries/manifest.js';
import { tenantsManifest } from './tenants/manifest.js';
import { departmentsManifest } from './departments/manifest.js';
import { codeRulesManifest } from './code-rules/manifest.js';
import { onlineReportManifest } from './online-report/manifest.js';
import { extendFieldManifest } from './extend-field/manifest.js';

/**
 * Every module of the server, each by its manifest (`<module>/manifest.ts`). app.ts registers
 * their routes, approval document types, document files and jobs; the seed applies their menus,
 * dictionaries and code rules. The order is the order of the base menus and of the jobs.
 */
export const MODULES: readonly ModuleManifest[] = [
  dashboardManifest,
  authManifest,
  supplierManifest,
  sampleManifest,
  contractManifest,
  sourcingManifest,
  tenderEvaluationManifest,
  auctionManifest,
  tenderManifest,
  materialManifest,
  supplierChangeManifest,
  evaluationManifest,
  requisitionManifest,
  quotaManifest,
  purchaseOrderManifest,
  approvalManifest,
  announcementsManifest,
  portalManifest,
  filesManifest,
  systemManifest,
  usersManifest,
  sessionsManifest,
  logsManifest,
  auditChainManifest,
  jobsManifest,
  rolesAndPermissionsManifest,
  dictionariesManifest,
  tenantsManifest,
  departmentsManifest,
  codeRulesManifest,
  onlineReportManifest,
  extendFieldManifest,
];
