/**
 * Supplier evaluation (domain §20): the weight rule (EVA-1), the grade band rule (EVA-2) and
 * the score formula, shared by the server (which enforces them) and the web (which shows the
 * same messages early). Weights and scores are decimals with at most 2 places, carried as
 * strings and computed in exact integer hundredths.
 */
import { divRound, fromScaled, SCALED_ONE, toScaled, trim } from './decimal.js';

/** One hundredth in millionths. */
const HUNDREDTH = SCALED_ONE / 100n;

export const EVAL_DIMENSIONS = ['QUALITY', 'COST', 'DELIVERY', 'SERVICE', 'TECHNOLOGY'] as const;
export type EvalDimension = (typeof EVAL_DIMENSIONS)[number];
export const EVAL_DIMENSION_LABELS: Record<EvalDimension, string> = {
  QUALITY: '质量',
  COST: '成本',
  DELIVERY: '交付',
  SERVICE: '服务',
  TECHNOLOGY: '技术',
};

export const EVAL_METRICS = [
  'ON_TIME_DELIVERY_RATE',
  'INCOMING_PASS_RATE',
  'PRICE_COMPETITIVENESS',
  'RFQ_RESPONSE_RATE',
  'DEDUCTION_COUNT',
  'DEDUCTION_AMOUNT',
  'ASN_ACCURACY',
  'INVOICE_EXCEPTION_RATE',
] as const;

export const GRADE_CONSEQUENCES = [
  'WARN_RFQ',
  'WARN_PO',
  'BLOCK_RFQ',
  'BLOCK_PO',
  'PROPOSE_FREEZE',
  'PROPOSE_ELIMINATE',
] as const;
export type GradeConsequence = (typeof GRADE_CONSEQUENCES)[number];
export const GRADE_CONSEQUENCE_LABELS: Record<GradeConsequence, string> = {
  WARN_RFQ: '询价预警',
  WARN_PO: '下单预警',
  BLOCK_RFQ: '禁止询价',
  BLOCK_PO: '禁止下单',
  PROPOSE_FREEZE: '建议冻结',
  PROPOSE_ELIMINATE: '建议淘汰',
};

/** Why SYSTEM indicators score nothing yet: their documents (receipts, inspections …) do not exist in this release. */
export const SYSTEM_INDICATOR_NOTE =
  '系统指标将根据收货、质检等单据自动计算；相关单据上线前记为“不适用”，其权重在维度内按比例分配给其他指标';

/** Days a supplier may appeal a published result (evaluation.appealDays, EVA-6). */
export const EVAL_APPEAL_DAYS = 7;

/** `raterRoles`: role codes of the internal roles that rate a MANUAL indicator (none: every rater of the project). */
export type EvalIndicatorInput = {
  name: string;
  weight: string;
  method: 'SYSTEM' | 'MANUAL';
  metricKey?: string | null;
  raterRoles?: string[];
};
/** Who rates which MANUAL indicator of a project (EVA-3). */
export type EvalRaterAssignment = { indicatorId: string; userId: string };
export type EvalDimensionInput = { dimension: EvalDimension; weight: string; indicators: EvalIndicatorInput[] };
export type GradeBandInput = {
  grade: string;
  minScore: string;
  maxScore: string;
  consequence: GradeConsequence[];
  colour?: string | null;
};

/** Hundredths of a decimal with at most 2 places in [0, 100], or null. */
export function hundredths(value: string | number): number | null {
  const text = String(value).trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const n = Number(toScaled(text) / HUNDREDTH);
  return n <= 10000 ? n : null;
}

/** `12.5` from 1250 (a whole count of hundredths). */
export function fromHundredths(n: number): string {
  return trim(fromScaled(BigInt(n) * HUNDREDTH, 2));
}

/** EVA-1: dimension weights sum to 100, and indicator weights inside each dimension sum to 100. Null when fine. */
export function checkEvalWeights(dimensions: readonly EvalDimensionInput[]): string | null {
  if (dimensions.length === 0) return '请至少设置一个维度';
  const seen = new Set<string>();
  let total = 0;
  for (const d of dimensions) {
    const label = EVAL_DIMENSION_LABELS[d.dimension] ?? d.dimension;
    if (seen.has(d.dimension)) return `维度「${label}」重复`;
    seen.add(d.dimension);
    const w = hundredths(d.weight);
    if (w === null || w === 0) return `维度「${label}」的权重必须是大于0且不超过100的数（最多两位小数）`;
    total += w;
    if (d.indicators.length === 0) return `维度「${label}」至少需要一个指标`;
    let inner = 0;
    for (const i of d.indicators) {
      if (!i.name.trim()) return `维度「${label}」的指标名称不能为空`;
      const iw = hundredths(i.weight);
      if (iw === null || iw === 0) return `指标「${i.name}」的权重必须是大于0且不超过100的数（最多两位小数）`;
      if (i.method === 'SYSTEM' && !EVAL_METRICS.includes(i.metricKey as (typeof EVAL_METRICS)[number]))
        return `系统指标「${i.name}」必须选择取数指标`;
      inner += iw;
    }
    if (inner !== 10000) return `维度「${label}」的指标权重之和必须为100，当前为${fromHundredths(inner)}`;
  }
  if (total !== 10000) return `维度权重之和必须为100，当前为${fromHundredths(total)}`;
  return null;
}

/** EVA-2: bands cover 0–100 with no gap and no overlap (min inclusive, max exclusive except 100). Null when fine. */
export function checkGradeBands(bands: readonly GradeBandInput[]): string | null {
  if (bands.length === 0) return '请至少设置一个等级';
  const grades = new Set<string>();
  const ranges: { grade: string; min: number; max: number }[] = [];
  for (const b of bands) {
    const grade = b.grade.trim();
    if (!/^[A-Z]$/.test(grade)) return '等级必须是一个大写字母';
    if (grades.has(grade)) return `等级${grade}重复`;
    grades.add(grade);
    const min = hundredths(b.minScore);
    const max = hundredths(b.maxScore);
    if (min === null || max === null) return `等级${grade}的分数区间必须在0到100之间（最多两位小数）`;
    if (min >= max) return `等级${grade}的最低分必须小于最高分`;
    ranges.push({ grade, min, max });
  }
  ranges.sort((a, b) => a.min - b.min);
  let reached = 0;
  for (const r of ranges) {
    if (r.min > reached) return `等级区间必须覆盖0–100：${fromHundredths(reached)}–${fromHundredths(r.min)} 未覆盖`;
    if (r.min < reached) return `等级区间不能重叠：${fromHundredths(r.min)}–${fromHundredths(reached)} 重叠`;
    reached = r.max;
  }
  if (reached !== 10000) return `等级区间必须覆盖0–100：${fromHundredths(reached)}–100 未覆盖`;
  return null;
}

/** The band a total falls in: min inclusive, max exclusive, except that 100 belongs to the band ending at 100. */
export function bandOf<B extends { minScore: string; maxScore: string }>(total: string, bands: readonly B[]): B | null {
  const t = hundredths(total);
  if (t === null) return null;
  return (
    bands.find((b) => {
      const min = hundredths(b.minScore)!;
      const max = hundredths(b.maxScore)!;
      return t >= min && (t < max || (max === 10000 && t === 10000));
    }) ?? null
  );
}

/** Scores of one supplier: each indicator's score (0–100, 2 places) or null when not applicable (EVA-4). */
export type ScoredDimension = {
  dimension: string;
  weight: string;
  indicators: { weight: string; score: string | null }[];
};

/**
 * The formula of §20: D_d = Σ w_i·s_i / Σ w_i over applicable indicators (the weight of a
 * not-applicable indicator goes proportionally to the others, EVA-4), T = Σ W_d·D_d / Σ W_d over
 * dimensions with any applicable indicator; T rounded half-up to 1 decimal, D_d to 2. Exact
 * rational arithmetic, so a total on a band boundary is never off by a float error.
 */
export function computeEvalTotal(dimensions: readonly ScoredDimension[]): {
  total: string | null;
  dimensionScores: { dimension: string; score: string | null }[];
} {
  let num = 0n;
  let den = 1n;
  let weightSum = 0n;
  const dimensionScores: { dimension: string; score: string | null }[] = [];
  for (const d of dimensions) {
    let dNum = 0n;
    let dDen = 0n;
    for (const i of d.indicators) {
      if (i.score === null) continue;
      const w = BigInt(hundredths(i.weight) ?? 0);
      dNum += w * BigInt(hundredths(i.score) ?? 0);
      dDen += w;
    }
    if (dDen === 0n) {
      dimensionScores.push({ dimension: d.dimension, score: null });
      continue;
    }
    // D_d in hundredths = dNum / dDen.
    dimensionScores.push({ dimension: d.dimension, score: fromHundredths(Number(divRound(dNum, dDen))) });
    const W = BigInt(hundredths(d.weight) ?? 0);
    num = num * dDen + W * dNum * den;
    den = den * dDen;
    weightSum += W;
  }
  if (weightSum === 0n) return { total: null, dimensionScores };
  // T in hundredths = num / (den · ΣW); in tenths divide by 10 more.
  const tenths = divRound(num, den * weightSum * 10n);
  return { total: fromHundredths(Number(tenths) * 10), dimensionScores };
}
