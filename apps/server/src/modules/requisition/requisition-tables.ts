import type { AuditColumns } from '../../db/audit-columns.js';
import type { Generated } from 'kysely';

/** Tables of purchase requisitions (domain §8, migration 0044). Money and quantities are decimal strings. */

export type PurchaseRequisitionTable = AuditColumns & {
  id: string;
  tenantId: number;
  sysOrgCode: string | null;
  code: string;
  title: string;
  requesterId: string;
  departmentCode: string | null;
  /** srm_purchase_type. */
  purchaseType: string;
  /** NORMAL or URGENT (then `urgentReason` is required). */
  urgency: string;
  urgentReason: string | null;
  reason: string | null;
  /** Σ line amounts, money (PR-2). */
  budgetAmount: string;
  currency: string;
  deliveryPlace: string | null;
  buyerId: string | null;
  /** srm_pr_status. */
  status: string;
  submittedBy: string | null;
  submittedAt: string | null;
  approvedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  remark: string | null;
  delFlag: number;
  version: number;
};

export type PurchaseRequisitionLineTable = {
  id: string;
  requisitionId: string;
  tenantId: number;
  lineNo: number;
  materialId: string | null;
  materialCode: string | null;
  materialName: string | null;
  description: string | null;
  spec: string | null;
  categoryId: string | null;
  qty: string;
  unit: string;
  /** yyyy-MM-dd. */
  needByDate: string;
  estimatedUnitPrice: string | null;
  /** round(qty × estimatedUnitPrice, 2). */
  amount: string;
  suggestedSupplierId: string | null;
  suggestionReason: string | null;
  deliveryPlace: string | null;
  qtyInSourcing: string;
  qtyOrdered: string;
  qtyCancelled: string;
  /** Part of qtyInSourcing converted by a FINAL award (PR-7 SOURCED; migration 0049). */
  qtyAwarded: Generated<string>;
  /** OPEN, IN_SOURCING, SOURCED, ORDERED, CLOSED or CANCELLED (PR-7). */
  lineStatus: string;
  remark: string | null;
};

export type RequisitionTables = {
  purchaseRequisition: PurchaseRequisitionTable;
  purchaseRequisitionLine: PurchaseRequisitionLineTable;
};
