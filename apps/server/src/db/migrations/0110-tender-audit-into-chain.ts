import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen in time: the tenders' own per-tender audit chain (tender_audit, migration 0046) joins the
// tenant's one audit chain (sys_audit_chain, issue 17). The tenant's chain is never re-hashed:
// each tender_audit row, in its tenant's order of time, is appended after the chain's last entry
// (its createdAt the row's own time), its event as an event entry of the tender (`TENDER`).
// The old row's id, seq, previous hash and hash go in the payload, with whether its old chain
// still verified, so the history stays checkable; then tender_audit is dropped. Down rebuilds it
// from those payloads (the tenant's chain is append-only: its moved entries stay).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const GENESIS = '0'.repeat(64);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

// The bids' events were named like the approval's moves; in the tender's chain they are told apart.
const RENAMED: Record<string, string> = { submit: 'submitBid', revise: 'reviseBid', withdraw: 'withdrawBid' };

type OldRow = {
  id: string;
  event_id: string;
  seq: number;
  at: string;
  actor_id: string | null;
  actor_name: string;
  tenant_id: number;
  ip: string | null;
  action: string;
  payload_digest: string;
  prev_hash: string;
  hash: string;
};

/** The old entry's hash (0046's rule), to tell whether its chain still verified when it moved. */
const oldHash = (r: OldRow) =>
  sha256(
    canonicalJson({
      eventId: r.event_id,
      seq: Number(r.seq),
      at: r.at,
      actorId: r.actor_id,
      actorName: r.actor_name,
      tenantId: Number(r.tenant_id),
      ip: r.ip,
      action: r.action,
      payloadDigest: r.payload_digest,
      prevHash: r.prev_hash,
    }),
  );

/** Which events' old chains verify: each entry's hash recomputed, linked, seq without gaps. */
function intactEvents(rows: OldRow[]): Set<string> {
  const byEvent = new Map<string, OldRow[]>();
  for (const r of rows) byEvent.set(r.event_id, [...(byEvent.get(r.event_id) ?? []), r]);
  const intact = new Set<string>();
  for (const [eventId, list] of byEvent) {
    let prev = GENESIS;
    const ok = [...list]
      .sort((a, b) => Number(a.seq) - Number(b.seq))
      .every((r, i) => {
        const good = Number(r.seq) === i + 1 && r.prev_hash === prev && r.hash === oldHash(r);
        prev = r.hash;
        return good;
      });
    if (ok) intact.add(eventId);
  }
  return intact;
}

export async function up(db: AnyDb): Promise<void> {
  const rows = (await db
    .selectFrom('tender_audit')
    .select([
      'id',
      'event_id',
      'seq',
      'at',
      'actor_id',
      'actor_name',
      'tenant_id',
      'ip',
      'action',
      'payload_digest',
      'prev_hash',
      'hash',
    ])
    .orderBy('tenant_id')
    .orderBy('at')
    .orderBy('event_id')
    .orderBy('seq')
    .execute()) as OldRow[];
  const intact = intactEvents(rows);
  const tenants = [...new Set(rows.map((r) => Number(r.tenant_id)))];
  for (const tenantId of tenants) {
    const head = (await db
      .selectFrom('sys_audit_head')
      .select(['last_seq', 'last_hash'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()) as { last_seq: number; last_hash: string } | undefined;
    let seq = Number(head?.last_seq ?? 0);
    let prevHash = head?.last_hash ?? GENESIS;
    for (const r of rows.filter((x) => Number(x.tenant_id) === tenantId)) {
      seq += 1;
      const entry = {
        tenantId,
        seq,
        docType: 'TENDER',
        docId: r.event_id,
        action: RENAMED[r.action] ?? r.action,
        payload: canonicalJson({
          event: true,
          operatorId: r.actor_id,
          operatorName: r.actor_name,
          ...(r.actor_id === null ? { operatorKind: 'SYSTEM' } : {}),
          ip: r.ip,
          payloadDigest: r.payload_digest,
          at: r.at,
          legacy: { id: r.id, seq: Number(r.seq), prevHash: r.prev_hash, hash: r.hash, intact: intact.has(r.event_id) },
        }),
        prevHash,
        createdAt: r.at,
      };
      // workflow/audit-chain.ts's rule: the hash covers every field but itself.
      const hash = sha256(canonicalJson(entry));
      await db
        .insertInto('sys_audit_chain')
        .values({
          tenant_id: tenantId,
          seq,
          doc_type: entry.docType,
          doc_id: entry.docId,
          action: entry.action,
          payload: entry.payload,
          prev_hash: prevHash,
          hash,
          created_at: entry.createdAt,
        })
        .execute();
      prevHash = hash;
    }
    if (head)
      await db
        .updateTable('sys_audit_head')
        .set({ last_seq: seq, last_hash: prevHash })
        .where('tenant_id', '=', tenantId)
        .execute();
    else
      await db
        .insertInto('sys_audit_head')
        .values({ tenant_id: tenantId, last_seq: seq, last_hash: prevHash })
        .execute();
  }
  await db.schema.dropTable('tender_audit').execute();
}

async function createOldTable(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('tender_audit')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload_digest', 'varchar(64)', (c) => c.notNull())
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('uq_tender_audit_seq', ['event_id', 'seq'])
    .execute();
}

type Moved = {
  operatorId: string | null;
  operatorName: string;
  ip: string | null;
  payloadDigest: string;
  at: string;
  legacy?: { id: string; seq: number; prevHash: string; hash: string };
};

export async function down(db: AnyDb): Promise<void> {
  await createOldTable(db);
  const moved = (await db
    .selectFrom('sys_audit_chain')
    .select(['tenant_id', 'doc_id', 'action', 'payload'])
    .where('doc_type', '=', 'TENDER')
    .where('payload', 'like', '%"legacy":%')
    .execute()) as { tenant_id: number; doc_id: string; action: string; payload: string }[];
  const back = Object.fromEntries(Object.entries(RENAMED).map(([from, to]) => [to, from]));
  for (const m of moved) {
    const p = JSON.parse(m.payload) as Moved;
    if (!p.legacy) continue;
    await db
      .insertInto('tender_audit')
      .values({
        id: p.legacy.id,
        event_id: m.doc_id,
        seq: p.legacy.seq,
        at: p.at,
        actor_id: p.operatorId,
        actor_name: p.operatorName,
        tenant_id: Number(m.tenant_id),
        ip: p.ip,
        action: back[m.action] ?? m.action,
        payload_digest: p.payloadDigest,
        prev_hash: p.legacy.prevHash,
        hash: p.legacy.hash,
      })
      .execute();
  }
}
