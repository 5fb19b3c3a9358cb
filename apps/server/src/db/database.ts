import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type DatabaseKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export type OpenDatabase = { db: Db; kind: DatabaseKind; close: () => Promise<void> };

/** Opens `sqlite:<path>` (created with its folder when missing) or `postgres://…`. */
export function openDatabase(url: string): OpenDatabase {
  const plugins = [new CamelCasePlugin()];
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length) || './data/procura.db';
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const database = new SQLite(file);
    // WAL lets readers run beside the writer; busy_timeout waits instead of failing on a lock.
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = NORMAL');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
      plugins,
    });
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server drops (restart, failover) must not bring the process
  // down; the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`procura: database connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs more than running a
 * small query, so keep the prepared statements of the most recent distinct SQL texts.
 * (Safe because we never stream: a statement is done before it is used again.)
 */
function withStatementCache(database: SQLite.Database, size = 512): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
