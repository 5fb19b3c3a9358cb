import { badRequest, businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { Values } from '../../resource/resource-routes.js';
import { calculateSupplier, idsOf, ranksOf } from './eval-calculation.js';
import { gradeBandsOf } from './grade-bands.js';
import { assignedPairs, isAssigned } from './eval-raters.js';

/**
 * The rules of an evaluation project (§20) behind its routes: the header's references, the
 * status a command needs, and calculating the results (EVA-3) once scoring is complete or over.
 */

export type Project = Awaited<ReturnType<typeof projectOf>>;

export async function projectOf(db: Db, id: string, tenantId: number) {
  const p = await db
    .selectFrom('evalProject')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!p) throw notFound('评估项目不存在');
  return p;
}

export function expectStatus(p: Project, ...statuses: string[]): void {
  if (!statuses.includes(p.status)) throw businessError('评估项目当前状态不允许此操作');
}

/** The header's references: an active template, existing suppliers, internal raters, a sane period (checked on add and on edit of a draft). */
export async function checkHeader(trx: Db, values: Values, tenantId: number): Promise<void> {
  if (typeof values.templateId === 'string') {
    const t = await trx
      .selectFrom('evalTemplate')
      .select('status')
      .where('id', '=', values.templateId)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!t || t.status !== 'ACTIVE')
      throw badRequest('请选择启用状态的评估模板', { templateId: '请选择启用状态的评估模板' });
  }
  if (typeof values.supplierIds === 'string') {
    const ids = [...new Set(idsOf(values.supplierIds))];
    if (ids.length === 0) throw badRequest('请选择参评供应商', { supplierIds: '请选择参评供应商' });
    const found = await trx
      .selectFrom('supplier')
      .select('id')
      .where('id', 'in', ids)
      .where('delFlag', '=', 0)
      .execute();
    if (found.length !== ids.length) throw badRequest('参评供应商不存在', { supplierIds: '参评供应商不存在' });
    values.supplierIds = ids.join(',');
  }
  if (typeof values.raterIds === 'string') {
    const ids = [...new Set(idsOf(values.raterIds))];
    if (ids.length === 0) throw badRequest('请选择评分人', { raterIds: '请选择评分人' });
    const found = await trx
      .selectFrom('sysUser')
      .select('id')
      .where('id', 'in', ids)
      .where('userType', '<>', 2)
      .where('delFlag', '=', 0)
      .execute();
    if (found.length !== ids.length) throw badRequest('评分人必须是内部用户', { raterIds: '评分人必须是内部用户' });
    values.raterIds = ids.join(',');
  }
  if (
    typeof values.periodFrom === 'string' &&
    typeof values.periodTo === 'string' &&
    values.periodFrom > values.periodTo
  ) {
    throw badRequest('评估期间的开始日期不能晚于结束日期', { periodTo: '评估期间的开始日期不能晚于结束日期' });
  }
}

/** Assigned (indicator, rater) pairs × suppliers: what a complete scoring holds (EVA-3). */
async function scoringGaps(db: Db, p: Project): Promise<number> {
  const pairs = assignedPairs(p.raters);
  const suppliers = new Set(idsOf(p.supplierIds));
  const scores = await db
    .selectFrom('evalScore')
    .select(['supplierId', 'indicatorId', 'raterId'])
    .where('projectId', '=', p.id)
    .execute();
  const done = scores.filter((s) => suppliers.has(s.supplierId) && isAssigned(pairs, s.indicatorId, s.raterId)).length;
  return pairs.size * suppliers.size - done;
}

/** SCORING or CALCULATED → CALCULATED: every participating supplier's result, replacing earlier ones. */
export async function calculateResults(trx: Db, p: Project, username: string): Promise<void> {
  expectStatus(p, 'SCORING', 'CALCULATED');
  const gaps = await scoringGaps(trx, p);
  // All rated, or the deadline has passed (then each indicator needs at least one rater's score).
  if (gaps > 0 && serverNowIso() < p.scoringDeadline) throw businessError(`评分尚未完成：还有${gaps}项未评分`);
  const bands = await gradeBandsOf(trx, p.tenantId);
  const results = [];
  for (const supplierId of idsOf(p.supplierIds)) {
    const r = await calculateSupplier(trx, p, supplierId, bands);
    if ('missing' in r) throw businessError(`指标「${r.missing}」尚无评分，不能计算`);
    results.push(r);
  }
  const ranks = ranksOf(results);
  const names = new Map(
    (await trx.selectFrom('supplier').select(['id', 'name']).where('id', 'in', idsOf(p.supplierIds)).execute()).map(
      (s) => [s.id, s.name],
    ),
  );
  await trx.deleteFrom('evalResult').where('projectId', '=', p.id).execute();
  const now = serverNowIso();
  for (const r of results) {
    await trx
      .insertInto('evalResult')
      .values({
        id: newId(),
        tenantId: p.tenantId,
        projectId: p.id,
        supplierId: r.supplierId,
        supplierName: names.get(r.supplierId) ?? r.supplierId,
        dimensionScores: JSON.stringify(r.dimensionScores),
        totalScore: r.total,
        grade: r.grade,
        rank: ranks.get(r.supplierId)!,
        consequence: r.consequence.join(','),
        consequenceStatus: 'NONE',
        appealDeadline: null,
        supplierAppeal: null,
        appealedAt: null,
        appealAnswer: null,
        appealStatus: 'NONE',
        answeredBy: null,
        createBy: username,
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  await trx
    .updateTable('evalProject')
    .set({ status: 'CALCULATED', updateBy: username, updateTime: now })
    .where('id', '=', p.id)
    .execute();
}

/** PUBLISHED → CLOSED, once every appeal period is over and no appeal is open. */
export async function closeProject(trx: Db, p: Project, username: string): Promise<void> {
  expectStatus(p, 'PUBLISHED');
  const open = await trx
    .selectFrom('evalResult')
    .select('id')
    .where('projectId', '=', p.id)
    .where((eb) => eb.or([eb('appealStatus', '=', 'OPEN'), eb('appealDeadline', '>', serverNowIso())]))
    .executeTakeFirst();
  if (open) throw businessError('申诉期未结束或仍有未处理的申诉，不能关闭');
  await trx
    .updateTable('evalProject')
    .set({ status: 'CLOSED', updateBy: username, updateTime: serverNowIso() })
    .where('id', '=', p.id)
    .execute();
}
