import type { Kysely } from 'kysely';

// Frozen in time: AUC-17 savings against the previous price. The lot's previous price (the
// latest price record of each of its materials, times the quantity) is recorded when the lot
// closes: read later, the award's own price records would have become "the previous price".
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('auction_lot_state').addColumn('previous_price', 'varchar(32)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('auction_lot_state').dropColumn('previous_price').execute();
}
