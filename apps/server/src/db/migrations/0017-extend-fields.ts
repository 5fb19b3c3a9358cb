import type { Kysely } from 'kysely';

// Frozen in time: configurable (extended) fields. An administrator adds fields to the list
// and form of a resource that opts in; their values live in a key/value table, one row per
// record and field, so any field can be searched with a bound comparison on both databases.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_extend_field')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('label_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('data_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('required', 'varchar(8)')
    .addColumn('edit_property', 'varchar(16)')
    .addColumn('form_style', 'varchar(64)')
    .addColumn('area', 'varchar(8)')
    .addColumn('width', 'integer')
    .addColumn('sort_no', 'integer')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_sys_extend_field', ['table_name', 'field_name'])
    .execute();
  await db.schema.createIndex('idx_sys_extend_field_list').on('sys_extend_field').column('create_time').execute();

  await db.schema
    .createTable('sys_extend_value')
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'varchar(1000)')
    .addPrimaryKeyConstraint('pk_sys_extend_value', ['table_name', 'record_id', 'field_name'])
    .execute();
  await db.schema
    .createIndex('idx_sys_extend_value_search')
    .on('sys_extend_value')
    .columns(['table_name', 'field_name', 'value'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sys_extend_value').execute();
  await db.schema.dropTable('sys_extend_field').execute();
}
