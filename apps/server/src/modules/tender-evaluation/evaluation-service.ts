import { businessError, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { appendTenderEvent } from '../tender/audit.js';
import {
  eventFor,
  logState,
  moveEvent,
  notifyBuyer,
  notifySuppliers,
  publishResultAnnouncement,
  type Actor,
  type EventRow,
} from '../sourcing/sourcing-service.js';
import { noticeHtml } from '../../core/sanitize.js';

/** The role code that marks a user as a technical or economic expert (TND-11). */
export const EXPERT_ROLE = 'expert';

/** Response statuses of bids that were opened (the effective version of each bidder). */
export const OPENED_BIDS = ['OPENED', 'VALID', 'REJECTED', 'AWARDED', 'NOT_AWARDED'] as const;

/** Event statuses in which the evaluation (committee, criteria, scores, report) can still change. */
export const EVALUATION_OPEN = ['OPENED', 'EVALUATING'] as const;

/**
 * Appends a committee, report, award or objection event to the tender's hash-chained audit
 * trail (security P4, `appendTenderEvent` of modules/tender: the tenant's audit chain), in the caller's transaction.
 * Only ids, counts and statuses go in the payload (it is stored as a digest anyway).
 */
export async function tenderAuditHook(
  trx: Db,
  actor: Actor | null,
  eventId: string,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const event = await trx
    .selectFrom('sourcingEvent')
    .select('tenantId')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  await appendTenderEvent(trx, {
    eventId,
    tenantId: event.tenantId,
    actor,
    action: `evaluation.${action}`,
    payload: detail,
  });
}

/** A tender event of the buyer's tenant, or a refusal. */
export async function tenderFor(db: Db, actor: Actor, eventId: string): Promise<EventRow> {
  const event = await eventFor(db, actor, eventId);
  if (event.type !== 'TENDER') throw businessError('只有招标项目有评标环节');
  return event;
}

/** The settings of the tender's evaluation, or null before they are set. */
export async function evaluationSettings(db: Db, eventId: string) {
  return (
    (await db.selectFrom('tenderEvaluation').selectAll().where('eventId', '=', eventId).executeTakeFirst()) ?? null
  );
}

/**
 * What the tender's own settings (migration 0046, set on the draft) say about the evaluation:
 * the defaults of `setup` and the group weights its criteria must match. Null for an event
 * without tender settings.
 */
export async function tenderSettingsOf(db: Db, eventId: string) {
  return (
    (await db
      .selectFrom('tenderSettings')
      .select([
        'evaluationMethod',
        'priceFormula',
        'publicityDays',
        'mustAwardRank1',
        'priceWeight',
        'techWeight',
        'businessWeight',
        'objectionDeadline',
      ])
      .where('eventId', '=', eventId)
      .executeTakeFirst()) ?? null
  );
}

/** The acting user's committee seat on the event, or a refusal. */
export async function memberFor(db: Db, actor: Actor, eventId: string) {
  if (actor.user.supplierId) throw forbidden();
  const event = await tenderFor(db, actor, eventId);
  const member = await db
    .selectFrom('tenderCommitteeMember')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('userId', '=', actor.user.id)
    .executeTakeFirst();
  if (!member) throw businessError('您不是本项目评标委员会成员');
  return { event, member };
}

/** The opened bids of the current round with their bidder's name. */
export async function openedBids(db: Db, event: EventRow) {
  return db
    .selectFrom('sourcingResponse as r')
    .innerJoin('sourcingParticipation as p', 'p.id', 'r.participationId')
    .select([
      'r.id',
      'r.code',
      'r.supplierId',
      'p.supplierName',
      'r.status',
      'r.submittedAt',
      'r.totalAmount',
      'r.validUntil',
      'r.paymentTerms',
      'r.deliveryTerms',
      'r.rejectReason',
    ])
    .where('r.eventId', '=', event.id)
    .where('r.round', '=', event.currentRound)
    .where('r.status', 'in', [...OPENED_BIDS])
    .orderBy('r.submittedAt')
    .execute();
}

/** Users holding the expert role, of the given ids. */
export async function expertIds(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('ur.userId')
    .where('r.roleCode', '=', EXPERT_ROLE)
    .where('ur.userId', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.userId));
}

type LinkableUser = { supplierId: string | null; phone: string | null; email: string | null };

/**
 * The TND-11 conflict-of-interest test for any number of users against the event's bidders,
 * read once: the bidder a user is linked to, or null. Linked means a user of the bidder itself,
 * or a user whose mobile or e-mail is the bidder's or one of its contacts'.
 */
export async function bidderLinks(db: Db, event: EventRow): Promise<(user: LinkableUser) => string | null> {
  const bidders = await db
    .selectFrom('sourcingParticipation as p')
    .innerJoin('supplier as s', 's.id', 'p.supplierId')
    .select(['s.id', 's.name', 's.phone', 's.email'])
    .where('p.eventId', '=', event.id)
    .where('p.status', 'not in', ['DECLINED', 'CANCELLED', 'REJECTED'])
    .execute();
  if (bidders.length === 0) return () => null;
  const contacts = await db
    .selectFrom('supplierContact')
    .select(['supplierId', 'mobile', 'email'])
    .where(
      'supplierId',
      'in',
      bidders.map((b) => b.id),
    )
    .execute();
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
  return (user) => {
    for (const b of bidders) {
      if (user.supplierId === b.id) return b.name;
      if (same(user.phone, b.phone) || same(user.email, b.email)) return b.name;
      if (contacts.some((c) => c.supplierId === b.id && (same(user.phone, c.mobile) || same(user.email, c.email))))
        return b.name;
    }
    return null;
  };
}

/** The bidder one user is linked to (TND-11 conflict of interest), or null. */
export async function linkedBidder(db: Db, event: EventRow, userId: string): Promise<string | null> {
  const user = await db
    .selectFrom('sysUser')
    .select(['supplierId', 'phone', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  return (await bidderLinks(db, event))(user);
}

/** OPENED → EVALUATING once the committee takes over (§9.2). */
export async function toEvaluating(trx: Db, actor: Actor | null, event: EventRow): Promise<EventRow> {
  if (event.status !== 'OPENED') return event;
  await moveEvent(trx, actor, event, ['OPENED'], 'EVALUATING', 'evaluate');
  return trx.selectFrom('sourcingEvent').selectAll().where('id', '=', event.id).executeTakeFirstOrThrow();
}

/**
 * TND-24: every bid rejected → the tender fails with reason ALL_REJECTED; bidders and the
 * buyer are told, and a public tender gets a failure notice on the portal (§23).
 */
export async function failAllRejected(trx: Db, actor: Actor | null, event: EventRow): Promise<void> {
  await moveEvent(
    trx,
    actor,
    event,
    [...EVALUATION_OPEN],
    'FAILED',
    'fail',
    { failReason: 'ALL_REJECTED' },
    '所有投标均被否决（TND-24）',
  );
  const bidders = (await openedBids(trx, event)).map((b) => b.supplierId);
  await notifySuppliers(
    trx,
    event,
    bidders,
    `招标失败（流标）：${event.title}`,
    '所有投标均被评标委员会否决，本次招标失败（TND-24）',
  );
  await notifyBuyer(trx, event, `招标失败（流标）：${event.title}`, '所有投标均被否决（ALL_REJECTED），可重新招标');
  await publishResultAnnouncement(trx, event, {
    title: `${event.title} 流标公告`,
    content: noticeHtml`<p>${event.title}（${event.code}）所有投标均被否决，本次招标失败。</p>`,
    company: null,
    supplierList: [],
    createBy: actor?.user.username ?? 'system',
  });
  if (event.visibility === 'PUBLIC') {
    const now = serverNowIso();
    await trx
      .updateTable('portalPurchaseAnnouncement')
      .set({ status: 'closed', updateTime: now })
      .where('sourcingEventId', '=', event.id)
      .where('status', '=', 'published')
      .execute();
  }
  await tenderAuditHook(trx, actor, event.id, 'fail', { reason: 'ALL_REJECTED' });
}

/** Rejects one opened bid with a reason (TND-14) and logs it. */
export async function rejectBid(
  trx: Db,
  actor: Actor | null,
  event: EventRow,
  bid: { id: string; status: string },
  reason: string,
): Promise<void> {
  const now = serverNowIso();
  await trx
    .updateTable('sourcingResponse')
    .set({ status: 'REJECTED', rejectReason: reason, updateTime: now })
    .where('id', '=', bid.id)
    .execute();
  await trx
    .insertInto('tenderRejection')
    .values({
      id: newId(),
      eventId: event.id,
      responseId: bid.id,
      reason,
      rejectedBy: actor?.user.id ?? 'system',
      rejectedAt: now,
    })
    .execute();
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'RESPONSE',
    docId: bid.id,
    action: 'reject',
    fromStatus: bid.status,
    toStatus: 'REJECTED',
    reason,
  });
  await tenderAuditHook(trx, actor, event.id, 'reject', { responseId: bid.id, reason });
}

/** A DRAFT report no longer matches after a change to the bids: it is dropped with its signatures and candidates. */
export async function dropDraftReport(trx: Db, eventId: string): Promise<void> {
  const report = await trx
    .selectFrom('tenderEvaluationReport')
    .select(['id', 'status'])
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  if (!report) return;
  if (report.status !== 'DRAFT') throw businessError('评标报告已签署，不能再变更评审结果');
  await trx.deleteFrom('tenderReportSignature').where('reportId', '=', report.id).execute();
  await trx.deleteFrom('tenderCandidate').where('reportId', '=', report.id).execute();
  await trx.deleteFrom('tenderEvaluationReport').where('id', '=', report.id).execute();
}

/** Committee members in a stable order: the chair, members, the buyer's representatives; by name within a role. */
export function byRole<T extends { role: string; userName: string }>(members: T[]): T[] {
  const order = ['CHAIR', 'MEMBER', 'BUYER_REP'];
  return [...members].sort(
    (a, b) => order.indexOf(a.role) - order.indexOf(b.role) || a.userName.localeCompare(b.userName, 'zh-CN'),
  );
}
