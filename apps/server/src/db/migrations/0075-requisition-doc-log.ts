import { sql, type Kysely } from 'kysely';

// Frozen in time: the purchase requisitions' own status log (purchase_requisition_log,
// migration 0044) moves into the generic document log of issue 17 (sys_doc_log, 0072) and is
// dropped; from now on every requisition move is logged and audited there.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PR_DOC_TYPE = 'PURCHASE_REQUISITION';

export async function up(db: AnyDb): Promise<void> {
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
    ])
    .expression(
      db
        .selectFrom('purchase_requisition_log as l')
        .innerJoin('purchase_requisition as r', 'r.id', 'l.requisition_id')
        .select([
          'l.id',
          'r.tenant_id',
          sql<string>`cast(${PR_DOC_TYPE} as varchar(32))`.as('doc_type'),
          'l.requisition_id',
          'l.action',
          'l.from_status',
          'l.to_status',
          'l.reason',
          'l.actor_id',
          'l.actor_name',
          'l.actor_kind',
          'l.ip',
          'l.at',
        ]),
    )
    .execute();
  await db.schema.dropTable('purchase_requisition_log').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('purchase_requisition_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('requisition_id', 'varchar(32)', (c) => c.notNull().references('purchase_requisition.id'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(24)')
    .addColumn('to_status', 'varchar(24)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_purchase_requisition_log_doc')
    .on('purchase_requisition_log')
    .columns(['requisition_id', 'at'])
    .execute();
  await db
    .insertInto('purchase_requisition_log')
    .columns([
      'id',
      'requisition_id',
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
        .where('doc_type', '=', PR_DOC_TYPE),
    )
    .execute();
  await db.deleteFrom('sys_doc_log').where('doc_type', '=', PR_DOC_TYPE).execute();
}
