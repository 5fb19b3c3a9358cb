import { sql, type Kysely } from 'kysely';

// Frozen in time: the sourcing events' own state log (sourcing_state_log, migration 0043) moves
// into the generic document log of issue 17 (sys_doc_log, 0072) and is dropped; from now on
// every status change of an inquiry, tender or auction and of its participations, responses and
// awards is logged and audited there. An event's rows carry its type (RFQ, TENDER, AUCTION) as
// doc_type; its documents' rows (an auction's lots among them) carry `<type>_<kind>`
// (RFQ_RESPONSE, AUCTION_LOT) and name the event as
// their source document. The history moves without audit entries: the chain starts now.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LOG_COLUMNS = [
  'id',
  'tenant_id',
  'doc_type',
  'doc_id',
  'action',
  'from_status',
  'to_status',
  'reason',
  'operator_id',
  'operator_name',
  'operator_kind',
  'ip',
  'created_time',
  'source_doc_type',
  'source_doc_id',
] as const;

export async function up(db: AnyDb): Promise<void> {
  await db
    .insertInto('sys_doc_log')
    .columns([...LOG_COLUMNS])
    .expression(
      db
        .selectFrom('sourcing_state_log as l')
        .innerJoin('sourcing_event as e', 'e.id', 'l.event_id')
        .select([
          'l.id',
          'e.tenant_id',
          sql<string>`cast(case when l.doc_id = l.event_id then e.type when l.doc_type = 'EVENT' then e.type || '_LOT' else e.type || '_' || l.doc_type end as varchar(32))`.as(
            'doc_type',
          ),
          'l.doc_id',
          'l.action',
          'l.from_status',
          'l.to_status',
          'l.reason',
          'l.actor_id',
          'l.actor_name',
          'l.actor_kind',
          'l.ip',
          'l.at',
          sql<string>`cast(case when l.doc_id = l.event_id then null else e.type end as varchar(32))`.as(
            'source_doc_type',
          ),
          sql<string>`cast(case when l.doc_id = l.event_id then null else l.event_id end as varchar(32))`.as(
            'source_doc_id',
          ),
        ]),
    )
    .execute();
  await db.schema.dropTable('sourcing_state_log').execute();
  // An event's log reads its documents' rows by their source document.
  await db.schema
    .createIndex('idx_sys_doc_log_source')
    .on('sys_doc_log')
    .columns(['source_doc_type', 'source_doc_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idx_sys_doc_log_source').execute();
  await db.schema
    .createTable('sourcing_state_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('doc_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('doc_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(32)')
    .addColumn('to_status', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_sourcing_state_log_event')
    .on('sourcing_state_log')
    .columns(['event_id', 'at'])
    .execute();
  await db
    .insertInto('sourcing_state_log')
    .columns([
      'id',
      'event_id',
      'doc_type',
      'doc_id',
      'action',
      'from_status',
      'to_status',
      'actor_id',
      'actor_name',
      'actor_kind',
      'reason',
      'ip',
      'at',
    ])
    .expression(
      db
        .selectFrom('sys_doc_log as l')
        .innerJoin('sourcing_event as e', (j) =>
          j.on((eb) =>
            eb.or([
              eb.and([eb('l.source_doc_id', 'is', null), eb('e.id', '=', eb.ref('l.doc_id'))]),
              eb('e.id', '=', eb.ref('l.source_doc_id')),
            ]),
          ),
        )
        .select([
          'l.id',
          'e.id as event_id',
          sql<string>`cast(case when l.source_doc_id is null or l.doc_type = e.type || '_LOT' then 'EVENT' else substr(l.doc_type, length(e.type) + 2) end as varchar(16))`.as(
            'doc_type',
          ),
          'l.doc_id',
          'l.action',
          'l.from_status',
          'l.to_status',
          'l.operator_id',
          'l.operator_name',
          'l.operator_kind',
          'l.reason',
          'l.ip',
          'l.created_time',
        ])
        .where('l.doc_type', 'like', sql<string>`e.type || '%'`),
    )
    .execute();
  await db.deleteFrom('sys_doc_log').where('doc_type', 'in', ['RFQ', 'TENDER', 'AUCTION']).execute();
  await db.deleteFrom('sys_doc_log').where('source_doc_type', 'in', ['RFQ', 'TENDER', 'AUCTION']).execute();
}
