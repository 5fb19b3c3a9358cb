import { z } from 'zod';
import { purchaseOrderWorkflow } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { serverNowIso } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { noticeHtml } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import { id as wireId, text, wireDate } from '../../http/wire.js';
import { transitionHook, type TransitionHooks } from '../../resource/workflow-routes.js';
import { runTransition } from '../../workflow/transition.js';
import { notifyUsers } from '../announcements/notify.js';
import { unorderRequisitionLines } from '../requisition/index.js';
import { userActor } from '../requisition/requisition-service.js';
import { releaseAwardLines } from './purchase-order-award.js';
import { releaseContractLines } from './purchase-order-contract.js';
import {
  assertCancellable,
  assertHasLines,
  checkEligibility,
  checkPrices,
  linesOfOrder,
  promisedDates,
  refreshTotals,
  refuse,
  type PurchaseOrder,
} from './purchase-order-rules.js';

export const ORDER_TABLE = 'srmPurchaseOrder';
export const BUYER_PAGE = '/srm/order';
export const SUPPLIER_PAGE = '/srm/my-orders';

async function set(trx: Db, id: string, values: Partial<PurchaseOrder>): Promise<void> {
  await trx.updateTable('srmPurchaseOrder').set(values).where('id', '=', id).execute();
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

/** X-12: the supplier on a sent or cancelled order, the buyer on the supplier's answer. */
async function notifyOrder(trx: Db, row: PurchaseOrder, action: string, detail: string): Promise<void> {
  const content = noticeHtml`<p>${row.code} ${row.supplierName}（含税金额 ${row.amountInclTax} ${row.currency}）${detail ? `：${detail}` : ''}</p>`;
  const toSupplier = async (title: string) =>
    notifyUsers(trx, {
      userIds: await supplierUsers(trx, row.supplierId),
      title,
      content,
      busType: 'purchaseOrder',
      busId: row.id,
      openType: 'url',
      openPage: SUPPLIER_PAGE,
    });
  const toBuyer = (title: string) =>
    notifyUsers(trx, {
      userIds: [row.buyerId],
      title,
      content,
      busType: 'purchaseOrder',
      busId: row.id,
      openType: 'url',
      openPage: BUYER_PAGE,
    });
  if (action === 'send') await toSupplier(`新的采购订单：${row.code}`);
  else if (action === 'cancel' && row.status !== 'APPROVED') await toSupplier(`采购订单已取消：${row.code}`);
  else if (action === 'confirm') await toBuyer(`供应商已确认订单：${row.code}`);
  else if (action === 'refuse') await toBuyer(`供应商拒绝订单：${row.code}`);
  else if (action === 'reject') await toBuyer(`订单审批被驳回：${row.code}`);
}

/** PO-1, PO-2, PO-8 at submission: lines, totals, prices and the supplier's eligibility. */
async function submissionGuard(row: PurchaseOrder, trx: Db): Promise<void> {
  const lines = await linesOfOrder(trx, row.id);
  assertHasLines(lines);
  await refreshTotals(trx, row.id);
  const recordOff = await checkPrices(trx, row, lines);
  const current = await linesOfOrder(trx, row.id);
  // PO-2: off the price record or the contract price (with a reason): the manager approves, whatever the amount.
  const deviates = recordOff || current.some((l) => l.priceSource === 'MANUAL' && !!l.priceSourceId);
  await checkEligibility(trx, row, current);
  await set(trx, row.id, { needsManagerApproval: deviates ? 1 : 0 });
}

/** PO-4, X-10: the approver is never the submitter; PO-1 is checked again at approval. */
const approvalGuard = (actor: Actor) => async (row: PurchaseOrder, trx: Db) => {
  if (row.submittedBy === actor.user.id) throw refuse('X-10', '审批人不能是提交人');
  await checkEligibility(trx, row, await linesOfOrder(trx, row.id));
};

/** PO-3 / PO-7: what a cancelled order covered of its requisitions goes back; its lines are cancelled. */
async function cancelLines(trx: Db, row: PurchaseOrder, actor: Actor): Promise<void> {
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
  await trx
    .updateTable('srmPurchaseOrderLine')
    .set({ lineStatus: 'CANCELLED' })
    .where('orderId', '=', row.id)
    .execute();
}

const promiseSchema = z.object({
  lineId: wireId,
  promisedDate: wireDate('承诺交期'),
  reason: text(500, '原因').optional(),
});

/**
 * The rules of §16 beside the generic transition routes (`POST /srm/order/<action>`): what each
 * action takes and checks, and the notices (X-12).
 */
export function purchaseOrderTransitions(): TransitionHooks<PurchaseOrder> {
  return {
    after: async (row, action, trx, input) => {
      const reason = typeof input.reason === 'string' ? input.reason : '';
      await notifyOrder(trx, row, action, reason);
    },
    actions: {
      submit: transitionHook(
        {},
        (_input, actor) => ({ patch: { submittedBy: actor.user.id }, guard: submissionGuard }),
        '提交订单审批（草稿 → 审批中；PO-1、PO-2、PO-8）',
      ),
      approve: transitionHook({}, (_input, actor) => ({ guard: approvalGuard(actor) }), '审批通过（PO-1、PO-4）'),
      reject: transitionHook(
        {},
        (_input, actor) => ({
          guard: (row) => {
            if (row.submittedBy === actor.user.id) throw refuse('X-10', '审批人不能是提交人');
          },
        }),
        '审批驳回，退回草稿',
      ),
      send: transitionHook(
        {},
        () => ({
          guard: async (row, trx) => checkEligibility(trx, row, await linesOfOrder(trx, row.id)),
          // §16: without supplier confirmation the order is confirmed as it is sent.
          after: async (row, trx) => {
            if (row.requiresSupplierConfirmation) return;
            await runTransition(trx, purchaseOrderWorkflow, {
              table: ORDER_TABLE,
              id: row.id,
              action: 'autoConfirm',
              actor: null,
              patch: { supplierConfirmedAt: serverNowIso() },
            });
          },
        }),
        '发送订单给供应商（已审批 → 待供应商确认；无需确认时直接已确认）',
      ),
      confirm: transitionHook(
        { promises: z.array(promiseSchema).max(1000).optional() },
        (input) => ({
          patch: { supplierConfirmedAt: serverNowIso(), supplierRejectReason: null },
          guard: async (row, trx) => {
            for (const u of promisedDates(await linesOfOrder(trx, row.id), input.promises ?? []))
              await trx
                .updateTable('srmPurchaseOrderLine')
                .set({ promisedDate: u.promisedDate, promiseReason: u.promiseReason })
                .where('id', '=', u.id)
                .execute();
          },
        }),
        '供应商确认订单并承诺交期（PO-5）',
      ),
      refuse: transitionHook(
        {},
        (input) => ({ patch: { supplierRejectReason: input.reason?.trim() || null } }),
        '供应商拒绝订单，须填写原因（PO-5）',
      ),
      revise: transitionHook(
        {},
        () => ({ guard: (row, trx) => set(trx, row.id, { revisionNo: row.revisionNo + 1, submittedBy: null }) }),
        '供应商拒绝后修订订单（退回草稿，版本加一）',
      ),
      cancel: transitionHook(
        {},
        (input, actor) => ({
          patch: { cancelReason: input.reason?.trim() || null },
          guard: async (row, trx) => assertCancellable(await linesOfOrder(trx, row.id)),
          after: (row, trx) => cancelLines(trx, row, actor),
        }),
        '取消订单（无在途、无收货时；PO-7）',
      ),
      hold: transitionHook(
        {},
        () => ({ guard: (row, trx) => set(trx, row.id, { holdFromStatus: row.status }) }),
        '暂挂订单',
      ),
    },
  };
}

/** `release`: back to the state the order was held in, as the buyer who releases it. */
export async function releaseOrder(db: Db, id: string, actor: Actor): Promise<string> {
  const row = await db
    .selectFrom('srmPurchaseOrder')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', actor.tenantId)
    .executeTakeFirst();
  if (!row) throw businessError('采购订单不存在');
  if (row.status !== 'ON_HOLD' || !row.holdFromStatus) throw businessError('只有已暂挂的订单可以解除暂挂');
  const action = `releaseTo${row.holdFromStatus}`;
  const { message } = await runTransition(db, purchaseOrderWorkflow, {
    table: ORDER_TABLE,
    id,
    action: action as never,
    actor: null,
    operator: {
      id: actor.user.id,
      name: actor.user.realname || actor.user.username,
      kind: 'INTERNAL',
      ip: actor.ip,
    },
    logAction: 'release',
    patch: { holdFromStatus: null },
  });
  return message;
}
