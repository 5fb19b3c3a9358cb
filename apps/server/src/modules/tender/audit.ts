import { sourcingDocType, SOURCING_LOG_KINDS } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { appendDocEvent, verifyAudit } from '../../workflow/audit-chain.js';
import { operatorOf, SYSTEM_OPERATOR } from '../../workflow/transition.js';

/**
 * A tender's audit trail (security P4) is its share of the tenant's one audit chain (issue 17):
 * the status moves its sourcing log writes for the tender and its documents (participations,
 * bids, awards), and the events that move no status (a view, an unseal, a score …) appended here.
 */
const TENDER = 'TENDER';

/**
 * Appends one tender event to the tenant's chain, with the actor (or the system), IP and UTC time;
 * the payload kept only as its digest (never sealed content). Exported for the tender evaluation.
 */
export async function appendTenderEvent(
  trx: Db,
  entry: { eventId: string; tenantId: number; actor: Actor | null; action: string; payload?: unknown },
): Promise<{ seq: number; hash: string }> {
  return appendDocEvent(trx, {
    tenantId: entry.tenantId,
    docType: TENDER,
    docId: entry.eventId,
    action: entry.action,
    operator: entry.actor ? operatorOf(entry.actor) : SYSTEM_OPERATOR,
    payload: entry.payload,
  });
}

/** The tender's documents' log types (TENDER_RESPONSE …), whose log rows name the tender as their source. */
const CHILD_TYPES = SOURCING_LOG_KINDS.filter((k) => k !== 'EVENT').map((k) => sourcingDocType(TENDER, k));

type ChainPayload = { operatorName?: string; operatorKind?: string; ip?: string | null; event?: boolean };

/** The tender's entries of the tenant's chain, in chain order, for reading. */
export async function tenderAuditTrail(db: Db, event: { id: string; tenantId: number }) {
  const children = db
    .selectFrom('sysDocLog')
    .select('docId')
    .where('sourceDocType', '=', TENDER)
    .where('sourceDocId', '=', event.id);
  const rows = await db
    .selectFrom('sysAuditChain')
    .select(['seq', 'docType', 'docId', 'action', 'payload', 'prevHash', 'hash', 'createdAt'])
    .where('tenantId', '=', event.tenantId)
    .where((eb) =>
      eb.or([
        eb.and([eb('docType', '=', TENDER), eb('docId', '=', event.id)]),
        eb.and([eb('docType', 'in', CHILD_TYPES), eb('docId', 'in', children)]),
      ]),
    )
    .orderBy('seq')
    .execute();
  return rows.map((r) => {
    const p = JSON.parse(r.payload) as ChainPayload;
    return {
      id: `${event.tenantId}-${r.seq}`,
      seq: Number(r.seq),
      docType: r.docType,
      docId: r.docId,
      action: r.action,
      kind: p.event ? ('EVENT' as const) : ('TRANSITION' as const),
      actorName: p.operatorName ?? 'system',
      ip: p.ip ?? null,
      atWire: toWireDateTime(r.createdAt),
      prevHash: r.prevHash,
      hash: r.hash,
    };
  });
}

/**
 * Verifies the tender's trail: its entries are links of the tenant's chain, so the whole chain is
 * recomputed (a removed or edited entry anywhere breaks every later link). The first broken
 * entry's seq in the tenant's chain and why, or valid; count is the tender's entries.
 */
export async function verifyTenderAudit(db: Db, event: { id: string; tenantId: number }) {
  const [verdict, trail] = await Promise.all([verifyAudit(db, event.tenantId), tenderAuditTrail(db, event)]);
  return {
    valid: verdict.ok,
    brokenAtSeq: verdict.ok ? null : (verdict.brokenSeq ?? null),
    reason: verdict.reason ?? null,
    count: trail.length,
  };
}
