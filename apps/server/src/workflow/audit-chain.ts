import { PostgresAdapter } from 'kysely';
import { canonicalJson, GENESIS_HASH, sha256 } from '../core/canonical-json.js';
import { serverNowIso } from '../core/clock.js';
import type { Db } from '../db/database.js';
import type { SysAuditChainTable } from './workflow-tables.js';
import type { AuditVerdict } from '@procura/shared';

/**
 * One hash-chained audit log per tenant for every document (issue 17, security P4): each entry
 * holds the previous entry's hash, and its own hash covers every field, the payload as
 * canonical JSON. Append-only: nothing in the application updates or deletes these rows.
 */

/** The hash of an entry: SHA-256 over the canonical serialisation of every field but the hash. */
export function auditEntryHash(e: Omit<SysAuditChainTable, 'hash'>): string {
  return sha256(
    canonicalJson({
      tenantId: e.tenantId,
      seq: e.seq,
      docType: e.docType,
      docId: e.docId,
      action: e.action,
      payload: e.payload,
      prevHash: e.prevHash,
      createdAt: e.createdAt,
    }),
  );
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Appends one entry to the tenant's chain inside the caller's transaction. The tenant's head row
 * is locked first (`select … for update` on PostgreSQL; SQLite runs one writer at a time), so
 * concurrent appends queue and each takes the next seq.
 */
export async function appendAudit(
  trx: Db,
  entry: { tenantId: number; docType: string; docId: string; action: string; payload: unknown },
): Promise<{ seq: number; hash: string }> {
  await trx
    .insertInto('sysAuditHead')
    .values({ tenantId: entry.tenantId, lastSeq: 0, lastHash: GENESIS_HASH })
    .onConflict((oc) => oc.column('tenantId').doNothing())
    .execute();
  let head = trx.selectFrom('sysAuditHead').select(['lastSeq', 'lastHash']).where('tenantId', '=', entry.tenantId);
  if (isPostgres(trx)) head = head.forUpdate();
  const last = await head.executeTakeFirstOrThrow();
  const row: Omit<SysAuditChainTable, 'hash'> = {
    tenantId: entry.tenantId,
    seq: Number(last.lastSeq) + 1,
    docType: entry.docType,
    docId: entry.docId,
    action: entry.action,
    payload: canonicalJson(entry.payload ?? null),
    prevHash: last.lastHash,
    createdAt: serverNowIso(),
  };
  const hash = auditEntryHash(row);
  await trx
    .insertInto('sysAuditChain')
    .values({ ...row, hash })
    .execute();
  await trx
    .updateTable('sysAuditHead')
    .set({ lastSeq: row.seq, lastHash: hash })
    .where('tenantId', '=', entry.tenantId)
    .execute();
  return { seq: row.seq, hash };
}

/** Who an event entry names: the user (or the system) with the kind and IP of the request. */
export type AuditOperator = { id: string | null; name: string; kind: string; ip?: string | null };

/**
 * Appends an event that is no status move (a view, an unseal, a score …; security P4) to the
 * tenant's chain: the actor, kind and IP, the UTC time, and the event's payload kept only as its
 * SHA-256 digest, so sealed content never enters the chain.
 */
export async function appendDocEvent(
  trx: Db,
  entry: {
    tenantId: number;
    docType: string;
    docId: string;
    action: string;
    operator: AuditOperator;
    payload?: unknown;
  },
): Promise<{ seq: number; hash: string }> {
  const { operator } = entry;
  return appendAudit(trx, {
    tenantId: entry.tenantId,
    docType: entry.docType,
    docId: entry.docId,
    action: entry.action,
    payload: {
      event: true,
      operatorId: operator.id,
      operatorName: operator.name,
      operatorKind: operator.kind,
      ip: operator.ip ?? null,
      payloadDigest: sha256(canonicalJson(entry.payload ?? null)),
      at: serverNowIso(),
    },
  });
}

export type { AuditVerdict };

const BATCH = 1000;

/**
 * Recomputes the tenant's chain from its first entry: seq without gaps from 1, each previous
 * hash equal to the entry before's hash, each hash recomputed; and the head names the last
 * entry (a cut-off tail). The first broken entry's seq and why, or ok.
 */
export async function verifyAudit(db: Db, tenantId: number): Promise<AuditVerdict> {
  let prev = GENESIS_HASH;
  let expected = 1;
  let count = 0;
  for (;;) {
    const rows = await db
      .selectFrom('sysAuditChain')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('seq', '>=', expected)
      .orderBy('seq')
      .limit(BATCH)
      .execute();
    for (const r of rows) {
      const seq = Number(r.seq);
      if (seq !== expected)
        return { ok: false, count, brokenSeq: expected, reason: `序号不连续：缺少第 ${expected} 条` };
      if (r.prevHash !== prev) return { ok: false, count, brokenSeq: seq, reason: '前序哈希不一致：链接断开' };
      if (r.hash !== auditEntryHash({ ...r, seq, tenantId: Number(r.tenantId) }))
        return { ok: false, count, brokenSeq: seq, reason: '哈希不一致：内容被篡改' };
      prev = r.hash;
      expected += 1;
      count += 1;
    }
    if (rows.length < BATCH) break;
  }
  const head = await db
    .selectFrom('sysAuditHead')
    .select(['lastSeq', 'lastHash'])
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (head && (Number(head.lastSeq) !== count || head.lastHash !== prev))
    return { ok: false, count, brokenSeq: count + 1, reason: `链尾缺失：链头记录到第 ${Number(head.lastSeq)} 条` };
  return { ok: true, count };
}
