import type { Kysely } from 'kysely';

// Frozen in time: materials, their category tree, tax rates and the price library (domain §3).
// Codes are unique per tenant (MAT-1); money and rates are decimal strings.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('srm_material_category')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(32)')
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_leaf', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('category_type', 'varchar(16)')
    // JSON: qualification types a supplier must hold in this category (§4.3).
    .addColumn('required_qualification_types', 'text')
    .addColumn('default_buyer_id', 'varchar(32)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_srm_material_category_code', ['tenant_id', 'code'])
    .execute();
  await db.schema
    .createIndex('idx_srm_material_category_parent')
    .on('srm_material_category')
    .columns(['tenant_id', 'parent_id'])
    .execute();

  await db.schema
    .createTable('srm_tax_rate')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_srm_tax_rate_code', ['tenant_id', 'code'])
    .execute();

  await db.schema
    .createTable('srm_material')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('spec', 'varchar(200)')
    .addColumn('category_id', 'varchar(32)', (c) => c.notNull().references('srm_material_category.id'))
    .addColumn('unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('default_tax_rate', 'varchar(16)')
    .addColumn('bill_control', 'varchar(16)', (c) => c.notNull().defaultTo('RECEIVED'))
    .addColumn('inspection_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('over_delivery_pct', 'varchar(16)')
    .addColumn('min_shelf_life_days', 'integer')
    .addColumn('lead_time_days', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('drawings', 'text')
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_srm_material_code', ['tenant_id', 'code'])
    .execute();
  await db.schema.createIndex('idx_srm_material_category').on('srm_material').columns(['category_id']).execute();
  await db.schema
    .createIndex('idx_srm_material_list')
    .on('srm_material')
    .columns(['tenant_id', 'create_time'])
    .execute();

  await db.schema
    .createTable('srm_price_record')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('material_id', 'varchar(32)', (c) => c.notNull().references('srm_material.id'))
    .addColumn('org_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('CNY'))
    .addColumn('unit_price', 'varchar(32)', (c) => c.notNull())
    .addColumn('tax_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('ladder', 'text')
    .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('valid_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('idx_srm_price_record_key')
    .on('srm_price_record')
    .columns(['tenant_id', 'supplier_id', 'material_id', 'org_code', 'currency', 'valid_from'])
    .execute();
  await db.schema
    .createIndex('idx_srm_price_record_list')
    .on('srm_price_record')
    .columns(['tenant_id', 'create_time'])
    .execute();

  // Purchase settings (§21): one typed value per tenant and key, each change logged.
  await db.schema
    .createTable('srm_purchase_setting')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('setting_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('value_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('setting_value', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_srm_purchase_setting', ['tenant_id', 'setting_key'])
    .execute();
  await db.schema
    .createTable('srm_purchase_setting_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('setting_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('changed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_srm_purchase_setting_log')
    .on('srm_purchase_setting_log')
    .columns(['tenant_id', 'setting_key', 'changed_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('srm_purchase_setting_log').execute();
  await db.schema.dropTable('srm_purchase_setting').execute();
  await db.schema.dropTable('srm_price_record').execute();
  await db.schema.dropTable('srm_material').execute();
  await db.schema.dropTable('srm_tax_rate').execute();
  await db.schema.dropTable('srm_material_category').execute();
}
