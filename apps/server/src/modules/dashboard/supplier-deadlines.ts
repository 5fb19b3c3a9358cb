import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';

/** One open event of the supplier with the time its answer is due (the home page's 近期截止). */
export type DeadlineItem = { code: string; title: string; kind: string; deadline: string | null; path: string };

const KIND: Record<string, { text: string; path: string }> = {
  RFQ: { text: '询价', path: '/srm/my-sourcing' },
  TENDER: { text: '招标', path: '/srm/my-tender' },
  AUCTION: { text: '竞价', path: '/srm/my-auction' },
};
/** Participations that still owe an answer: invited, accepted or admitted to a published event. */
const OPEN = ['INVITED', 'ACCEPTED', 'APPLIED', 'APPROVED'];

/**
 * The supplier's published events whose response deadline has not passed, soonest first,
 * limited to the pages its roles grant (`urls`).
 */
export async function supplierDeadlines(db: Db, supplierId: string, urls: Set<string>): Promise<DeadlineItem[]> {
  const types = Object.entries(KIND)
    .filter(([, k]) => urls.has(k.path))
    .map(([t]) => t);
  if (!types.length) return [];
  const rows = await db
    .selectFrom('sourcingParticipation as sp')
    .innerJoin('sourcingEvent as e', 'e.id', 'sp.eventId')
    .select(['e.code', 'e.title', 'e.type', 'e.responseDeadline'])
    .where('sp.supplierId', '=', supplierId)
    .where('sp.status', 'in', OPEN)
    .where('e.status', '=', 'PUBLISHED')
    .where('e.type', 'in', types)
    .where('e.responseDeadline', '>', serverNowIso())
    .orderBy('e.responseDeadline')
    .limit(5)
    .execute();
  return rows.map((r) => ({
    code: r.code,
    title: r.title,
    kind: KIND[r.type]!.text,
    deadline: toWireDateTime(r.responseDeadline),
    path: KIND[r.type]!.path,
  }));
}

/** How many invitations of each event type wait for the supplier's answer. */
export async function openInvitations(db: Db, supplierId: string, type: string): Promise<number> {
  const row = await db
    .selectFrom('sourcingParticipation as sp')
    .innerJoin('sourcingEvent as e', 'e.id', 'sp.eventId')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('sp.supplierId', '=', supplierId)
    .where('sp.status', '=', 'INVITED')
    .where('e.type', '=', type)
    .where('e.status', '=', 'PUBLISHED')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
