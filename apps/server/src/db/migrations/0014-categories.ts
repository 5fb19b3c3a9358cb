import type { Kysely } from 'kysely';

// Frozen in time: the category dictionary (JeecgBoot's sys_category), a tree whose codes
// extend their parent's by one 3-character segment per level (A01, A01A01, …).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_category')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('pid', 'varchar(32)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('has_child', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema.createIndex('idx_sys_category_pid').on('sys_category').column('pid').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idx_sys_category_pid').execute();
  await db.schema.dropTable('sys_category').execute();
}
