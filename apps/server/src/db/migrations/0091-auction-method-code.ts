import type { Kysely } from 'kysely';

// Frozen in time: auctions were stored with the method AUCTION, a code of the sourcing-type
// dictionary, not of the purchase-method one (srm_purchase_method names it REVERSE_AUCTION 竞价),
// so screens that read the method through its dictionary showed the raw code. Only rows still
// holding the old code change.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.updateTable('sourcing_event').set({ method: 'REVERSE_AUCTION' }).where('method', '=', 'AUCTION').execute();
  await db
    .updateTable('portal_purchase_announcement')
    .set({ purchase_method: 'REVERSE_AUCTION' })
    .where('purchase_method', '=', 'AUCTION')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db
    .updateTable('sourcing_event')
    .set({ method: 'AUCTION' })
    .where('type', '=', 'AUCTION')
    .where('method', '=', 'REVERSE_AUCTION')
    .execute();
}
