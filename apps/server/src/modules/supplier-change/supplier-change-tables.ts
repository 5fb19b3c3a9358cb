/** Tables of supplier change requests (domain §5, migration 0026). */

export type SupplierChangeRequestTable = {
  id: string;
  tenantId: number;
  code: string;
  supplierId: string;
  /** JSON array of sections touched: BASIC, BANK, CONTACT. */
  sections: string;
  /** JSON array of ChangeValue: { section, field, label, oldValue, newValue, entityId?, op? }. */
  changes: string;
  /** The supplier's profile version the request was made against (CHG-2). */
  baseVersion: number;
  reason: string;
  /** Evidence files (CHG-3), comma-joined stored paths. */
  files: string;
  /** SUPPLIER or BUYER. */
  initiatedBy: string;
  /** DRAFT, SUBMITTED, APPROVED, REJECTED or WITHDRAWN. */
  status: string;
  /** The user who created the draft or submitted the request. */
  submittedBy: string;
  /** For a DRAFT: when it was last saved (the column predates drafts and is not null). */
  submittedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};

/** One applied field change (who asked, who approved, old, new, request code). */
export type SupplierChangeHistoryTable = {
  id: string;
  supplierId: string;
  requestId: string;
  requestCode: string;
  /** A profile field (`name`, `bankAccountNo`) or a contact's (`contact.mobile`). */
  field: string;
  /** The contact a CONTACT change touched (migration 0038). */
  entityId: string | null;
  /** As shown when applied, e.g. 联系人「李强」手机 (null on rows before 0038). */
  label: string | null;
  oldValue: string | null;
  newValue: string | null;
  requestedBy: string;
  approvedBy: string | null;
  changedAt: string;
};

export type SupplierChangeTables = {
  supplierChangeRequest: SupplierChangeRequestTable;
  supplierChangeHistory: SupplierChangeHistoryTable;
};
