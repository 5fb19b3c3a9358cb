import { add, compare, type LineRow } from '@procura/shared';
import type { Db } from '../../db/database.js';
import { orderRequisitionLines, unorderRequisitionLines, type LogActor } from '../requisition/index.js';
import { moveAwardLines } from './purchase-order-award.js';
import { coverContractLines, giveBackContractLine } from './purchase-order-contract.js';
import { refuse, type PurchaseOrder, type PurchaseOrderLine } from './purchase-order-rules.js';

/**
 * The ledgers a change order moves (PO-3 requisition PR-3, award, contract CON-4/CON-5), for one
 * line as it was (`before`) and as it becomes (`after`); a removed line (cancelled, or deleted
 * when a rejected change is undone) has no `after`. What the line took before goes back, what it
 * takes after is taken within what is left, in the caller's transaction. A line added by a change
 * takes its cover when it is built (purchase-order-change-lines.ts). Quota allocations follow when
 * the change reaches the supplier (`syncQuotaAllocations`, QUO-6).
 */
export type LineMove = { before: PurchaseOrderLine; after: PurchaseOrderLine | null };

const live = (l: PurchaseOrderLine | null) => (l && l.lineStatus !== 'CANCELLED' ? l.qty : '0');
const positive = (qty: string) => compare(qty, '0') > 0;

export async function moveChangeLedgers(
  trx: Db,
  row: PurchaseOrder,
  moves: readonly LineMove[],
  who?: LogActor,
): Promise<void> {
  const qtyMoved = moves.filter((m) => compare(live(m.before), live(m.after)) !== 0);
  const req = qtyMoved.filter((m) => m.before.requisitionLineId);
  if (req.length) {
    const back = req.filter((m) => positive(live(m.before)));
    if (back.length)
      await unorderRequisitionLines(
        trx,
        back.map((m) => ({ lineId: m.before.requisitionLineId!, qty: live(m.before) })),
        who,
      );
    const take = req.filter((m) => positive(live(m.after)));
    if (take.length)
      await orderRequisitionLines(
        trx,
        take.map((m) => ({ lineId: m.before.requisitionLineId!, qty: live(m.after) })),
        who,
      ).catch((e: unknown) => {
        throw e instanceof Error && 'status' in e ? refuse('PO-3', e.message) : e;
      });
  }
  // PO-3: an order from an award takes no more than the award has left.
  await moveAwardLines(
    trx,
    qtyMoved
      .filter((m) => m.before.awardLineId)
      .map((m) => ({ awardLineId: m.before.awardLineId!, from: live(m.before), to: live(m.after) })),
  );
  const con = moves.filter((m) => m.before.contractLineId);
  if (con.length === 0) return;
  for (const { before } of con)
    if (before.lineStatus !== 'CANCELLED')
      await giveBackContractLine(trx, before.contractLineId!, before.qty, add([before.amount, before.taxAmount]));
  const rows = con
    .filter((m) => m.after && m.after.lineStatus !== 'CANCELLED')
    .map((m) => ({ ...m.after! }) as unknown as LineRow);
  await coverContractLines(trx, row, rows);
  for (const r of rows)
    await trx
      .updateTable('srmPurchaseOrderLine')
      .set({ priceSource: String(r.priceSource), priceSourceId: (r.priceSourceId as string | null) ?? null })
      .where('id', '=', String(r.id))
      .execute();
}
