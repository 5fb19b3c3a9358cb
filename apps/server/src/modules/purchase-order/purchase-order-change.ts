import { add, compare, trim } from '@procura/shared';
import { z } from 'zod';
import type { Actor } from '../../core/access.js';
import { serverNowIso } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { decimalText, id as wireId, text, wireDate } from '../../http/wire.js';
import { userActor } from '../requisition/requisition-service.js';
import { addLineSchema, buildAddedLines, type AddLine } from './purchase-order-change-lines.js';
import { moveChangeLedgers, type LineMove } from './purchase-order-change-ledgers.js';
import {
  assertHasLines,
  checkEligibility,
  checkPrices,
  lineAmounts,
  linesOfOrder,
  refreshTotals,
  refuse,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from './purchase-order-rules.js';

/**
 * Change orders (PO-6) of a running order. A change never takes a line below what was shipped to
 * it (`qtyReceived + qtyInTransit`), never changes the price of a line with received quantity,
 * removes only lines with nothing shipped, adds lines with the checks of a new line, and raises
 * `revisionNo` after storing the order as it was (its revisions stay readable). The ledgers the
 * lines cover (requisition PR-3, award PO-3, contract CON-5) move with the quantities. The order
 * then waits in CHANGE_PENDING: a change that raises the amount, adds a line or deviates from the
 * price (PO-2) goes through the order's approval again (PO-4), any other goes on to the supplier's
 * re-confirmation at once (purchase-order-change-outcome.ts).
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
    /** Removes the line (cancelled, kept readable): only with nothing received or in transit. */
    remove: z.boolean().optional(),
  })
  .refine((l) => l.lineId !== undefined || l.lineNo !== undefined, '请指明要变更的订单行');
export type ChangeLine = z.infer<typeof changeLineSchema>;

export const moved = (l: PurchaseOrderLine) => add([l.qtyReceived, l.qtyInTransit], 6);
const hasMoved = (l: PurchaseOrderLine) => compare(l.qtyReceived, '0') > 0 || compare(l.qtyInTransit, '0') > 0;

/** Whether anything of the order was shipped or received (PO-6, PO-7). */
export const anyShipped = (lines: readonly PurchaseOrderLine[]) => lines.some(hasMoved);

/** PO-6: stores the order as it is (header and lines) as its current revision, before it is replaced. */
export async function keepRevision(trx: Db, row: PurchaseOrder, reason: string | null, by: string): Promise<void> {
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
      changedBy: by,
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
  if (c.remove) {
    if (hasMoved(l))
      throw refuse(
        'PO-6',
        `第${l.lineNo}行已有在途或已收货数量（已收 ${trim(l.qtyReceived)}，在途 ${trim(l.qtyInTransit)}），不能删除，请减少数量或关闭剩余数量`,
      );
    return { lineStatus: 'CANCELLED' };
  }
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

/** What a change order takes: the changed lines, the added lines, the reason. */
export const changeInput = {
  lines: z.array(changeLineSchema).max(1000).optional(),
  addLines: z.array(addLineSchema).max(500).optional(),
};
export type ChangeInput = { lines?: ChangeLine[]; addLines?: AddLine[] };

const deviates = (l: PurchaseOrderLine) => l.priceSource === 'MANUAL' && !!l.priceSourceId;
const priceMoved = (a: PurchaseOrderLine, b: Partial<PurchaseOrderLine>) =>
  (b.unitPrice !== undefined && compare(a.unitPrice, b.unitPrice) !== 0) ||
  (b.taxRate !== undefined && compare(a.taxRate, b.taxRate) !== 0) ||
  (b.priceDeviationReason !== undefined && b.priceDeviationReason !== a.priceDeviationReason);

/**
 * PO-6: applies a change order inside the transition's transaction: checks every changed line,
 * keeps the current revision, writes the lines (removed ones cancelled, added ones inserted),
 * moves the covered ledgers, re-checks price discipline (PO-2) and the totals (PO-8), and raises
 * `revisionNo`. The supplier's earlier confirmation no longer holds. Returns why the change needs
 * the order's approval again (PO-4: a higher amount, an added line, a price off its price record
 * or contract, PO-2), or null when it goes to the supplier at once; eligibility (PO-1) is checked
 * for a change that needs approval, as at submission.
 */
export async function applyChange(
  trx: Db,
  row: PurchaseOrder,
  input: ChangeInput,
  reason: string | null,
  actor: Actor,
): Promise<string | null> {
  const changes = input.lines ?? [];
  const adds = input.addLines ?? [];
  if (changes.length === 0 && adds.length === 0) throw refuse('PO-6', '请填写要变更的订单行');
  const lines = await linesOfOrder(trx, row.id);
  const updates: { line: PurchaseOrderLine; next: Partial<PurchaseOrderLine> }[] = [];
  for (const c of changes) {
    const line = lines.find((l) => (c.lineId ? l.id === c.lineId : l.lineNo === c.lineNo));
    if (!line) throw refuse('PO-6', `订单行${c.lineNo ?? ''}不存在`);
    if (updates.some((u) => u.line.id === line.id)) throw refuse('PO-6', `第${line.lineNo}行重复变更`);
    const next = changedLine(line, c);
    if (next) updates.push({ line, next });
  }
  if (updates.length === 0 && adds.length === 0) throw refuse('PO-6', '订单内容没有变化，无需变更');
  await keepRevision(trx, row, reason, actor.user.username);
  const now = serverNowIso();
  for (const { line, next } of updates)
    await trx
      .updateTable('srmPurchaseOrderLine')
      .set({ ...next, updateBy: actor.user.username, updateTime: now })
      .where('id', '=', line.id)
      .execute();
  const moves: LineMove[] = updates.map(({ line, next }) => ({ before: line, after: { ...line, ...next } }));
  await moveChangeLedgers(trx, row, moves, userActor(actor));
  const added = await buildAddedLines(trx, row, adds, Math.max(0, ...lines.map((l) => l.lineNo)), actor);
  if (added.length) await trx.insertInto('srmPurchaseOrderLine').values(added).execute();
  const current = await linesOfOrder(trx, row.id);
  assertHasLines(current);
  await checkPrices(trx, row, current);
  const totals = await refreshTotals(trx, row.id);
  const after = await linesOfOrder(trx, row.id);
  await trx
    .updateTable('srmPurchaseOrder')
    .set({
      revisionNo: row.revisionNo + 1,
      supplierConfirmedAt: null,
      supplierRejectReason: null,
      needsManagerApproval: after.some((l) => l.lineStatus !== 'CANCELLED' && deviates(l)) ? 1 : 0,
    })
    .where('id', '=', row.id)
    .execute();
  const touched = new Set([...updates.filter((u) => priceMoved(u.line, u.next)).map((u) => u.line.id)]);
  const off = after.find(
    (l) => l.lineStatus !== 'CANCELLED' && deviates(l) && (touched.has(l.id) || added.some((a) => a.id === l.id)),
  );
  const why =
    compare(totals.amountInclTax, row.amountInclTax) > 0
      ? `含税金额由 ${row.amountInclTax} 提高到 ${totals.amountInclTax}`
      : added.length
        ? `新增 ${added.length} 行`
        : off
          ? `第${off.lineNo}行单价偏离有效价格`
          : null;
  if (why) await checkEligibility(trx, { ...row, ...totals }, after);
  return why;
}
