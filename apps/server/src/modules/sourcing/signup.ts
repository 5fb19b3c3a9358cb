import { serverNowIso } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { invitationRefusal, logState, notifyBuyer, type Actor } from './sourcing-service.js';

/**
 * SRC-4 / §23: the portal's 报名 for a published PUBLIC event becomes the supplier's
 * participation (origin SIGNED_UP; approved at once, events have no sign-up review yet), so the
 * buyer sees it among the participants and the supplier reaches the event in 我的询价. Refused
 * (the caller's transaction rolls back, nothing is stored) when the event is not PUBLIC and
 * PUBLISHED, outside its sign-up window, or the supplier is not eligible (SRC-3). A supplier
 * already invited keeps its invitation. Returns the participation id.
 */
export async function joinBySignup(trx: Db, actor: Actor, eventId: string, supplierId: string): Promise<string> {
  const event = await trx.selectFrom('sourcingEvent').selectAll().where('id', '=', eventId).executeTakeFirst();
  if (!event || event.visibility !== 'PUBLIC') throw businessError('该采购项目不接受报名');
  if (event.status !== 'PUBLISHED') throw businessError('该采购项目当前不接受报名（SRC-4）');
  const now = serverNowIso();
  if ((event.signupStartAt && now < event.signupStartAt) || !event.signupDeadline || now >= event.signupDeadline)
    throw businessError('不在报名时间内');
  const existing = await trx
    .selectFrom('sourcingParticipation')
    .select(['id', 'status'])
    .where('eventId', '=', event.id)
    .where('supplierId', '=', supplierId)
    .executeTakeFirst();
  if (existing) {
    if (['BANNED', 'REJECTED'].includes(existing.status)) throw businessError('贵公司不能参与本项目');
    return existing.id;
  }
  const refusal = await invitationRefusal(trx, event, supplierId, { signup: true });
  if (refusal) throw businessError(refusal);
  const s = await trx.selectFrom('supplier').select('name').where('id', '=', supplierId).executeTakeFirstOrThrow();
  const id = newId();
  await trx
    .insertInto('sourcingParticipation')
    .values({
      id,
      eventId: event.id,
      supplierId,
      supplierName: s.name,
      origin: 'SIGNED_UP',
      status: 'APPROVED',
      lotIds: null,
      declineReason: null,
      rejectReason: null,
      contactName: actor.user.realname || null,
      contactMobile: null,
      respondedAt: now,
      createBy: actor.user.username,
      createTime: now,
      updateTime: null,
    })
    .execute();
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'PARTICIPATION',
    docId: id,
    action: 'signup',
    fromStatus: null,
    toStatus: 'APPROVED',
  });
  await notifyBuyer(trx, event, `供应商已报名：${s.name}`);
  return id;
}
