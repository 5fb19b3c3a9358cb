import { PURCHASE_ORDER_DOC_TYPE, poChangeRejectedAction, purchaseOrderWorkflow } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { serverNowIso } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { operatorById } from '../../workflow/doc-log.js';
import { runTransition, type LogOperator } from '../../workflow/transition.js';
import type { ApprovalOutcome } from '../approval/approval-registry.js';
import { submitForApproval } from '../approval/approval-engine.js';
import { keepRevision } from './purchase-order-change.js';
import { moveChangeLedgers, type LineMove } from './purchase-order-change-ledgers.js';
import { syncQuotaAllocations } from './purchase-order-quota.js';
import { linesOfOrder, type PurchaseOrder, type PurchaseOrderLine } from './purchase-order-rules.js';

/**
 * What happens to a change order in CHANGE_PENDING (§16): with approval needed it goes to the
 * order's approval document type by its new `amountInclTax` (PO-4, the same steps as at
 * submission); approved, or needing none, it goes to the supplier for re-confirmation
 * (`changeSent`, SENT) and the quota allocations follow the new quantities (QUO-6, PO-9).
 *
 * Rejected in approval, the change is undone: the order takes back the content of the revision
 * before the change (its lines' quantities, prices, dates and statuses, lines the change added
 * deleted, the ledgers moved back) and the state it was changed from, with the supplier's earlier
 * confirmation. Revision numbers only go up (PO-6 "every change raises revisionNo"): the rejected
 * content is kept readable as a revision of its own (status CHANGE_PENDING, the approver's
 * comment as its reason) and the restored order is the next revision. Ledger quantities posted by
 * deliveries and receipts are never restored. The requisition, award and contract quantities go
 * back through the same checks as a change: if another order took meanwhile what the change had
 * given back, the rejection is refused with that rule (PO-3, CON-5) and the change stays pending.
 */

const TABLE = 'srmPurchaseOrder';

/** The change needs no approval, or was approved: the supplier re-confirms the new revision. */
async function toSupplier(trx: Db, id: string, operator?: LogOperator, comment?: string | null): Promise<void> {
  await runTransition(trx, purchaseOrderWorkflow, {
    table: TABLE,
    id,
    action: 'changeSent',
    actor: null,
    operator,
    reason: comment ?? null,
  });
  const row = await trx.selectFrom(TABLE).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await syncQuotaAllocations(trx, row, '订单变更');
}

/** After `change` moved the order to CHANGE_PENDING: the approval when `why` says it is needed, else the supplier. */
export async function afterChange(trx: Db, id: string, why: string | null, actor: Actor): Promise<void> {
  if (!why) return toSupplier(trx, id);
  const row = await trx.selectFrom(TABLE).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await trx.updateTable(TABLE).set({ submittedBy: actor.user.id }).where('id', '=', id).execute();
  await submitForApproval(trx, {
    docType: PURCHASE_ORDER_DOC_TYPE,
    docId: id,
    title: `采购订单变更：${row.code}（${why}）`,
    amount: row.amountInclTax,
    submitterId: actor.user.id,
    tenantId: row.tenantId,
  });
}

/** PO-4: the change's approval passed (the checks of an approval already ran). */
export async function onChangeApproved(trx: Db, row: PurchaseOrder, outcome: ApprovalOutcome): Promise<void> {
  await toSupplier(trx, row.id, await operatorById(trx, outcome.actorId), outcome.comment);
}

/** The lines' columns a change writes, which a rejected change gives back. */
const CHANGED = [
  'qty',
  'unitPrice',
  'taxRate',
  'amount',
  'taxAmount',
  'needByDate',
  'priceSource',
  'priceSourceId',
  'priceDeviationReason',
  'lineStatus',
] as const;

/** PO-4 rejected: the order as it was before the change (see above). */
export async function onChangeRejected(trx: Db, row: PurchaseOrder, outcome: ApprovalOutcome): Promise<void> {
  const previous = await trx
    .selectFrom('srmPurchaseOrderRevision')
    .selectAll()
    .where('orderId', '=', row.id)
    .orderBy('revisionNo', 'desc')
    .executeTakeFirst();
  if (!previous) throw businessError('订单没有变更前的版本，不能驳回变更');
  const operator = await operatorById(trx, outcome.actorId);
  const by = outcome.actorId
    ? ((await trx.selectFrom('sysUser').select('username').where('id', '=', outcome.actorId).executeTakeFirst())
        ?.username ?? 'system')
    : 'system';
  await keepRevision(trx, row, `变更审批驳回：${outcome.comment ?? ''}`, by);
  const header = JSON.parse(previous.header) as PurchaseOrder;
  const was = new Map((JSON.parse(previous.lines) as PurchaseOrderLine[]).map((l) => [l.id, l]));
  const now = serverNowIso();
  const moves: LineMove[] = [];
  for (const line of await linesOfOrder(trx, row.id)) {
    const old = was.get(line.id);
    if (!old) {
      await trx.deleteFrom('srmPurchaseOrderLine').where('id', '=', line.id).execute();
      moves.push({ before: line, after: null });
      continue;
    }
    const restored = Object.fromEntries(CHANGED.map((k) => [k, old[k]])) as Partial<PurchaseOrderLine>;
    await trx
      .updateTable('srmPurchaseOrderLine')
      .set({ ...restored, updateBy: by, updateTime: now })
      .where('id', '=', line.id)
      .execute();
    moves.push({ before: line, after: { ...line, ...restored } });
  }
  await moveChangeLedgers(trx, row, moves, operator);
  await trx
    .updateTable(TABLE)
    .set({
      amountExclTax: header.amountExclTax,
      taxAmount: header.taxAmount,
      amountInclTax: header.amountInclTax,
      needsManagerApproval: header.needsManagerApproval,
      supplierConfirmedAt: header.supplierConfirmedAt,
      supplierRejectReason: header.supplierRejectReason,
      revisionNo: row.revisionNo + 1,
    })
    .where('id', '=', row.id)
    .execute();
  await runTransition(trx, purchaseOrderWorkflow, {
    table: TABLE,
    id: row.id,
    action: poChangeRejectedAction(previous.status) as never,
    actor: null,
    operator,
    reason: outcome.comment,
  });
}
