import { serverNow, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { businessError, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import {
  eventFor,
  invitationCaution,
  invitationRefusal,
  logState,
  withdrawResponsesOnCancel,
  moveEvent,
  notifySuppliers,
  participantIds,
  publishAnnouncement,
  updateAnnouncementDeadline,
  withdrawAnnouncement,
  EVENT_STATUS_TEXT,
  TYPE_TEXT,
  type Actor,
} from './sourcing-service.js';
import { releaseForEvent, reserveForEvent } from './requisition-link.js';
import { checkWindow } from './rfq-draft-service.js';

/**
 * The buyer's RFQ from invitation to its end (§9, §10): invitations, publish, deadline extension,
 * failure and cancellation. Opening and the comparison matrix are opening.ts; drafts are
 * rfq-draft-service.ts.
 */

/** Invites suppliers (SRC-3 eligibility, RFQ-3 no repeats); a caution about their grades, or null. */
export async function inviteSuppliers(
  trx: Db,
  actor: Actor,
  eventId: string,
  supplierIds: readonly string[],
): Promise<string | null> {
  const event = await eventFor(trx, actor, eventId);
  const open =
    event.status === 'DRAFT' ||
    (event.status === 'PUBLISHED' && !!event.responseDeadline && serverNowIso() < event.responseDeadline);
  if (!open) throw businessError('只有草稿或报价截止前的询价单可以邀请供应商');
  const existing = await trx
    .selectFrom('sourcingParticipation')
    .select(['supplierId', 'supplierName'])
    .where('eventId', '=', event.id)
    .where('supplierId', 'in', supplierIds)
    .executeTakeFirst();
  if (existing) throw businessError(`供应商“${existing.supplierName}”已在邀请名单中，不能重复邀请（RFQ-3）`);
  const now = serverNowIso();
  for (const supplierId of supplierIds) {
    // SRC-3, and QLF-3: an expired mandatory certificate blocks, checked by date.
    const refusal = await invitationRefusal(trx, event, supplierId, { at: serverNow() });
    if (refusal) throw businessError(refusal);
    const s = await trx.selectFrom('supplier').select('name').where('id', '=', supplierId).executeTakeFirstOrThrow();
    const pid = newId();
    await trx
      .insertInto('sourcingParticipation')
      .values({
        id: pid,
        eventId: event.id,
        supplierId,
        supplierName: s.name,
        origin: 'INVITED',
        status: 'INVITED',
        lotIds: null,
        declineReason: null,
        rejectReason: null,
        contactName: null,
        contactMobile: null,
        respondedAt: null,
        createBy: actor.user.username,
        createTime: now,
        updateTime: null,
      })
      .execute();
    await logState(trx, actor, {
      eventId: event.id,
      docType: 'PARTICIPATION',
      docId: pid,
      action: 'invite',
      fromStatus: null,
      toStatus: 'INVITED',
    });
  }
  // Invitations to a published event reach the suppliers at once; a draft's go out at publish.
  if (event.status === 'PUBLISHED')
    await notifySuppliers(
      trx,
      event,
      supplierIds,
      inviteTitle(event),
      `报价截止时间 ${toWireDateTime(event.responseDeadline)}`,
    );
  return invitationCaution(trx, event.tenantId, supplierIds);
}

/** An auction shares these routes with inquiries; its invitation names its own document type (竞价邀请). */
const inviteTitle = (event: { type: string; title: string }) =>
  `${TYPE_TEXT[event.type] ?? '询价'}邀请：${event.title}`;

/** Takes an invited supplier off a draft's list. */
export async function uninviteSupplier(trx: Db, actor: Actor, eventId: string, supplierId: string): Promise<void> {
  const event = await eventFor(trx, actor, eventId);
  if (event.status !== 'DRAFT') throw businessError('只有草稿状态的询价单可以移除供应商');
  const removed = await trx
    .deleteFrom('sourcingParticipation')
    .where('eventId', '=', event.id)
    .where('supplierId', '=', supplierId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) !== 1) throw businessError('该供应商不在邀请名单中');
}

/** Publishes an RFQ (SRC-1 time order, RFQ-1 invitation count, PR-3 reservation, portal for PUBLIC). */
export async function publishRfq(trx: Db, actor: Actor, eventId: string): Promise<void> {
  const event = await eventFor(trx, actor, eventId);
  if (event.type === 'TENDER') throw businessError('招标项目须经审批后在招标管理中发布（X-10）');
  if (event.status !== 'DRAFT' && event.status !== 'APPROVED') throw businessError('只有草稿状态的询价单可以发布');
  const now = serverNowIso();
  const start = event.responseStartAt ?? now;
  checkWindow(start, event.responseDeadline, true);
  const lines = await trx.selectFrom('sourcingLine').select('id').where('eventId', '=', event.id).execute();
  if (lines.length === 0) throw businessError('询价单没有物料行，不能发布');
  const invited = await trx
    .selectFrom('sourcingParticipation')
    .select('supplierId')
    .where('eventId', '=', event.id)
    .where('status', '=', 'INVITED')
    .execute();
  if (event.method === 'SINGLE_SOURCE') {
    if (invited.length !== 1) throw businessError('单一来源采购须且只能邀请一家供应商（RFQ-1）');
    if (!event.remark) throw businessError('单一来源采购须在备注中填写书面理由（RFQ-1）');
  } else if (invited.length < event.minInvited) {
    throw businessError(`邀请供应商不足：至少邀请${event.minInvited}家，当前${invited.length}家（RFQ-1）`);
  }
  // SRC-3 again at publish: eligibility is judged at that moment.
  for (const p of invited) {
    const refusal = await invitationRefusal(trx, event, p.supplierId);
    if (refusal) throw businessError(refusal);
  }
  await moveEvent(trx, actor, event, ['DRAFT', 'APPROVED'], 'PUBLISHED', 'publish', {
    publishAt: now,
    publishedAt: now,
    responseStartAt: start,
  });
  // PR-3: the linked requisition quantity is reserved (IN_SOURCING), or the publish is refused.
  await reserveForEvent(trx, event, actor);
  const published = { ...event, publishAt: now, publishedAt: now, responseStartAt: start };
  if (event.visibility === 'PUBLIC') await publishAnnouncement(trx, published, actor);
  await notifySuppliers(
    trx,
    published,
    invited.map((p) => p.supplierId),
    inviteTitle(event),
    `报价截止时间 ${toWireDateTime(event.responseDeadline)}`,
  );
}

/** Moves the response deadline later (SRC-2), reopening an INSUFFICIENT event (RFQ-7). */
export async function extendResponseDeadline(
  trx: Db,
  actor: Actor,
  eventId: string,
  responseDeadline: string,
  why: string,
): Promise<void> {
  const event = await eventFor(trx, actor, eventId);
  if (event.type === 'TENDER') throw businessError('招标项目请在招标管理中延期（记入审计链，P2）');
  const now = serverNowIso();
  if (responseDeadline <= now) throw businessError('新的报价截止时间必须晚于当前时间（SRC-1）');
  if (event.status === 'PUBLISHED') {
    if (!event.responseDeadline || now >= event.responseDeadline)
      throw businessError('报价已截止，不能延期，请开标（SRC-2）');
    if (responseDeadline <= event.responseDeadline) throw businessError('报价截止时间只能延长，不能提前（SRC-2）');
    await moveEvent(trx, actor, event, ['PUBLISHED'], 'PUBLISHED', 'extend', { responseDeadline }, why);
  } else if (event.status === 'INSUFFICIENT') {
    await moveEvent(trx, actor, event, ['INSUFFICIENT'], 'PUBLISHED', 'extend', { responseDeadline }, why);
  } else {
    throw businessError('只有已发布或响应不足的询价单可以延期');
  }
  // SRC-2: an AMENDMENT clarification, the portal in step, everyone told.
  await trx
    .insertInto('sourcingClarification')
    .values({
      id: newId(),
      eventId: event.id,
      kind: 'AMENDMENT',
      askedBySupplierId: null,
      question: null,
      answer: `报价截止时间延长至 ${toWireDateTime(responseDeadline)}：${why}`,
      publishedAt: now,
      affectsResponses: 0,
      files: null,
      createBy: actor.user.username,
      createTime: now,
    })
    .execute();
  await updateAnnouncementDeadline(trx, event.id, responseDeadline);
  await notifySuppliers(
    trx,
    event,
    await participantIds(trx, event.id),
    `报价截止时间已延长：${event.title}`,
    `新的截止时间 ${toWireDateTime(responseDeadline)}`,
  );
}

/** Declares the event failed (RFQ-7): reservation released, portal and suppliers told. */
export async function failRfq(trx: Db, actor: Actor, eventId: string, reason: string): Promise<void> {
  const event = await eventFor(trx, actor, eventId);
  await moveEvent(
    trx,
    actor,
    event,
    ['INSUFFICIENT', 'OPENED', 'EVALUATING'],
    'FAILED',
    'fail',
    { failReason: reason },
    reason,
  );
  await releaseForEvent(trx, event, actor, true);
  await withdrawAnnouncement(trx, event.id, `已流标：${reason}`);
  await notifySuppliers(trx, event, await participantIds(trx, event.id), `询价已流标：${event.title}`, reason);
}

/** Cancels an event (SRC-10: after publish only a manager, `manager`); responses withdrawn. */
export async function cancelRfq(
  trx: Db,
  actor: Actor,
  eventId: string,
  reason: string,
  manager: boolean,
): Promise<void> {
  const event = await eventFor(trx, actor, eventId);
  if (event.type === 'TENDER') throw businessError('招标项目请在招标管理中终止（记入审计链）');
  const before = [
    'DRAFT',
    'PENDING_APPROVAL',
    'APPROVED',
    'PUBLISHED',
    'CLOSED',
    'OPENED',
    'EVALUATING',
    'INSUFFICIENT',
  ];
  if (!before.includes(event.status))
    throw businessError(`当前状态（${EVENT_STATUS_TEXT[event.status] ?? event.status}）不能取消`);
  // SRC-10: after publish only M (srm:sourcing:cancelPublished) cancels.
  if (event.status !== 'DRAFT' && !manager) throw forbidden('发布后的询价单须由采购主管取消（SRC-10）');
  await moveEvent(trx, actor, event, before, 'CANCELLED', 'cancel', { cancelReason: reason }, reason);
  // SRC-10 / PR-3: a published event gives its requisition reservation back.
  await releaseForEvent(trx, event, actor, !['DRAFT', 'PENDING_APPROVAL', 'APPROVED'].includes(event.status));
  await withdrawResponsesOnCancel(trx, actor, event, reason);
  await withdrawAnnouncement(trx, event.id, `已终止：${reason}`);
  if (event.status !== 'DRAFT')
    await notifySuppliers(trx, event, await participantIds(trx, event.id), `询价已取消：${event.title}`, reason);
}
