import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../core/access.js';
import type { EventRow } from './sourcing-service.js';

/**
 * What an event shows on the public portal (§23): its purchase announcement, the result notice,
 * and the changes a deadline move, a withdrawal or a failure make to them. Apart from the event
 * rules because the portal's tables and wording change for their own reasons.
 */

export const TYPE_PORTAL: Record<string, string> = { TENDER: 'tender', RFQ: 'inquiry', AUCTION: 'bidding' };

/** The portal's purchase announcement of a PUBLIC event (§23, PORTAL-1/2: no prices, no bidders). */
export async function publishAnnouncement(trx: Db, event: EventRow, actor: Actor): Promise<void> {
  const lines = await trx
    .selectFrom('sourcingLine')
    .select('materialName')
    .where('eventId', '=', event.id)
    .orderBy('lineNo')
    .execute();
  const product = lines.length > 1 ? `${lines[0]!.materialName} 等${lines.length}项` : (lines[0]?.materialName ?? null);
  const contact = [
    event.contactName && `联系人：${event.contactName}`,
    event.contactPhone && `电话：${event.contactPhone}`,
    event.contactEmail && `邮箱：${event.contactEmail}`,
  ]
    .filter(Boolean)
    .join('，');
  const now = serverNowIso();
  await trx
    .insertInto('portalPurchaseAnnouncement')
    .values({
      id: newId(),
      type: TYPE_PORTAL[event.type] ?? 'inquiry',
      title: event.title,
      code: event.code,
      purchasingEntity: event.orgName,
      purchaseProduct: product,
      purchaseMethod: event.method,
      purchaseType: event.purchaseType,
      signupStart: event.signupStartAt,
      signupDeadline: event.signupDeadline,
      responseDeadline: event.responseDeadline,
      plannedStart: event.plannedStartAt,
      content: event.content,
      contact: contact || null,
      status: 'published',
      withdrawReason: null,
      publishTime: now,
      sourcingEventId: event.id,
      tenantId: event.tenantId,
      createBy: actor.user.username,
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
}

/**
 * A result announcement of a PUBLIC event on the portal (§23, PORTAL-1/3): written when the award
 * is FINAL or the event failed, linked to its purchase announcement; never prices unless given.
 */
export async function publishResultAnnouncement(
  trx: Db,
  event: EventRow,
  notice: {
    title: string;
    content: string;
    company: string | null;
    supplierList: readonly { title: string; name: string }[];
    createBy: string;
    /** default now (a publicity notice: its start) */ at?: string;
  },
): Promise<void> {
  if (event.visibility !== 'PUBLIC') return;
  const now = notice.at ?? serverNowIso();
  const announcement = await trx
    .selectFrom('portalPurchaseAnnouncement')
    .select('id')
    .where('sourcingEventId', '=', event.id)
    .executeTakeFirst();
  await trx
    .insertInto('portalResultAnnouncement')
    .values({
      id: newId(),
      type: TYPE_PORTAL[event.type] ?? 'inquiry',
      title: notice.title,
      content: notice.content,
      projectName: event.title,
      bidCode: event.code,
      company: notice.company,
      supplierList: JSON.stringify(notice.supplierList),
      status: 'published',
      publishTime: now,
      announcementId: announcement?.id ?? null,
      sourcingEventId: event.id,
      tenantId: event.tenantId,
      createBy: notice.createBy,
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
}

/**
 * §23 / PORTAL-2: a failed public event shows 已流标 on its purchase announcement, with the
 * reason, and leaves a failure notice among the results, without bidders.
 */
export async function failOnPortal(
  trx: Db,
  event: EventRow,
  failure: { reason: string; content: string },
): Promise<void> {
  if (event.visibility !== 'PUBLIC') return;
  await trx
    .updateTable('portalPurchaseAnnouncement')
    .set({ status: 'failed', withdrawReason: failure.reason, updateTime: serverNowIso() })
    .where('sourcingEventId', '=', event.id)
    .where('status', 'in', ['published', 'closed'])
    .execute();
  await publishResultAnnouncement(trx, event, {
    title: `${event.title} 流标公告`,
    content: failure.content,
    company: null,
    supplierList: [],
    createBy: 'system',
  });
}

/** Keeps the announcement's deadline in step with an extension (SRC-2). */
export async function updateAnnouncementDeadline(trx: Db, eventId: string, responseDeadline: string): Promise<void> {
  await trx
    .updateTable('portalPurchaseAnnouncement')
    .set({ responseDeadline, updateTime: serverNowIso() })
    .where('sourcingEventId', '=', eventId)
    .execute();
}

/** SRC-10: a cancelled public event leaves a withdrawn announcement with the reason. */
export async function withdrawAnnouncement(trx: Db, eventId: string, reason: string): Promise<void> {
  await trx
    .updateTable('portalPurchaseAnnouncement')
    .set({ status: 'withdrawn', withdrawReason: reason, updateTime: serverNowIso() })
    .where('sourcingEventId', '=', eventId)
    .where('status', 'in', ['published', 'closed'])
    .execute();
}

/**
 * A sign-up made in the back office (我的招标 › 报名) is the same sign-up as the portal's 报名:
 * recorded against the event's portal announcement, so 门户管理 › 报名记录 lists every sign-up
 * (SRC-4, §23). Nothing happens for an event without an announcement or a repeated sign-up.
 */
export async function recordPortalSignup(
  trx: Db,
  eventId: string,
  supplierId: string,
  userId: string,
  at: string,
): Promise<void> {
  const announcement = await trx
    .selectFrom('portalPurchaseAnnouncement')
    .select('id')
    .where('sourcingEventId', '=', eventId)
    .executeTakeFirst();
  if (!announcement) return;
  await trx
    .insertInto('portalSignup')
    .values({
      id: newId(),
      announcementId: announcement.id,
      sourcingEventId: eventId,
      supplierId,
      userId,
      status: 'SIGNED_UP',
      createTime: at,
    })
    .onConflict((oc) => oc.columns(['announcementId', 'supplierId']).doNothing())
    .execute();
}
