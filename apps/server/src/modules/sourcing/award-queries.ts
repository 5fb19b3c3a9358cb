import type { Db } from '../../db/database.js';
import type { EventRow } from './sourcing-service.js';
import { EFFECTIVE_OPENED } from './opening.js';

/** Reads of the award machinery (§13), apart from its rules. */

/** The effective quote of each supplier on each line (opened, current round). */
export async function effectiveQuotes(trx: Db, event: EventRow) {
  return trx
    .selectFrom('sourcingResponse as r')
    .innerJoin('sourcingResponseLine as l', 'l.responseId', 'r.id')
    .innerJoin('sourcingParticipation as p', 'p.id', 'r.participationId')
    .select([
      'r.id as responseId',
      'r.supplierId',
      'p.supplierName',
      'r.validUntil',
      'l.id as responseLineId',
      'l.sourcingLineId',
      'l.offered',
      'l.unitPrice',
      'l.taxRate',
    ])
    .where('r.eventId', '=', event.id)
    .where('r.round', '=', event.currentRound)
    .where('r.status', 'in', [...EFFECTIVE_OPENED])
    .execute();
}

/** The award of an event that is not cancelled (draft, pending or final), with its lines; null when none. */
export async function currentAwardOf(db: Db, eventId: string) {
  const award = await db
    .selectFrom('sourcingAward')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('status', '<>', 'CANCELLED')
    .orderBy('createTime', 'desc')
    .executeTakeFirst();
  if (!award) return null;
  const lines = await db.selectFrom('sourcingAwardLine').selectAll().where('awardId', '=', award.id).execute();
  return { award, lines };
}
