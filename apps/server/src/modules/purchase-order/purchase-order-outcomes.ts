import { purchaseOrderResource } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { businessError } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { ApprovalDocTypeDef, ApprovalOutcome } from '../approval/approval-registry.js';
import { workflowApprovalDocTypes } from '../../workflow/workflow-approval.js';
import { unorderRequisitionLines } from '../requisition/index.js';
import { userActor } from '../requisition/requisition-service.js';
import { releaseAwardLines } from './purchase-order-award.js';
import { onChangeApproved, onChangeRejected } from './purchase-order-change-outcome.js';
import { releaseContractLines } from './purchase-order-contract.js';
import { recordQuotaAllocations, reverseQuotaAllocations } from './purchase-order-quota.js';
import { checkEligibility, linesOfOrder, refuse, type PurchaseOrder } from './purchase-order-rules.js';

/**
 * The two outcomes of an order that other ledgers follow: its approval (PO-4) and its
 * cancellation (PO-7). Each goes through one function here, in the deciding transaction, so
 * what else an approved or cancelled order moves (quota allocations, PO-9) is one call added
 * to it.
 */

async function orderRow(trx: Db, id: string): Promise<PurchaseOrder> {
  const row = await trx.selectFrom('srmPurchaseOrder').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw businessError('采购订单不存在');
  return row;
}

/**
 * Before the order becomes APPROVED (the engine's outcome, or at once when no step applies):
 * PO-1 is checked again, and an order priced off its price record or contract (PO-2) is never
 * approved without a person: it needs the manager whatever its amount. PO-4 (§21: by default
 * every order goes to the purchasing manager): an order is approved without a person only where
 * the tenant's enabled order flow leaves it below its thresholds; a tenant without one (a new
 * tenant has none: flows are set in 审批配置) is refused, not approved unseen.
 */
async function beforeApproved(trx: Db, row: PurchaseOrder, outcome: ApprovalOutcome): Promise<void> {
  if (!outcome.actorId && !outcome.instance.ruleCode)
    throw refuse(
      'PO-4',
      '本租户尚未启用采购订单的审批流程，订单须经审批才能生效，请联系管理员在审批配置中为采购订单设置审批步骤',
    );
  if (row.needsManagerApproval && !outcome.actorId)
    throw refuse(
      'PO-2',
      '订单单价偏离有效价格，须经理审批，但采购订单审批配置中没有适用于该订单的审批步骤，请联系管理员在审批配置中设置',
    );
  await checkEligibility(trx, row, await linesOfOrder(trx, row.id));
}

/** PO-4: the order is APPROVED (its status already moved, in the same transaction). */
export async function onOrderApproved(trx: Db, row: PurchaseOrder): Promise<void> {
  // QUO-6 / PO-9: the quota allocations of the approved order's lines split by quota.
  await recordQuotaAllocations(trx, row);
}

/** PO-3, CON-5, PO-7: a cancelled order gives back what it covered of requisitions, contracts and awards; its lines are cancelled. */
export async function onOrderCancelled(trx: Db, row: PurchaseOrder, actor: Actor, reason: string): Promise<void> {
  const lines = await linesOfOrder(trx, row.id);
  const covered = lines.filter((l) => l.requisitionLineId && l.lineStatus !== 'CANCELLED');
  if (covered.length)
    await unorderRequisitionLines(
      trx,
      covered.map((l) => ({ lineId: l.requisitionLineId!, qty: l.qty })),
      userActor(actor),
    );
  await releaseContractLines(trx, row.id);
  await releaseAwardLines(trx, row.id);
  // QUO-6 / PO-9: what the order took of its quota arrangements goes back.
  await reverseQuotaAllocations(trx, row.id, `订单取消：${reason}`);
  await trx
    .updateTable('srmPurchaseOrderLine')
    .set({ lineStatus: 'CANCELLED' })
    .where('orderId', '=', row.id)
    .execute();
}

/**
 * X-10, PO-4: the order's approval document type, from its definition (`submit` hands over by
 * `amountInclTax`; the steps whose amount threshold it reaches apply, as 审批配置 sets them for
 * 采购订单, the §21 approval.po.thresholds), the outcome firing `approved` / `rejected`, with the
 * order's checks and follow-ups around `approved`. A change order in CHANGE_PENDING (PO-6) goes
 * through the same document type with the same checks; its outcome sends the change to the
 * supplier or undoes it (purchase-order-change-outcome.ts).
 */
export function purchaseOrderApprovalDocTypes(): ApprovalDocTypeDef[] {
  return workflowApprovalDocTypes(purchaseOrderResource).map((t) => ({
    ...t,
    onApproved: async (trx, outcome) => {
      const row = await orderRow(trx, outcome.instance.docId);
      await beforeApproved(trx, row, outcome);
      if (row.status === 'CHANGE_PENDING') return onChangeApproved(trx, row, outcome);
      await t.onApproved?.(trx, outcome);
      await onOrderApproved(trx, await orderRow(trx, outcome.instance.docId));
    },
    onRejected: async (trx, outcome) => {
      const row = await orderRow(trx, outcome.instance.docId);
      if (row.status === 'CHANGE_PENDING') return onChangeRejected(trx, row, outcome);
      await t.onRejected?.(trx, outcome);
    },
  }));
}
