import { sql, type Kysely } from 'kysely';

// Frozen in time: the admission review's decision (domain §4.3): APPROVE, CONDITIONAL (admit
// in TRIAL with a cap on order value, QLF-4) or REJECT, proposed by the buyer on submission;
// the trial cap is kept on the category standing for the PO checks (PO-1). A review may now
// start as a DRAFT, which counts as open: the one-open-review index (QLF-5) covers it too.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('supplier_admission_review').addColumn('decision', 'varchar(20)').execute();
  await db.schema.alterTable('supplier_admission_review').addColumn('trial_limit_amount', 'varchar(32)').execute();
  await db.schema.alterTable('supplier_category').addColumn('trial_limit_amount', 'varchar(32)').execute();
  await db.schema.dropIndex('uq_admission_review_open').execute();
  await db.schema
    .createIndex('uq_admission_review_open')
    .on('supplier_admission_review')
    .columns(['supplier_id', 'category_code'])
    .unique()
    .where(sql.ref('status'), 'in', ['DRAFT', 'IN_REVIEW', 'PENDING_APPROVAL'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('uq_admission_review_open').execute();
  await db.schema
    .createIndex('uq_admission_review_open')
    .on('supplier_admission_review')
    .columns(['supplier_id', 'category_code'])
    .unique()
    .where(sql.ref('status'), 'in', ['IN_REVIEW', 'PENDING_APPROVAL'])
    .execute();
  await db.schema.alterTable('supplier_category').dropColumn('trial_limit_amount').execute();
  await db.schema.alterTable('supplier_admission_review').dropColumn('trial_limit_amount').execute();
  await db.schema.alterTable('supplier_admission_review').dropColumn('decision').execute();
}
