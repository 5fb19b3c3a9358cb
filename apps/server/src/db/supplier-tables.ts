import type { Generated } from 'kysely';
import type { AuditColumns } from './audit-columns.js';

/**
 * Tables of suppliers and their lifecycle (domain §4): contacts, bank accounts, qualifications,
 * categories, status requests, admission reviews, site audits and the status log.
 */

export type SupplierTable = AuditColumns & {
  id: string;
  code: string;
  name: string;
  uscc: string | null;
  legalPerson: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  /** JSON array of main category codes. */
  mainCategories: string;
  source: string;
  status: string;
  infoStatus: string;
  delFlag: number;
  /** The tenant whose buyers see this supplier (0: no tenant). */
  tenantId: Generated<number>;
  /** Optimistic lock; a new row starts at 1. */
  version: Generated<number>;
  /** JSON object section → the reviewer's comment when the information was returned (§4.2 step 5). */
  returnComments: string | null;
  /** The status an unfreeze returns to (saved by freeze and blacklist, SST-1). */
  resumeStatus: string | null;
  businessLicenseFile: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
};

export type SupplierContactTable = AuditColumns & {
  id: string;
  supplierId: string;
  name: string;
  mobile: string;
  email: string | null;
  role: string;
  isPrimary: number;
};

export type SupplierBankAccountTable = AuditColumns & {
  id: string;
  supplierId: string;
  bankName: string;
  accountName: string;
  accountNo: string;
  isPrimary: number;
  status: string;
};

/** A supplier's certificate with validity (domain §4.1 SupplierQualification). */
export type SupplierQualificationTable = AuditColumns & {
  id: string;
  supplierId: string;
  typeCode: string;
  certNo: string;
  issuer: string | null;
  issueDate: string | null;
  /** yyyy-MM-dd; null means no expiry. */
  expiryDate: string | null;
  scope: string | null;
  files: string;
  /** PENDING_REVIEW, VALID, EXPIRING, EXPIRED or REJECTED. */
  status: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  reviewComment: string | null;
  /** The smallest days-before-expiry notice already sent (30 or 7; QLF-3). */
  notifiedDays: number | null;
};

/** The supplier's standing per category (APPLYING, TRIAL, QUALIFIED, SUSPENDED, TERMINATED). */
export type SupplierCategoryTable = {
  id: string;
  supplierId: string;
  categoryCode: string;
  status: string;
  qualifiedAt: string | null;
  suspendedAt: string | null;
  sourceRequestId: string | null;
  /** QLF-4: cap on order value while the category is in TRIAL (decimal string, X-6). */
  trialLimitAmount: string | null;
  createTime: string;
  updateTime: string | null;
};

/** A status change that needs a second person: BLACKLIST, LIFT_BLACKLIST, ADMISSION (X-10, SST-1). */
export type SupplierStatusRequestTable = {
  id: string;
  supplierId: string;
  action: string;
  categoryCode: string | null;
  reason: string;
  /** PENDING, APPROVED or REJECTED. */
  status: string;
  proposedBy: string;
  proposedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
};

/** Domain §4.3: an admission review of one supplier for one category (steps as JSON). */
export type SupplierAdmissionReviewTable = {
  id: string;
  tenantId: number;
  code: string;
  supplierId: string;
  categoryCode: string;
  reviewType: string;
  steps: string;
  questionnaireId: string | null;
  status: string;
  openedBy: string;
  openedAt: string;
  submittedBy: string | null;
  submittedAt: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  /** §4.3: APPROVE, CONDITIONAL (admit in TRIAL) or REJECT, proposed on submission. */
  decision: string | null;
  trialLimitAmount: string | null;
  version: Generated<number>;
};

/** The site audit of an admission review (§4.1, migration 0040): one per review. */
export type SupplierSiteAuditTable = {
  id: string;
  tenantId: number;
  reviewId: string;
  supplierId: string;
  /** yyyy-MM-dd. */
  auditDate: string;
  address: string;
  /** Comma-joined internal user ids. */
  members: string;
  supplierEscort: string | null;
  /** A questionnaire template used as the checklist. */
  checklistTemplateId: string | null;
  /** 0–100. */
  score: number;
  /** PASS, CONDITIONAL or FAIL. */
  result: string;
  findings: string | null;
  /** Comma-joined stored file paths. */
  files: string | null;
  recordedBy: string;
  recordedAt: string;
  version: Generated<number>;
};

export type SupplierStatusLogTable = {
  id: string;
  supplierId: string;
  /** COMPANY or CATEGORY. */
  scope: string;
  categoryId: string | null;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  sourceDocType: string | null;
  sourceDocId: string | null;
  actorId: string | null;
  /** INTERNAL, SUPPLIER or SYSTEM. */
  actorKind: string;
  at: string;
};

export type SupplierTables = {
  supplier: SupplierTable;
  supplierContact: SupplierContactTable;
  supplierBankAccount: SupplierBankAccountTable;
  supplierQualification: SupplierQualificationTable;
  supplierCategory: SupplierCategoryTable;
  supplierStatusRequest: SupplierStatusRequestTable;
  supplierAdmissionReview: SupplierAdmissionReviewTable;
  supplierSiteAudit: SupplierSiteAuditTable;
  supplierStatusLog: SupplierStatusLogTable;
};
