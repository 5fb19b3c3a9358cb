import { add, compare, multiply, percentOf } from '@procura/shared';
import type { Selectable } from 'kysely';
import { businessDay } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { admissionCategoryCodes } from '../material/material-rules.js';
import { priceOn } from '../material/price-library.js';
import { supplierEligibility } from '../supplier/index.js';
import type { SrmPurchaseOrderLineTable, SrmPurchaseOrderTable } from './purchase-order-tables.js';

/**
 * The business rules of purchase orders (domain §16), each a function of the order and its lines
 * inside the caller's transaction. A refusal is a business error whose message is for the user and
 * whose `result.rule` names the rule (for logs and tests, never shown as part of the message).
 */
export type PurchaseOrder = Selectable<SrmPurchaseOrderTable>;
export type PurchaseOrderLine = Selectable<SrmPurchaseOrderLineTable>;

/** A rule-cited refusal. */
export const refuse = (rule: string, message: string) => businessError(message, { rule });

/** The order states that count as open order value (QLF-4): posted and not finished or given up. */
export const OPEN_ORDER_STATES = [
  'PENDING_APPROVAL',
  'APPROVED',
  'SENT',
  'CONFIRMED',
  'CHANGE_PENDING',
  'IN_DELIVERY',
  'ON_HOLD',
] as const;

/** X-6 for one line: amount = round(qty × unit price, 2), tax = round(amount × rate / 100, 2), half up. */
export function lineAmounts(qty: string, unitPrice: string, taxRate: string): { amount: string; taxAmount: string } {
  const amount = multiply(qty, unitPrice, 2);
  return { amount, taxAmount: percentOf(amount, taxRate) };
}

/** PO-8: header totals are the exact sums of the lines. */
export function orderTotals(lines: readonly Pick<PurchaseOrderLine, 'amount' | 'taxAmount' | 'lineStatus'>[]): {
  amountExclTax: string;
  taxAmount: string;
  amountInclTax: string;
} {
  const live = lines.filter((l) => l.lineStatus !== 'CANCELLED');
  const amountExclTax = add(live.map((l) => l.amount));
  const taxAmount = add(live.map((l) => l.taxAmount));
  return { amountExclTax, taxAmount, amountInclTax: add([amountExclTax, taxAmount]) };
}

export async function linesOfOrder(db: Db, orderId: string): Promise<PurchaseOrderLine[]> {
  return db.selectFrom('srmPurchaseOrderLine').selectAll().where('orderId', '=', orderId).orderBy('lineNo').execute();
}

/** PO-8: recomputes each line's amounts and the header totals from the lines, and stores them. */
export async function refreshTotals(trx: Db, orderId: string): Promise<ReturnType<typeof orderTotals>> {
  const lines = await linesOfOrder(trx, orderId);
  for (const l of lines) {
    const a = lineAmounts(l.qty, l.unitPrice, l.taxRate);
    if (a.amount !== l.amount || a.taxAmount !== l.taxAmount)
      await trx.updateTable('srmPurchaseOrderLine').set(a).where('id', '=', l.id).execute();
    Object.assign(l, a);
  }
  const totals = orderTotals(lines);
  await trx.updateTable('srmPurchaseOrder').set(totals).where('id', '=', orderId).execute();
  return totals;
}

/** An order must have lines, each with a positive quantity, to be submitted (PO-8). */
export function assertHasLines(lines: readonly PurchaseOrderLine[]): void {
  const live = lines.filter((l) => l.lineStatus !== 'CANCELLED');
  if (live.length === 0) throw refuse('PO-8', '订单没有明细行，不能提交');
  const bad = live.find((l) => compare(l.qty, '0') <= 0);
  if (bad) throw refuse('PO-8', `第${bad.lineNo}行的数量必须大于0`);
}

/**
 * PO-2: a line whose material has a price record in force for the supplier on the order date
 * must carry that price; a different price needs a reason on the line, and then the order needs
 * the manager's approval whatever its amount. Lines keep where their price came from.
 * Returns whether the order needs the manager's approval.
 */
export async function checkPrices(
  trx: Db,
  order: PurchaseOrder,
  lines: readonly PurchaseOrderLine[],
): Promise<boolean> {
  let deviates = false;
  for (const l of lines) {
    if (!l.materialId || l.lineStatus === 'CANCELLED' || ['CONTRACT', 'AWARD'].includes(l.priceSource)) continue;
    const record = await priceOn(
      trx,
      { tenantId: order.tenantId, supplierId: order.supplierId, materialId: l.materialId, currency: order.currency },
      order.orderDate,
    );
    if (!record) continue;
    if (compare(record.unitPrice, l.unitPrice) === 0) {
      await trx
        .updateTable('srmPurchaseOrderLine')
        .set({ priceSource: 'PRICE_RECORD', priceSourceId: record.id })
        .where('id', '=', l.id)
        .execute();
      continue;
    }
    if (!l.priceDeviationReason?.trim())
      throw refuse(
        'PO-2',
        `第${l.lineNo}行（${l.materialName}）单价 ${l.unitPrice} 与有效价格 ${record.unitPrice} 不一致，请改为有效价格，或填写价格偏离原因`,
      );
    deviates = true;
    await trx
      .updateTable('srmPurchaseOrderLine')
      .set({ priceSource: 'MANUAL', priceSourceId: record.id })
      .where('id', '=', l.id)
      .execute();
  }
  return deviates;
}

/**
 * The admission category (主营品类, §4.3) of each material category, for PO-1: the one helper
 * sourcing and quotas use (its own `supplierCategory`, else its nearest ancestor's, else its code).
 */
async function categoryCodes(trx: Db, categoryIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const id of new Set(categoryIds.filter((c): c is string => !!c))) {
    const [code] = await admissionCategoryCodes(trx, [id]);
    if (code) out.set(id, code);
  }
  return out;
}

/** The supplier's open order value per admission category, other orders than this one (QLF-4). */
async function openValueByCategory(trx: Db, order: PurchaseOrder): Promise<Map<string, string>> {
  const rows = await trx
    .selectFrom('srmPurchaseOrderLine as l')
    .innerJoin('srmPurchaseOrder as o', 'o.id', 'l.orderId')
    .select(['l.categoryId', 'l.amount', 'l.taxAmount'])
    .where('o.supplierId', '=', order.supplierId)
    .where('o.tenantId', '=', order.tenantId)
    .where('o.id', '<>', order.id)
    .where('o.status', 'in', [...OPEN_ORDER_STATES])
    .where('l.lineStatus', '<>', 'CANCELLED')
    .where('l.categoryId', 'is not', null)
    .execute();
  const codes = await categoryCodes(
    trx,
    rows.map((r) => r.categoryId),
  );
  const sums = new Map<string, string>();
  for (const r of rows) {
    const code = codes.get(r.categoryId!);
    if (code) sums.set(code, add([sums.get(code) ?? '0', r.amount, r.taxAmount]));
  }
  return sums;
}

/**
 * PO-1 (X-15, QLF-4) through the one eligibility function: the supplier may receive orders
 * (not frozen, blacklisted or eliminated; QUALIFIED), holds every line's category as QUALIFIED
 * or TRIAL, has no current grade that blocks orders, and stays within each TRIAL category's cap
 * on open order value with this order added.
 */
export async function checkEligibility(trx: Db, order: PurchaseOrder, lines: readonly PurchaseOrderLine[]) {
  const live = lines.filter((l) => l.lineStatus !== 'CANCELLED');
  const codes = await categoryCodes(
    trx,
    live.map((l) => l.categoryId),
  );
  const open = await openValueByCategory(trx, order);
  const value: Record<string, string> = {};
  for (const l of live) {
    const code = l.categoryId ? codes.get(l.categoryId) : undefined;
    if (code) value[code] = add([value[code] ?? open.get(code) ?? '0', l.amount, l.taxAmount]);
  }
  const refusal = await supplierEligibility(trx, order.supplierId, {
    purpose: 'order',
    tenantId: order.tenantId,
    categories: { codes: Object.keys(value), text: '订单物料分类' },
    openOrderValue: value,
  });
  if (refusal) throw refuse(refusal.reason === 'TRIAL_CAP' ? 'QLF-4' : 'PO-1', `${refusal.message}，不能接收订单`);
}

/** What the supplier sends for one line when it confirms (PO-5). */
export type LinePromise = { lineId: string; promisedDate: string; reason?: string | null };

/**
 * PO-5: each line gets a promised date, the needed date when the supplier gives none; a date
 * later than needed takes a reason (for the buyer to accept). Returns the line updates.
 */
export function promisedDates(
  lines: readonly PurchaseOrderLine[],
  given: readonly LinePromise[],
): { id: string; promisedDate: string; promiseReason: string | null }[] {
  const byLine = new Map(given.map((g) => [g.lineId, g]));
  for (const g of given) if (!lines.some((l) => l.id === g.lineId)) throw refuse('PO-5', '承诺交期对应的订单行不存在');
  return lines
    .filter((l) => l.lineStatus !== 'CANCELLED')
    .map((l) => {
      const g = byLine.get(l.id);
      const date = g?.promisedDate ?? l.needByDate;
      const reason = g?.reason?.trim() || null;
      if (date < businessDay()) throw refuse('PO-5', `第${l.lineNo}行的承诺交期不能早于今天`);
      if (date > l.needByDate && !reason)
        throw refuse('PO-5', `第${l.lineNo}行的承诺交期晚于需求日期 ${l.needByDate}，请填写原因`);
      return { id: l.id, promisedDate: date, promiseReason: reason };
    });
}

/** PO-7: an order is cancelled only with nothing in transit or received; else its remainder is short-closed. */
export function assertCancellable(lines: readonly PurchaseOrderLine[]): void {
  const moved = lines.find((l) => compare(l.qtyInTransit, '0') > 0 || compare(l.qtyReceived, '0') > 0);
  if (moved)
    throw businessError(
      `第${moved.lineNo}行已有在途或已收货数量（在途 ${moved.qtyInTransit}，已收 ${moved.qtyReceived}），订单不能取消，请关闭剩余数量（短关）`,
      { rule: 'PO-7', offer: 'shortClose' },
    );
}

/** What a new order line starts with: nothing shipped, received, invoiced or closed yet (§24). */
export const NEW_LINE_LEDGER = {
  qtyInTransit: '0',
  qtyReceived: '0',
  qtyAccepted: '0',
  qtyRejected: '0',
  qtyReturned: '0',
  qtyInvoiced: '0',
  amountInvoiced: '0.00',
  qtyShortClosed: '0',
  lineStatus: 'OPEN',
  remark: null,
  updateBy: null,
  updateTime: null,
} as const;
