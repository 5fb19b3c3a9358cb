import type { Kysely } from 'kysely';

// Frozen in time: the supplier master and lifecycle of domain §4. The supplier row gains its
// tenant, an optimistic-lock version, the reviewer's return comments per section, the
// status a freeze or blacklist interrupted (unfreeze goes back to it) and its licence file.
// Qualifications (with validity) and the standing per category get their own tables;
// status proposals that need a second person (blacklist, lift, admission) are kept as
// requests with the proposer and the decider.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('supplier')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('supplier')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('supplier').addColumn('return_comments', 'text').execute();
  await db.schema.alterTable('supplier').addColumn('resume_status', 'varchar(20)').execute();
  await db.schema.alterTable('supplier').addColumn('business_license_file', 'varchar(500)').execute();
  await db.schema.alterTable('supplier').addColumn('approved_by', 'varchar(32)').execute();
  await db.schema.alterTable('supplier').addColumn('approved_at', 'varchar(32)').execute();
  await db.schema.createIndex('idx_supplier_tenant').on('supplier').column('tenant_id').execute();

  await db.schema
    .createTable('supplier_qualification')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull().references('supplier.id').onDelete('cascade'))
    .addColumn('type_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('cert_no', 'varchar(100)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(200)')
    .addColumn('issue_date', 'varchar(10)')
    .addColumn('expiry_date', 'varchar(10)')
    .addColumn('scope', 'text')
    .addColumn('files', 'varchar(1000)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reviewed_by', 'varchar(64)')
    .addColumn('reviewed_at', 'varchar(32)')
    .addColumn('review_comment', 'varchar(500)')
    // The expiry job's notices (QLF-3): sent once at 30 days, once at 7 days.
    .addColumn('notified_days', 'integer')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('idx_supplier_qualification_supplier')
    .on('supplier_qualification')
    .column('supplier_id')
    .execute();
  await db.schema
    .createIndex('idx_supplier_qualification_expiry')
    .on('supplier_qualification')
    .columns(['status', 'expiry_date'])
    .execute();

  await db.schema
    .createTable('supplier_category')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull().references('supplier.id').onDelete('cascade'))
    .addColumn('category_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('qualified_at', 'varchar(32)')
    .addColumn('suspended_at', 'varchar(32)')
    .addColumn('source_request_id', 'varchar(32)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_supplier_category', ['supplier_id', 'category_code'])
    .execute();

  await db.schema
    .createTable('supplier_status_request')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull().references('supplier.id').onDelete('cascade'))
    // BLACKLIST, LIFT_BLACKLIST or ADMISSION (then category_code is set).
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('category_code', 'varchar(50)')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('proposed_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('proposed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(32)')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decision_comment', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('idx_supplier_status_request_supplier')
    .on('supplier_status_request')
    .columns(['supplier_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('supplier_status_request').execute();
  await db.schema.dropTable('supplier_category').execute();
  await db.schema.dropTable('supplier_qualification').execute();
  await db.schema.dropIndex('idx_supplier_tenant').execute();
  for (const column of [
    'approved_at',
    'approved_by',
    'business_license_file',
    'resume_status',
    'return_comments',
    'version',
    'tenant_id',
  ]) {
    await db.schema.alterTable('supplier').dropColumn(column).execute();
  }
}
