import { add, compare, trim } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { unorderRequisitionLines } from '../requisition/index.js';
import { userActor } from '../requisition/requisition-service.js';
import { moveAwardLines } from './purchase-order-award.js';
import { anyShipped, moved } from './purchase-order-change.js';
import { giveBackContractLine } from './purchase-order-contract.js';
import { reduceQuotaAllocation } from './purchase-order-quota.js';
import { lineAmounts, linesOfOrder, refreshTotals, refuse, type PurchaseOrder } from './purchase-order-rules.js';

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
