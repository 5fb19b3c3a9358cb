import type { Kysely } from 'kysely';

// Frozen in time: the quantity a short-close (PO-7) took off an order line: the line keeps what was
// shipped as its quantity, and this column says how much of the ordered quantity was closed.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('srm_purchase_order_line')
    .addColumn('qty_short_closed', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('srm_purchase_order_line').dropColumn('qty_short_closed').execute();
}
