import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Frozen in time: the version stamps of the per-node caches (issue 15). Each node caches the
// session lookup, the permission rows and the dictionaries in memory and checks these few rows
// (one small query) before it trusts them; database triggers bump a stamp on every change to
// the tables behind it, whichever code path or node writes, so a change on one node is seen on
// the next request on every node. Creating a session changes nothing cached, so only updates
// and deletes of sys_session bump its stamp (a sign-out, a revocation, a page-close mark).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SCOPES: Record<string, { tables: string[]; events: string[] }> = {
  auth: {
    tables: ['sys_role', 'sys_role_permission', 'sys_user_role', 'sys_permission'],
    events: ['INSERT', 'UPDATE', 'DELETE'],
  },
  dict: { tables: ['sys_dict', 'sys_dict_item'], events: ['INSERT', 'UPDATE', 'DELETE'] },
  session: { tables: ['sys_session', 'sys_user'], events: ['UPDATE', 'DELETE'] },
};

const EVENT_SQL: Record<string, ReturnType<typeof sql>> = {
  INSERT: sql`INSERT`,
  UPDATE: sql`UPDATE`,
  DELETE: sql`DELETE`,
};

const triggers = () =>
  Object.entries(SCOPES).flatMap(([scope, { tables, events }]) =>
    tables.flatMap((table) =>
      events.map((event) => ({ scope, table, event, name: `${table}_${event.toLowerCase()}_cv` })),
    ),
  );

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_cache_version')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('sys_cache_version')
    .values(Object.keys(SCOPES).map((name) => ({ name, version: 0 })))
    .execute();
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (!sqlite) {
    await sql`CREATE FUNCTION procura_bump_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE sys_cache_version SET version = version + 1 WHERE name = TG_ARGV[0]; RETURN NULL; END $$`.execute(
      db,
    );
  }
  for (const t of triggers()) {
    // Names, tables and scopes are the constants above, never input; the event is one of three keywords.
    const event = EVENT_SQL[t.event]!;
    const name = sql.id(t.name);
    const table = sql.id(t.table);
    await (
      sqlite
        ? sql`CREATE TRIGGER ${name} AFTER ${event} ON ${table} BEGIN UPDATE sys_cache_version SET version = version + 1 WHERE name = ${sql.lit(t.scope)}; END`
        : sql`CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION procura_bump_cache_version(${sql.lit(t.scope)})`
    ).execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const t of triggers()) {
    const name = sql.id(t.name);
    await (
      sqlite ? sql`DROP TRIGGER IF EXISTS ${name}` : sql`DROP TRIGGER IF EXISTS ${name} ON ${sql.id(t.table)}`
    ).execute(db);
  }
  if (!sqlite) await sql`DROP FUNCTION IF EXISTS procura_bump_cache_version()`.execute(db);
  await db.schema.dropTable('sys_cache_version').execute();
}
