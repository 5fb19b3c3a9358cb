import type { AuditColumns } from '../../db/audit-columns.js';

/** Tables of contracts (domain §15, migration 0082). Money and quantities are decimal strings. */

export type SrmContractTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  title: string;
  /** FRAMEWORK, STANDARD or SERVICE (srm_contract_type). */
  contractType: string;
  supplierId: string;
  /** Snapshot when the draft is saved. */
  supplierName: string | null;
  /** The award it was made from: supplier, lines, prices and quantities locked (CON-1). */
  sourceAwardId: string | null;
  sourceDocType: string | null;
  sourceDocId: string | null;
  currency: string;
  /** Σ lines. */
  amountExclTax: string;
  taxAmount: string;
  amountInclTax: string;
  /** yyyy-MM-dd. */
  validFrom: string;
  validTo: string;
  /** srm_contract_status. */
  status: string;
  deliveryTerms: string | null;
  qualityTerms: string | null;
  warrantyTerms: string | null;
  signedAt: string | null;
  /** File ids of the signed scans, comma-separated. */
  signedFiles: string | null;
  supplierConfirmedAt: string | null;
  supplierRejectReason: string | null;
  remark: string | null;
  /** CON-6: 1, then one more per amendment; the family is `rootContractId` (null on the first version). */
  versionNo: number;
  rootContractId: string | null;
  previousVersionId: string | null;
  amendReason: string | null;
  /** A supplement (补充协议) names the contract it is attached to. */
  parentContractId: string | null;
  terminateReason: string | null;
  templateId: string | null;
  /** The contract text rendered from its template (sanitised HTML). */
  body: string | null;
};

export type SrmContractLineTable = {
  id: string;
  tenantId: number;
  contractId: string;
  lineNo: number;
  materialId: string | null;
  materialName: string;
  spec: string | null;
  unit: string;
  qty: string;
  unitPrice: string;
  taxRate: string;
  amount: string | null;
  taxAmount: string | null;
  deliveryDate: string | null;
  awardLineId: string | null;
  /** What orders have called off against the line (CON-5). */
  qtyOrdered: string;
  amountOrdered: string;
};

/** A pay plan stage (付款计划): Σ pct = 100 and Σ amount = amountInclTax (CON-2). */
export type SrmContractPayStageTable = {
  id: string;
  tenantId: number;
  contractId: string;
  seq: number;
  /** ADVANCE, ON_DELIVERY, ON_ACCEPTANCE, WARRANTY_RETENTION or MILESTONE. */
  stageType: string;
  trigger: string | null;
  pct: string;
  amount: string;
  plannedDate: string | null;
  paidAmount: string;
  /** PLANNED, DUE, PARTIALLY_PAID or PAID. */
  status: string;
};

/** A CON-3 overdue warning, sent once per award, supplier and kind (migration 0096). */
export type SrmContractWarningTable = {
  id: string;
  tenantId: number;
  awardId: string;
  supplierId: string;
  kind: string;
  sentAt: string;
};

export type ContractTables = {
  srmContractWarning: SrmContractWarningTable;
  srmContract: SrmContractTable;
  srmContractLine: SrmContractLineTable;
  srmContractPayStage: SrmContractPayStageTable;
};
