import { SAMPLE_STATUS_TEXT, sampleWorkflow, type SampleAction, type SampleStatus } from '@procura/shared';
import { businessError, forbidden, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { SrmSampleRequestTable } from './sample-tables.js';
import { refusalText, supplierEligibility } from '../supplier/index.js';
import { notifyUsers } from '../announcements/notify.js';

/** The state machine of §7, from the shared definition. */
export const SAMPLE_RULES = sampleWorkflow.transitions;

export type SampleRow = SrmSampleRequestTable;
import type { Actor } from '../../core/access.js';
import { noticeHtml } from '../../core/sanitize.js';
export type { Actor };

/**
 * The request the actor may act on: internal users within their tenant, a supplier user only
 * its own supplier's sent requests (X-5); anything else is simply not there.
 */
export async function sampleFor(trx: Db, actor: Actor, id: string): Promise<SampleRow> {
  let q = trx.selectFrom('srmSampleRequest').selectAll().where('id', '=', id);
  if (actor.user.supplierId) q = q.where('supplierId', '=', actor.user.supplierId).where('status', '<>', 'DRAFT');
  else q = q.where('tenantId', '=', actor.tenantId);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('送样申请不存在');
  return row;
}

/** Refuses a supplier that is frozen, blacklisted or eliminated (X-15). */
export async function assertSupplierEligible(trx: Db, supplierId: string): Promise<void> {
  const refusal = await supplierEligibility(trx, supplierId, { purpose: 'sample' });
  if (refusal) throw businessError(refusalText(refusal, '送样', 'X-15'));
}

/**
 * Runs one transition: checks the side (SMP-1: only the addressed supplier confirms, refuses
 * or ships; suppliers never act for the buyer), the current status and `check`, then moves the
 * status (only if still unchanged, so a concurrent transition loses, X-4), writes the state log
 * and returns the row as it was.
 */
export async function transition(
  trx: Db,
  actor: Actor,
  id: string,
  action: SampleAction,
  changes: Partial<SampleRow>,
  options: { reason?: string | null; check?: (row: SampleRow) => Promise<void> | void } = {},
): Promise<SampleRow> {
  const rule = SAMPLE_RULES[action];
  const row = await sampleFor(trx, actor, id);
  if (rule.side === 'SUPPLIER' && actor.user.supplierId !== row.supplierId)
    throw businessError('只有被要求送样的供应商可以确认、拒绝或寄出样品（SMP-1）');
  if (rule.side === 'INTERNAL' && actor.user.supplierId) throw forbidden();
  const current = row.status as SampleStatus;
  if (!rule.from.includes(current))
    throw businessError(`${rule.refusal}，当前状态：${SAMPLE_STATUS_TEXT[current] ?? current}`);
  await options.check?.(row);
  const now = serverNowIso();
  const moved = await trx
    .updateTable('srmSampleRequest')
    .set({ ...changes, status: rule.to, updateBy: actor.user.username, updateTime: now })
    .where('id', '=', row.id)
    .where('status', '=', current)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw businessError('送样申请已被他人处理，请刷新后重试');
  await trx
    .insertInto('srmSampleLog')
    .values({
      id: newId(),
      sampleId: row.id,
      action,
      fromStatus: current,
      toStatus: rule.to,
      actorId: actor.user.id,
      actorName: actor.user.realname || actor.user.username,
      actorKind: actor.user.supplierId ? 'SUPPLIER' : 'INTERNAL',
      reason: options.reason ?? null,
      ip: actor.ip,
      at: now,
    })
    .execute();
  return row;
}

/** The active users of a supplier: who gets its notices. */
async function supplierUsers(trx: Db, supplierId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('sysUser')
    .select('id')
    .where('supplierId', '=', supplierId)
    .where('status', '=', 1)
    .where('delFlag', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

/** In-app notices of §7 (X-12): the supplier on a new or decided request, the requesting buyer on the supplier's moves. */
export async function notifySample(trx: Db, row: SampleRow, action: SampleAction, detail = ''): Promise<void> {
  const what = `${row.code} ${row.materialName}`;
  const body = noticeHtml`<p>${what}${detail ? `：${detail}` : ''}</p>`;
  const toSupplier = async (title: string) =>
    notifyUsers(trx, {
      userIds: await supplierUsers(trx, row.supplierId),
      title,
      content: body,
      busType: 'sample',
      busId: row.id,
      openType: 'url',
      openPage: '/srm/my-samples',
    });
  const toBuyer = (title: string) =>
    notifyUsers(trx, {
      userIds: [row.requesterId],
      title,
      content: body,
      busType: 'sample',
      busId: row.id,
      openType: 'url',
      openPage: '/srm/sample',
    });
  if (action === 'send') await toSupplier(`新的送样申请，请于${row.requiredBy}前送样`);
  else if (action === 'cancel' && row.status !== 'DRAFT') await toSupplier('送样申请已取消');
  else if (action === 'test') await toSupplier('样品测试结果已出');
  else if (action === 'confirm') await toBuyer('供应商已确认送样');
  else if (action === 'refuse') await toBuyer('供应商拒绝送样');
  else if (action === 'ship') await toBuyer('供应商已寄出样品');
}
