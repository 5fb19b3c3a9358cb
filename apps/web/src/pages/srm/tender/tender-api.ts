import type { PageResult } from '@procura/shared';
import { getOrThrow } from '../../../lib/supplier-api';

/** Wire shapes of 招标 (domain §11) as `/srm/tender/*` answers them to the buyer. */
export type TenderRow = {
  id: string;
  code: string;
  method: string;
  methodText: string;
  title: string;
  status: string;
  statusText: string;
  failReason: string | null;
  responseDeadline: string | null;
  envelopeMode: string;
  legalMandatory: number;
  publishedAt: string | null;
  openedAt: string | null;
  createTime: string | null;
};

export type TenderSettings = {
  qualificationMode: string;
  docIssueStartAt: string | null;
  docIssueEndAt: string | null;
  docFee: string | null;
  bidBondAmount: string | null;
  bidBondDeadline: string | null;
  clarificationDeadline: string | null;
  objectionDeadline: string | null;
  bidValidityDays: number;
  evaluationMethod: string;
  priceWeight: number;
  techWeight: number;
  businessWeight: number;
  priceFormula: string;
  publicityDays: number;
  mustAwardRank1: number;
  openingOfficerIds: string[];
  openingQuorum: number;
  previousEventId: string | null;
};

export type TenderLine = {
  id: string;
  lineNo: number;
  materialId: string | null;
  materialCode: string | null;
  materialName: string | null;
  spec: string | null;
  qty: string;
  unit: string | null;
  needByDate: string | null;
};
export type OpeningEntry = {
  supplierName: string;
  responseCode: string;
  submittedAt: string | null;
  totalAmount?: string;
  deliveryDays?: number | null;
  paymentTerms?: string | null;
  technicalFileCount?: number;
};
export type OpeningRecord = {
  id: string;
  envelope: string;
  openedAt: string;
  openedBy: string;
  entries: OpeningEntry[];
  confirmations: { recordId: string; supplierName: string; decision: string; objection: string | null; at: string }[];
};

export type TenderDetail = TenderRow & {
  version: number;
  currency: string;
  purchaseType: string;
  estimatedAmount: string | null;
  ceilingPrice: string | null;
  allowWithdraw: number;
  pricePrecision: number;
  twoEnvelope: number;
  contactName: string | null;
  contactPhone: string | null;
  content: string | null;
  remark: string | null;
  settings: TenderSettings;
  openingOfficers: { id: string; name: string }[];
  lines: TenderLine[];
  participants: {
    id: string;
    supplierId: string;
    supplierName: string;
    origin: string;
    status: string;
    declineReason: string | null;
    createTime: string | null;
  }[];
  openingApprovals: { envelope: string; userId: string; userName: string; at: string }[];
  openingRecords: OpeningRecord[];
};

export type Bid = {
  id: string;
  code: string;
  supplierName: string;
  versionNo: number;
  status: string;
  submittedAt: string | null;
  payloadHash: string | null;
  technicalHash: string;
  totalAmount: string | null;
  paymentTerms: string | null;
  rejectReason: string | null;
  technicalText: string | null;
  technicalFiles: string[];
  commercialOpenedAt: string | null;
  lines: {
    sourcingLineId: string;
    unitPrice: string | null;
    taxRate: string | null;
    amount: string | null;
    leadTimeDays: number | null;
  }[];
};

/** One of the tender's entries of the tenant's audit chain: a status move of it or its documents, or an event (P4). */
export type AuditEntry = {
  id: string;
  seq: number;
  docType: string;
  docId: string;
  action: string;
  kind: 'EVENT' | 'TRANSITION';
  actorName: string;
  ip: string | null;
  atWire: string | null;
  prevHash: string;
  hash: string;
};
/** The tenant chain's verification: brokenAtSeq and reason name its first broken entry. */
export type AuditCheck = { valid: boolean; brokenAtSeq: number | null; reason: string | null; count: number };
export type OpenResult = {
  result: 'FAILED' | 'PENDING' | 'OPENED';
  envelope: string | null;
  approvals: number;
  quorum: number;
};

export { EVENT_STATUS_TEXT as TENDER_STATUS } from '@procura/shared';
export { TENDER_METHOD_TEXT as METHODS } from '@procura/shared';
export const EVALUATION_METHODS: Record<string, string> = {
  COMPREHENSIVE_SCORE: '综合评估法',
  LOWEST_EVALUATED_PRICE: '经评审的最低投标价法',
};
export { TENDER_ENVELOPE_TEXT as ENVELOPES } from '@procura/shared';
export const FAIL_REASONS: Record<string, string> = {
  INSUFFICIENT_BIDS: '投标人不足3家',
  ALL_REJECTED: '全部投标被否决',
};
export const listTenders = (params: Record<string, string>) =>
  getOrThrow<PageResult<TenderRow>>('/srm/tender/list', params);
export const loadTender = (id: string) => getOrThrow<TenderDetail>('/srm/tender/queryById', { id });
export const loadBids = (id: string) => getOrThrow<Bid[]>('/srm/tender/bids', { id });
export const loadAudit = (id: string) => getOrThrow<AuditEntry[]>('/srm/tender/audit/list', { id });
export const verifyAudit = (id: string) => getOrThrow<AuditCheck>('/srm/tender/audit/verify', { id });

export type WeightInput = {
  evaluationMethod: string;
  priceWeight?: number | null;
  techWeight?: number | null;
  businessWeight?: number | null;
};

/** The form's check before sending (the server checks again): weights summing to 100 for 综合评估法. */
export function weightError(v: WeightInput): string | null {
  if (v.evaluationMethod !== 'COMPREHENSIVE_SCORE') return null;
  const sum = (v.priceWeight ?? 0) + (v.techWeight ?? 0) + (v.businessWeight ?? 0);
  return sum === 100 ? null : `综合评估法的价格、技术、商务权重合计须为100，当前为${sum}`;
}

/** TND-1 / TND-2 as the form warns before submitting (legally mandatory tenders only). */
export function statutoryErrors(
  legalMandatory: boolean,
  docStart?: string,
  docEnd?: string,
  deadline?: string,
): string[] {
  if (!legalMandatory || !docStart || !docEnd || !deadline) return [];
  const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
  const errors: string[] = [];
  if (days(docStart, deadline) < 20)
    errors.push('依法必须招标的项目，自招标文件开始发出之日起至投标截止时间止不得少于20日');
  if (days(docStart, docEnd) < 5) errors.push('招标文件发售期不得少于5日');
  return errors;
}
