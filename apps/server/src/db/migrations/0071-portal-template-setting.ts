import type { Kysely } from 'kysely';

// Frozen in time: site-wide settings of the public portal, one row per key. The first is
// `enabledTemplate` (`se` or `pro`), the template every visitor's /portal shows; until an
// administrator enables one, the default (`se`) applies. Times are ISO UTC.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('portal_setting')
    .addColumn('setting_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('setting_value', 'varchar(500)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('portal_setting').execute();
}
