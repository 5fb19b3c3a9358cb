import type { AuditColumns } from '../../db/audit-columns.js';

/**
 * Tables of sourcing (domain §9 one event model for TENDER / RFQ / AUCTION, §13 awards;
 * migration 0043). Money and quantities are decimal strings, times ISO-8601 UTC,
 * booleans 0/1. While an event is sealed and not opened, the price columns of responses and
 * response lines are null and the prices live only in `sealedPayload` (§9.4).
 */

export type SourcingEventTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  /** TENDER, RFQ, AUCTION. */
  type: string;
  method: string;
  title: string;
  purchaseType: string;
  /** PUBLIC or INVITED. */
  visibility: string;
  /** QUALIFIED_IN_CATEGORY, QUALIFIED_ANY, POTENTIAL_OR_BETTER. */
  eligibility: string;
  legalMandatory: number;
  orgCode: string | null;
  orgName: string | null;
  buyerId: string;
  currency: string;
  taxIncludedQuote: number;
  estimatedAmount: string | null;
  ceilingPrice: string | null;
  publishAt: string | null;
  signupStartAt: string | null;
  signupDeadline: string | null;
  responseStartAt: string | null;
  responseDeadline: string | null;
  plannedStartAt: string | null;
  plannedEndAt: string | null;
  sealed: number;
  /** The event's data key wrapped by the master key (base64), set at the first sealed response. */
  sealedKey: string | null;
  envelopeMode: string;
  rounds: number;
  currentRound: number;
  minInvited: number;
  /** Minimum valid responses to proceed (RFQ minQuotes). */
  minParticipants: number;
  allowRevision: number;
  allowWithdraw: number;
  allowPartialQuote: number;
  showTargetPrice: number;
  pricePrecision: number;
  /** SINGLE, SPLIT_BY_LINE, SPLIT_BY_QTY. */
  awardMode: string;
  resultVisibility: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  content: string | null;
  requisitionLineIds: string | null;
  /** Last moment participants may ask questions (SRC-9, migration 0049); null: the response deadline. */
  clarificationDeadline: string | null;
  status: string;
  failReason: string | null;
  cancelReason: string | null;
  publishedAt: string | null;
  openedAt: string | null;
  version: number;
  remark: string | null;
};

export type SourcingLotTable = {
  id: string;
  eventId: string;
  lotNo: number;
  name: string;
  ceilingPrice: string | null;
  /** Type-specific rules (JSON), e.g. an auction's rule block. */
  rules: string | null;
  status: string;
  createTime: string;
  updateTime: string | null;
};

export type SourcingLineTable = {
  id: string;
  eventId: string;
  lotId: string;
  lineNo: number;
  materialId: string | null;
  materialCode: string | null;
  materialName: string;
  spec: string | null;
  categoryId: string | null;
  qty: string;
  unit: string;
  needByDate: string | null;
  deliveryPlace: string | null;
  targetPrice: string | null;
  requisitionLineId: string | null;
  remark: string | null;
  createTime: string;
};

export type SourcingParticipationTable = {
  id: string;
  eventId: string;
  supplierId: string;
  supplierName: string;
  /** INVITED or SIGNED_UP. */
  origin: string;
  /** INVITED, ACCEPTED, DECLINED, APPLIED, APPROVED, REJECTED, CANCELLED, BANNED. */
  status: string;
  lotIds: string | null;
  declineReason: string | null;
  rejectReason: string | null;
  contactName: string | null;
  contactMobile: string | null;
  respondedAt: string | null;
  createBy: string | null;
  createTime: string;
  updateTime: string | null;
};

export type SourcingClarificationTable = {
  id: string;
  eventId: string;
  /** QUESTION, CLARIFICATION, AMENDMENT. */
  kind: string;
  askedBySupplierId: string | null;
  question: string | null;
  answer: string | null;
  publishedAt: string | null;
  affectsResponses: number;
  files: string | null;
  createBy: string | null;
  createTime: string;
};

export type SourcingResponseTable = {
  id: string;
  tenantId: number;
  code: string;
  eventId: string;
  supplierId: string;
  participationId: string;
  round: number;
  versionNo: number;
  /** DRAFT, SUBMITTED, WITHDRAWN, SUPERSEDED, OPENED, VALID, REJECTED, AWARDED, NOT_AWARDED. */
  status: string;
  submittedAt: string | null;
  sealedPayload: string | null;
  payloadHash: string | null;
  clientRequestId: string | null;
  totalAmount: string | null;
  validUntil: string | null;
  paymentTerms: string | null;
  deliveryTerms: string | null;
  rejectReason: string | null;
  openedAt: string | null;
  createBy: string | null;
  createTime: string;
  updateTime: string | null;
};

export type SourcingResponseLineTable = {
  id: string;
  responseId: string;
  sourcingLineId: string;
  offered: number;
  qtyOffered: string | null;
  unitPrice: string | null;
  taxRate: string | null;
  amount: string | null;
  leadTimeDays: number | null;
  promisedDate: string | null;
  minOrderQty: string | null;
  ladder: string | null;
  remark: string | null;
};

export type SourcingOpeningRecordTable = {
  id: string;
  eventId: string;
  round: number;
  openedBy: string;
  openedByName: string;
  openedAt: string;
  responseCount: number;
  summary: string | null;
};

export type SourcingAwardTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  eventId: string;
  lotId: string | null;
  recommendation: string | null;
  deviatesFromRank1: number;
  deviationReason: string | null;
  followUp: string;
  priceValidFrom: string | null;
  priceValidTo: string | null;
  totalAmount: string | null;
  status: string;
  recommendedBy: string;
  approvalInstanceId: string | null;
  approvedAt: string | null;
  publicityStartAt: string | null;
  publicityEndAt: string | null;
  noticeIssuedAt: string | null;
  version: number;
};

export type SourcingAwardLineTable = {
  id: string;
  awardId: string;
  sourcingLineId: string;
  supplierId: string;
  supplierName: string;
  responseLineId: string;
  qty: string;
  sharePct: number | null;
  unitPrice: string;
  taxRate: string;
  amount: string;
  priceValidFrom: string | null;
  priceValidTo: string | null;
  qtyContracted: string;
  qtyOrdered: string;
};

/** A reminder sent to a participant before a deadline (migration 0049): one per event, supplier and kind. */
export type SourcingReminderTable = {
  id: string;
  eventId: string;
  supplierId: string;
  /** RESPONSE_DEADLINE. */
  kind: string;
  deadline: string;
  sentAt: string;
};

export type SourcingTables = {
  sourcingEvent: SourcingEventTable;
  sourcingLot: SourcingLotTable;
  sourcingLine: SourcingLineTable;
  sourcingParticipation: SourcingParticipationTable;
  sourcingClarification: SourcingClarificationTable;
  sourcingResponse: SourcingResponseTable;
  sourcingResponseLine: SourcingResponseLineTable;
  sourcingOpeningRecord: SourcingOpeningRecordTable;
  sourcingAward: SourcingAwardTable;
  sourcingAwardLine: SourcingAwardLineTable;
  sourcingReminder: SourcingReminderTable;
};
