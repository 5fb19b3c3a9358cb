import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as announcements from './0002-announcements.js';
import * as positions from './0003-positions-and-base-data.js';
import * as listIndexes from './0004-list-indexes.js';
import * as departPermissions from './0005-depart-permissions.js';
import * as permissionDataRules from './0006-permission-data-rules.js';
import * as logs from './0007-logs.js';
import * as tenants from './0008-tenants.js';
import * as codeRules from './0009-code-rules.js';
import * as portal from './0010-portal.js';
import * as authExtras from './0011-auth-extras.js';
import * as files from './0012-files.js';
import * as fileTenant from './0013-file-tenant.js';
import * as categories from './0014-categories.js';
import * as onlineReportsDataorg from './0016-online-reports-dataorg.js';
import * as extendFields from './0017-extend-fields.js';
import * as approval from './0020-approval.js';
import * as materials from './0021-materials.js';
import * as supplierLifecycle from './0025-supplier-lifecycle.js';
import * as supplierChange from './0026-supplier-change.js';
import * as admissionReview from './0028-admission-review.js';
import * as evaluation from './0030-evaluation.js';
import * as questionnaire from './0031-questionnaire.js';
import * as samples from './0034-samples.js';
import * as sessionClosing from './0035-session-closing.js';
import * as supplierChangeContacts from './0038-supplier-change-contacts.js';
import * as admissionDecision from './0039-admission-decision.js';
import * as siteAudit from './0040-site-audit.js';
import * as supplierMaterial from './0041-supplier-material.js';
import * as evalIndicatorRaters from './0042-eval-indicator-raters.js';
import * as sourcing from './0043-sourcing.js';
import * as requisitions from './0044-requisitions.js';
import * as auction from './0045-auction.js';
import * as tender from './0046-tender.js';
import * as tenderEvaluation from './0047-tender-evaluation.js';
import * as sourcingLinks from './0049-sourcing-links.js';
import * as auctionSavings from './0050-auction-savings.js';
import * as categoryAdmission from './0051-category-admission.js';
import * as jobState from './0052-job-state.js';
import * as cacheVersions from './0054-cache-versions.js';
import * as unitsOfMeasure from './0053-units-of-measure.js';
import * as systemTenants from './0060-system-tenants.js';
import * as announcementTenant from './0061-announcement-tenant.js';
import * as reportTenant from './0062-report-tenant.js';
import * as jeecgViewNames from './0063-jeecg-view-names.js';
import * as jeecgIconNames from './0064-jeecg-icon-names.js';
import * as extendFieldTenant from './0066-extend-field-tenant.js';
import * as signinGuard from './0067-signin-guard.js';
import * as fileOwner from './0068-file-owner.js';
import * as portalTemplateSetting from './0071-portal-template-setting.js';
import * as documentLogAudit from './0072-document-log-audit.js';
import * as requisitionDocLog from './0075-requisition-doc-log.js';
import * as tenantCodes from './0079-tenant-codes.js';
import * as homeJeecgView from './0080-home-jeecg-view.js';
import * as listSeekIndexes from './0081-list-seek-indexes.js';
import * as contracts from './0082-contracts.js';
import * as purchaseOrder from './0085-purchase-order.js';
import * as sourcingDocLog from './0090-sourcing-doc-log.js';
import * as auctionMethodCode from './0091-auction-method-code.js';
import * as purchaseOrderRevisions from './0092-purchase-order-revisions.js';
import * as purchaseOrderShortClose from './0093-purchase-order-short-close.js';
import * as quotaAllocation from './0094-quota-allocation.js';
import * as contractLifecycle from './0096-contract-lifecycle.js';
import * as quotaDocument from './0099-quota-document.js';
import * as supplierChangeDocument from './0106-supplier-change-document.js';
import * as requisitionDocument from './0104-requisition-document.js';
import * as tenderAuditIntoChain from './0110-tender-audit-into-chain.js';

/** Every migration, in order. Add new ones at the end; never edit a released one. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-announcements': announcements,
  '0003-positions-and-base-data': positions,
  '0004-list-indexes': listIndexes,
  '0005-depart-permissions': departPermissions,
  '0006-permission-data-rules': permissionDataRules,
  '0007-logs': logs,
  '0008-tenants': tenants,
  '0009-code-rules': codeRules,
  '0010-portal': portal,
  '0011-auth-extras': authExtras,
  '0012-files': files,
  '0013-file-tenant': fileTenant,
  '0014-categories': categories,
  '0016-online-reports-dataorg': onlineReportsDataorg,
  '0017-extend-fields': extendFields,
  '0020-approval': approval,
  '0021-materials': materials,
  '0025-supplier-lifecycle': supplierLifecycle,
  '0026-supplier-change': supplierChange,
  '0028-admission-review': admissionReview,
  '0030-evaluation': evaluation,
  '0031-questionnaire': questionnaire,
  '0034-samples': samples,
  '0035-session-closing': sessionClosing,
  '0038-supplier-change-contacts': supplierChangeContacts,
  '0039-admission-decision': admissionDecision,
  '0040-site-audit': siteAudit,
  '0041-supplier-material': supplierMaterial,
  '0042-eval-indicator-raters': evalIndicatorRaters,
  '0043-sourcing': sourcing,
  '0044-requisitions': requisitions,
  '0045-auction': auction,
  '0046-tender': tender,
  '0047-tender-evaluation': tenderEvaluation,
  '0049-sourcing-links': sourcingLinks,
  '0050-auction-savings': auctionSavings,
  '0051-category-admission': categoryAdmission,
  '0052-job-state': jobState,
  '0053-units-of-measure': unitsOfMeasure,
  '0054-cache-versions': cacheVersions,
  '0060-system-tenants': systemTenants,
  '0061-announcement-tenant': announcementTenant,
  '0062-report-tenant': reportTenant,
  '0063-jeecg-view-names': jeecgViewNames,
  '0064-jeecg-icon-names': jeecgIconNames,
  '0066-extend-field-tenant': extendFieldTenant,
  '0067-signin-guard': signinGuard,
  '0068-file-owner': fileOwner,
  '0071-portal-template-setting': portalTemplateSetting,
  '0072-document-log-audit': documentLogAudit,
  '0075-requisition-doc-log': requisitionDocLog,
  '0079-tenant-codes': tenantCodes,
  '0080-home-jeecg-view': homeJeecgView,
  '0081-list-seek-indexes': listSeekIndexes,
  '0082-contracts': contracts,
  '0085-purchase-order': purchaseOrder,
  '0090-sourcing-doc-log': sourcingDocLog,
  '0091-auction-method-code': auctionMethodCode,
  '0092-purchase-order-revisions': purchaseOrderRevisions,
  '0093-purchase-order-short-close': purchaseOrderShortClose,
  '0094-quota-allocation': quotaAllocation,
  '0096-contract-lifecycle': contractLifecycle,
  '0099-quota-document': quotaDocument,
  '0106-supplier-change-document': supplierChangeDocument,
  '0104-requisition-document': requisitionDocument,
  '0110-tender-audit-into-chain': tenderAuditIntoChain,
};
