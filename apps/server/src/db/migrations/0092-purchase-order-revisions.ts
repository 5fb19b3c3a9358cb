import type { Kysely } from 'kysely';

// Frozen in time: the previous revisions of purchase orders (PO-6). Every change order (and every
// revision after a supplier's refusal) raises revision_no and stores the order as it was, header and
// lines, as JSON text, so that each earlier revision stays readable.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('srm_purchase_order_revision')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', 'varchar(32)', (c) => c.notNull().references('srm_purchase_order.id'))
    .addColumn('revision_no', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount_incl_tax', 'varchar(32)', (c) => c.notNull())
    .addColumn('header', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('change_reason', 'varchar(500)')
    .addColumn('changed_by', 'varchar(64)')
    .addColumn('changed_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_srm_purchase_order_revision', ['order_id', 'revision_no'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('srm_purchase_order_revision').execute();
}
