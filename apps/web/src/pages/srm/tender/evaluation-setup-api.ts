import { getOrThrow } from '../../../lib/supplier-api';
import type { Criterion, RankedRow } from '../tender-evaluation/evaluation-api';
import type { TenderSettings } from './tender-api';

/** Wire shapes of the buyer's side of 评标 (domain §11.1, TND-11..16), as `/srm/tender/evaluation/*` answers them. */
/** A saved criterion reads as the committee member's page reads it. */
export type SavedCriterion = Criterion;
export type CriterionGroup = Criterion['criterionGroup'];
export type CriterionMethod = Criterion['method'];
export type EvaluationSettings = {
  evaluationMethod: string;
  priceFormula: string;
  publicityDays: number;
  mustAwardRank1: number;
  criteriaLockedAt: string | null;
  version: number;
};
export type EvaluationSetup = { settings: EvaluationSettings | null; criteria: SavedCriterion[] };

export type CommitteeMember = {
  id: string;
  userId: string;
  userName: string;
  role: string;
  roleText: string;
  isExpert: number;
  declaredNoConflictAt: string | null;
  scoresSubmittedAt: string | null;
};
export type CommitteeCandidate = {
  id: string;
  username: string;
  realname: string;
  isExpert: boolean;
  linkedBidder: string | null;
};

export type ReportCandidate = {
  id: string;
  responseId: string;
  supplierId: string;
  supplierName: string;
  rank: number;
  amount: string;
  totalScore: string | null;
};
export type EvaluationReport = {
  id: string;
  status: 'DRAFT' | 'SIGNED';
  ranking: RankedRow[];
  recommendation: string | null;
  createTime: string | null;
  signedAt: string | null;
  candidates: ReportCandidate[];
  signatures: { memberId: string; userName: string; signedAt: string | null }[];
} | null;

export const METHOD_TEXT: Record<CriterionMethod, string> = {
  FORMULA: '公式计算',
  MANUAL: '人工打分',
  PASS_FAIL: '合格/不合格',
};
export const PRICE_FORMULAS: Record<string, string> = {
  LOWEST_AS_BASE: '最低价为基准',
  AVERAGE_AS_BASE: '平均价为基准',
};

export const loadSetup = (eventId: string) => getOrThrow<EvaluationSetup>('/srm/tender/evaluation/setup', { eventId });
export const loadCommittee = (eventId: string) =>
  getOrThrow<CommitteeMember[]>('/srm/tender/evaluation/committee', { eventId });
export const loadReport = (eventId: string) =>
  getOrThrow<EvaluationReport>('/srm/tender/evaluation/report', { eventId });
export const searchCandidates = (eventId: string, keyword: string) =>
  getOrThrow<CommitteeCandidate[]>(
    '/srm/tender/evaluation/committee/candidates',
    keyword.trim() ? { eventId, keyword: keyword.trim() } : { eventId },
  );

/** Statuses in which the server still takes a new method and criteria (until a member has scored). */
export const SETUP_CLOSED = [
  'AWARD_PENDING_APPROVAL',
  'PUBLICITY',
  'SUSPENDED',
  'AWARDED',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
];
/** Statuses in which the committee can be formed or changed (until a member has scored). */
export const COMMITTEE_OPEN = ['PUBLISHED', 'CLOSED', 'OPENED', 'EVALUATING'];

/** One row of the criteria form. */
export type CriterionDraft = {
  key: string;
  group: CriterionGroup;
  name: string;
  method: CriterionMethod;
  maxScore: string;
  guide: string;
};
export type SetupDraft = {
  evaluationMethod: string;
  priceFormula: string;
  publicityDays: number;
  mustAwardRank1: boolean;
  criteria: CriterionDraft[];
};

let drafted = 0;
export const draftKey = () => `c${(drafted += 1)}`;

/** The criteria the tender's own weights suggest: one formula price item and a manual item per other weighted group; pass/fail only for the lowest evaluated price. */
export function defaultCriteria(
  s: Pick<TenderSettings, 'evaluationMethod' | 'priceWeight' | 'techWeight' | 'businessWeight'>,
): CriterionDraft[] {
  if (s.evaluationMethod === 'LOWEST_EVALUATED_PRICE')
    return [{ key: draftKey(), group: 'TECHNICAL', name: '资格审查', method: 'PASS_FAIL', maxScore: '', guide: '' }];
  const rows: CriterionDraft[] = [
    {
      key: draftKey(),
      group: 'PRICE',
      name: '投标报价',
      method: 'FORMULA',
      maxScore: String(s.priceWeight),
      guide: '',
    },
  ];
  if (s.techWeight > 0)
    rows.push({
      key: draftKey(),
      group: 'TECHNICAL',
      name: '技术方案',
      method: 'MANUAL',
      maxScore: String(s.techWeight),
      guide: '',
    });
  if (s.businessWeight > 0)
    rows.push({
      key: draftKey(),
      group: 'BUSINESS',
      name: '商务条款',
      method: 'MANUAL',
      maxScore: String(s.businessWeight),
      guide: '',
    });
  return rows;
}

/** The form's starting values: what was saved, else the tender's settings (as the server defaults them). */
export function initialDraft(setup: EvaluationSetup, s: TenderSettings): SetupDraft {
  const saved = setup.settings;
  return {
    evaluationMethod: saved?.evaluationMethod ?? s.evaluationMethod,
    priceFormula: saved?.priceFormula ?? s.priceFormula,
    publicityDays: saved?.publicityDays ?? s.publicityDays,
    mustAwardRank1: (saved?.mustAwardRank1 ?? s.mustAwardRank1) === 1,
    criteria: setup.criteria.length
      ? setup.criteria.map((c) => ({
          key: draftKey(),
          group: c.criterionGroup,
          name: c.name,
          method: c.method,
          maxScore: c.method === 'PASS_FAIL' ? '' : c.maxScore,
          guide: c.guide ?? '',
        }))
      : defaultCriteria(s),
  };
}

const SCORE = /^\d{1,3}(\.\d{1,2})?$/;
/** Hundredths, so that sums are exact (scores have at most two decimals). */
const cents = (v: string) => Math.round(Number(v) * 100);
const points = (c: number) => String(c / 100);

/** What keeps the method and criteria from being saved (the server checks the same, TND-13); empty when they can be sent. */
export function setupErrors(
  d: SetupDraft,
  weights: Pick<TenderSettings, 'priceWeight' | 'techWeight' | 'businessWeight'>,
): string[] {
  const errors: string[] = [];
  if (d.publicityDays < 3) errors.push('中标候选人公示期不少于3天');
  if (d.criteria.length === 0) return [...errors, '请至少设置一个评审项'];
  for (const c of d.criteria) {
    if (!c.name.trim()) errors.push('请填写评审项名称');
    else if (c.group === 'PRICE' && c.method !== 'FORMULA') errors.push(`价格评审项“${c.name}”须按公式计算`);
    else if (c.group !== 'PRICE' && c.method === 'FORMULA') errors.push(`评审项“${c.name}”：只有价格评审项按公式计算`);
    else if (c.method !== 'PASS_FAIL' && (!SCORE.test(c.maxScore.trim()) || cents(c.maxScore) <= 0))
      errors.push(`评审项“${c.name}”的满分须为大于0、最多两位小数的数字`);
  }
  if (errors.length) return errors;
  const scored = d.criteria.filter((c) => c.method !== 'PASS_FAIL');
  if (d.evaluationMethod === 'LOWEST_EVALUATED_PRICE')
    return scored.length ? ['经评审的最低投标价法只设合格/不合格评审项，按评审价格排序'] : [];
  if (d.criteria.filter((c) => c.group === 'PRICE').length !== 1) return ['综合评估法须设置且只设置一个价格评审项'];
  const sum = (group?: CriterionGroup) =>
    scored.filter((c) => !group || c.group === group).reduce((n, c) => n + cents(c.maxScore), 0);
  if (sum() !== 10_000) return [`综合评估法各评审项满分合计须为100分，当前${points(sum())}分`];
  const groups: [CriterionGroup, string, number][] = [
    ['PRICE', '价格', weights.priceWeight],
    ['TECHNICAL', '技术', weights.techWeight],
    ['BUSINESS', '商务', weights.businessWeight],
  ];
  return groups
    .filter(([g, , w]) => sum(g) !== w * 100)
    .map(([g, label, w]) => `${label}评审项满分合计须等于招标文件的${label}权重${w}分，当前${points(sum(g))}分`);
}

/** The body of POST setup from a checked draft. */
export function setupBody(eventId: string, d: SetupDraft) {
  return {
    eventId,
    evaluationMethod: d.evaluationMethod,
    priceFormula: d.priceFormula,
    publicityDays: d.publicityDays,
    mustAwardRank1: d.mustAwardRank1,
    criteria: d.criteria.map((c) => ({
      group: c.group,
      name: c.name.trim(),
      method: c.method,
      ...(c.method === 'PASS_FAIL' ? {} : { maxScore: c.maxScore.trim() }),
      ...(c.guide.trim() ? { guide: c.guide.trim() } : {}),
    })),
  };
}

/** One seat of the committee form. */
export type SeatDraft = { userId: string; name: string; role: string; isExpert: boolean; linkedBidder: string | null };

/** TND-11 as the form checks it before sending (the server checks again, and the links to bidders). */
export function committeeErrors(seats: SeatDraft[]): string[] {
  const count = seats.length;
  const errors: string[] = [];
  if (count < 5 || count % 2 === 0) errors.push(`评标委员会须为5人以上单数，当前${count}人`);
  if (seats.filter((s) => s.role === 'CHAIR').length !== 1) errors.push('评标委员会须有且只有一名主任委员');
  const experts = seats.filter((s) => s.isExpert).length;
  if (count > 0 && experts * 3 < count * 2)
    errors.push(`技术、经济专家不少于成员总数的三分之二，当前${experts}/${count}`);
  for (const s of seats.filter((x) => x.linkedBidder))
    errors.push(`${s.name}与投标人“${s.linkedBidder}”存在关联，须回避`);
  return errors;
}
