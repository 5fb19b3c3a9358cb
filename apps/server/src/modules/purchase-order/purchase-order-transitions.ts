import { z } from 'zod';
import { compare, purchaseOrderWorkflow } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { serverNowIso } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { noticeHtml } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import { id as wireId, text, wireDate } from '../../http/wire.js';
import { transitionHook, type TransitionHooks } from '../../resource/workflow-routes.js';
import { runTransition } from '../../workflow/transition.js';
import { notifyUsers } from '../announcements/notify.js';
import { anyShipped, applyChange, assertRevisable, changeInput, keepRevision } from './purchase-order-change.js';
import { afterChange } from './purchase-order-change-outcome.js';
import { shortCloseLines } from './purchase-order-short-close.js';
import { onOrderCancelled } from './purchase-order-outcomes.js';
import { reverseQuotaAllocations } from './purchase-order-quota.js';
import {
  assertCancellable,
  assertHasLines,
  checkEligibility,
  checkPrices,
  linesOfOrder,
  promisedDates,
  refreshTotals,
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
          // PO-6: a change order re-confirmed while goods were already shipped goes on delivering.
          after: async (row, trx) => {
            if (!anyShipped(await linesOfOrder(trx, row.id))) return;
            await runTransition(trx, purchaseOrderWorkflow, {
              table: ORDER_TABLE,
              id: row.id,
              action: 'deliver',
              actor: null,
            });
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
        (_input, actor) => ({
          guard: async (row, trx) => {
            await assertRevisable(trx, row);
            await keepRevision(trx, row, row.supplierRejectReason, actor.user.username);
            await set(trx, row.id, { revisionNo: row.revisionNo + 1, submittedBy: null });
          },
          // QUO-6: back to a draft whose lines may change; the next approval records them again.
          after: (row, trx) => reverseQuotaAllocations(trx, row.id, '订单修订'),
        }),
        '供应商拒绝后修订订单（退回草稿，版本加一；已发货的订单须变更，PO-6）',
      ),
      change: transitionHook(
        changeInput,
        (input, actor) => {
          let why: string | null = null;
          return {
            guard: async (row, trx) => {
              why = await applyChange(trx, row, input, input.reason?.trim() || null, actor);
            },
            // §16 CHANGE_PENDING: the approval again when needed (PO-4), else the supplier re-confirms.
            after: (row, trx) => afterChange(trx, row.id, why, actor),
          };
        },
        '变更订单：修改数量、单价、税率、需求日期，新增或删除行；版本加一，保留原版本；提高金额、新增行或价格偏离时重新审批，之后供应商重新确认（PO-6、PO-4）',
      ),
      shortClose: transitionHook(
        {},
        (_input, actor) => ({
          guard: (row, trx) => shortCloseLines(trx, row, actor),
          // Nothing left on the way: what was shipped is all received, the order moves on (§16).
          after: async (row, trx) => {
            const lines = await linesOfOrder(trx, row.id);
            if (lines.some((l) => compare(l.qtyInTransit, '0') > 0)) return;
            await runTransition(trx, purchaseOrderWorkflow, {
              table: ORDER_TABLE,
              id: row.id,
              action: 'receive',
              actor: null,
            });
          },
        }),
        '关闭剩余数量（短关：已确认、交货中或已收货且已有在途或收货时代替取消；PO-7）',
      ),
      cancel: transitionHook(
        {},
        (input, actor) => ({
          patch: { cancelReason: input.reason?.trim() || null },
          guard: async (row, trx) => assertCancellable(await linesOfOrder(trx, row.id)),
          after: (row, trx) => onOrderCancelled(trx, row, actor, input.reason?.trim() ?? ''),
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
