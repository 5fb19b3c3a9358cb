/**
 * Tables of tenders (domain §11, migration 0046) next to the sourcing event model of 0043.
 * Times are ISO-8601 UTC strings, money decimal strings, booleans 0/1.
 */
export type TenderSettingsTable = {
  eventId: string;
  /** POST (资格后审) or PRE (资格预审). */
  qualificationMode: string;
  docIssueStartAt: string | null;
  docIssueEndAt: string | null;
  docFee: string | null;
  bidBondAmount: string | null;
  bidBondDeadline: string | null;
  clarificationDeadline: string | null;
  objectionDeadline: string | null;
  bidValidityDays: number;
  /** LOWEST_EVALUATED_PRICE or COMPREHENSIVE_SCORE. */
  evaluationMethod: string;
  priceWeight: number;
  techWeight: number;
  businessWeight: number;
  /** LOWEST_AS_BASE or AVERAGE_AS_BASE. */
  priceFormula: string;
  publicityDays: number;
  mustAwardRank1: number;
  /** JSON array of internal user ids (P2). */
  openingOfficerIds: string;
  openingQuorum: number;
  previousEventId: string | null;
  approvalInstanceId: string | null;
};

/** The sealed technical envelope of a bid (one row per sourcing_response of a tender). */
export type TenderBidTable = {
  responseId: string;
  eventId: string;
  technicalSealed: string;
  technicalHash: string;
  /** Null until the technical (or single) envelope is opened. */
  technicalText: string | null;
  technicalFiles: string | null;
  technicalOpenedAt: string | null;
  commercialOpenedAt: string | null;
};

export type TenderOpeningApprovalTable = {
  id: string;
  eventId: string;
  envelope: string;
  userId: string;
  userName: string;
  at: string;
};

export type TenderOpeningRecordTable = {
  id: string;
  eventId: string;
  envelope: string;
  openedAt: string;
  openedBy: string;
  entries: string;
};

export type TenderOpeningConfirmationTable = {
  id: string;
  recordId: string;
  eventId: string;
  supplierId: string;
  decision: string;
  objection: string | null;
  at: string;
};

export type TenderTables = {
  tenderSettings: TenderSettingsTable;
  tenderBid: TenderBidTable;
  tenderOpeningApproval: TenderOpeningApprovalTable;
  tenderOpeningRecord: TenderOpeningRecordTable;
  tenderOpeningConfirmation: TenderOpeningConfirmationTable;
};
