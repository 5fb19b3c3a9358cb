import type { Kysely } from 'kysely';

// Frozen in time: quota allocations (domain §14 QuotaAllocation, QUO-6 / PO-9), one row per
// approved order line split by an arrangement, reversed when the line is cancelled or reduced;
// and the material's order multiple, which quota splits round down to (QUO-4).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('srm_material').addColumn('order_multiple', 'varchar(32)').execute();
  await db.schema
    .createTable('quota_allocation')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('arrangement_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('po_line_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qty', 'varchar(32)', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('reversed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reversed_at', 'varchar(32)')
    .addColumn('reverse_reason', 'varchar(200)')
    .execute();
  await db.schema.createIndex('idx_quota_allocation_line').on('quota_allocation').columns(['po_line_id']).execute();
  await db.schema
    .createIndex('idx_quota_allocation_arrangement')
    .on('quota_allocation')
    .columns(['arrangement_id', 'supplier_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('quota_allocation').execute();
  await db.schema.alterTable('srm_material').dropColumn('order_multiple').execute();
}
