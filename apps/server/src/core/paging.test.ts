import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { LARGE_COUNT, runPagedList } from './paging.js';

/**
 * The large-count cache (issue 15) belongs to one database. The server tests run their files in
 * one module graph per worker (`isolate: false`), each file with its own server and database:
 * with one process-wide cache keyed by the SQL alone, big-tables.test.ts read list.test.ts's
 * 100,000 positions as its own total, and its export (every one of its 4,100 rows) looked truncated.
 */
type Db = { item: { id: string } };
const opened: Kysely<Db>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

function database(rows: number): Kysely<Db> {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table item (id text primary key)');
  sqlite.exec(`with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${rows})
    insert into item (id) select printf('i%07d', n) from seq`);
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: sqlite }) });
  opened.push(db);
  return db;
}

const totalOf = async (db: Kysely<Db>) =>
  (
    await runPagedList(
      { kind: 'sqlite', db },
      db.selectFrom('item').select('id'),
      { pageSize: 1 },
      {},
      {
        column: 'id',
        order: 'asc',
      },
    )
  ).total;

describe('large counts', () => {
  it('are kept per database: another database with the same table and query counts its own rows', async () => {
    const large = database(LARGE_COUNT);
    const small = database(3);
    expect(await totalOf(large)).toBe(LARGE_COUNT);
    expect(await totalOf(small)).toBe(3);
    // The large one is still kept for its own database (a row added within the window is not counted yet).
    await large.insertInto('item').values({ id: 'extra' }).execute();
    expect(await totalOf(large)).toBe(LARGE_COUNT);
  });
});
