import type { Kysely } from 'kysely';

// Frozen in time: the site audit (现场评审) of domain §4.1, recorded by the buyer on an admission
// review that holds the SITE_AUDIT step; one per review (re-recording edits it). Members are
// comma-joined internal user ids, files comma-joined stored paths (X-11 through the review).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('supplier_site_audit')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('review_id', 'varchar(32)', (c) =>
      c.notNull().unique().references('supplier_admission_review.id').onDelete('cascade'),
    )
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('audit_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('address', 'varchar(300)', (c) => c.notNull())
    .addColumn('members', 'varchar(1000)', (c) => c.notNull())
    .addColumn('supplier_escort', 'varchar(100)')
    .addColumn('checklist_template_id', 'varchar(32)')
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('result', 'varchar(20)', (c) => c.notNull())
    .addColumn('findings', 'text')
    .addColumn('files', 'varchar(2000)')
    .addColumn('recorded_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('recorded_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('idx_site_audit_supplier').on('supplier_site_audit').column('supplier_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('supplier_site_audit').execute();
}
