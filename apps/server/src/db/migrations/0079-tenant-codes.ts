import { sql, SqliteAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: role codes and dictionary codes are unique per tenant (issue 16), where they
// were unique across the installation. Two tenants may each have a role `buyer`; a tenant may
// keep a dictionary of its own beside the platform's shared ones (tenant 0), even one of the
// same code, which then takes precedence for that tenant. Dictionaries get `tenant_id`; every
// existing one is the platform's. PostgreSQL swaps the constraints in place. SQLite cannot drop
// a column's UNIQUE: both tables are rebuilt (create, copy, drop, rename) with foreign keys off
// for the swap, so the rows that reference them (user roles, role permissions, dictionary items)
// stay as they are, and the cache-version triggers (migration 0054) are made again.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

type Spec = { table: string; code: string; scope: string; columns: string[] };

const AUDIT = ['create_by', 'create_time', 'update_by', 'update_time'];
const SPECS: Spec[] = [
  {
    table: 'sys_role',
    code: 'role_code',
    scope: 'auth',
    columns: ['id', 'role_name', 'role_code', 'description', ...AUDIT, 'tenant_id'],
  },
  {
    table: 'sys_dict',
    code: 'dict_code',
    scope: 'dict',
    columns: ['id', 'dict_name', 'dict_code', 'description', 'del_flag', ...AUDIT],
  },
];

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The table as it was (0001, 0060), with its code unique per tenant or (down) across the installation. */
async function createNext(db: AnyDb, s: Spec, perTenant: boolean): Promise<void> {
  let t: CreateTableBuilder<string, string> = db.schema
    .createTable(`${s.table}_next`)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey());
  t =
    s.table === 'sys_role'
      ? t.addColumn('role_name', 'varchar(100)', (c) => c.notNull())
      : t.addColumn('dict_name', 'varchar(100)', (c) => c.notNull());
  t = t.addColumn(s.code, 'varchar(100)', (c) => (perTenant ? c.notNull() : c.notNull().unique()));
  t = t.addColumn('description', 'varchar(255)');
  if (s.table === 'sys_dict') t = t.addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0));
  t = t
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)');
  if (s.table === 'sys_role' || perTenant) t = t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));
  if (perTenant) t = t.addUniqueConstraint(`uq_${s.table}_tenant_code`, ['tenant_id', s.code]);
  await t.execute();
}

const EVENTS = { insert: sql`INSERT`, update: sql`UPDATE`, delete: sql`DELETE` } as const;

/** SQLite: both tables rebuilt, the role index and the cache-version triggers made again. */
async function rebuildSqlite(db: AnyDb, perTenant: boolean): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    for (const s of SPECS) {
      await createNext(db, s, perTenant);
      let rows = db.selectFrom(s.table).select(s.columns);
      // Down: only the platform's dictionaries keep their codes apart without the tenant.
      if (s.table === 'sys_dict' && !perTenant) rows = rows.where('tenant_id', '=', 0);
      await db.insertInto(`${s.table}_next`).columns(s.columns).expression(rows).execute();
      await db.schema.dropTable(s.table).execute();
      await db.schema.alterTable(`${s.table}_next`).renameTo(s.table).execute();
      for (const [event, keyword] of Object.entries(EVENTS))
        await sql`CREATE TRIGGER ${sql.id(`${s.table}_${event}_cv`)} AFTER ${keyword} ON ${sql.id(s.table)} BEGIN UPDATE sys_cache_version SET version = version + 1 WHERE name = ${sql.lit(s.scope)}; END`.execute(
          db,
        );
    }
    if (!perTenant) await sql`delete from sys_dict_item where dict_id not in (select id from sys_dict)`.execute(db);
    await db.schema.createIndex('idx_sys_role_tenant').on('sys_role').column('tenant_id').execute();
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

/** PostgreSQL: the name of the single-column unique constraint on `table.column`. */
async function uniqueOf(db: AnyDb, table: string, column: string): Promise<string | undefined> {
  const rows = await sql<{ name: string }>`
    select c.conname as name from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = t.oid and a.attname = ${column}
    where t.relname = ${table} and n.nspname = current_schema() and c.contype = 'u'
      and array_length(c.conkey, 1) = 1 and c.conkey[1] = a.attnum`.execute(db);
  return rows.rows[0]?.name;
}

export async function up(db: AnyDb): Promise<void> {
  if (isSqlite(db)) return rebuildSqlite(db, true);
  await db.schema
    .alterTable('sys_dict')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const s of SPECS) {
    const old = await uniqueOf(db, s.table, s.code);
    if (old) await db.schema.alterTable(s.table).dropConstraint(old).execute();
    await db.schema
      .alterTable(s.table)
      .addUniqueConstraint(`uq_${s.table}_tenant_code`, ['tenant_id', s.code])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isSqlite(db)) return rebuildSqlite(db, false);
  // Tenants' own dictionaries cannot keep their codes apart without the tenant: they go.
  await db.deleteFrom('sys_dict').where('tenant_id', '<>', 0).execute();
  for (const s of SPECS) {
    await db.schema.alterTable(s.table).dropConstraint(`uq_${s.table}_tenant_code`).execute();
    await db.schema.alterTable(s.table).addUniqueConstraint(`${s.table}_${s.code}_key`, [s.code]).execute();
  }
  await db.schema.alterTable('sys_dict').dropColumn('tenant_id').execute();
}
