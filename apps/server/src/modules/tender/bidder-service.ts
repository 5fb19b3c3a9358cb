import { serverNow, serverNowIso } from '../../core/clock.js';
import { businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import {
  assertMayRespond,
  invitationRefusal,
  logState,
  notifyBuyer,
  type Actor,
} from '../sourcing/sourcing-service.js';
import { recordPortalSignup } from '../sourcing/portal-announcements.js';
import { appendTenderEvent } from './audit.js';
import { assertBidWindow, supplierTender } from './bid-service.js';

/**
 * A supplier around its bid (§11.2): sign-up to a public tender (SRC-4, SRC-3), answering an
 * invitation, and confirming or objecting to the opening record (TND-10).
 */

/** Signs the supplier up to a public tender in its sign-up window (SRC-4, SRC-3 eligibility). */
export async function signUp(
  trx: Db,
  actor: Actor,
  supplierId: string,
  eventId: string,
  contact: { contactName: string | null; contactMobile: string | null },
): Promise<void> {
  const event = await trx
    .selectFrom('sourcingEvent')
    .selectAll()
    .where('id', '=', eventId)
    .where('type', '=', 'TENDER')
    .where('visibility', '=', 'PUBLIC')
    .where('status', 'not in', ['DRAFT', 'PENDING_APPROVAL', 'APPROVED'])
    .executeTakeFirst();
  if (!event) throw notFound('招标项目不存在');
  const now = serverNowIso();
  if (
    event.status !== 'PUBLISHED' ||
    (event.signupStartAt && now < event.signupStartAt) ||
    !event.signupDeadline ||
    now >= event.signupDeadline
  )
    throw businessError('不在报名时间内（SRC-4）');
  const mine = await trx
    .selectFrom('sourcingParticipation')
    .select('id')
    .where('eventId', '=', event.id)
    .where('supplierId', '=', supplierId)
    .executeTakeFirst();
  if (mine) throw businessError('贵公司已报名本项目');
  const why = await invitationRefusal(trx, event, supplierId, { signup: true, at: serverNow() });
  if (why) throw businessError(why);
  const s = await trx.selectFrom('supplier').select('name').where('id', '=', supplierId).executeTakeFirstOrThrow();
  const pid = newId();
  await trx
    .insertInto('sourcingParticipation')
    .values({
      id: pid,
      eventId: event.id,
      supplierId,
      supplierName: s.name,
      origin: 'SIGNED_UP',
      status: 'APPROVED',
      lotIds: null,
      declineReason: null,
      rejectReason: null,
      contactName: contact.contactName,
      contactMobile: contact.contactMobile,
      respondedAt: now,
      createBy: actor.user.username,
      createTime: now,
      updateTime: null,
    })
    .execute();
  await recordPortalSignup(trx, event.id, supplierId, actor.user.id, now);
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'PARTICIPATION',
    docId: pid,
    action: 'signup',
    fromStatus: null,
    toStatus: 'APPROVED',
  });
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'signup',
    payload: { supplierId },
  });
}

/** Accepts an invitation to an invited tender, in the bid window. */
export async function acceptInvitation(trx: Db, actor: Actor, eventId: string): Promise<void> {
  const { event, participation } = await supplierTender(trx, actor, eventId);
  if (participation.status !== 'INVITED') throw businessError('只有待确认的邀请可以接受');
  assertBidWindow(event, serverNowIso(), '接受邀请');
  await assertMayRespond(trx, participation.supplierId);
  const now = serverNowIso();
  await trx
    .updateTable('sourcingParticipation')
    .set({ status: 'ACCEPTED', respondedAt: now, updateTime: now })
    .where('id', '=', participation.id)
    .where('status', '=', 'INVITED')
    .execute();
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'PARTICIPATION',
    docId: participation.id,
    action: 'accept',
    fromStatus: 'INVITED',
    toStatus: 'ACCEPTED',
  });
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'acceptInvitation',
    payload: { supplierId: participation.supplierId },
  });
}

/** Declines an invitation, with the reason the buyer is told. */
export async function declineInvitation(trx: Db, actor: Actor, eventId: string, reason: string): Promise<void> {
  const { event, participation } = await supplierTender(trx, actor, eventId);
  if (participation.status !== 'INVITED') throw businessError('只有待确认的邀请可以拒绝');
  assertBidWindow(event, serverNowIso(), '拒绝邀请');
  const now = serverNowIso();
  await trx
    .updateTable('sourcingParticipation')
    .set({ status: 'DECLINED', declineReason: reason, respondedAt: now, updateTime: now })
    .where('id', '=', participation.id)
    .where('status', '=', 'INVITED')
    .execute();
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'PARTICIPATION',
    docId: participation.id,
    action: 'decline',
    fromStatus: 'INVITED',
    toStatus: 'DECLINED',
    reason,
  });
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: 'declineInvitation',
    payload: { supplierId: participation.supplierId },
  });
  await notifyBuyer(trx, event, `供应商已拒绝投标邀请：${participation.supplierName}`, reason);
}

/** Confirms an opening record, or objects to it when `objection` is set (TND-10). */
export async function confirmOpeningRecord(
  trx: Db,
  actor: Actor,
  recordId: string,
  objection: string | null,
): Promise<void> {
  const record = await trx.selectFrom('tenderOpeningRecord').selectAll().where('id', '=', recordId).executeTakeFirst();
  if (!record) throw notFound('开标记录不存在');
  const { event, participation } = await supplierTender(trx, actor, record.eventId);
  const listed = (JSON.parse(record.entries) as { supplierId: string }[]).some(
    (e) => e.supplierId === participation.supplierId,
  );
  if (!listed) throw businessError('贵公司不在本开标记录中，不能确认');
  const done = await trx
    .selectFrom('tenderOpeningConfirmation')
    .select('id')
    .where('recordId', '=', record.id)
    .where('supplierId', '=', participation.supplierId)
    .executeTakeFirst();
  if (done) throw businessError('贵公司已确认或已对本开标记录提出异议');
  const decision = objection ? 'OBJECTED' : 'CONFIRMED';
  await trx
    .insertInto('tenderOpeningConfirmation')
    .values({
      id: newId(),
      recordId: record.id,
      eventId: event.id,
      supplierId: participation.supplierId,
      decision,
      objection,
      at: serverNowIso(),
    })
    .execute();
  await appendTenderEvent(trx, {
    eventId: event.id,
    tenantId: event.tenantId,
    actor,
    action: objection ? 'openingObjection' : 'openingConfirm',
    payload: { recordId: record.id, objection },
  });
  if (objection) await notifyBuyer(trx, event, `投标人对开标记录提出异议：${participation.supplierName}`, objection);
}
