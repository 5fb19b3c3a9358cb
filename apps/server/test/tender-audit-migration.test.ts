import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { canonicalJson, GENESIS_HASH, sha256 } from '../src/core/canonical-json.js';
import { openDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { tenderAuditTrail } from '../src/modules/tender/audit.js';
import { appendAudit, verifyAudit } from '../src/workflow/audit-chain.js';

type Old = { event_id: string; seq: number; at: string; actor_id: string | null; actor_name: string; action: string };

/** An old per-tender chain (migration 0046's hash rule), tenant 7 unless told. */
function oldChain(rows: Old[], tenantId = 7) {
  let prev = GENESIS_HASH;
  return rows.map((r, i) => {
    const row = { ...r, id: `a${r.event_id}${i}`, tenant_id: tenantId, ip: '10.0.0.1', payload_digest: sha256('x') };
    const hash = sha256(
      canonicalJson({
        eventId: row.event_id,
        seq: row.seq,
        at: row.at,
        actorId: row.actor_id,
        actorName: row.actor_name,
        tenantId: row.tenant_id,
        ip: row.ip,
        action: row.action,
        payloadDigest: row.payload_digest,
        prevHash: prev,
      }),
    );
    const out = { ...row, prev_hash: prev, hash };
    prev = hash;
    return out;
  });
}

/** Migration 0110 (issue 17, security P4): the tenders' own audit rows join the tenant's one chain. */
describe('migration 0110', () => {
  it("appends each tender_audit row after the tenant chain's head, as the tender's event entries, and the chain verifies", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-tndaudit-'));
    const { db, close } = openDatabase(`sqlite:${path.join(dir, 'm.db')}`);
    try {
      const raw = db.withoutPlugins() as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const migrator = (upTo?: string) =>
        new Migrator({
          db: raw,
          provider: {
            getMigrations: async () =>
              Object.fromEntries(Object.entries(migrations).filter(([name]) => !upTo || name <= upTo)),
          },
          migrationTableName: 'procura_migration',
          migrationLockTableName: 'procura_migration_lock',
        });
      expect((await migrator('0109').migrateToLatest()).error).toBeUndefined();
      // Tenant 7's chain already holds one entry; tenant 8 has none.
      await db
        .transaction()
        .execute((trx) =>
          appendAudit(trx, { tenantId: 7, docType: 'PO', docId: 'po1', action: 'create', payload: { n: 1 } }),
        );
      const good = oldChain([
        {
          event_id: 'ev1',
          seq: 1,
          at: '2026-01-01T00:00:00.000Z',
          actor_id: 'u1',
          actor_name: '采购员',
          action: 'create',
        },
        {
          event_id: 'ev1',
          seq: 2,
          at: '2026-01-03T00:00:00.000Z',
          actor_id: 's1',
          actor_name: '供应商',
          action: 'submit',
        },
        {
          event_id: 'ev1',
          seq: 3,
          at: '2026-01-05T00:00:00.000Z',
          actor_id: null,
          actor_name: 'system',
          action: 'fail',
        },
      ]);
      const tampered = oldChain([
        {
          event_id: 'ev2',
          seq: 1,
          at: '2026-01-02T00:00:00.000Z',
          actor_id: 'u1',
          actor_name: '采购员',
          action: 'create',
        },
      ]).map((r) => ({ ...r, actor_name: '篡改者' }));
      const other = oldChain(
        [
          {
            event_id: 'ev3',
            seq: 1,
            at: '2026-01-01T00:00:00.000Z',
            actor_id: 'u2',
            actor_name: '乙',
            action: 'create',
          },
        ],
        8,
      );
      await raw
        .insertInto('tender_audit')
        .values([...good, ...tampered, ...other])
        .execute();
      expect((await migrator().migrateToLatest()).error).toBeUndefined();

      expect(await verifyAudit(db, 7)).toEqual({ ok: true, count: 5 });
      expect(await verifyAudit(db, 8)).toEqual({ ok: true, count: 1 });
      // In the tenants' order of time, after the head; the bids' events renamed apart from the approval's moves.
      const trail = await tenderAuditTrail(db, { id: 'ev1', tenantId: 7 });
      expect(trail.map((e) => [e.seq, e.action, e.kind, e.actorName, e.ip, e.atWire])).toEqual([
        [2, 'create', 'EVENT', '采购员', '10.0.0.1', expect.stringContaining('2026-01-01')],
        [4, 'submitBid', 'EVENT', '供应商', '10.0.0.1', expect.stringContaining('2026-01-03')],
        [5, 'fail', 'EVENT', 'system', '10.0.0.1', expect.stringContaining('2026-01-05')],
      ]);
      const moved = await db
        .selectFrom('sysAuditChain')
        .select(['docId', 'payload'])
        .where('tenantId', '=', 7)
        .where('docType', '=', 'TENDER')
        .orderBy('seq')
        .execute();
      const legacy = moved.map((m) => ({ docId: m.docId, ...(JSON.parse(m.payload) as { legacy: object }).legacy }));
      // The old hashes stay checkable; the edited old chain is marked as not intact.
      expect(legacy).toEqual([
        { docId: 'ev1', id: good[0]!.id, seq: 1, prevHash: GENESIS_HASH, hash: good[0]!.hash, intact: true },
        { docId: 'ev2', id: tampered[0]!.id, seq: 1, prevHash: GENESIS_HASH, hash: tampered[0]!.hash, intact: false },
        { docId: 'ev1', id: good[1]!.id, seq: 2, prevHash: good[0]!.hash, hash: good[1]!.hash, intact: true },
        { docId: 'ev1', id: good[2]!.id, seq: 3, prevHash: good[1]!.hash, hash: good[2]!.hash, intact: true },
      ]);
      // The head moved with them: the next append continues the chain.
      await db
        .transaction()
        .execute((trx) =>
          appendAudit(trx, { tenantId: 7, docType: 'PO', docId: 'po1', action: 'edit', payload: null }),
        );
      expect(await verifyAudit(db, 7)).toEqual({ ok: true, count: 6 });
      // Down rebuilds the old table from the moved entries, exactly; the chain keeps them.
      expect((await migrator().migrateDown()).error).toBeUndefined();
      const rebuilt = await raw.selectFrom('tender_audit').selectAll().orderBy('id').execute();
      const sorted = [...good, ...tampered, ...other].sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(rebuilt.map((r) => ({ ...r, seq: Number(r.seq), tenant_id: Number(r.tenant_id) }))).toEqual(sorted);
      expect(await verifyAudit(db, 7)).toEqual({ ok: true, count: 6 });
    } finally {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
