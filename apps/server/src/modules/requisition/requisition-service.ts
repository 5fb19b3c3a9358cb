import { requisitionWorkflow, type RequisitionAction } from '@procura/shared';
import { businessError, notFound } from '../../core/errors.js';
import { serverNowIso } from '../../core/clock.js';
import { runTransition, writeDocLog, type LogOperator } from '../../workflow/transition.js';
import { operatorById } from '../../workflow/doc-log.js';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PurchaseRequisitionLineTable, PurchaseRequisitionTable } from './requisition-tables.js';
import { defineApprovalDocType } from '../approval/index.js';
import { notifyUsers } from '../announcements/notify.js';
import { QTY_PATTERN, qtyText, units } from './requisition-decimal.js';

export const PR_DOC_TYPE = requisitionWorkflow.docType;
export const PR_PAGE = '/srm/requisition';

export type Requisition = PurchaseRequisitionTable;
export { PR_LINE_STATUS_TEXT, PR_STATUS_TEXT } from '@procura/shared';
export type RequisitionLine = Selectable<PurchaseRequisitionLineTable>;
import type { Actor } from '../../core/access.js';
import { noticeHtml } from '../../core/sanitize.js';
import { requisitionApprovalDetail } from './requisition-approval-detail.js';
export type { Actor };
/** Who wrote a log row: a user, or the system (sourcing, orders, the approval engine's auto-approval). */
export type LogActor = LogOperator;

/** Header states in which lines may be consumed (after approval, PR-3/PR-4). */
export const CONSUMABLE = ['APPROVED', 'PARTIALLY_PROCESSED', 'PROCESSED'];
const DERIVED = ['APPROVED', 'PARTIALLY_PROCESSED', 'PROCESSED', 'CLOSED'];

/** Quantity still free on a line: qty − cancelled − reserved − ordered (PR-3, PR-5). */
export function remainingOf(l: Pick<RequisitionLine, 'qty' | 'qtyInSourcing' | 'qtyOrdered' | 'qtyCancelled'>): bigint {
  return units(l.qty) - units(l.qtyCancelled) - units(l.qtyInSourcing) - units(l.qtyOrdered);
}

/**
 * PR-7, a line: CANCELLED (all of it cancelled), ORDERED (fully ordered) or CLOSED (the rest
 * cancelled, what was consumed ordered), SOURCED (the reservation awarded, not yet ordered),
 * IN_SOURCING (reserved by an open event), else OPEN.
 */
export function lineStatusOf(
  l: Pick<RequisitionLine, 'qty' | 'qtyInSourcing' | 'qtyOrdered' | 'qtyCancelled' | 'qtyAwarded'>,
): string {
  const qty = units(l.qty);
  const reserved = units(l.qtyInSourcing);
  const ordered = units(l.qtyOrdered);
  const cancelled = units(l.qtyCancelled);
  if (cancelled > 0n && cancelled >= qty) return 'CANCELLED';
  if (reserved === 0n && ordered > 0n && ordered >= qty - cancelled) return cancelled > 0n ? 'CLOSED' : 'ORDERED';
  // SOURCED: what is still reserved was all awarded by FINAL awards, waiting for orders.
  if (reserved > 0n) return units(l.qtyAwarded) >= reserved ? 'SOURCED' : 'IN_SOURCING';
  return 'OPEN';
}

/**
 * PR-7, the header once approved: CLOSED when every line is final (ordered, closed or
 * cancelled), PROCESSED when nothing is left free, PARTIALLY_PROCESSED when something was
 * consumed, else APPROVED. Other states are the approval's and stay as they are.
 */
export function headerStatusOf(status: string, lines: RequisitionLine[]): string {
  if (!DERIVED.includes(status) || lines.length === 0) return status;
  if (lines.every((l) => ['ORDERED', 'CLOSED', 'CANCELLED'].includes(lineStatusOf(l)))) return 'CLOSED';
  const free = lines.reduce((sum, l) => sum + remainingOf(l), 0n);
  if (free === 0n) return 'PROCESSED';
  const consumed = lines.reduce((sum, l) => sum + units(l.qtyInSourcing) + units(l.qtyOrdered), 0n);
  return consumed > 0n ? 'PARTIALLY_PROCESSED' : 'APPROVED';
}

/**
 * A log row (and its audit entry) of a move that changes no status: creation, deletion, a
 * cancellation that leaves the derived status as it was. Status changes go through
 * runTransition, which writes both itself.
 */
export async function writeLog(
  trx: Db,
  r: Pick<Requisition, 'id' | 'tenantId'>,
  action: string,
  from: string | null,
  to: string,
  actor: LogActor,
  reason: string | null = null,
): Promise<void> {
  await writeDocLog(trx, requisitionWorkflow, { row: r, action, from, to, reason, operator: actor });
}

/** The transition of a derived header status (PR-7), by where it goes. */
const DERIVED_MOVE: Record<string, RequisitionAction> = {
  APPROVED: 'reopen',
  PARTIALLY_PROCESSED: 'progress',
  PROCESSED: 'complete',
  CLOSED: 'close',
};

export const userActor = (actor: Actor): LogActor => ({
  id: actor.user.id,
  name: actor.user.realname || actor.user.username,
  kind: 'INTERNAL',
  ip: actor.ip,
});

/** A requisition of the tenant (not deleted), or 404. */
export async function requisitionOf(db: Db, id: string, tenantId: number): Promise<Requisition> {
  const row = await db
    .selectFrom('purchaseRequisition')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('采购申请不存在');
  return row;
}

export async function linesOf(db: Db, requisitionId: string): Promise<RequisitionLine[]> {
  return db
    .selectFrom('purchaseRequisitionLine')
    .selectAll()
    .where('requisitionId', '=', requisitionId)
    .orderBy('lineNo')
    .execute();
}

/**
 * Recomputes the derived line and header statuses (PR-7) of the given requisitions and logs a
 * header change under `action`.
 */
export async function refreshStatuses(
  trx: Db,
  requisitionIds: string[],
  action: string,
  actor: LogActor,
  reason: string | null = null,
): Promise<void> {
  for (const id of new Set(requisitionIds)) {
    const header = await trx
      .selectFrom('purchaseRequisition')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const lines = await linesOf(trx, id);
    if (DERIVED.includes(header.status)) {
      for (const l of lines) {
        const status = lineStatusOf(l);
        if (status !== l.lineStatus)
          await trx.updateTable('purchaseRequisitionLine').set({ lineStatus: status }).where('id', '=', l.id).execute();
      }
    }
    const status = headerStatusOf(header.status, lines);
    if (status !== header.status) {
      // The system moves the header; the log names the consumption and who caused it.
      await runTransition<Requisition, RequisitionAction>(trx, requisitionWorkflow, {
        table: 'purchaseRequisition',
        id,
        action: DERIVED_MOVE[status]!,
        actor: null,
        operator: actor,
        logAction: action,
        reason,
        patch: { version: header.version + 1 },
      });
    }
  }
}

/** A line and a quantity: a decimal string (X-6; a whole number is accepted too). */
export type LineQuantity = { lineId: string; qty: string | number };
type Consumption = 'reserve' | 'release' | 'order' | 'award';
const LABEL: Record<Consumption, string> = { reserve: '寻源', release: '释放', order: '下单', award: '定标' };

/** The line with its requisition, checked for the consumer (PR-3, PR-4). */
async function consumableLine(trx: Db, item: LineQuantity, kind: Consumption, needsOpenHeader: boolean) {
  const qtyText_ = String(item.qty).trim();
  if (!QTY_PATTERN.test(qtyText_) || units(qtyText_) <= 0n)
    throw businessError(`${LABEL[kind]}数量必须大于0（最多4位小数）`);
  const line = await trx
    .selectFrom('purchaseRequisitionLine')
    .selectAll()
    .where('id', '=', String(item.lineId))
    .executeTakeFirst();
  if (!line) throw businessError('采购申请行不存在');
  const header = await trx
    .selectFrom('purchaseRequisition')
    .selectAll()
    .where('id', '=', line.requisitionId)
    .executeTakeFirstOrThrow();
  const name = `采购申请 ${header.code} 第${line.lineNo}行（${line.materialName ?? line.description ?? ''}）`;
  if (header.delFlag !== 0) throw businessError(`${name}已删除`);
  if (needsOpenHeader && (!CONSUMABLE.includes(header.status) || header.cancelledAt)) {
    throw businessError(`${name}所在申请未审批通过或已关闭，不能${LABEL[kind]}（PR-3）`);
  }
  return { line, header, qty: units(qtyText_), name };
}

/** The over-consumption refusal (PR-3), naming the line and its ledger. */
function shortOf(name: string, l: RequisitionLine, qty: bigint, kind: Consumption): never {
  const cancelled = units(l.qtyCancelled) > 0n ? `，已取消 ${l.qtyCancelled}` : '';
  throw businessError(
    `${name}可用数量不足：申请数量 ${l.qty}，已寻源 ${l.qtyInSourcing}，已下单 ${l.qtyOrdered}${cancelled}，剩余 ${qtyText(remainingOf(l))}，本次${LABEL[kind]} ${qtyText(qty)}（PR-3）`,
  );
}

/** Moves one line's ledger, only if it is still as read (a concurrent consumer loses, X-4). */
async function moveLedger(
  trx: Db,
  l: RequisitionLine,
  changes: Partial<Pick<RequisitionLine, 'qtyInSourcing' | 'qtyOrdered' | 'qtyCancelled' | 'qtyAwarded'>>,
): Promise<void> {
  const moved = await trx
    .updateTable('purchaseRequisitionLine')
    .set(changes)
    .where('id', '=', l.id)
    .where('qtyInSourcing', '=', l.qtyInSourcing)
    .where('qtyOrdered', '=', l.qtyOrdered)
    .where('qtyCancelled', '=', l.qtyCancelled)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw businessError('采购申请行已被他人处理，请重试');
}

const SYSTEM: LogActor = { id: null, name: '系统', kind: 'SYSTEM' };

/**
 * PR-3: reserves requisition quantity for a sourcing event, inside the caller's transaction.
 * Refused (nothing changes: the caller's transaction rolls back) when the requisition is not
 * approved or was cancelled, or when qtyInSourcing + qtyOrdered + qty would exceed the line's
 * quantity (less what was cancelled). Line and header statuses follow (PR-7).
 */
export async function reserveRequisitionLines(trx: Db, items: LineQuantity[], actor: LogActor = SYSTEM): Promise<void> {
  const touched: string[] = [];
  for (const item of items) {
    const { line, qty, name } = await consumableLine(trx, item, 'reserve', true);
    if (qty > remainingOf(line)) shortOf(name, line, qty, 'reserve');
    await moveLedger(trx, line, { qtyInSourcing: qtyText(units(line.qtyInSourcing) + qty) });
    touched.push(line.requisitionId);
  }
  await refreshStatuses(trx, touched, 'sourcing', actor);
}

/**
 * PR-3: gives back reserved quantity (the event failed, was cancelled, or awarded less). On a
 * requisition whose remaining quantity was cancelled, the released quantity is cancelled too
 * (PR-5), not reopened.
 */
export async function releaseRequisitionLines(trx: Db, items: LineQuantity[], actor: LogActor = SYSTEM): Promise<void> {
  const touched: string[] = [];
  for (const item of items) {
    const { line, header, qty, name } = await consumableLine(trx, item, 'release', false);
    if (qty > units(line.qtyInSourcing))
      throw businessError(`${name}释放数量 ${qtyText(qty)} 超过已寻源数量 ${line.qtyInSourcing}（PR-3）`);
    const left = units(line.qtyInSourcing) - qty;
    const changes: Partial<RequisitionLine> = { qtyInSourcing: qtyText(left) };
    if (units(line.qtyAwarded) > left) changes.qtyAwarded = qtyText(left);
    if (header.cancelledAt) changes.qtyCancelled = qtyText(units(line.qtyCancelled) + qty);
    await moveLedger(trx, line, changes);
    touched.push(line.requisitionId);
  }
  await refreshStatuses(trx, touched, 'release', actor);
}

/**
 * PR-3 / PR-6: quantity covered by a purchase order, either converted from the line's sourcing
 * reservation (`fromReservation`) or ordered directly (then bounded like a reservation).
 */
export async function orderRequisitionLines(
  trx: Db,
  items: (LineQuantity & { fromReservation?: boolean })[],
  actor: LogActor = SYSTEM,
): Promise<void> {
  const touched: string[] = [];
  for (const item of items) {
    const { line, qty, name } = await consumableLine(trx, item, 'order', !item.fromReservation);
    if (item.fromReservation) {
      if (qty > units(line.qtyInSourcing))
        throw businessError(`${name}下单数量 ${qtyText(qty)} 超过已寻源数量 ${line.qtyInSourcing}（PR-3）`);
      const awarded = units(line.qtyAwarded);
      await moveLedger(trx, line, {
        qtyInSourcing: qtyText(units(line.qtyInSourcing) - qty),
        qtyOrdered: qtyText(units(line.qtyOrdered) + qty),
        qtyAwarded: qtyText(awarded > qty ? awarded - qty : 0n),
      });
    } else {
      if (qty > remainingOf(line)) shortOf(name, line, qty, 'order');
      await moveLedger(trx, line, { qtyOrdered: qtyText(units(line.qtyOrdered) + qty) });
    }
    touched.push(line.requisitionId);
  }
  await refreshStatuses(trx, touched, 'order', actor);
}

/**
 * PR-3 / PR-5: gives back quantity a purchase order covered (the order was rejected, revised
 * or cancelled). On a requisition whose remaining quantity was cancelled, it is cancelled too.
 */
export async function unorderRequisitionLines(trx: Db, items: LineQuantity[], actor: LogActor = SYSTEM): Promise<void> {
  const touched: string[] = [];
  for (const item of items) {
    const { line, header, qty, name } = await consumableLine(trx, item, 'release', false);
    if (qty > units(line.qtyOrdered))
      throw businessError(`${name}退回数量 ${qtyText(qty)} 超过已下单数量 ${line.qtyOrdered}（PR-3）`);
    const changes: Partial<RequisitionLine> = { qtyOrdered: qtyText(units(line.qtyOrdered) - qty) };
    if (header.cancelledAt) changes.qtyCancelled = qtyText(units(line.qtyCancelled) + qty);
    await moveLedger(trx, line, changes);
    touched.push(line.requisitionId);
  }
  await refreshStatuses(trx, touched, 'unorder', actor);
}

/**
 * PR-3 / PR-7: a FINAL award converts reserved quantity: it stays in qtyInSourcing (orders
 * take it from there, `orderRequisitionLines` with `fromReservation`) and is marked awarded,
 * so the line reads SOURCED. The caller releases the unawarded rest with
 * `releaseRequisitionLines`.
 */
export async function awardRequisitionLines(trx: Db, items: LineQuantity[], actor: LogActor = SYSTEM): Promise<void> {
  const touched: string[] = [];
  for (const item of items) {
    const { line, qty, name } = await consumableLine(trx, item, 'award', false);
    const awarded = units(line.qtyAwarded) + qty;
    if (awarded > units(line.qtyInSourcing))
      throw businessError(`${name}定标数量 ${qtyText(qty)} 超过已寻源数量 ${line.qtyInSourcing}（PR-3）`);
    await moveLedger(trx, line, { qtyAwarded: qtyText(awarded) });
    touched.push(line.requisitionId);
  }
  await refreshStatuses(trx, touched, 'award', actor);
}

/** The approval's end moves a requisition on from PENDING_APPROVAL only: a SYSTEM transition. */
async function decided(
  trx: Db,
  id: string,
  action: 'approve' | 'reject' | 'withdraw',
  actorId: string | null,
  comment: string | null,
): Promise<void> {
  const header = await trx.selectFrom('purchaseRequisition').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const now = serverNowIso();
  await runTransition<Requisition, RequisitionAction>(trx, requisitionWorkflow, {
    table: 'purchaseRequisition',
    id,
    action,
    actor: null,
    operator: await operatorById(trx, actorId),
    reason: comment,
    patch: { approvedAt: action === 'approve' ? now : null, version: header.version + 1 },
    after: async () => {
      if (action !== 'approve') return;
      await trx
        .updateTable('purchaseRequisitionLine')
        .set({ lineStatus: 'OPEN' })
        .where('requisitionId', '=', id)
        .execute();
      // the assigned buyer learns that approved lines wait for sourcing (the submitter hears from the engine).
      if (header.buyerId)
        await notifyUsers(trx, {
          userIds: [header.buyerId].filter((u) => u !== header.submittedBy),
          title: `采购申请已审批，待寻源：${header.code}`,
          content: noticeHtml`<p>${header.code} ${header.title}（预算 ${header.budgetAmount} ${header.currency}）已审批通过，请安排寻源或下单。</p>`,
          busType: 'requisition',
          busId: id,
          openType: 'url',
          openPage: PR_PAGE,
        });
    },
  });
}

// X-10 / PR-2: the requisition's approval; its amount is the budget, so steps apply by threshold.
export const requisitionApprovalDocType = defineApprovalDocType(PR_DOC_TYPE, {
  label: '采购申请',
  openPage: PR_PAGE,
  detail: requisitionApprovalDetail,
  onApproved: (trx, { instance, actorId, comment }) => decided(trx, instance.docId, 'approve', actorId, comment),
  onRejected: (trx, { instance, actorId, comment }) => decided(trx, instance.docId, 'reject', actorId, comment),
  onWithdrawn: (trx, { instance, actorId, comment }) => decided(trx, instance.docId, 'withdraw', actorId, comment),
});
