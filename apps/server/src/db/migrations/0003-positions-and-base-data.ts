import type { Kysely } from 'kysely';

// Frozen in time: positions, and the record of which base-data rows an installation has
// received (so that later releases add their menus and dictionaries exactly once).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_position')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('post_rank', 'varchar(20)')
    .addColumn('description', 'text')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('sys_base_data')
    .addColumn('data_key', 'varchar(150)', (c) => c.primaryKey())
    .addColumn('applied_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // Installations seeded before this release received these rows already.
  const seeded = await db.selectFrom('sys_role').select('id').limit(1).executeTakeFirst();
  if (seeded) {
    const at = new Date().toISOString();
    const roles = await db.selectFrom('sys_role').select('role_code').execute();
    const departs = await db.selectFrom('sys_depart').select('org_code').execute();
    const dicts = await db.selectFrom('sys_dict').select('dict_code').execute();
    const menus = await db.selectFrom('sys_permission').select(['url', 'perms', 'name']).execute();
    const keys = [
      ...roles.map((r) => `role:${r.role_code}`),
      ...departs.map((d) => `depart:${d.org_code}`),
      ...dicts.map((d) => `dict:${d.dict_code}`),
      ...menus.map((m) => `menu:${m.url ?? ''}|${m.perms ?? ''}|${m.name}`),
    ];
    for (const key of new Set(keys))
      await db.insertInto('sys_base_data').values({ data_key: key, applied_at: at }).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sys_base_data').execute();
  await db.schema.dropTable('sys_position').execute();
}
