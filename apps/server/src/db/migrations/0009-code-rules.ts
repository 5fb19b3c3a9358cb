import type { Kysely } from 'kysely';

// Frozen in time: code rules. Check rules validate a value slice by slice against regular
// expressions (JeecgBoot's sys_check_rule); fill rules issue document numbers
// PREFIX-date-sequence from a counter per rule, tenant and period.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_check_rule')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('rule_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('rule_json', 'text', (c) => c.notNull())
    .addColumn('rule_description', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('sys_fill_rule')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('rule_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('prefix', 'varchar(20)', (c) => c.notNull())
    .addColumn('date_format', 'varchar(16)')
    .addColumn('seq_digits', 'integer', (c) => c.notNull())
    .addColumn('seq_reset', 'varchar(10)', (c) => c.notNull())
    .addColumn('rule_description', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('sys_fill_rule_seq')
    .addColumn('rule_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('period', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_fill_rule_seq', ['rule_code', 'tenant_id', 'period'])
    .execute();

  await db.schema.createIndex('idx_sys_check_rule_list').on('sys_check_rule').column('create_time').execute();
  await db.schema.createIndex('idx_sys_fill_rule_list').on('sys_fill_rule').column('create_time').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idx_sys_fill_rule_list').execute();
  await db.schema.dropIndex('idx_sys_check_rule_list').execute();
  await db.schema.dropTable('sys_fill_rule_seq').execute();
  await db.schema.dropTable('sys_fill_rule').execute();
  await db.schema.dropTable('sys_check_rule').execute();
}
