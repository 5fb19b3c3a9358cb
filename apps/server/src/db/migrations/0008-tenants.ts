import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: tenants (JeecgBoot's sys_tenant, integer ids) and positions per tenant.
// Rows that existed before belong to tenant 0, the space of users without tenants.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const POSITION_COLUMNS = [
  'id',
  'code',
  'name',
  'post_rank',
  'description',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
] as const;

/** sys_position with or without tenant_id; codes unique per tenant, or globally (the 0003 shape). */
async function createPositions(db: AnyDb, table: string, withTenant: boolean): Promise<void> {
  let t: CreateTableBuilder<string, string> = db.schema
    .createTable(table)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey());
  if (withTenant) t = t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));
  t = t
    .addColumn('code', 'varchar(64)', (c) => (withTenant ? c.notNull() : c.notNull().unique()))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('post_rank', 'varchar(20)')
    .addColumn('description', 'text')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)');
  if (withTenant) t = t.addUniqueConstraint('uq_sys_position_tenant_code', ['tenant_id', 'code']);
  await t.execute();
}

/**
 * SQLite cannot drop a column-level UNIQUE, so the table is rebuilt (create, copy, drop,
 * rename) on both databases alike; its list index goes with the old table and is made anew.
 */
async function rebuildPositions(db: AnyDb, withTenant: boolean): Promise<void> {
  await createPositions(db, 'sys_position_next', withTenant);
  let rows = db.selectFrom('sys_position').select([...POSITION_COLUMNS]);
  if (!withTenant) rows = rows.where('tenant_id', '=', 0);
  await db
    .insertInto('sys_position_next')
    .columns([...POSITION_COLUMNS])
    .expression(rows)
    .execute();
  await db.schema.dropTable('sys_position').execute();
  await db.schema.alterTable('sys_position_next').renameTo('sys_position').execute();
  await db.schema
    .createIndex('idx_sys_position_list')
    .on('sys_position')
    .columns(withTenant ? ['tenant_id', 'create_time'] : ['create_time'])
    .execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_tenant')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('begin_date', 'varchar(32)')
    .addColumn('end_date', 'varchar(32)')
    // 1 normal, 0 frozen.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();

  await rebuildPositions(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  // Positions of other tenants than 0 cannot keep their codes globally unique: they go.
  await rebuildPositions(db, false);
  await db.schema.dropTable('sys_tenant').execute();
}
