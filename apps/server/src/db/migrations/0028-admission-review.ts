import { sql, type Kysely } from 'kysely';

// Frozen in time: the admission review of domain §4.3. One review per supplier and category
// applied for; its steps (documents, questionnaire, sample, site audit) and their results are
// kept as JSON on the row; a partial unique index keeps one open review per supplier and
// category (QLF-5). Linked sample requests point back at it through their sourceDocType/Id.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('supplier_admission_review')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull().references('supplier.id').onDelete('cascade'))
    .addColumn('category_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('review_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('questionnaire_id', 'varchar(32)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('opened_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('opened_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('submitted_by', 'varchar(32)')
    .addColumn('submitted_at', 'varchar(32)')
    .addColumn('decided_by', 'varchar(32)')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decision_comment', 'varchar(500)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('idx_admission_review_supplier')
    .on('supplier_admission_review')
    .columns(['supplier_id', 'status'])
    .execute();
  await db.schema
    .createIndex('uq_admission_review_open')
    .on('supplier_admission_review')
    .columns(['supplier_id', 'category_code'])
    .unique()
    .where(sql.ref('status'), 'in', ['IN_REVIEW', 'PENDING_APPROVAL'])
    .execute();
}
