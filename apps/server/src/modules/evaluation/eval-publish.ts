import { EVAL_APPEAL_DAYS, GRADE_CONSEQUENCE_LABELS, type GradeConsequence } from '@procura/shared';
import { newId } from '../../core/ids.js';
import { addMonths, serverNow, serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { logStatusChange, internalUsersWith, supplierUserIds } from '../supplier/status-log.js';
import { notifyUsers } from '../announcements/notify.js';
import type { EvalProjectTable, EvalResultTable } from './evaluation-tables.js';
import { noticeHtml } from '../../core/sanitize.js';

type Actor = { id: string; username: string };

const FLAGS = new Set<string>(['WARN_RFQ', 'WARN_PO', 'BLOCK_RFQ', 'BLOCK_PO']);
const PROPOSALS = new Set<string>(['PROPOSE_FREEZE', 'PROPOSE_ELIMINATE']);
const MONTHS: Record<string, number> = { MONTH: 1, QUARTER: 3, HALF_YEAR: 6, YEAR: 12 };

/** The grade holds for one more period after the evaluated one. */
function validTo(periodTo: string, periodType: string): string {
  return addMonths(periodTo, MONTHS[periodType] ?? 3);
}

const labelOf = (consequence: string[]) =>
  consequence.map((c) => GRADE_CONSEQUENCE_LABELS[c as GradeConsequence] ?? c).join('、');

/**
 * EVA-5 for one result: the supplier's grade and flags (read by RFQ-2 and PO-1) are set; a
 * proposed freeze or elimination stays PENDING until a manager confirms it (SST-1, then the
 * supplier lifecycle's freeze or elimination runs); each applied consequence is written to
 * the supplier status log.
 */
async function applyConsequences(
  trx: Db,
  project: EvalProjectTable,
  result: Pick<EvalResultTable, 'id' | 'supplierId' | 'grade' | 'consequence'>,
  periodType: string,
  actor: Actor,
): Promise<void> {
  const consequence = result.consequence.split(',').filter(Boolean);
  const flags = consequence.filter((c) => FLAGS.has(c));
  const proposals = consequence.filter((c) => PROPOSALS.has(c));
  const now = serverNowIso();
  const grade = {
    grade: result.grade,
    gradeValidTo: validTo(project.periodTo, periodType),
    flags: flags.join(','),
    projectId: project.id,
    updateTime: now,
  };
  await trx
    .insertInto('supplierGrade')
    .values({ supplierId: result.supplierId, tenantId: project.tenantId, ...grade })
    .onConflict((oc) => oc.columns(['supplierId', 'tenantId']).doUpdateSet(grade))
    .execute();
  const status = proposals.length ? 'PENDING' : flags.length ? 'APPLIED' : 'NONE';
  await trx.updateTable('evalResult').set({ consequenceStatus: status }).where('id', '=', result.id).execute();
  if (consequence.length === 0) return;
  const supplier = await trx
    .selectFrom('supplier')
    .select('status')
    .where('id', '=', result.supplierId)
    .executeTakeFirstOrThrow();
  const parts = [
    flags.length ? `已执行：${labelOf(flags)}` : '',
    proposals.length ? `待经理确认：${labelOf(proposals)}` : '',
  ]
    .filter(Boolean)
    .join('；');
  await logStatusChange(trx, {
    supplierId: result.supplierId,
    from: supplier.status,
    to: supplier.status,
    reason: `绩效评估${project.code}等级${result.grade}。${parts}`,
    sourceDocType: 'EVAL_PROJECT',
    sourceDocId: project.id,
    actorId: actor.id,
    actorKind: 'INTERNAL',
  });
}

/** PUBLISHED (EVA-5, EVA-6): appeal window opens, consequences applied, suppliers and approvers told. */
export async function publishResults(trx: Db, project: EvalProjectTable, actor: Actor): Promise<void> {
  const now = serverNow();
  const deadline = new Date(now.getTime() + EVAL_APPEAL_DAYS * 24 * 3600 * 1000).toISOString();
  const template = await trx
    .selectFrom('evalTemplate')
    .select('periodType')
    .where('id', '=', project.templateId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('evalResult')
    .set({ appealDeadline: deadline, updateTime: now.toISOString() })
    .where('projectId', '=', project.id)
    .execute();
  const results = await trx
    .selectFrom('evalResult')
    .select(['id', 'supplierId', 'grade', 'consequence'])
    .where('projectId', '=', project.id)
    .execute();
  for (const r of results) {
    await applyConsequences(trx, project, r, template.periodType, actor);
    await notifyUsers(trx, {
      userIds: await supplierUserIds(trx, r.supplierId),
      title: `绩效评估结果已发布：${project.name}`,
      content: noticeHtml`<p>评估项目 ${project.code} 的结果已发布，您的等级为 ${r.grade}。如有异议，请在${EVAL_APPEAL_DAYS}天内提出申诉。</p>`,
      busType: 'evalResult',
      busId: r.id,
      openType: 'url',
      openPage: '/srm/my-eval-results',
    });
  }
  const pending = results.filter((r) => r.consequence.split(',').some((c) => PROPOSALS.has(c)));
  if (pending.length) {
    await notifyUsers(trx, {
      userIds: await internalUsersWith(trx, 'supplier:freeze'),
      title: `绩效评估${project.code}有${pending.length}家供应商待确认冻结或淘汰`,
      busType: 'evalProject',
      busId: project.id,
      openType: 'url',
      openPage: '/srm/performance/project',
    });
  }
  await trx
    .updateTable('evalProject')
    .set({
      status: 'PUBLISHED',
      approvedBy: actor.id,
      publishedAt: now.toISOString(),
      updateBy: actor.username,
      updateTime: now.toISOString(),
    })
    .where('id', '=', project.id)
    .execute();
}

/** EVA-7: every change to a published result is logged. */
export async function logResultChange(
  trx: Db,
  entry: {
    resultId: string;
    action: string;
    fromTotal?: string | null;
    toTotal?: string | null;
    fromGrade?: string | null;
    toGrade?: string | null;
    reason: string | null;
    actorId: string;
  },
): Promise<void> {
  await trx
    .insertInto('evalResultLog')
    .values({
      id: newId(),
      fromTotal: null,
      toTotal: null,
      fromGrade: null,
      toGrade: null,
      ...entry,
      at: serverNowIso(),
    })
    .execute();
}

export { applyConsequences };
