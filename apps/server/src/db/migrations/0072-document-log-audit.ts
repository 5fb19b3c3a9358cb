import { sql, type Kysely } from 'kysely';

// Frozen in time: one status log and one hash-chained audit log for every workflow document
// (issue 17). The sample requests' own log (srm_sample_log, migration 0034) moves into the
// generic log and is dropped. The audit chain is one per tenant; its head row is locked by each
// append, so two appends never take the same seq.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SAMPLE_DOC_TYPE = 'SAMPLE_REQUEST';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sys_doc_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('doc_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('doc_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(32)')
    .addColumn('to_status', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    // Null for the system (jobs, approval outcomes).
    .addColumn('operator_id', 'varchar(32)')
    .addColumn('operator_name', 'varchar(100)', (c) => c.notNull())
    // INTERNAL, SUPPLIER or SYSTEM (StateLog.actorKind, §2).
    .addColumn('operator_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_doc_type', 'varchar(32)')
    .addColumn('source_doc_id', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('idx_sys_doc_log_doc')
    .on('sys_doc_log')
    .columns(['doc_type', 'doc_id', 'created_time'])
    .execute();

  await db.schema
    .createTable('sys_audit_chain')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('doc_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('doc_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    // Canonical JSON (sorted keys, no whitespace): exactly the text the hash covers.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_audit_chain', ['tenant_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('idx_sys_audit_chain_doc')
    .on('sys_audit_chain')
    .columns(['tenant_id', 'doc_type', 'doc_id'])
    .execute();
  await db.schema
    .createTable('sys_audit_head')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addColumn('last_hash', 'varchar(64)', (c) => c.notNull())
    .execute();

  await db
    .insertInto('sys_doc_log')
    .columns([
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
    ])
    .expression(
      db
        .selectFrom('srm_sample_log as l')
        .innerJoin('srm_sample_request as r', 'r.id', 'l.sample_id')
        .select([
          'l.id',
          'r.tenant_id',
          sql<string>`cast(${SAMPLE_DOC_TYPE} as varchar(32))`.as('doc_type'),
          'l.sample_id',
          'l.action',
          'l.from_status',
          'l.to_status',
          'l.reason',
          'l.actor_id',
          'l.actor_name',
          'l.actor_kind',
          'l.ip',
          'l.at',
          'r.source_doc_type',
          'r.source_doc_id',
        ]),
    )
    .execute();
  await db.schema.dropTable('srm_sample_log').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('srm_sample_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('sample_id', 'varchar(32)', (c) => c.notNull().references('srm_sample_request.id'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(16)')
    .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_srm_sample_log_sample').on('srm_sample_log').columns(['sample_id', 'at']).execute();
  await db
    .insertInto('srm_sample_log')
    .columns([
      'id',
      'sample_id',
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
        .selectFrom('sys_doc_log')
        .select([
          'id',
          'doc_id',
          'action',
          'from_status',
          'to_status',
          'operator_id',
          'operator_name',
          'operator_kind',
          'reason',
          'ip',
          'created_time',
        ])
        .where('doc_type', '=', SAMPLE_DOC_TYPE)
        .where('operator_id', 'is not', null),
    )
    .execute();
  await db.schema.dropTable('sys_audit_head').execute();
  await db.schema.dropTable('sys_audit_chain').execute();
  await db.schema.dropTable('sys_doc_log').execute();
}
