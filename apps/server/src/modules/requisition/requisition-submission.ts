import type { Actor } from '../../core/access.js';
import { businessError } from '../../core/errors.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { latestApprovalOf, withdrawApproval } from '../approval/index.js';
import { qtyText, units } from './requisition-decimal.js';
import {
  CONSUMABLE,
  linesOf,
  PR_DOC_TYPE,
  PR_STATUS_TEXT,
  refreshStatuses,
  remainingOf,
  requisitionOf,
  userActor,
  writeLog,
} from './requisition-service.js';

/**
 * A requisition past its draft (domain §8): withdrawn by its submitter from the approval engine
 * (X-10; the generic `submit` hands it over, requisition-document.ts), and its remaining quantity
 * cancelled once approved (PR-5).
 */

export async function withdrawRequisition(
  db: Db,
  actor: Actor,
  tenantId: number,
  body: { id: string; reason: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await requisitionOf(trx, body.id, tenantId);
    if (r.status !== 'PENDING_APPROVAL')
      throw businessError(`只有审批中的采购申请可以撤回，当前状态：${PR_STATUS_TEXT[r.status] ?? r.status}`);
    const instance = await latestApprovalOf(trx, PR_DOC_TYPE, r.id);
    if (!instance) throw businessError('采购申请没有进行中的审批');
    // The engine allows only the submitter and runs the handler that moves the requisition back to DRAFT.
    await withdrawApproval(trx, { id: actor.user.id, tenantId: tenantId }, instance.id, body.reason ?? '');
  });
}

/** PR-5: only what is still free is cancelled; reserved and ordered quantity stays linked. */
export async function cancelRemaining(
  db: Db,
  actor: Actor,
  tenantId: number,
  body: { id: string; reason: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await requisitionOf(trx, body.id, tenantId);
    if (!CONSUMABLE.includes(r.status) || r.cancelledAt)
      throw businessError(
        `只有已审批且未关闭的采购申请可以取消剩余数量，当前状态：${PR_STATUS_TEXT[r.status] ?? r.status}`,
      );
    const lines = await linesOf(trx, r.id);
    for (const l of lines) {
      const free = remainingOf(l);
      if (free <= 0n) continue;
      const moved = await trx
        .updateTable('purchaseRequisitionLine')
        .set({ qtyCancelled: qtyText(units(l.qtyCancelled) + free) })
        .where('id', '=', l.id)
        .where('qtyInSourcing', '=', l.qtyInSourcing)
        .where('qtyOrdered', '=', l.qtyOrdered)
        .where('qtyCancelled', '=', l.qtyCancelled)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw businessError('采购申请已被他人处理，请刷新后重试');
    }
    const now = serverNowIso();
    await trx
      .updateTable('purchaseRequisition')
      .set({
        cancelledAt: now,
        cancelReason: body.reason,
        updateBy: actor.user.username,
        updateTime: now,
      })
      .where('id', '=', r.id)
      .execute();
    await refreshStatuses(trx, [r.id], 'cancel', userActor(actor), body.reason);
    const after = await requisitionOf(trx, r.id, tenantId);
    if (after.status === r.status) await writeLog(trx, r, 'cancel', r.status, r.status, userActor(actor), body.reason);
  });
}
