import type { Kysely } from 'kysely';

// Frozen in time: the links around sourcing events. A clarification deadline on the event
// (SRC-9), the awarded part of a requisition line's reservation (PR-7 SOURCED), the reminders
// sent before a response deadline (one per event, participant and kind), and quota
// arrangements with their lines (domain §14, QUO-1/2/9). Decimals are strings, times ISO UTC.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sourcing_event').addColumn('clarification_deadline', 'varchar(32)').execute();
  // Part of qty_in_sourcing that a FINAL award converted (PR-3): the line is SOURCED until ordered.
  await db.schema
    .alterTable('purchase_requisition_line')
    .addColumn('qty_awarded', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .execute();

  await db.schema
    .createTable('sourcing_reminder')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    // RESPONSE_DEADLINE (more kinds may follow).
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('deadline', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_sourcing_reminder', ['event_id', 'supplier_id', 'kind'])
    .execute();

  await db.schema
    .createTable('quota_arrangement')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('org_code', 'varchar(64)')
    .addColumn('material_id', 'varchar(32)')
    .addColumn('material_code', 'varchar(64)')
    .addColumn('material_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('category_id', 'varchar(32)')
    .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('valid_to', 'varchar(10)', (c) => c.notNull())
    // QUANTITY or AMOUNT.
    .addColumn('basis', 'varchar(16)', (c) => c.notNull().defaultTo('QUANTITY'))
    .addColumn('min_split_qty', 'varchar(32)')
    .addColumn('source_award_id', 'varchar(32)')
    .addColumn('source_event_id', 'varchar(32)')
    .addColumn('source_line_id', 'varchar(32)')
    // DRAFT, PENDING_APPROVAL, ACTIVE, NEEDS_REVIEW, EXPIRED, SUPERSEDED.
    .addColumn('status', 'varchar(24)', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('version_no', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('adjust_reason', 'varchar(24)', (c) => c.notNull().defaultTo('NEW_AWARD'))
    .addColumn('approval_instance_id', 'varchar(32)')
    .addColumn('activated_at', 'varchar(32)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_quota_arrangement_code', ['tenant_id', 'code'])
    .execute();
  await db.schema
    .createIndex('idx_quota_arrangement_list')
    .on('quota_arrangement')
    .columns(['tenant_id', 'status', 'create_time'])
    .execute();

  await db.schema
    .createTable('quota_line')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('arrangement_id', 'varchar(32)', (c) => c.notNull().references('quota_arrangement.id'))
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('quota_pct', 'integer', (c) => c.notNull())
    .addColumn('base_qty', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('allocated_qty', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('uq_quota_line_supplier', ['arrangement_id', 'supplier_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('quota_line').execute();
  await db.schema.dropTable('quota_arrangement').execute();
  await db.schema.dropTable('sourcing_reminder').execute();
  await db.schema.alterTable('purchase_requisition_line').dropColumn('qty_awarded').execute();
  await db.schema.alterTable('sourcing_event').dropColumn('clarification_deadline').execute();
}
