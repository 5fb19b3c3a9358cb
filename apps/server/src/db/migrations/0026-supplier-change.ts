import { sql, type Kysely } from 'kysely';

// Frozen in time: supplier change requests of domain §5. A request stores the field-by-field
// old/new values against the profile version it was made from (CHG-2); a partial unique index
// backs CHG-1 (one SUBMITTED request per supplier). Applied changes leave one history row per
// field with the request code, who asked and who approved.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('supplier_change_request')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull().references('supplier.id').onDelete('cascade'))
    .addColumn('sections', 'varchar(200)', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
    .addColumn('files', 'varchar(2000)', (c) => c.notNull())
    .addColumn('initiated_by', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('submitted_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('submitted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(32)')
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decision_comment', 'varchar(1000)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('idx_supplier_change_supplier')
    .on('supplier_change_request')
    .column('supplier_id')
    .execute();
  await db.schema
    .createIndex('uq_supplier_change_code')
    .on('supplier_change_request')
    .columns(['tenant_id', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('uq_supplier_change_submitted')
    .on('supplier_change_request')
    .column('supplier_id')
    .unique()
    .where(sql.ref('status'), '=', 'SUBMITTED')
    .execute();

  await db.schema
    .createTable('supplier_change_history')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull().references('supplier.id').onDelete('cascade'))
    .addColumn('request_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('request_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('field', 'varchar(40)', (c) => c.notNull())
    .addColumn('old_value', 'varchar(500)')
    .addColumn('new_value', 'varchar(500)')
    .addColumn('requested_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('approved_by', 'varchar(32)')
    .addColumn('changed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_supplier_change_history_supplier')
    .on('supplier_change_history')
    .columns(['supplier_id', 'changed_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('supplier_change_history').execute();
  await db.schema.dropTable('supplier_change_request').execute();
}
