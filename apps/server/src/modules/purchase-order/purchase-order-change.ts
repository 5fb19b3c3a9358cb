import { add, compare, trim, type LineRow } from '@procura/shared';
import { z } from 'zod';
import type { Actor } from '../../core/access.js';
import { serverNowIso } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { decimalText, id as wireId, text, wireDate } from '../../http/wire.js';
import { orderRequisitionLines, unorderRequisitionLines } from '../requisition/index.js';
import { userActor } from '../requisition/requisition-service.js';
import { moveAwardLines } from './purchase-order-award.js';
import { coverContractLines, giveBackContractLine } from './purchase-order-contract.js';
import { reduceQuotaAllocation } from './purchase-order-quota.js';
import {
  checkPrices,
  lineAmounts,
  linesOfOrder,
  refreshTotals,
  refuse,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from './purchase-order-rules.js';

/**
 * Change orders (PO-6) and short-closing (PO-7) of a running order. A change never takes a line
 * below what was shipped to it (`qtyReceived + qtyInTransit`), never changes the price of a line
 * with received quantity, raises `revisionNo` after storing the order as it was (its revisions
 * stay readable), and sends the order back to the supplier for confirmation (the transition's
 * `to`). The ledgers the lines cover (requisition PR-3, contract CON-5) move with the quantities.
 */

/** One line of a change order: the line (by id or number) and its new values. */
export const changeLineSchema = z
  .object({
    lineId: wireId.optional(),
    lineNo: z.number().int().min(1).optional(),
    qty: decimalText('数量').optional(),
    unitPrice: decimalText('单价').optional(),
    taxRate: decimalText('税率').optional(),
    needByDate: wireDate('需求日期').optional(),
    priceDeviationReason: text(500, '价格偏离原因').optional(),
  })
  .refine((l) => l.lineId !== undefined || l.lineNo !== undefined, '请指明要变更的订单行');
export type ChangeLine = z.infer<typeof changeLineSchema>;

const moved = (l: PurchaseOrderLine) => add([l.qtyReceived, l.qtyInTransit], 6);
const hasMoved = (l: PurchaseOrderLine) => compare(l.qtyReceived, '0') > 0 || compare(l.qtyInTransit, '0') > 0;

/** Whether anything of the order was shipped or received (PO-6, PO-7). */
export const anyShipped = (lines: readonly PurchaseOrderLine[]) => lines.some(hasMoved);

/** PO-6: stores the order as it is (header and lines) as its current revision, before it is replaced. */
export async function keepRevision(trx: Db, row: PurchaseOrder, reason: string | null, actor: Actor): Promise<void> {
  const lines = await linesOfOrder(trx, row.id);
  await trx
    .insertInto('srmPurchaseOrderRevision')
    .values({
      id: newId(),
      tenantId: row.tenantId,
      orderId: row.id,
      revisionNo: row.revisionNo,
      status: row.status,
      amountInclTax: row.amountInclTax,
      header: JSON.stringify(row),
      lines: JSON.stringify(lines),
      changeReason: reason?.slice(0, 500) || null,
      changedBy: actor.user.username,
      changedAt: serverNowIso(),
    })
    .execute();
}

/** PO-6 after a supplier's refusal: an order with shipped quantity is not taken back to an editable draft. */
export async function assertRevisable(trx: Db, row: PurchaseOrder): Promise<void> {
  const shipped = (await linesOfOrder(trx, row.id)).find(hasMoved);
  if (shipped)
    throw refuse(
      'PO-6',
      `第${shipped.lineNo}行已有在途或已收货数量，订单不能退回草稿，请通过“变更订单”修改数量、单价或交期`,
    );
}

/** The new values of one line, checked against PO-6; null when nothing of it changes. */
function changedLine(l: PurchaseOrderLine, c: ChangeLine): Partial<PurchaseOrderLine> | null {
  if (l.lineStatus !== 'OPEN') throw refuse('PO-6', `第${l.lineNo}行已关闭或取消，不能变更`);
  const qty = c.qty !== undefined ? trim(c.qty) : l.qty;
  const unitPrice = c.unitPrice ?? l.unitPrice;
  const taxRate = c.taxRate ?? l.taxRate;
  const needByDate = c.needByDate ?? l.needByDate;
  if (compare(qty, '0') <= 0) throw refuse('PO-6', `第${l.lineNo}行的数量必须大于0`);
  if (compare(qty, moved(l)) < 0)
    throw refuse(
      'PO-6',
      `第${l.lineNo}行的数量 ${qty} 不能小于已收货与在途数量之和 ${trim(moved(l))}（已收 ${trim(l.qtyReceived)}，在途 ${trim(l.qtyInTransit)}）`,
    );
  const priceChanged = compare(unitPrice, l.unitPrice) !== 0 || compare(taxRate, l.taxRate) !== 0;
  if (priceChanged && compare(l.qtyReceived, '0') > 0)
    throw refuse('PO-6', `第${l.lineNo}行已收货 ${trim(l.qtyReceived)}，不能变更单价或税率`);
  const reason = c.priceDeviationReason?.trim();
  if (compare(qty, l.qty) === 0 && !priceChanged && needByDate === l.needByDate && !reason) return null;
  return {
    qty,
    unitPrice,
    taxRate,
    needByDate,
    ...lineAmounts(qty, unitPrice, taxRate),
    ...(reason ? { priceDeviationReason: reason } : {}),
  };
}

/**
 * PO-6: applies a change order inside the transition's transaction: checks every changed line,
 * keeps the current revision, writes the lines, moves the covered ledgers, re-checks price
 * discipline (PO-2) and the totals (PO-8), and raises `revisionNo`. The supplier's earlier
 * confirmation no longer holds.
 */
export async function applyChange(
  trx: Db,
  row: PurchaseOrder,
  changes: readonly ChangeLine[],
  reason: string | null,
  actor: Actor,
): Promise<void> {
  if (changes.length === 0) throw refuse('PO-6', '请填写要变更的订单行');
  const lines = await linesOfOrder(trx, row.id);
  const updates: { line: PurchaseOrderLine; next: Partial<PurchaseOrderLine> }[] = [];
  for (const c of changes) {
    const line = lines.find((l) => (c.lineId ? l.id === c.lineId : l.lineNo === c.lineNo));
    if (!line) throw refuse('PO-6', `订单行${c.lineNo ?? ''}不存在`);
    if (updates.some((u) => u.line.id === line.id)) throw refuse('PO-6', `第${line.lineNo}行重复变更`);
    const next = changedLine(line, c);
    if (next) updates.push({ line, next });
  }
  if (updates.length === 0) throw refuse('PO-6', '订单内容没有变化，无需变更');
  await keepRevision(trx, row, reason, actor);
  const now = serverNowIso();
  for (const { line, next } of updates)
    await trx
      .updateTable('srmPurchaseOrderLine')
      .set({ ...next, updateBy: actor.user.username, updateTime: now })
      .where('id', '=', line.id)
      .execute();
  await moveLedgers(trx, row, updates, actor);
  await checkPrices(trx, row, await linesOfOrder(trx, row.id));
  await refreshTotals(trx, row.id);
  await trx
    .updateTable('srmPurchaseOrder')
    .set({ revisionNo: row.revisionNo + 1, supplierConfirmedAt: null, supplierRejectReason: null })
    .where('id', '=', row.id)
    .execute();
}

/** PR-3 and CON-5 for changed quantities: the old cover goes back, the new one is taken within what is left. */
async function moveLedgers(
  trx: Db,
  row: PurchaseOrder,
  updates: readonly { line: PurchaseOrderLine; next: Partial<PurchaseOrderLine> }[],
  actor: Actor,
): Promise<void> {
  const req = updates.filter((u) => u.line.requisitionLineId && compare(u.next.qty!, u.line.qty) !== 0);
  if (req.length) {
    await unorderRequisitionLines(
      trx,
      req.map((u) => ({ lineId: u.line.requisitionLineId!, qty: u.line.qty })),
      userActor(actor),
    );
    await orderRequisitionLines(
      trx,
      req.map((u) => ({ lineId: u.line.requisitionLineId!, qty: u.next.qty! })),
      userActor(actor),
    ).catch((e: unknown) => {
      throw e instanceof Error && 'status' in e ? refuse('PO-3', e.message) : e;
    });
  }
  // PO-3: an order from an award takes no more than the award has left.
  await moveAwardLines(
    trx,
    updates
      .filter((u) => u.line.awardLineId && compare(u.next.qty!, u.line.qty) !== 0)
      .map((u) => ({ awardLineId: u.line.awardLineId!, from: u.line.qty, to: u.next.qty! })),
  );
  // QUO-6 / PO-9: a reduced line gives back what it no longer takes of its quota.
  for (const u of updates)
    if (u.line.quotaArrangementId && u.next.qty !== undefined)
      await reduceQuotaAllocation(trx, u.line.id, u.next.qty, '订单变更');
  const con = updates.filter((u) => u.line.contractLineId);
  if (con.length === 0) return;
  for (const { line } of con)
    await giveBackContractLine(trx, line.contractLineId!, line.qty, add([line.amount, line.taxAmount]));
  const rows: LineRow[] = con.map(({ line, next }) => ({ ...line, ...next }));
  await coverContractLines(trx, row, rows);
  for (const r of rows)
    await trx
      .updateTable('srmPurchaseOrderLine')
      .set({ priceSource: String(r.priceSource), priceSourceId: (r.priceSourceId as string | null) ?? null })
      .where('id', '=', String(r.id))
      .execute();
}

/**
 * PO-7 短关: with something shipped, the open remainder of every open line (ordered − received −
 * in transit) is closed: the line keeps what was shipped as its quantity, records what was
 * closed, and gives the remainder back to its requisition and contract lines. Refused when
 * nothing was shipped (the order is then cancelled) or nothing is left open.
 */
export async function shortCloseLines(trx: Db, row: PurchaseOrder, actor: Actor): Promise<void> {
  const lines = await linesOfOrder(trx, row.id);
  if (!anyShipped(lines)) throw refuse('PO-7', '订单尚无在途或已收货数量，不能关闭剩余数量，请直接取消订单');
  const open = lines
    .filter((l) => l.lineStatus === 'OPEN')
    .map((l) => ({ l, rest: trim(add([l.qty, `-${moved(l)}`], 6)) }))
    .filter((x) => compare(x.rest, '0') > 0);
  if (open.length === 0) throw refuse('PO-7', '订单没有未交的剩余数量');
  const now = serverNowIso();
  for (const { l, rest } of open) {
    const qty = trim(moved(l));
    const amounts = lineAmounts(qty, l.unitPrice, l.taxRate);
    await trx
      .updateTable('srmPurchaseOrderLine')
      .set({
        qty,
        qtyShortClosed: rest,
        lineStatus: 'CLOSED',
        ...amounts,
        updateBy: actor.user.username,
        updateTime: now,
      })
      .where('id', '=', l.id)
      .execute();
    if (l.requisitionLineId)
      await unorderRequisitionLines(trx, [{ lineId: l.requisitionLineId, qty: rest }], userActor(actor));
    if (l.quotaArrangementId) await reduceQuotaAllocation(trx, l.id, qty, '关闭剩余数量');
    if (l.awardLineId) await moveAwardLines(trx, [{ awardLineId: l.awardLineId, from: l.qty, to: qty }]);
    if (l.contractLineId) {
      const back = add([l.amount, l.taxAmount, `-${amounts.amount}`, `-${amounts.taxAmount}`]);
      await giveBackContractLine(trx, l.contractLineId, rest, back);
    }
  }
  await refreshTotals(trx, row.id);
}
