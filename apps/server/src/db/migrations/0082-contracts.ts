import type { Kysely } from 'kysely';

// Frozen in time: contracts (domain §15), their lines and pay plan stages. Money and quantities are decimal strings.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('srm_contract')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('contract_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_name', 'varchar(200)')
    .addColumn('source_award_id', 'varchar(32)')
    .addColumn('source_doc_type', 'varchar(32)')
    .addColumn('source_doc_id', 'varchar(32)')
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('CNY'))
    .addColumn('amount_excl_tax', 'varchar(32)', (c) => c.notNull().defaultTo('0.00'))
    .addColumn('tax_amount', 'varchar(32)', (c) => c.notNull().defaultTo('0.00'))
    .addColumn('amount_incl_tax', 'varchar(32)', (c) => c.notNull().defaultTo('0.00'))
    .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('valid_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(24)', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('delivery_terms', 'text')
    .addColumn('quality_terms', 'text')
    .addColumn('warranty_terms', 'text')
    .addColumn('signed_at', 'varchar(10)')
    .addColumn('signed_files', 'text')
    .addColumn('supplier_confirmed_at', 'varchar(32)')
    .addColumn('supplier_reject_reason', 'text')
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_srm_contract_code', ['tenant_id', 'code'])
    .execute();
  await db.schema
    .createIndex('idx_srm_contract_supplier')
    .on('srm_contract')
    .columns(['supplier_id', 'status'])
    .execute();
  await db.schema
    .createIndex('idx_srm_contract_list')
    .on('srm_contract')
    .columns(['tenant_id', 'create_time'])
    .execute();
  await db.schema.createIndex('idx_srm_contract_award').on('srm_contract').columns(['source_award_id']).execute();

  await db.schema
    .createTable('srm_contract_line')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contract_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('material_id', 'varchar(32)')
    .addColumn('material_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('spec', 'varchar(200)')
    .addColumn('unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('qty', 'varchar(32)', (c) => c.notNull())
    .addColumn('unit_price', 'varchar(32)', (c) => c.notNull())
    .addColumn('tax_rate', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'varchar(32)')
    .addColumn('tax_amount', 'varchar(32)')
    .addColumn('delivery_date', 'varchar(10)')
    .addColumn('award_line_id', 'varchar(32)')
    .addColumn('qty_ordered', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('amount_ordered', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .execute();
  await db.schema
    .createIndex('idx_srm_contract_line_contract')
    .on('srm_contract_line')
    .columns(['contract_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('srm_contract_pay_stage')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contract_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('stage_type', 'varchar(24)', (c) => c.notNull())
    .addColumn('trigger', 'varchar(200)')
    .addColumn('pct', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'varchar(32)', (c) => c.notNull())
    .addColumn('planned_date', 'varchar(10)')
    .addColumn('paid_amount', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('PLANNED'))
    .execute();
  await db.schema
    .createIndex('idx_srm_contract_pay_stage_contract')
    .on('srm_contract_pay_stage')
    .columns(['contract_id', 'seq'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('srm_contract_pay_stage').execute();
  await db.schema.dropTable('srm_contract_line').execute();
  await db.schema.dropTable('srm_contract').execute();
}
