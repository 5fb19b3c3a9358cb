import { canonicalJson, GENESIS_HASH, sha256 } from '../../core/canonical-json.js';
import type { Actor } from '../../core/access.js';
import { serverNowIso } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import type { TenderAuditTable } from './tender-tables.js';

export { canonicalJson, GENESIS_HASH };

/** The hash of an entry: SHA-256 over the canonical serialisation of every field but the hash itself. */
export function entryHash(e: Omit<TenderAuditTable, 'id' | 'hash'>): string {
  return sha256(
    canonicalJson({
      eventId: e.eventId,
      seq: e.seq,
      at: e.at,
      actorId: e.actorId,
      actorName: e.actorName,
      tenantId: e.tenantId,
      ip: e.ip,
      action: e.action,
      payloadDigest: e.payloadDigest,
      prevHash: e.prevHash,
    }),
  );
}

/**
 * Appends one entry to the event's hash chain (security P4): seq is the next number, the
 * previous hash the last entry's hash, the payload is kept only as its SHA-256 digest (never
 * sealed content). Append-only: nothing in the application updates or deletes these rows.
 * Exported for the tender evaluation (scores, report, award) to log into the same chain.
 */
export async function appendTenderAudit(
  trx: Db,
  entry: { eventId: string; tenantId: number; actor: Actor | null; action: string; payload?: unknown },
): Promise<{ seq: number; hash: string }> {
  const last = await trx
    .selectFrom('tenderAudit')
    .select(['seq', 'hash'])
    .where('eventId', '=', entry.eventId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row: Omit<TenderAuditTable, 'id' | 'hash'> = {
    eventId: entry.eventId,
    seq: (last?.seq ?? 0) + 1,
    at: serverNowIso(),
    actorId: entry.actor?.user.id ?? null,
    actorName: entry.actor ? entry.actor.user.realname || entry.actor.user.username : 'system',
    tenantId: entry.tenantId,
    ip: entry.actor?.ip ?? null,
    action: entry.action,
    payloadDigest: sha256(canonicalJson(entry.payload ?? null)),
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  const hash = entryHash(row);
  await trx
    .insertInto('tenderAudit')
    .values({ id: newId(), ...row, hash })
    .execute();
  return { seq: row.seq, hash };
}

/**
 * Verifies the event's chain: every entry's hash recomputed, each previous hash equal to the
 * entry before, seq without gaps from 1. The first broken entry's seq, or null.
 */
export async function verifyTenderAudit(
  db: Db,
  eventId: string,
): Promise<{ valid: boolean; brokenAtSeq: number | null; count: number }> {
  const rows = await db.selectFrom('tenderAudit').selectAll().where('eventId', '=', eventId).orderBy('seq').execute();
  let prev = GENESIS_HASH;
  for (const [i, r] of rows.entries()) {
    const ok = r.seq === i + 1 && r.prevHash === prev && r.hash === entryHash(r) && r.eventId === eventId;
    if (!ok) return { valid: false, brokenAtSeq: r.seq, count: rows.length };
    prev = r.hash;
  }
  return { valid: true, brokenAtSeq: null, count: rows.length };
}
