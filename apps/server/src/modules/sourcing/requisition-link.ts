import type { Db } from '../../db/database.js';
import { qtyText, units } from '../requisition/requisition-decimal.js';
import {
  awardRequisitionLines,
  releaseRequisitionLines,
  reserveRequisitionLines,
  userActor,
  type LogActor,
} from '../requisition/requisition-service.js';
import type { Actor, EventRow } from './sourcing-service.js';

/**
 * The requisition ledger hooks of a sourcing event (domain §8 PR-3, PR-7; SRC-10, SRC-11), called
 * inside the event's own transaction by RFQ (and tender / auction) transitions:
 * publish → `reserveForEvent` (lines IN_SOURCING), cancel / fail → `releaseForEvent`,
 * award FINAL → `settleAwardForEvent` (awarded quantity SOURCED, the rest returned).
 * Only sourcing lines with a `requisitionLineId` take part.
 */

/** The event's lines that consume requisition quantity, with the quantity each reserves. */
async function linkedLines(trx: Db, eventId: string) {
  const rows = await trx
    .selectFrom('sourcingLine')
    .select(['id', 'qty', 'requisitionLineId'])
    .where('eventId', '=', eventId)
    .where('requisitionLineId', 'is not', null)
    .orderBy('lineNo')
    .execute();
  return rows.map((r) => ({ id: r.id, qty: r.qty, lineId: r.requisitionLineId! }));
}

const asLog = (actor: Actor | null): LogActor | undefined => (actor ? userActor(actor) : undefined);

/** PR-3: publishing reserves the linked requisition quantity (refused when it is no longer free). */
export async function reserveForEvent(trx: Db, event: Pick<EventRow, 'id'>, actor: Actor | null): Promise<void> {
  const lines = await linkedLines(trx, event.id);
  if (lines.length)
    await reserveRequisitionLines(
      trx,
      lines.map((l) => ({ lineId: l.lineId, qty: l.qty })),
      asLog(actor),
    );
}

/**
 * PR-3 / SRC-10 / SRC-11: a published event that is cancelled or fails gives its reservation
 * back. `wasPublished` false (a draft) reserved nothing, so nothing is released.
 */
export async function releaseForEvent(
  trx: Db,
  event: Pick<EventRow, 'id'>,
  actor: Actor | null,
  wasPublished: boolean,
): Promise<void> {
  if (!wasPublished) return;
  const lines = await linkedLines(trx, event.id);
  if (lines.length)
    await releaseRequisitionLines(
      trx,
      lines.map((l) => ({ lineId: l.lineId, qty: l.qty })),
      asLog(actor),
    );
}

/**
 * PR-7 / SRC-11 at award FINAL: per linked line the awarded quantity is converted (SOURCED)
 * and the unawarded rest returned to the requisition.
 */
export async function settleAwardForEvent(
  trx: Db,
  event: Pick<EventRow, 'id'>,
  awardId: string,
  actor: Actor | null = null,
): Promise<void> {
  const lines = await linkedLines(trx, event.id);
  if (lines.length === 0) return;
  const awarded = await trx
    .selectFrom('sourcingAwardLine')
    .select(['sourcingLineId', 'qty'])
    .where('awardId', '=', awardId)
    .execute();
  const toAward: { lineId: string; qty: string }[] = [];
  const toRelease: { lineId: string; qty: string }[] = [];
  for (const l of lines) {
    const sum = awarded.filter((x) => x.sourcingLineId === l.id).reduce((t, a) => t + units(a.qty), 0n);
    const reserved = units(l.qty);
    const won = sum > reserved ? reserved : sum;
    if (won > 0n) toAward.push({ lineId: l.lineId, qty: qtyText(won) });
    if (reserved - won > 0n) toRelease.push({ lineId: l.lineId, qty: qtyText(reserved - won) });
  }
  if (toRelease.length) await releaseRequisitionLines(trx, toRelease, asLog(actor));
  if (toAward.length) await awardRequisitionLines(trx, toAward, asLog(actor));
}
