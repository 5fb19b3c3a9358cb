import { compare, subtract, toScaled, trim, fromScaled, type LineRow } from '@procura/shared';
import { serverNowIso } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import type { PurchaseOrder, PurchaseOrderLine } from './purchase-order-rules.js';

/**
 * Quota allocations of orders (QUO-6, PO-9): when an order whose lines were split by a quota
 * arrangement (`quotaArrangementId`, QUO-4) is approved, each line's quantity is recorded as an
 * allocation of its supplier and added to the supplier's running `allocatedQty` (which QUO-5's
 * quota rating reads); when the order or a line is cancelled, or a line reduced, the allocation is
 * reversed and the running total goes down. Each is one call inside the caller's transaction, made
 * where the order's status becomes APPROVED or CANCELLED.
 */

const qtyText = (v: bigint) => trim(fromScaled(v, 6));

/**
 * Moves the supplier's running total on the arrangement by `delta` (millionths), as a
 * compare-and-swap on the value read: a concurrent approval on the same arrangement never loses
 * an update, the loser reads again.
 */
async function moveAllocated(
  trx: Db,
  arrangementId: string,
  supplierId: string,
  delta: bigint,
  must = false,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const line = await trx
      .selectFrom('quotaLine')
      .select(['id', 'allocatedQty'])
      .where('arrangementId', '=', arrangementId)
      .where('supplierId', '=', supplierId)
      .executeTakeFirst();
    if (!line) {
      if (must) throw businessError('配额中没有该供应商（QUO-6）');
      return;
    }
    const next = toScaled(line.allocatedQty) + delta;
    const moved = await trx
      .updateTable('quotaLine')
      .set({ allocatedQty: qtyText(next < 0n ? 0n : next) })
      .where('id', '=', line.id)
      .where('allocatedQty', '=', line.allocatedQty)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) return;
  }
  throw businessError('配额分配量已被他人修改，请重试');
}

/** QUO-6 / PO-9 at approval: an allocation per live line split by an arrangement (once per line). */
export async function recordQuotaAllocations(trx: Db, order: PurchaseOrder): Promise<void> {
  const lines = await trx
    .selectFrom('srmPurchaseOrderLine')
    .select(['id', 'qty', 'quotaArrangementId'])
    .where('orderId', '=', order.id)
    .where('quotaArrangementId', 'is not', null)
    .where('lineStatus', '<>', 'CANCELLED')
    .execute();
  const at = serverNowIso();
  for (const l of lines) {
    const held = await trx
      .selectFrom('quotaAllocation')
      .select('id')
      .where('poLineId', '=', l.id)
      .where('reversed', '=', 0)
      .executeTakeFirst();
    if (held) continue;
    await moveAllocated(trx, l.quotaArrangementId!, order.supplierId, toScaled(l.qty), true);
    await trx
      .insertInto('quotaAllocation')
      .values({
        id: newId(),
        tenantId: order.tenantId,
        arrangementId: l.quotaArrangementId!,
        supplierId: order.supplierId,
        orderId: order.id,
        poLineId: l.id,
        qty: l.qty,
        at,
        reversed: 0,
        reversedAt: null,
        reverseReason: null,
      })
      .execute();
  }
}

/**
 * QUO-6 / PO-9 on cancellation: the allocations of the order (or only of `lineIds`) are reversed
 * and leave the running totals. Lines never approved hold none: nothing changes for them.
 */
export async function reverseQuotaAllocations(
  trx: Db,
  orderId: string,
  reason: string,
  lineIds?: readonly string[],
): Promise<void> {
  let q = trx.selectFrom('quotaAllocation').selectAll().where('orderId', '=', orderId).where('reversed', '=', 0);
  if (lineIds) {
    if (lineIds.length === 0) return;
    q = q.where('poLineId', 'in', lineIds);
  }
  const at = serverNowIso();
  for (const a of await q.execute()) {
    const done = await trx
      .updateTable('quotaAllocation')
      .set({ reversed: 1, reversedAt: at, reverseReason: reason.slice(0, 200) })
      .where('id', '=', a.id)
      .where('reversed', '=', 0)
      .executeTakeFirst();
    // Reversed meanwhile by someone else: its quantity already left the total.
    if (Number(done.numUpdatedRows) !== 1) continue;
    await moveAllocated(trx, a.arrangementId, a.supplierId, -toScaled(a.qty));
  }
}

/**
 * QUO-6 / PO-9 on a reduction of an approved line to `newQty`: the allocation is reversed and
 * one of the new quantity recorded (the history keeps both); an increase is not a reduction and
 * changes nothing here.
 */
export async function reduceQuotaAllocation(trx: Db, poLineId: string, newQty: string, reason: string): Promise<void> {
  const held = await trx
    .selectFrom('quotaAllocation')
    .selectAll()
    .where('poLineId', '=', poLineId)
    .where('reversed', '=', 0)
    .executeTakeFirst();
  if (!held || compare(newQty, held.qty) >= 0) return;
  await reverseQuotaAllocations(trx, held.orderId, `${reason}（减少 ${subtract(held.qty, newQty)}）`, [poLineId]);
  if (toScaled(newQty) <= 0n) return;
  await moveAllocated(trx, held.arrangementId, held.supplierId, toScaled(newQty), true);
  await trx
    .insertInto('quotaAllocation')
    .values({ ...held, id: newId(), qty: trim(newQty), at: serverNowIso() })
    .execute();
}

/**
 * QUO-4 on a draft's generic edit: the line set is replaced by what the form sends, which never
 * carries the quota link (not a field the buyer fills in). A line keeps the arrangement of the
 * stored line it stands for (same requisition line and material) while the order's supplier is
 * still one of the arrangement's; a line made anew, or an order moved to another supplier, has none.
 */
export async function keepQuotaLinks(
  trx: Db,
  stored: readonly PurchaseOrderLine[],
  rows: LineRow[],
  supplierId: string,
): Promise<void> {
  const linked = stored.filter((l) => l.quotaArrangementId && l.requisitionLineId);
  const onQuota = new Set(
    linked.length === 0
      ? []
      : (
          await trx
            .selectFrom('quotaLine')
            .select('arrangementId')
            .where(
              'arrangementId',
              'in',
              linked.map((l) => l.quotaArrangementId!),
            )
            .where('supplierId', '=', supplierId)
            .execute()
        ).map((q) => q.arrangementId),
  );
  for (const row of rows) {
    const was = linked.find(
      (l) => l.requisitionLineId === row.requisitionLineId && (l.materialId ?? null) === (row.materialId ?? null),
    );
    // Every row carries the same columns (one multi-row insert).
    row.quotaArrangementId = was && onQuota.has(was.quotaArrangementId!) ? was.quotaArrangementId : null;
  }
}

/**
 * QUO-6 / PO-9 when a change order reaches the supplier: each line's allocation follows its
 * quantity: a removed line's is reversed, a changed one's reversed and recorded again at the new
 * quantity, an added line's recorded.
 */
export async function syncQuotaAllocations(trx: Db, order: PurchaseOrder, reason: string): Promise<void> {
  const lines = await trx
    .selectFrom('srmPurchaseOrderLine')
    .select(['id', 'qty', 'lineStatus'])
    .where('orderId', '=', order.id)
    .where('quotaArrangementId', 'is not', null)
    .execute();
  const held = await trx
    .selectFrom('quotaAllocation')
    .select(['poLineId', 'qty'])
    .where('orderId', '=', order.id)
    .where('reversed', '=', 0)
    .execute();
  const stale = lines.filter((l) => {
    const h = held.find((x) => x.poLineId === l.id);
    return h && (l.lineStatus === 'CANCELLED' || compare(h.qty, l.qty) !== 0);
  });
  await reverseQuotaAllocations(
    trx,
    order.id,
    reason,
    stale.map((l) => l.id),
  );
  await recordQuotaAllocations(trx, order);
}
