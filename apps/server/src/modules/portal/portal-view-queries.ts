import type { PortalMember } from '@procura/shared';
import { toWireDateTime } from '../../core/clock.js';
import { businessError } from '../../core/errors.js';
import { ID_PATTERN } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import type { PortalPurchaseAnnouncementTable } from '../../db/portal-tables.js';
import type { AnnouncementWithEvent } from './portal-projection.js';

/** The reads behind the public portal: published records only (PORTAL-1). */

/** Suppliers shown as members (PORTAL-1 spirit: only admitted ones, never applicants or the blacklisted). */
export const MEMBER_STATUSES = ['POTENTIAL', 'QUALIFIED'];

/** `yyyy-MM-dd` of a stored instant in GMT+8. */
export const day = (iso: string | null) => (toWireDateTime(iso) ?? '').slice(0, 10);

/** Purchase announcements the public may see: published, and those closed or failed after publication. */
export const visiblePurchase = (db: Db) =>
  db.selectFrom('portalPurchaseAnnouncement').selectAll().where('status', 'in', ['published', 'closed', 'failed']);

/** Public events in 报名中 or 响应中 at `now` (the banner's count, domain §23). */
export async function ongoingCount(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom('portalPurchaseAnnouncement')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'published')
    .where((eb) => eb.or([eb('signupStart', 'is', null), eb('signupStart', '<=', now)]))
    .where((eb) => eb.or([eb('signupDeadline', '>', now), eb('responseDeadline', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The status of each row's sourcing event, for the phase (公示中 during a tender's publicity). */
export async function withEventStatus(
  db: Db,
  rows: PortalPurchaseAnnouncementTable[],
): Promise<AnnouncementWithEvent[]> {
  const ids = [...new Set(rows.map((r) => r.sourcingEventId).filter((v): v is string => v !== null))];
  const events = ids.length
    ? await db.selectFrom('sourcingEvent').select(['id', 'status']).where('id', 'in', ids).execute()
    : [];
  return rows.map((r) => ({ ...r, eventStatus: events.find((e) => e.id === r.sourcingEventId)?.status ?? null }));
}

/** A visible purchase announcement by id (and type, when given); an unknown one is refused by name. */
export async function purchaseById(db: Db, id: string, t?: string): Promise<AnnouncementWithEvent> {
  if (!ID_PATTERN.test(id)) throw businessError('采购公告不存在或已撤回');
  let q = visiblePurchase(db).where('id', '=', id);
  if (t) q = q.where('type', '=', t);
  const row = await q.executeTakeFirst();
  if (!row) throw businessError('采购公告不存在或已撤回');
  return (await withEventStatus(db, [row]))[0]!;
}

/** The newest admitted suppliers, for the member cloud. */
export async function portalMembers(db: Db, limit: number): Promise<PortalMember[]> {
  const rows = await db
    .selectFrom('supplier')
    .select(['name', 'createTime', 'updateTime'])
    .where('delFlag', '=', 0)
    .where('status', 'in', MEMBER_STATUSES)
    .orderBy('createTime', 'desc')
    .limit(limit)
    .execute();
  return rows.map((s) => ({ name: s.name, date: day(s.createTime) }));
}
