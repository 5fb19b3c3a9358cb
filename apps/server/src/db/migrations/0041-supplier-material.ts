import type { Kysely } from 'kysely';

// Frozen in time: the source list (货源清单, domain §3 SupplierMaterial). One row per tenant,
// supplier and material; status ACTIVE or BLOCKED, changed only by the block / unblock commands.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('supplier_material')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull().references('supplier.id'))
    .addColumn('material_id', 'varchar(32)', (c) => c.notNull().references('srm_material.id'))
    .addColumn('supplier_part_no', 'varchar(64)')
    // Decimal string; null: no minimum.
    .addColumn('min_order_qty', 'varchar(32)')
    .addColumn('lead_time_days', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('block_reason', 'varchar(500)')
    .addColumn('blocked_by', 'varchar(64)')
    .addColumn('blocked_at', 'varchar(32)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_supplier_material', ['tenant_id', 'supplier_id', 'material_id'])
    .execute();
  // A supplier's own rows and a material's sources.
  await db.schema
    .createIndex('idx_supplier_material_supplier')
    .on('supplier_material')
    .columns(['supplier_id', 'status'])
    .execute();
  await db.schema
    .createIndex('idx_supplier_material_material')
    .on('supplier_material')
    .columns(['tenant_id', 'material_id', 'status'])
    .execute();
  await db.schema
    .createIndex('idx_supplier_material_list')
    .on('supplier_material')
    .columns(['tenant_id', 'create_time'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('supplier_material').execute();
}
