import { candidateTitle } from '@procura/shared';
import { serverNowIso } from '../../core/clock.js';
import { noticeHtml } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import { recordPrice } from '../material/price-library.js';
import {
  logState,
  moveEvent,
  notifyBuyer,
  notifySuppliers,
  publishResultAnnouncement,
  type Actor,
} from '../sourcing/sourcing-service.js';
import { openedBids, tenderAuditHook } from './evaluation-service.js';
import { candidatesFor } from './tender-award-queries.js';

/* The end of a tender award's publicity (AWD-5, TND-19): FINAL and everything that goes with it. */

/**
 * Publicity over with no open objection → FINAL (AWD-5, TND-19, AWD-7), all in this one
 * transaction: award FINAL, event AWARDED, responses AWARDED / NOT_AWARDED, price records,
 * the award notice to the winner and the result notice to every other bidder, the portal's
 * result announcement. Returns false when not due (publicity running, suspended, or done).
 */
export async function finalizeIfDue(trx: Db, eventId: string, actor: Actor | null): Promise<boolean> {
  const award = await trx
    .selectFrom('sourcingAward')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('status', '=', 'PUBLICITY')
    .executeTakeFirst();
  const now = serverNowIso();
  if (!award || !award.publicityEndAt || award.publicityEndAt > now) return false;
  const open = await trx
    .selectFrom('tenderObjection')
    .select('id')
    .where('eventId', '=', eventId)
    .where('status', '=', 'RECEIVED')
    .executeTakeFirst();
  if (open) return false;
  const moved = await trx
    .updateTable('sourcingAward')
    .set({ status: 'FINAL', noticeIssuedAt: now, updateBy: actor?.user.username ?? 'system', updateTime: now })
    .where('id', '=', award.id)
    .where('status', '=', 'PUBLICITY')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  const event = await trx.selectFrom('sourcingEvent').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow();
  await logState(trx, actor, {
    eventId,
    docType: 'AWARD',
    docId: award.id,
    action: 'final',
    fromStatus: 'PUBLICITY',
    toStatus: 'FINAL',
  });
  await moveEvent(trx, actor, event, ['PUBLICITY'], 'AWARDED', 'award');

  const lines = await trx
    .selectFrom('sourcingAwardLine as a')
    .innerJoin('sourcingLine as l', 'l.id', 'a.sourcingLineId')
    .select([
      'a.supplierId',
      'a.supplierName',
      'a.unitPrice',
      'a.taxRate',
      'a.qty',
      'a.amount',
      'l.materialId',
      'l.materialName',
    ])
    .where('a.awardId', '=', award.id)
    .execute();
  const winnerId = lines[0]!.supplierId;
  const winnerName = lines[0]!.supplierName;
  const bids = await openedBids(trx, event);
  for (const b of bids.filter((x) => x.status === 'VALID' || x.status === 'OPENED')) {
    const to = b.supplierId === winnerId ? 'AWARDED' : 'NOT_AWARDED';
    await trx.updateTable('sourcingResponse').set({ status: to, updateTime: now }).where('id', '=', b.id).execute();
    await logState(trx, actor, {
      eventId,
      docType: 'RESPONSE',
      docId: b.id,
      action: 'award',
      fromStatus: b.status,
      toStatus: to,
    });
  }
  // MAT-4: a price record per material of the winning bid.
  const recorded = new Set<string>();
  for (const l of lines) {
    if (!l.materialId || recorded.has(l.materialId)) continue;
    recorded.add(l.materialId);
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
      remark: `${event.code} 招标定标`,
      createBy: actor?.user.username ?? 'system',
    });
  }
  // TND-19 / AWD-7: the award notice and the result notices in this one transaction.
  const others = [...new Set(bids.map((b) => b.supplierId).filter((s) => s !== winnerId))];
  await notifySuppliers(
    trx,
    event,
    [winnerId],
    `中标通知书：${event.title}`,
    `贵公司为本项目中标人，中标金额 ${award.totalAmount ?? ''}，请在30日内签订合同（TND-20）`,
  );
  await notifySuppliers(
    trx,
    event,
    others,
    `中标结果通知书：${event.title}`,
    `本项目中标人为${winnerName}，感谢贵公司参与`,
  );
  await notifyBuyer(
    trx,
    event,
    `定标生效：${event.title}`,
    `中标人：${winnerName}；中标通知书与中标结果通知书已同时发出`,
  );

  if (event.visibility === 'PUBLIC') {
    const candidates = await candidatesFor(trx, eventId);
    await trx
      .updateTable('portalResultAnnouncement')
      .set({ status: 'closed', updateTime: now })
      .where('sourcingEventId', '=', eventId)
      .where('status', '=', 'published')
      .execute();
    await publishResultAnnouncement(trx, event, {
      title: `${event.title} 结果公示`,
      content: noticeHtml`<p>${event.title}（${event.code}）已完成定标，中标人：${winnerName}。</p>`,
      company: winnerName,
      supplierList: [
        { title: '中标人', name: winnerName },
        ...candidates.map((c) => ({ title: candidateTitle(c.rank), name: c.supplierName })),
      ],
      createBy: actor?.user.username ?? 'system',
    });
    await trx
      .updateTable('portalPurchaseAnnouncement')
      .set({ status: 'closed', updateTime: now })
      .where('sourcingEventId', '=', eventId)
      .where('status', '=', 'published')
      .execute();
  }
  await tenderAuditHook(trx, actor, eventId, 'final', { awardId: award.id, winner: winnerId });
  return true;
}

/** Lazily finalises a due award on read (server clock). */
export async function finalizeOnRead(db: Db, eventId: string): Promise<void> {
  const due = await db
    .selectFrom('sourcingAward')
    .select('id')
    .where('eventId', '=', eventId)
    .where('status', '=', 'PUBLICITY')
    .where('publicityEndAt', '<=', serverNowIso())
    .executeTakeFirst();
  if (due) await db.transaction().execute((trx) => finalizeIfDue(trx, eventId, null));
}
