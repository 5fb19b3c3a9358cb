import type { GradeBandInput, GradeConsequence } from '@procura/shared';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';

/** The defaults of §20: A 90–100, B 80–90, C 60–80 (warn RFQ and PO), D 0–60 (block RFQ, propose freeze). */
export const DEFAULT_GRADE_BANDS: GradeBandInput[] = [
  { grade: 'A', minScore: '90', maxScore: '100', consequence: [], colour: '#52c41a' },
  { grade: 'B', minScore: '80', maxScore: '90', consequence: [], colour: '#1677ff' },
  { grade: 'C', minScore: '60', maxScore: '80', consequence: ['WARN_RFQ', 'WARN_PO'], colour: '#faad14' },
  { grade: 'D', minScore: '0', maxScore: '60', consequence: ['BLOCK_RFQ', 'PROPOSE_FREEZE'], colour: '#ff4d4f' },
];

/** A tenant's grade bands, highest first; the defaults while it has saved none. */
export async function gradeBandsOf(db: Db, tenantId: number): Promise<GradeBandInput[]> {
  const rows = await db.selectFrom('evalGradeBand').selectAll().where('tenantId', '=', tenantId).execute();
  const bands = rows.length
    ? rows.map((r) => ({
        grade: r.grade,
        minScore: r.minScore,
        maxScore: r.maxScore,
        consequence: r.consequence.split(',').filter(Boolean) as GradeConsequence[],
        colour: r.colour,
      }))
    : DEFAULT_GRADE_BANDS;
  return [...bands].sort((a, b) => Number(b.minScore) - Number(a.minScore));
}

/** Stores the default bands for a tenant (demo seed). */
export async function seedGradeBands(db: Db, tenantId: number): Promise<void> {
  await db
    .insertInto('evalGradeBand')
    .values(
      DEFAULT_GRADE_BANDS.map((b) => ({
        id: newId(),
        tenantId,
        grade: b.grade,
        minScore: b.minScore,
        maxScore: b.maxScore,
        consequence: b.consequence.join(','),
        colour: b.colour ?? null,
      })),
    )
    .execute();
}
