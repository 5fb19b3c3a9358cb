import { getOrThrow } from '../../../lib/supplier-api';

/** Wire shapes of 评标 (domain §11), as `/srm/tender/evaluation/*` answers a committee member. */
export type Seat = {
  eventId: string;
  code: string;
  title: string;
  status: string;
  openedAt: string | null;
  memberId: string;
  role: string;
  roleText: string;
  declaredNoConflictAt: string | null;
  scoresSubmittedAt: string | null;
};
export type Criterion = {
  id: string;
  criterionGroup: 'PRICE' | 'TECHNICAL' | 'BUSINESS';
  name: string;
  maxScore: string;
  method: 'FORMULA' | 'MANUAL' | 'PASS_FAIL';
  guide: string | null;
  sortNo: number;
};
export type Bid = {
  id: string;
  code: string;
  supplierId: string;
  supplierName: string;
  status: string;
  submittedAt: string | null;
  totalAmount: string | null;
  rejectReason: string | null;
};
export type BidsView = {
  event: { id: string; code: string; title: string; status: string; ceilingPrice: string | null; currency: string };
  criteria: Criterion[];
  bids: Bid[];
};
export type ScoreRow = {
  memberId: string;
  userName: string;
  responseId: string;
  criterionId: string;
  score: string | null;
  passed: number | null;
  comment: string | null;
};
export type Scores = { submitted: boolean; mine: ScoreRow[]; others: ScoreRow[] | null };
export type RankedRow = {
  responseId: string;
  supplierName: string;
  price: string;
  priceScore: string | null;
  techScore: string | null;
  businessScore: string | null;
  total: string | null;
  rank: number | null;
  valid: boolean;
  rejectReason: string | null;
};
export type Report = {
  status: 'DRAFT' | 'SIGNED';
  ranking: RankedRow[];
  candidates: { rank: number; supplierName: string; amount: string }[];
  signatures: { memberId: string; userName: string; signedAt: string }[];
} | null;

export const GROUP_TEXT: Record<string, string> = { PRICE: '价格', TECHNICAL: '技术', BUSINESS: '商务' };
export { TENDER_BID_STATUS_TEXT as BID_STATUS } from '@procura/shared';

export const listSeats = () => getOrThrow<Seat[]>('/srm/tender/evaluation/my');
export const loadBids = (eventId: string) => getOrThrow<BidsView>('/srm/tender/evaluation/bids', { eventId });
export const loadScores = (eventId: string) => getOrThrow<Scores>('/srm/tender/evaluation/scores', { eventId });
export const loadReport = (eventId: string) => getOrThrow<Report>('/srm/tender/evaluation/member/report', { eventId });

/** One member's sheet: per `${responseId}:${criterionId}` a score text (MANUAL) or passed (PASS_FAIL). */
export type Sheet = Record<string, string | boolean | undefined>;
export const cell = (responseId: string, criterionId: string) => `${responseId}:${criterionId}`;

/** Bids still to be scored (not rejected) and the items members score (TND-12). */
export const scoredBids = (bids: Bid[]) => bids.filter((b) => b.status === 'OPENED' || b.status === 'VALID');
export const scoredCriteria = (criteria: Criterion[]) => criteria.filter((c) => c.method !== 'FORMULA');

/** What keeps the sheet from being submitted (TND-12: every item of every valid bid, 0 to the maximum, two decimals); the server checks again. */
export function sheetErrors(bids: Bid[], criteria: Criterion[], sheet: Sheet): string[] {
  const errors: string[] = [];
  let missing = 0;
  for (const b of scoredBids(bids)) {
    for (const c of scoredCriteria(criteria)) {
      const v = sheet[cell(b.id, c.id)];
      if (c.method === 'PASS_FAIL') {
        if (typeof v !== 'boolean') missing += 1;
        continue;
      }
      if (typeof v !== 'string' || v.trim() === '') {
        missing += 1;
        continue;
      }
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(v.trim()))
        errors.push(`${b.supplierName}的“${c.name}”须为不小于0、最多两位小数的数字`);
      else if (Number(v) > Number(c.maxScore))
        errors.push(`${b.supplierName}的“${c.name}”得分不能超过满分${c.maxScore}`);
    }
  }
  if (missing > 0) errors.unshift(`还有${missing}项未评分`);
  return errors;
}

/** The body of `score/submit` from a complete sheet. */
export function sheetBody(eventId: string, bids: Bid[], criteria: Criterion[], sheet: Sheet) {
  return {
    eventId,
    scores: scoredBids(bids).flatMap((b) =>
      scoredCriteria(criteria).map((c) => {
        const v = sheet[cell(b.id, c.id)];
        return c.method === 'PASS_FAIL'
          ? { responseId: b.id, criterionId: c.id, passed: v === true }
          : { responseId: b.id, criterionId: c.id, score: String(v).trim() };
      }),
    ),
  };
}
