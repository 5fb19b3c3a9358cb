import { candidateTitle } from '@procura/shared';
import { serverNow, toWireDateTime } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { noticeHtml } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import { type ApprovalOutcome } from '../approval/index.js';
import { refusalText, supplierEligibility } from '../supplier/index.js';
import {
  logState,
  moveEvent,
  notifyBuyer,
  notifySuppliers,
  publishResultAnnouncement,
} from '../sourcing/sourcing-service.js';
import { evaluationSettings, openedBids, tenderAuditHook } from './evaluation-service.js';
import { candidatesFor } from './tender-award-queries.js';
import { awardOf } from '../sourcing/award-approval.js';

const DAY = 86_400_000;

/* What a tender award's approval decides: approved starts the publicity, else a draft again. */

/** AWD-1: the winner is still allowed to take part when the award is decided. */
export async function assertWinnerEligible(trx: Db, supplierId: string): Promise<void> {
  const refusal = await supplierEligibility(trx, supplierId, { purpose: 'award' });
  if (refusal) throw businessError(refusalText(refusal, '定标', 'AWD-1'));
}

/** Approval done: the candidates are published for `publicityDays` (TND-17, AWD-5). */
export async function startPublicity(trx: Db, outcome: ApprovalOutcome): Promise<void> {
  const { award, event } = await awardOf(trx, outcome);
  const winner = await trx
    .selectFrom('sourcingAwardLine')
    .select('supplierId')
    .where('awardId', '=', award.id)
    .executeTakeFirstOrThrow();
  await assertWinnerEligible(trx, winner.supplierId);
  const settings = await evaluationSettings(trx, event.id);
  const days = Math.max(3, settings?.publicityDays ?? 3);
  const now = serverNow();
  const start = now.toISOString();
  const end = new Date(now.getTime() + days * DAY).toISOString();
  const moved = await trx
    .updateTable('sourcingAward')
    .set({
      status: 'PUBLICITY',
      approvedAt: start,
      publicityStartAt: start,
      publicityEndAt: end,
      updateBy: 'approval',
      updateTime: start,
    })
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
    toStatus: 'PUBLICITY',
    reason: outcome.comment,
  });
  await moveEvent(trx, null, event, ['AWARD_PENDING_APPROVAL'], 'PUBLICITY', 'publicity');
  const candidates = await candidatesFor(trx, event.id);
  const list = candidates.map((c) => `${candidateTitle(c.rank)}：${c.supplierName}`).join('；');
  const period = `公示期：${toWireDateTime(start)} 至 ${toWireDateTime(end)}，投标人对评标结果有异议的，应在公示期内提出`;
  const bidders = (await openedBids(trx, event)).map((b) => b.supplierId);
  await notifySuppliers(trx, event, bidders, `中标候选人公示：${event.title}`, `${list}。${period}`);
  await notifyBuyer(trx, event, `定标已批准，进入中标候选人公示：${event.title}`, period);
  // §23 / PORTAL-3: the candidate publicity of a public tender.
  await publishResultAnnouncement(trx, event, {
    title: `${event.title} 中标候选人公示`,
    content: noticeHtml`<p>${event.title}（${event.code}）评标结束，中标候选人公示如下：${list}。</p>
      <p>${period}。</p>`,
    company: null,
    supplierList: candidates.map((c) => ({ title: candidateTitle(c.rank), name: c.supplierName })),
    createBy: 'approval',
    at: start,
  });
  await tenderAuditHook(trx, null, event.id, 'publicity', { awardId: award.id, publicityEndAt: end });
}
