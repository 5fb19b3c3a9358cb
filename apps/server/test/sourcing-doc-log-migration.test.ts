import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';

/** Migration 0090: the sourcing events' own state log moves into the one document log (issue 17), and back. */
describe('migration 0090', () => {
  it('moves an event’s, a lot’s and a participation’s state-log rows into sys_doc_log under the event, and down again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-srclog-'));
    const { db, close } = openDatabase(`sqlite:${path.join(dir, 'm.db')}`);
    try {
      // Migrations speak snake_case SQL, as in migrate.ts.
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
      expect((await migrator('0081-list-seek-indexes').migrateToLatest()).error).toBeUndefined();
      const at = '2026-01-01T00:00:00.000Z';
      await raw
        .insertInto('sourcing_event')
        .values({
          id: 'ev1',
          tenant_id: 7,
          code: 'AUC-1',
          type: 'AUCTION',
          method: 'OPEN',
          title: '竞价',
          buyer_id: 'u1',
          create_time: at,
        })
        .execute();
      const row = (id: string, doc_type: string, doc_id: string, action: string, from: string | null, to: string) => ({
        id,
        event_id: 'ev1',
        doc_type,
        doc_id,
        action,
        from_status: from,
        to_status: to,
        actor_id: 'u1',
        actor_name: '采购员',
        actor_kind: 'INTERNAL',
        reason: action === 'auction-pause' ? '网络故障' : null,
        ip: null,
        at,
      });
      await raw
        .insertInto('sourcing_state_log')
        .values([
          row('l1', 'EVENT', 'ev1', 'create', null, 'DRAFT'),
          row('l2', 'EVENT', 'lot1', 'auction-pause', 'RUNNING', 'PAUSED'),
          row('l3', 'PARTICIPATION', 'p1', 'auction-ban', 'ACCEPTED', 'BANNED'),
        ])
        .execute();
      expect((await migrator('0090-sourcing-doc-log').migrateToLatest()).error).toBeUndefined();
      const moved = await db
        .selectFrom('sysDocLog')
        .select(['id', 'tenantId', 'docType', 'docId', 'sourceDocType', 'sourceDocId', 'reason', 'operatorName'])
        .orderBy('id')
        .execute();
      expect(moved).toEqual([
        {
          id: 'l1',
          tenantId: 7,
          docType: 'AUCTION',
          docId: 'ev1',
          sourceDocType: null,
          sourceDocId: null,
          reason: null,
          operatorName: '采购员',
        },
        {
          id: 'l2',
          tenantId: 7,
          docType: 'AUCTION_LOT',
          docId: 'lot1',
          sourceDocType: 'AUCTION',
          sourceDocId: 'ev1',
          reason: '网络故障',
          operatorName: '采购员',
        },
        {
          id: 'l3',
          tenantId: 7,
          docType: 'AUCTION_PARTICIPATION',
          docId: 'p1',
          sourceDocType: 'AUCTION',
          sourceDocId: 'ev1',
          reason: null,
          operatorName: '采购员',
        },
      ]);
      const tables = await db.introspection.getTables();
      expect(tables.map((t) => t.name)).not.toContain('sourcing_state_log');

      expect((await migrator().migrateTo('0081-list-seek-indexes')).error).toBeUndefined();
      const back = await raw
        .selectFrom('sourcing_state_log')
        .select(['id', 'doc_type', 'doc_id'])
        .orderBy('id')
        .execute();
      expect(back).toEqual([
        { id: 'l1', doc_type: 'EVENT', doc_id: 'ev1' },
        { id: 'l2', doc_type: 'EVENT', doc_id: 'lot1' },
        { id: 'l3', doc_type: 'PARTICIPATION', doc_id: 'p1' },
      ]);
      expect(await raw.selectFrom('sys_doc_log').select('id').execute()).toEqual([]);
    } finally {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
