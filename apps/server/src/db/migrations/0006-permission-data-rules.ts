import type { Kysely } from 'kysely';

// Frozen in time: data rules of a menu (JeecgBoot's sys_permission_data_rule), and which of
// them a role applies (sys_role_permission.data_rule_ids, a comma list of rule ids).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_permission_data_rule')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
    .addColumn('rule_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('rule_column', 'varchar(50)', (c) => c.notNull())
    .addColumn('rule_conditions', 'varchar(20)', (c) => c.notNull())
    .addColumn('rule_value', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('idx_sys_permission_data_rule_perm')
    .on('sys_permission_data_rule')
    .column('permission_id')
    .execute();

  await db.schema.alterTable('sys_role_permission').addColumn('data_rule_ids', 'varchar(1000)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sys_role_permission').dropColumn('data_rule_ids').execute();
  await db.schema.dropIndex('idx_sys_permission_data_rule_perm').execute();
  await db.schema.dropTable('sys_permission_data_rule').execute();
}
