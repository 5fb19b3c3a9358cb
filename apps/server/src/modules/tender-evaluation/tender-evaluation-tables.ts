/**
 * Tables of tender evaluation (migration 0047, domain §11.1): settings, committee, criteria,
 * scores, rejections, the evaluation report with signatures and candidates, objections.
 * Scores and money are decimal strings, times ISO-8601 UTC, booleans 0/1.
 */

export type TenderEvaluationTable = {
  eventId: string;
  tenantId: number;
  /** LOWEST_EVALUATED_PRICE or COMPREHENSIVE_SCORE. */
  evaluationMethod: string;
  /** LOWEST_AS_BASE or AVERAGE_AS_BASE. */
  priceFormula: string;
  publicityDays: number;
  mustAwardRank1: number;
  criteriaLockedAt: string | null;
  version: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};

export type TenderCommitteeMemberTable = {
  id: string;
  eventId: string;
  userId: string;
  userName: string;
  /** CHAIR, MEMBER, BUYER_REP. */
  role: string;
  isExpert: number;
  declaredNoConflictAt: string | null;
  scoresSubmittedAt: string | null;
  formedBy: string;
  createTime: string;
};

export type TenderCriterionTable = {
  id: string;
  eventId: string;
  /** PRICE, TECHNICAL, BUSINESS. */
  criterionGroup: string;
  name: string;
  maxScore: string;
  /** FORMULA, MANUAL, PASS_FAIL. */
  method: string;
  guide: string | null;
  sortNo: number;
};

export type TenderScoreTable = {
  id: string;
  eventId: string;
  memberId: string;
  responseId: string;
  criterionId: string;
  score: string | null;
  passed: number | null;
  comment: string | null;
  submittedAt: string;
};

export type TenderRejectionTable = {
  id: string;
  eventId: string;
  responseId: string;
  reason: string;
  rejectedBy: string;
  rejectedAt: string;
};

export type TenderEvaluationReportTable = {
  id: string;
  tenantId: number;
  eventId: string;
  lotId: string | null;
  ranking: string;
  recommendation: string | null;
  /** DRAFT, SIGNED. */
  status: string;
  signedAt: string | null;
  createBy: string | null;
  createTime: string;
};

export type TenderReportSignatureTable = { id: string; reportId: string; memberId: string; signedAt: string };

export type TenderCandidateTable = {
  id: string;
  eventId: string;
  reportId: string;
  lotId: string | null;
  responseId: string;
  supplierId: string;
  supplierName: string;
  rank: number;
  amount: string;
  totalScore: string | null;
};

export type TenderObjectionTable = {
  id: string;
  tenantId: number;
  eventId: string;
  awardId: string | null;
  supplierId: string;
  supplierName: string;
  /** DOCUMENTS, OPENING, RESULT. */
  stage: string;
  content: string;
  receivedAt: string;
  answer: string | null;
  answeredAt: string | null;
  answeredBy: string | null;
  /** RECEIVED, ANSWERED, WITHDRAWN. */
  status: string;
  createBy: string | null;
};

export type TenderEvaluationTables = {
  tenderEvaluation: TenderEvaluationTable;
  tenderCommitteeMember: TenderCommitteeMemberTable;
  tenderCriterion: TenderCriterionTable;
  tenderScore: TenderScoreTable;
  tenderRejection: TenderRejectionTable;
  tenderEvaluationReport: TenderEvaluationReportTable;
  tenderReportSignature: TenderReportSignatureTable;
  tenderCandidate: TenderCandidateTable;
  tenderObjection: TenderObjectionTable;
};
