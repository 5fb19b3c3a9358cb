import type { Kysely } from 'kysely';

// Frozen in time: live reverse auctions (domain §12.2). The lot state is one row per auction lot
// (locked for every bid); bids are append-only (a void only sets status/voided_* columns); refused
// attempts are kept apart in auction_attempt_log. Decimals are strings, times ISO UTC.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('auction_lot_state')
    .addColumn('lot_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('current_end_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('extensions_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_extension_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('best_price', 'varchar(32)')
    .addColumn('best_supplier_id', 'varchar(32)')
    .addColumn('paused_at', 'varchar(32)')
    .addColumn('pause_reason', 'varchar(500)')
    .addColumn('update_time', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_auction_lot_state_event').on('auction_lot_state').column('event_id').execute();

  await db.schema
    .createTable('auction_bid')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lot_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('price', 'varchar(32)', (c) => c.notNull())
    // UNIT_PRICE: the line prices as JSON; null for LOT_TOTAL.
    .addColumn('lines', 'text')
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('client_request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('rank_after', 'integer')
    .addColumn('extended_end_at', 'varchar(32)')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('voided_by', 'varchar(64)')
    .addColumn('void_reason', 'varchar(500)')
    .addColumn('voided_at', 'varchar(32)')
    .addUniqueConstraint('uq_auction_bid_seq', ['lot_id', 'seq'])
    .addUniqueConstraint('uq_auction_bid_request', ['lot_id', 'supplier_id', 'client_request_id'])
    .execute();

  await db.schema
    .createTable('auction_attempt_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lot_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('price', 'varchar(64)')
    .addColumn('client_request_id', 'varchar(64)')
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('message', 'varchar(500)', (c) => c.notNull())
    .addColumn('attempted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_auction_attempt_lot')
    .on('auction_attempt_log')
    .columns(['lot_id', 'attempted_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('auction_attempt_log').execute();
  await db.schema.dropTable('auction_bid').execute();
  await db.schema.dropTable('auction_lot_state').execute();
}
