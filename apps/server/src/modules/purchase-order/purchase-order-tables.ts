import type { AuditColumns } from '../../db/audit-columns.js';

/** Tables of purchase orders (domain §16, migration 0085). Money and quantities are decimal strings. */

export type SrmPurchaseOrderTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  /** STANDARD, CONTRACT_RELEASE, SERVICE or SAMPLE (srm_po_type). */
  orderType: string;
  supplierId: string;
  /** Snapshot when the draft is saved. */
  supplierName: string;
  supplierContact: string | null;
  orgCode: string | null;
  buyerId: string;
  contractId: string | null;
  currency: string;
  /** yyyy-MM-dd. */
  orderDate: string;
  paymentTerms: string | null;
  shipTo: string;
  receiverName: string | null;
  receiverPhone: string | null;
  /** Σ lines (PO-8). */
  amountExclTax: string;
  taxAmount: string;
  amountInclTax: string;
  /** 1/0: copied from po.requiresSupplierConfirmation when the draft is made. */
  requiresSupplierConfirmation: number;
  /** 1 when a line is priced off its price record (PO-2). */
  needsManagerApproval: number;
  supplierConfirmedAt: string | null;
  supplierRejectReason: string | null;
  cancelReason: string | null;
  /** The state `release` brings a held order back to. */
  holdFromStatus: string | null;
  /** NONE, PARTIAL or FULL (§24). */
  receiptStatus: string;
  invoiceStatus: string;
  paymentStatus: string;
  /** srm_po_status. */
  status: string;
  revisionNo: number;
  /** The user who submitted it: never its approver. */
  submittedBy: string | null;
  sourceDocType: string | null;
  sourceDocId: string | null;
  remark: string | null;
};

export type SrmPurchaseOrderLineTable = AuditColumns & {
  id: string;
  tenantId: number;
  orderId: string;
  lineNo: number;
  materialId: string | null;
  materialCode: string | null;
  materialName: string;
  description: string | null;
  spec: string | null;
  categoryId: string | null;
  unit: string;
  qty: string;
  unitPrice: string;
  taxRate: string;
  /** round(qty × unitPrice, 2), excluding tax. */
  amount: string;
  /** round(amount × taxRate / 100, 2). */
  taxAmount: string;
  /** CONTRACT, PRICE_RECORD, AWARD or MANUAL. */
  priceSource: string;
  priceSourceId: string | null;
  priceDeviationReason: string | null;
  needByDate: string;
  /** Set by the supplier at confirmation (PO-5). */
  promisedDate: string | null;
  promiseReason: string | null;
  deliveryPlace: string | null;
  requisitionLineId: string | null;
  contractLineId: string | null;
  awardLineId: string | null;
  quotaArrangementId: string | null;
  inspectionRequired: number;
  qtyInTransit: string;
  qtyReceived: string;
  qtyAccepted: string;
  qtyRejected: string;
  qtyReturned: string;
  qtyInvoiced: string;
  amountInvoiced: string;
  /** What a short-close (PO-7) took off the ordered quantity; `qty` then is what was shipped. */
  qtyShortClosed: string;
  /** OPEN, CLOSED or CANCELLED. */
  lineStatus: string;
  remark: string | null;
};

/** A previous revision of an order (PO-6, migration 0092): the header and lines as they were, JSON text. */
export type SrmPurchaseOrderRevisionTable = {
  id: string;
  tenantId: number;
  orderId: string;
  revisionNo: number;
  /** The order's status when the revision was replaced. */
  status: string;
  amountInclTax: string;
  header: string;
  lines: string;
  changeReason: string | null;
  /** The username of who replaced it. */
  changedBy: string | null;
  changedAt: string;
};

export type PurchaseOrderTables = {
  srmPurchaseOrder: SrmPurchaseOrderTable;
  srmPurchaseOrderLine: SrmPurchaseOrderLineTable;
  srmPurchaseOrderRevision: SrmPurchaseOrderRevisionTable;
};
