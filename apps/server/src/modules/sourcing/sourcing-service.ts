import { EVENT_STATUS_TEXT, sourcingDocType, sourcingLogDef, type SourcingLogKind } from '@procura/shared';
import { businessError, forbidden, notFound } from '../../core/errors.js';
import { businessDayCompact, serverNow, serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { operatorOf, SYSTEM_OPERATOR, writeDocLog } from '../../workflow/transition.js';
import type { SourcingEventTable } from './sourcing-tables.js';
import { notifyUsers } from '../announcements/notify.js';
import { admissionCategoryCodes } from '../material/material-rules.js';
import { refusalText, supplierEligibility } from '../supplier/index.js';

export type EventRow = SourcingEventTable;
import type { Actor } from '../../core/access.js';
import { noticeHtml } from '../../core/sanitize.js';
export { actorOf, type Actor } from '../../core/access.js';

export { EVENT_STATUS_TEXT };

// The portal side of an event lives in portal-announcements.ts; re-exported so importers keep one path.
export {
  TYPE_PORTAL,
  failOnPortal,
  publishAnnouncement,
  publishResultAnnouncement,
  updateAnnouncementDeadline,
  withdrawAnnouncement,
} from './portal-announcements.js';
export const TYPE_TEXT: Record<string, string> = { TENDER: '招标', RFQ: '询价', AUCTION: '竞价' };

/**
 * The columns every new sourcing event draft starts with (§9.1): one round, sealed, three suppliers
 * at least, awarded whole. An inquiry, tender or auction draft sets its type and what it decides.
 */
export function newEventDraft(actor: Actor, ids: { id: string; code: string }, now: string) {
  return {
    ...ids,
    tenantId: actor.tenantId,
    purchaseType: 'GOODS',
    eligibility: 'QUALIFIED_ANY',
    legalMandatory: 0,
    buyerId: actor.user.id,
    currency: 'CNY',
    taxIncludedQuote: 0,
    sealed: 1,
    envelopeMode: 'ONE',
    rounds: 1,
    currentRound: 1,
    minInvited: 3,
    minParticipants: 3,
    allowRevision: 1,
    allowWithdraw: 1,
    allowPartialQuote: 0,
    showTargetPrice: 0,
    awardMode: 'SINGLE',
    status: 'DRAFT',
    version: 1,
    createBy: actor.user.username,
    createTime: now,
  };
}

/** The event of the buyer's tenant, or 404 (suppliers never reach buyer routes). */
export async function eventFor(db: Db, actor: Actor, id: string): Promise<EventRow> {
  if (actor.user.supplierId) throw forbidden();
  const row = await db
    .selectFrom('sourcingEvent')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', actor.tenantId)
    .executeTakeFirst();
  if (!row) throw notFound('寻源单不存在');
  return row;
}

/**
 * The event as a supplier user reaches it (X-5, SRC-8): only events it takes part in and that
 * were published; anything else is simply not there.
 */
export async function supplierEventFor(db: Db, actor: Actor, id: string) {
  const supplierId = actor.user.supplierId;
  if (!supplierId) throw forbidden();
  const event = await db
    .selectFrom('sourcingEvent')
    .selectAll()
    .where('id', '=', id)
    .where('status', 'not in', ['DRAFT', 'PENDING_APPROVAL', 'APPROVED'])
    .executeTakeFirst();
  if (!event) throw notFound('寻源单不存在');
  const participation = await db
    .selectFrom('sourcingParticipation')
    .selectAll()
    .where('eventId', '=', id)
    .where('supplierId', '=', supplierId)
    .executeTakeFirst();
  if (!participation) throw notFound('寻源单不存在');
  return { event, participation };
}

/** Moves the event from one of `from` to `to` only if nobody moved it meanwhile (X-4), and logs it (X-3). */
export async function moveEvent(
  trx: Db,
  actor: Actor | null,
  event: EventRow,
  from: readonly string[],
  to: string,
  action: string,
  changes: Partial<EventRow> = {},
  reason: string | null = null,
): Promise<void> {
  if (!from.includes(event.status))
    throw businessError(`当前状态（${EVENT_STATUS_TEXT[event.status] ?? event.status}）不能执行此操作`);
  const now = serverNowIso();
  const moved = await trx
    .updateTable('sourcingEvent')
    .set({
      ...changes,
      status: to,
      version: event.version + 1,
      updateBy: actor?.user.username ?? 'system',
      updateTime: now,
    })
    .where('id', '=', event.id)
    .where('status', '=', event.status)
    .where('version', '=', event.version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw businessError('寻源单已被他人修改，请刷新后重试');
  await logState(trx, actor, {
    eventId: event.id,
    docType: 'EVENT',
    docId: event.id,
    action,
    fromStatus: event.status,
    toStatus: to,
    reason,
  });
}

/**
 * Logs one status change of an event or of one of its documents (X-3): the status-log row and
 * the audit-chain entry, through the same `writeDocLog` as the platform documents (issue 17).
 */
export async function logState(
  trx: Db,
  actor: Actor | null,
  entry: {
    eventId: string;
    docType: Exclude<SourcingLogKind, 'LOT'>;
    docId: string;
    action: string;
    fromStatus: string | null;
    toStatus: string;
    reason?: string | null;
  },
): Promise<void> {
  const event = await trx
    .selectFrom('sourcingEvent')
    .select(['tenantId', 'type'])
    .where('id', '=', entry.eventId)
    .executeTakeFirstOrThrow();
  // The event's own rows; an auction lot's moves come as EVENT rows naming the lot.
  const isEvent = entry.docId === entry.eventId;
  const kind = !isEvent && entry.docType === 'EVENT' ? 'LOT' : entry.docType;
  await writeDocLog(trx, sourcingLogDef(event.type, kind), {
    row: {
      id: entry.docId,
      tenantId: event.tenantId,
      sourceDocType: isEvent ? null : sourcingDocType(event.type, 'EVENT'),
      sourceDocId: isEvent ? null : entry.eventId,
    },
    action: entry.action,
    from: entry.fromStatus,
    to: entry.toStatus,
    reason: entry.reason ?? null,
    operator: actor ? operatorOf(actor) : SYSTEM_OPERATOR,
  });
}

/**
 * SRC-10: a cancelled event's submitted responses are withdrawn with it, each one a row of the
 * status log and an entry of the audit chain.
 */
export async function withdrawResponsesOnCancel(trx: Db, actor: Actor, event: EventRow, reason: string): Promise<void> {
  const submitted = await trx
    .selectFrom('sourcingResponse')
    .select('id')
    .where('eventId', '=', event.id)
    .where('status', '=', 'SUBMITTED')
    .execute();
  for (const r of submitted) {
    await trx
      .updateTable('sourcingResponse')
      .set({ status: 'WITHDRAWN', updateTime: serverNowIso() })
      .where('id', '=', r.id)
      .execute();
    await logState(trx, actor, {
      eventId: event.id,
      docType: 'RESPONSE',
      docId: r.id,
      action: 'cancel',
      fromStatus: 'SUBMITTED',
      toStatus: 'WITHDRAWN',
      reason,
    });
  }
}

/**
 * Why a supplier may not be invited to (or sign up for) this event now, or null (SRC-3, RFQ-2,
 * X-15): the supplier's eligibility for the event's setting, its lines' admission categories
 * when the event asks for them, and a grade that blocks RFQs. With `at`, an expired mandatory
 * qualification refuses too (QLF-3, checked by date).
 */
export async function invitationRefusal(
  trx: Db,
  event: EventRow,
  supplierId: string,
  options: { signup?: boolean; at?: Date } = {},
): Promise<string | null> {
  const action = options.signup ? '报名' : '邀请';
  let categories: { codes: string[]; text: string } | undefined;
  if (event.eligibility === 'QUALIFIED_IN_CATEGORY') {
    const lines = await trx
      .selectFrom('sourcingLine')
      .select('categoryId')
      .distinct()
      .where('eventId', '=', event.id)
      .where('categoryId', 'is not', null)
      .execute();
    const codes = await admissionCategoryCodes(
      trx,
      lines.map((l) => l.categoryId!),
    );
    categories = { codes, text: '本次寻源物料分类' };
  }
  const refusal = await supplierEligibility(trx, supplierId, {
    purpose: options.signup ? 'signup' : 'invite',
    eventEligibility: event.eligibility,
    categories,
    at: options.at,
  });
  if (refusal?.reason === 'UNKNOWN' || refusal?.reason === 'EXCLUDED') return refusalText(refusal, action, 'X-15');
  // RFQ-2 / EVA-5: a current grade whose consequence blocks RFQs.
  const grade = await gradeOf(trx, event.tenantId, supplierId);
  if (grade?.flags.includes('BLOCK_RFQ')) {
    const name = refusal?.supplierName ?? (await supplierName(trx, supplierId));
    return `供应商“${name}”绩效等级为${grade.grade}，已被限制参与询价，不能${action}（RFQ-2）`;
  }
  if (!refusal) return null;
  if (refusal.reason === 'NOT_QUALIFIED_IN_CATEGORY') return `${refusal.message}（SRC-3）`;
  return refusalText(refusal, action, refusal.reason === 'QUALIFICATION_EXPIRED' ? 'QLF-3' : 'SRC-3');
}

async function supplierName(trx: Db, supplierId: string): Promise<string> {
  const s = await trx.selectFrom('supplier').select('name').where('id', '=', supplierId).executeTakeFirstOrThrow();
  return s.name;
}

/** The supplier's current grade and its flags (EVA-5), or null when none is in force today. */
async function gradeOf(
  trx: Db,
  tenantId: number,
  supplierId: string,
): Promise<{ grade: string; flags: string[] } | null> {
  const g = await trx
    .selectFrom('supplierGrade')
    .select(['grade', 'flags', 'gradeValidTo'])
    .where('supplierId', '=', supplierId)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  const d = businessDayCompact(serverNow());
  if (!g || g.gradeValidTo < `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`) return null;
  return { grade: g.grade, flags: g.flags.split(',').filter(Boolean) };
}

/** RFQ-2: the caution shown to the buyer for invited suppliers whose grade warns about RFQs, or null. */
export async function invitationCaution(
  trx: Db,
  tenantId: number,
  supplierIds: readonly string[],
): Promise<string | null> {
  const names: string[] = [];
  for (const supplierId of supplierIds) {
    const grade = await gradeOf(trx, tenantId, supplierId);
    if (!grade?.flags.includes('WARN_RFQ')) continue;
    const s = await trx.selectFrom('supplier').select('name').where('id', '=', supplierId).executeTakeFirst();
    names.push(`${s?.name ?? supplierId}（${grade.grade}级）`);
  }
  return names.length ? `注意：${names.join('、')}绩效等级偏低，请谨慎选择（RFQ-2）` : null;
}

/**
 * X-15: a supplier that is frozen, blacklisted or eliminated cannot respond; with `at`, nor one
 * whose mandatory qualification expired (QLF-3). `action` names what it was about to do.
 */
export async function assertMayRespond(
  trx: Db,
  supplierId: string,
  options: { at?: Date; action?: string } = {},
): Promise<void> {
  const refusal = await supplierEligibility(trx, supplierId, { purpose: 'respond', at: options.at });
  if (refusal)
    throw businessError(
      refusalText(refusal, options.action ?? '参与寻源', refusal.reason === 'QUALIFICATION_EXPIRED' ? 'QLF-3' : 'X-15'),
    );
}

/** The active users of suppliers: who gets their notices. */
export async function supplierUsers(trx: Db, supplierIds: readonly string[]): Promise<string[]> {
  if (supplierIds.length === 0) return [];
  const rows = await trx
    .selectFrom('sysUser')
    .select('id')
    .where('supplierId', 'in', [...supplierIds])
    .where('status', '=', 1)
    .where('delFlag', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

/** Text for the HTML body of a notice or announcement. */

/** In-app notices (X-12); never sealed content. */
export async function notifySuppliers(
  trx: Db,
  event: EventRow,
  supplierIds: readonly string[],
  title: string,
  detail = '',
): Promise<void> {
  await notifyUsers(trx, {
    userIds: await supplierUsers(trx, supplierIds),
    title,
    content: noticeHtml`<p>${`${event.code} ${event.title}`}${detail ? `：${detail}` : ''}</p>`,
    busType: 'sourcing',
    busId: event.id,
    openType: 'url',
    openPage: event.type === 'AUCTION' ? '/srm/my-auction' : '/srm/my-sourcing',
  });
}

export async function notifyBuyer(trx: Db, event: EventRow, title: string, detail = ''): Promise<void> {
  await notifyUsers(trx, {
    userIds: [event.buyerId],
    title,
    content: noticeHtml`<p>${`${event.code} ${event.title}`}${detail ? `：${detail}` : ''}</p>`,
    busType: 'sourcing',
    busId: event.id,
    openType: 'url',
    openPage: '/srm/sourcing',
  });
}

/** Suppliers taking part (invited and not declined or cancelled). */
export async function participantIds(trx: Db, eventId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('sourcingParticipation')
    .select('supplierId')
    .where('eventId', '=', eventId)
    .where('status', 'not in', ['DECLINED', 'CANCELLED', 'REJECTED', 'BANNED'])
    .execute();
  return rows.map((r) => r.supplierId);
}
