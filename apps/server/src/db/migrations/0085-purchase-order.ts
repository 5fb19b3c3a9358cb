import type { Kysely } from 'kysely';

// Frozen in time: purchase orders and their lines (domain §16), with the line ledger of §24.
// Money and quantities are decimal strings, as in the other SRM tables.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('srm_purchase_order')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('supplier_contact', 'varchar(200)')
    .addColumn('org_code', 'varchar(64)')
    .addColumn('buyer_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('contract_id', 'varchar(32)')
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('order_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('payment_terms', 'varchar(32)')
    .addColumn('ship_to', 'varchar(300)', (c) => c.notNull())
    .addColumn('receiver_name', 'varchar(50)')
    .addColumn('receiver_phone', 'varchar(30)')
    .addColumn('amount_excl_tax', 'varchar(32)', (c) => c.notNull().defaultTo('0.00'))
    .addColumn('tax_amount', 'varchar(32)', (c) => c.notNull().defaultTo('0.00'))
    .addColumn('amount_incl_tax', 'varchar(32)', (c) => c.notNull().defaultTo('0.00'))
    .addColumn('requires_supplier_confirmation', 'integer', (c) => c.notNull().defaultTo(1))
    // PO-2: a line priced off its contract or price record needs the manager's approval.
    .addColumn('needs_manager_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('supplier_confirmed_at', 'varchar(32)')
    .addColumn('supplier_reject_reason', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('hold_from_status', 'varchar(32)')
    .addColumn('receipt_status', 'varchar(16)', (c) => c.notNull().defaultTo('NONE'))
    .addColumn('invoice_status', 'varchar(16)', (c) => c.notNull().defaultTo('NONE'))
    .addColumn('payment_status', 'varchar(16)', (c) => c.notNull().defaultTo('NONE'))
    .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('revision_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted_by', 'varchar(32)')
    .addColumn('source_doc_type', 'varchar(32)')
    .addColumn('source_doc_id', 'varchar(32)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_srm_purchase_order_code', ['tenant_id', 'code'])
    .execute();
  await db.schema
    .createIndex('idx_srm_purchase_order_supplier')
    .on('srm_purchase_order')
    .columns(['supplier_id', 'status'])
    .execute();
  await db.schema
    .createIndex('idx_srm_purchase_order_list')
    .on('srm_purchase_order')
    .columns(['tenant_id', 'create_time'])
    .execute();

  await db.schema
    .createTable('srm_purchase_order_line')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', 'varchar(32)', (c) => c.notNull().references('srm_purchase_order.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('material_id', 'varchar(32)')
    .addColumn('material_code', 'varchar(64)')
    .addColumn('material_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    .addColumn('spec', 'varchar(200)')
    .addColumn('category_id', 'varchar(32)')
    .addColumn('unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('qty', 'varchar(32)', (c) => c.notNull())
    .addColumn('unit_price', 'varchar(32)', (c) => c.notNull())
    .addColumn('tax_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'varchar(32)', (c) => c.notNull())
    .addColumn('tax_amount', 'varchar(32)', (c) => c.notNull())
    .addColumn('price_source', 'varchar(16)', (c) => c.notNull().defaultTo('MANUAL'))
    .addColumn('price_source_id', 'varchar(32)')
    .addColumn('price_deviation_reason', 'varchar(500)')
    .addColumn('need_by_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('promised_date', 'varchar(10)')
    .addColumn('promise_reason', 'varchar(500)')
    .addColumn('delivery_place', 'varchar(300)')
    .addColumn('requisition_line_id', 'varchar(32)')
    .addColumn('contract_line_id', 'varchar(32)')
    .addColumn('award_line_id', 'varchar(32)')
    .addColumn('quota_arrangement_id', 'varchar(32)')
    .addColumn('inspection_required', 'integer', (c) => c.notNull().defaultTo(0))
    // The ledger of §24: moved only by the documents that post them.
    .addColumn('qty_in_transit', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('qty_received', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('qty_accepted', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('qty_rejected', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('qty_returned', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('qty_invoiced', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('amount_invoiced', 'varchar(32)', (c) => c.notNull().defaultTo('0.00'))
    .addColumn('line_status', 'varchar(16)', (c) => c.notNull().defaultTo('OPEN'))
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_srm_purchase_order_line_no', ['order_id', 'line_no'])
    .execute();
  await db.schema
    .createIndex('idx_srm_purchase_order_line_requisition')
    .on('srm_purchase_order_line')
    .column('requisition_line_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('srm_purchase_order_line').execute();
  await db.schema.dropTable('srm_purchase_order').execute();
}
