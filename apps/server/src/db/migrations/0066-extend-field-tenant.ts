import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: configurable fields belong to a tenant (issue 16). Existing definitions and
// values are the platform's (tenant 0), shown to every tenant; a tenant's own fields show to it
// only. Values carry the tenant of their field, so two tenants' fields of one name on a shared
// record keep apart. SQLite cannot drop a table-level UNIQUE or primary key: both tables are
// rebuilt (create, copy, drop, rename) on both databases alike.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FIELD_COLUMNS = [
  'id',
  'table_name',
  'field_name',
  'label_name',
  'data_type',
  'required',
  'edit_property',
  'form_style',
  'area',
  'width',
  'sort_no',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
] as const;
const VALUE_COLUMNS = ['table_name', 'record_id', 'field_name', 'value'] as const;

async function createFields(db: AnyDb, table: string, withTenant: boolean): Promise<void> {
  let t: CreateTableBuilder<string, string> = db.schema
    .createTable(table)
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey());
  if (withTenant) t = t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));
  await t
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
    .addUniqueConstraint(
      withTenant ? 'uq_sys_extend_field_tenant' : 'uq_sys_extend_field',
      withTenant ? ['tenant_id', 'table_name', 'field_name'] : ['table_name', 'field_name'],
    )
    .execute();
}

async function createValues(db: AnyDb, table: string, withTenant: boolean): Promise<void> {
  let t: CreateTableBuilder<string, string> = db.schema
    .createTable(table)
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(32)', (c) => c.notNull());
  if (withTenant) t = t.addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0));
  await t
    .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'varchar(1000)')
    .addPrimaryKeyConstraint(
      withTenant ? 'pk_sys_extend_value_tenant' : 'pk_sys_extend_value',
      withTenant ? ['table_name', 'record_id', 'tenant_id', 'field_name'] : ['table_name', 'record_id', 'field_name'],
    )
    .execute();
}

async function rebuild(db: AnyDb, withTenant: boolean): Promise<void> {
  await createFields(db, 'sys_extend_field_next', withTenant);
  let fields = db.selectFrom('sys_extend_field').select([...FIELD_COLUMNS]);
  if (!withTenant) fields = fields.where('tenant_id', '=', 0);
  await db
    .insertInto('sys_extend_field_next')
    .columns([...FIELD_COLUMNS])
    .expression(fields)
    .execute();
  await createValues(db, 'sys_extend_value_next', withTenant);
  let values = db.selectFrom('sys_extend_value').select([...VALUE_COLUMNS]);
  if (!withTenant) values = values.where('tenant_id', '=', 0);
  await db
    .insertInto('sys_extend_value_next')
    .columns([...VALUE_COLUMNS])
    .expression(values)
    .execute();
  await db.schema.dropTable('sys_extend_value').execute();
  await db.schema.dropTable('sys_extend_field').execute();
  await db.schema.alterTable('sys_extend_field_next').renameTo('sys_extend_field').execute();
  await db.schema.alterTable('sys_extend_value_next').renameTo('sys_extend_value').execute();
  await db.schema
    .createIndex('idx_sys_extend_field_list')
    .on('sys_extend_field')
    .columns(withTenant ? ['tenant_id', 'create_time'] : ['create_time'])
    .execute();
  await db.schema
    .createIndex('idx_sys_extend_value_search')
    .on('sys_extend_value')
    .columns(withTenant ? ['table_name', 'tenant_id', 'field_name', 'value'] : ['table_name', 'field_name', 'value'])
    .execute();
}

export async function up(db: AnyDb): Promise<void> {
  await rebuild(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  // Tenants' own fields cannot keep their names apart without the tenant: they go.
  await rebuild(db, false);
}
