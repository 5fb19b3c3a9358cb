import type { Kysely } from 'kysely';

// Frozen in time: purchase requisitions and their lines (domain §8), with their state log.
// Money and quantities are decimal strings, as in the other SRM tables.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('purchase_requisition')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('requester_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('department_code', 'varchar(64)')
    .addColumn('purchase_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('urgency', 'varchar(16)', (c) => c.notNull().defaultTo('NORMAL'))
    .addColumn('urgent_reason', 'varchar(500)')
    .addColumn('reason', 'text')
    .addColumn('budget_amount', 'varchar(32)', (c) => c.notNull().defaultTo('0.00'))
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('CNY'))
    .addColumn('delivery_place', 'varchar(300)')
    .addColumn('buyer_id', 'varchar(32)')
    // srm_pr_status; derived from the lines once approved (PR-7).
    .addColumn('status', 'varchar(24)', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('submitted_by', 'varchar(32)')
    .addColumn('submitted_at', 'varchar(32)')
    .addColumn('approved_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .addColumn('cancel_reason', 'varchar(500)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_purchase_requisition_code', ['tenant_id', 'code'])
    .execute();
  await db.schema
    .createIndex('idx_purchase_requisition_list')
    .on('purchase_requisition')
    .columns(['tenant_id', 'del_flag', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_purchase_requisition_status')
    .on('purchase_requisition')
    .columns(['tenant_id', 'status'])
    .execute();

  await db.schema
    .createTable('purchase_requisition_line')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('requisition_id', 'varchar(32)', (c) => c.notNull().references('purchase_requisition.id'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('material_id', 'varchar(32)')
    // Snapshot of the material when the line was saved.
    .addColumn('material_code', 'varchar(64)')
    .addColumn('material_name', 'varchar(200)')
    .addColumn('description', 'varchar(500)')
    .addColumn('spec', 'varchar(200)')
    .addColumn('category_id', 'varchar(32)')
    .addColumn('qty', 'varchar(32)', (c) => c.notNull())
    .addColumn('unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('need_by_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('estimated_unit_price', 'varchar(32)')
    .addColumn('amount', 'varchar(32)', (c) => c.notNull().defaultTo('0.00'))
    .addColumn('suggested_supplier_id', 'varchar(32)')
    .addColumn('suggestion_reason', 'varchar(500)')
    .addColumn('delivery_place', 'varchar(300)')
    // The quantity ledger of PR-3 / PR-5 (§24): reserved by open sourcing events, covered by orders, cancelled.
    .addColumn('qty_in_sourcing', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('qty_ordered', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('qty_cancelled', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('line_status', 'varchar(16)', (c) => c.notNull().defaultTo('OPEN'))
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('idx_purchase_requisition_line_doc')
    .on('purchase_requisition_line')
    .columns(['requisition_id', 'line_no'])
    .execute();
  await db.schema
    .createIndex('idx_purchase_requisition_line_status')
    .on('purchase_requisition_line')
    .columns(['tenant_id', 'line_status'])
    .execute();

  await db.schema
    .createTable('purchase_requisition_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('requisition_id', 'varchar(32)', (c) => c.notNull().references('purchase_requisition.id'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(24)')
    .addColumn('to_status', 'varchar(24)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    // INTERNAL or SYSTEM (StateLog.actorKind, §2).
    .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_purchase_requisition_log_doc')
    .on('purchase_requisition_log')
    .columns(['requisition_id', 'at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('purchase_requisition_log').execute();
  await db.schema.dropTable('purchase_requisition_line').execute();
  await db.schema.dropTable('purchase_requisition').execute();
}
