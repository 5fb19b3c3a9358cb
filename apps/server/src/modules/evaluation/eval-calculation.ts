import { bandOf, computeEvalTotal, hundredths, fromHundredths, type GradeBandInput } from '@procura/shared';
import type { Db } from '../../db/database.js';
import { templateStructure } from './eval-template-routes.js';
import { assignedPairs, isAssigned } from './eval-raters.js';

export const idsOf = (joined: string) =>
  joined
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Mean of rater scores (hundredths), rounded half-up to hundredths. */
function meanOf(scores: string[]): string {
  const sum = scores.reduce((s, v) => s + (hundredths(v) ?? 0), 0);
  return fromHundredths(Math.floor((2 * sum + scores.length) / (2 * scores.length)));
}

export type SupplierCalculation = {
  supplierId: string;
  dimensionScores: { dimension: string; score: string | null }[];
  total: string;
  grade: string;
  consequence: string[];
};

/**
 * One supplier's result from the stored scores: MANUAL indicators take the mean of their
 * assigned raters (EVA-3; a score from anyone else does not count), SYSTEM indicators are not
 * applicable until deliveries and inspections exist (EVA-4).
 * `override` replaces the scores of some indicators (an upheld appeal's corrections).
 */
export async function calculateSupplier(
  db: Db,
  project: { id: string; templateId: string; raters: string },
  supplierId: string,
  bands: GradeBandInput[],
  override: ReadonlyMap<string, string> = new Map(),
): Promise<SupplierCalculation | { missing: string }> {
  const structure = await templateStructure(db, project.templateId);
  const pairs = assignedPairs(project.raters);
  const stored = await db
    .selectFrom('evalScore')
    .select(['indicatorId', 'raterId', 'score'])
    .where('projectId', '=', project.id)
    .where('supplierId', '=', supplierId)
    .execute();
  const scores = stored.filter((s) => isAssigned(pairs, s.indicatorId, s.raterId));
  const dims = [];
  for (const d of structure) {
    const indicators = [];
    for (const i of d.indicators) {
      if (i.method === 'SYSTEM') {
        indicators.push({ weight: i.weight, score: null });
        continue;
      }
      const corrected = override.get(i.id);
      const mine =
        corrected !== undefined ? [corrected] : scores.filter((s) => s.indicatorId === i.id).map((s) => s.score);
      if (mine.length === 0) return { missing: i.name };
      indicators.push({ weight: i.weight, score: meanOf(mine) });
    }
    dims.push({ dimension: d.dimension, weight: d.weight, indicators });
  }
  const { total, dimensionScores } = computeEvalTotal(dims);
  if (total === null) return { missing: '人工评分指标' };
  const band = bandOf(total, bands);
  return { supplierId, dimensionScores, total, grade: band?.grade ?? '-', consequence: band?.consequence ?? [] };
}

/** Competition ranking by total, highest first (equal totals share a rank). */
export function ranksOf(totals: { supplierId: string; total: string }[]): Map<string, number> {
  const sorted = [...totals].sort((a, b) => (hundredths(b.total) ?? 0) - (hundredths(a.total) ?? 0));
  const ranks = new Map<string, number>();
  sorted.forEach((t, i) => {
    const prev = sorted[i - 1];
    ranks.set(t.supplierId, prev && prev.total === t.total ? ranks.get(prev.supplierId)! : i + 1);
  });
  return ranks;
}
