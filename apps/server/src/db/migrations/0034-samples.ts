import type { Kysely } from 'kysely';

// Frozen in time: sample requests (domain §7) and their state log.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('srm_sample_request')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('material_id', 'varchar(32)')
    .addColumn('material_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    .addColumn('category_id', 'varchar(32)')
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_doc_type', 'varchar(32)')
    .addColumn('source_doc_id', 'varchar(32)')
    .addColumn('qty', 'varchar(32)', (c) => c.notNull())
    .addColumn('unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('required_by', 'varchar(10)', (c) => c.notNull())
    .addColumn('receiver_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('receiver_phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('receive_address', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('supplier_remark', 'text')
    .addColumn('ship_method', 'varchar(16)')
    .addColumn('carrier', 'varchar(100)')
    .addColumn('tracking_no', 'varchar(64)')
    .addColumn('delivery_note', 'varchar(500)')
    .addColumn('shipped_at', 'varchar(32)')
    .addColumn('estimated_arrival', 'varchar(10)')
    .addColumn('received_at', 'varchar(32)')
    .addColumn('received_qty', 'varchar(32)')
    .addColumn('test_result', 'varchar(8)')
    .addColumn('test_report', 'text')
    .addColumn('test_report_files', 'text')
    .addColumn('tested_by', 'varchar(64)')
    .addColumn('tested_at', 'varchar(32)')
    .addColumn('requester_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_srm_sample_request_code', ['tenant_id', 'code'])
    .execute();
  await db.schema
    .createIndex('idx_srm_sample_request_supplier')
    .on('srm_sample_request')
    .columns(['supplier_id', 'status'])
    .execute();
  await db.schema
    .createIndex('idx_srm_sample_request_list')
    .on('srm_sample_request')
    .columns(['tenant_id', 'create_time'])
    .execute();

  await db.schema
    .createTable('srm_sample_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('sample_id', 'varchar(32)', (c) => c.notNull().references('srm_sample_request.id'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(16)')
    .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    // INTERNAL or SUPPLIER (StateLog.actorKind, §2).
    .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_srm_sample_log_sample').on('srm_sample_log').columns(['sample_id', 'at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('srm_sample_log').execute();
  await db.schema.dropTable('srm_sample_request').execute();
}
