import { serverNowIso } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { noticeHtml } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import { type ApprovalOutcome } from '../approval/index.js';
import { recordPrice } from '../material/price-library.js';
import { settleAwardForEvent } from './requisition-link.js';
import { quotaDraftsFromAward } from '../quota/quota-service.js';
import {
  logState,
  moveEvent,
  notifyBuyer,
  notifySuppliers,
  participantIds,
  publishResultAnnouncement,
  TYPE_TEXT,
} from './sourcing-service.js';
import { assertAwardable } from './award-service.js';

/**
 * What the end of an award's approval does (X-10, AWD-4..7): approved makes it FINAL with its
 * price records, notices and portal result; rejected or withdrawn sends it back to a draft.
 * Registered as the approval doc type in award.ts.
 */

/** What happens when the award's approval ends (X-10, AWD-4..7). */
export async function finalise(trx: Db, outcome: ApprovalOutcome): Promise<void> {
  const { award, event } = await awardOf(trx, outcome);
  await assertAwardable(trx, award.id);
  const now = serverNowIso();
  const moved = await trx
    .updateTable('sourcingAward')
    .set({ status: 'FINAL', approvedAt: now, noticeIssuedAt: now, updateBy: 'approval', updateTime: now })
    .where('id', '=', award.id)
    .where('status', '=', 'PENDING_APPROVAL')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw businessError('定标单状态已变化，请刷新后重试');
  await logState(trx, null, {
    eventId: event.id,
    docType: 'AWARD',
    docId: award.id,
    action: 'approve',
    fromStatus: 'PENDING_APPROVAL',
    toStatus: 'FINAL',
    reason: outcome.comment,
  });
  // RFQ and auction awards are final on approval (no publicity period, §13).
  await moveEvent(trx, null, event, ['AWARD_PENDING_APPROVAL'], 'AWARDED', 'award');

  const lines = await trx
    .selectFrom('sourcingAwardLine as a')
    .innerJoin('sourcingLine as l', 'l.id', 'a.sourcingLineId')
    .select(['a.supplierId', 'a.supplierName', 'a.unitPrice', 'a.taxRate', 'a.qty', 'l.materialId', 'l.materialName'])
    .where('a.awardId', '=', award.id)
    .execute();
  const winners = [...new Set(lines.map((l) => l.supplierId))];
  const winnerNames = [...new Set(lines.map((l) => l.supplierName))];
  // Response statuses AWARDED / NOT_AWARDED.
  const effective = await trx
    .selectFrom('sourcingResponse')
    .select(['id', 'supplierId', 'status'])
    .where('eventId', '=', event.id)
    .where('round', '=', event.currentRound)
    .where('status', 'in', ['OPENED', 'VALID'])
    .execute();
  for (const r of effective) {
    const to = winners.includes(r.supplierId) ? 'AWARDED' : 'NOT_AWARDED';
    await trx.updateTable('sourcingResponse').set({ status: to, updateTime: now }).where('id', '=', r.id).execute();
    await logState(trx, null, {
      eventId: event.id,
      docType: 'RESPONSE',
      docId: r.id,
      action: 'award',
      fromStatus: r.status,
      toStatus: to,
    });
  }
  // MAT-4: one price record per supplier and material from this award.
  const recorded = new Set<string>();
  for (const l of lines) {
    if (!l.materialId || recorded.has(`${l.supplierId}:${l.materialId}`)) continue;
    recorded.add(`${l.supplierId}:${l.materialId}`);
    await recordPrice(trx, {
      tenantId: event.tenantId,
      supplierId: l.supplierId,
      materialId: l.materialId,
      orgCode: event.orgCode,
      currency: event.currency,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      validFrom: award.priceValidFrom!,
      validTo: award.priceValidTo!,
      sourceType: 'AWARD',
      sourceId: award.id,
      remark: `${event.code} 定标`,
      createBy: 'approval',
    });
  }
  // PR-7 / SRC-11: awarded requisition quantity SOURCED, the rest returned; QUO-9: a split award drafts quotas.
  await settleAwardForEvent(trx, event, award.id);
  if (event.awardMode === 'SPLIT_BY_QTY') await quotaDraftsFromAward(trx, event, award);
  // AWD-7: the award notices and the non-winner notices in this one transaction; every other
  // participant learns the result, also one whose quote never counted (S2: SupC's came too late).
  const losers = (await participantIds(trx, event.id)).filter((s) => !winners.includes(s));
  for (const w of winners) {
    const mine = lines
      .filter((l) => l.supplierId === w)
      .map((l) => `${l.materialName} ${l.qty}`)
      .join('；');
    await notifySuppliers(trx, event, [w], `中标通知：${event.title}`, `贵公司中标：${mine}`);
  }
  await notifySuppliers(
    trx,
    event,
    losers,
    `未中标通知：${event.title}`,
    `感谢参与，本次${TYPE_TEXT[event.type] ?? '询价'}贵公司未中标`,
  );
  await notifyBuyer(trx, event, `定标已批准：${event.title}`, `中标供应商：${winnerNames.join('、')}`);

  // §23 / PORTAL-3: a public event's result announcement once the award is FINAL (no prices unless published on purpose).
  if (event.visibility === 'PUBLIC') {
    await publishResultAnnouncement(trx, event, {
      title: `${event.title} 结果公示`,
      content: noticeHtml`<p>${event.title}（${event.code}）已完成定标，中标供应商：${winnerNames.join('、')}。</p>`,
      company: winnerNames.join('、'),
      supplierList: winnerNames.map((name) => ({ title: '中标供应商', name })),
      createBy: 'approval',
    });
    await trx
      .updateTable('portalPurchaseAnnouncement')
      .set({ status: 'closed', updateTime: now })
      .where('sourcingEventId', '=', event.id)
      .where('status', '=', 'published')
      .execute();
  }
}

/** The award an approval decides, with its event. */
export async function awardOf(trx: Db, outcome: ApprovalOutcome) {
  const award = await trx
    .selectFrom('sourcingAward')
    .selectAll()
    .where('id', '=', outcome.instance.docId)
    .executeTakeFirstOrThrow();
  const event = await trx
    .selectFrom('sourcingEvent')
    .selectAll()
    .where('id', '=', award.eventId)
    .executeTakeFirstOrThrow();
  return { award, event };
}

/**
 * A rejected or withdrawn award goes back to a draft the buyer can change (§13), and its event to
 * `eventStatus`: OPENED for an inquiry or auction, EVALUATING for a tender.
 */
export async function backToDraft(
  trx: Db,
  outcome: ApprovalOutcome,
  action: string,
  eventStatus: 'OPENED' | 'EVALUATING' = 'OPENED',
): Promise<void> {
  const { award, event } = await awardOf(trx, outcome);
  await trx
    .updateTable('sourcingAward')
    .set({ status: 'DRAFT', updateTime: serverNowIso() })
    .where('id', '=', award.id)
    .execute();
  await logState(trx, null, {
    eventId: event.id,
    docType: 'AWARD',
    docId: award.id,
    action,
    fromStatus: award.status,
    toStatus: 'DRAFT',
    reason: outcome.comment,
  });
  await moveEvent(trx, null, event, ['AWARD_PENDING_APPROVAL'], eventStatus, action, {}, outcome.comment);
}
