/**
 * Quota arrangements (domain §14, migration 0049). Quantities are decimal strings, times
 * ISO-8601 UTC, booleans 0/1.
 */

export type QuotaArrangementTable = {
  id: string;
  tenantId: number;
  /** QA-yyyyMMdd-NNNN. */
  code: string;
  orgCode: string | null;
  materialId: string | null;
  materialCode: string | null;
  materialName: string;
  categoryId: string | null;
  /** yyyy-MM-dd. */
  validFrom: string;
  validTo: string;
  /** QUANTITY or AMOUNT. */
  basis: string;
  minSplitQty: string | null;
  sourceAwardId: string | null;
  sourceEventId: string | null;
  sourceLineId: string | null;
  /** DRAFT, PENDING_APPROVAL, ACTIVE, NEEDS_REVIEW, EXPIRED, SUPERSEDED. */
  status: string;
  versionNo: number;
  adjustReason: string;
  approvalInstanceId: string | null;
  activatedAt: string | null;
  remark: string | null;
  version: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};

export type QuotaLineTable = {
  id: string;
  /** The arrangement's tenant (migration 0099: a line set of the workflow definition). */
  tenantId: number;
  arrangementId: string;
  /** From 1, in the order the buyer gave the shares. */
  lineNo: number;
  supplierId: string;
  supplierName: string;
  /** Whole percent in (0, 100] (QUO-1). */
  quotaPct: number;
  baseQty: string;
  allocatedQty: string;
  active: number;
};

/** QUO-6 / PO-9 (migration 0094): what an approved order line took of an arrangement; reversed on cancellation or reduction. */
export type QuotaAllocationTable = {
  id: string;
  tenantId: number;
  arrangementId: string;
  supplierId: string;
  orderId: string;
  poLineId: string;
  qty: string;
  at: string;
  /** 0/1. */
  reversed: number;
  reversedAt: string | null;
  reverseReason: string | null;
};

export type QuotaTables = {
  quotaArrangement: QuotaArrangementTable;
  quotaLine: QuotaLineTable;
  quotaAllocation: QuotaAllocationTable;
};
