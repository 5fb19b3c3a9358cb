import type { Kysely } from 'kysely';

// Frozen in time: organisations for the organisation picker (JeecgBoot's bd_dataorg), and
// online report definitions (onl_cgreport_head/_item/_param): a read-only SELECT written by
// an administrator, its columns and its typed parameters.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('bd_dataorg')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema.createIndex('idx_bd_dataorg_list').on('bd_dataorg').column('create_time').execute();

  await db.schema
    .createTable('onl_cgreport_head')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('cgr_sql', 'text', (c) => c.notNull())
    .addColumn('content', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema.createIndex('idx_onl_cgreport_head_list').on('onl_cgreport_head').column('create_time').execute();

  await db.schema
    .createTable('onl_cgreport_item')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cgrhead_id', 'varchar(32)', (c) => c.notNull().references('onl_cgreport_head.id').onDelete('cascade'))
    .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('field_txt', 'varchar(100)', (c) => c.notNull())
    .addColumn('field_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('is_show', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_query', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_mode', 'varchar(16)')
    .addColumn('dict_code', 'varchar(100)')
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema.createIndex('idx_onl_cgreport_item_head').on('onl_cgreport_item').column('cgrhead_id').execute();

  await db.schema
    .createTable('onl_cgreport_param')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cgrhead_id', 'varchar(32)', (c) => c.notNull().references('onl_cgreport_head.id').onDelete('cascade'))
    .addColumn('param_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('param_txt', 'varchar(100)', (c) => c.notNull())
    .addColumn('param_value', 'varchar(200)')
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema.createIndex('idx_onl_cgreport_param_head').on('onl_cgreport_param').column('cgrhead_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('onl_cgreport_param').execute();
  await db.schema.dropTable('onl_cgreport_item').execute();
  await db.schema.dropTable('onl_cgreport_head').execute();
  await db.schema.dropTable('bd_dataorg').execute();
}
