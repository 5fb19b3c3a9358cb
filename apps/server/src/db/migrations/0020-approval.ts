import type { Kysely } from 'kysely';

// Frozen in time: the approval engine (domain decision 6, X-10). One definition per tenant and
// document type with threshold-based sequential steps (JSON), one instance per submission with
// its tasks, history and copied-to users. Amounts are decimal strings, never floats.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('approval_definition')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('doc_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // [{name, minAmount|null, approverType: USER|ROLE, approverId}] in order.
    .addColumn('steps', 'text', (c) => c.notNull())
    // Comma-joined user ids told of every decision (抄送).
    .addColumn('cc_user_ids', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_approval_definition_doc_type', ['tenant_id', 'doc_type'])
    .execute();

  await db.schema
    .createTable('approval_instance')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('doc_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('doc_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', 'varchar(32)')
    .addColumn('rule_code', 'varchar(64)')
    // The steps that apply to this submission, copied at submission.
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('cc_user_ids', 'text')
    .addColumn('current_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('submitted_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('submitted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('idx_approval_instance_doc')
    .on('approval_instance')
    .columns(['doc_type', 'doc_id'])
    .execute();
  await db.schema
    .createIndex('idx_approval_instance_submitter')
    .on('approval_instance')
    .columns(['submitted_by', 'submitted_at'])
    .execute();

  await db.schema
    .createTable('approval_task')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull().references('approval_instance.id'))
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('step_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('assignee_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('assignee_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('decision', 'varchar(16)', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(32)')
    .addColumn('comment', 'varchar(500)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('idx_approval_task_instance')
    .on('approval_task')
    .columns(['instance_id', 'step'])
    .execute();
  await db.schema
    .createIndex('idx_approval_task_pending')
    .on('approval_task')
    .columns(['decision', 'assignee_type', 'assignee_id'])
    .execute();

  await db.schema
    .createTable('approval_history')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull().references('approval_instance.id'))
    .addColumn('step', 'integer')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('comment', 'varchar(500)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_approval_history_instance')
    .on('approval_history')
    .columns(['instance_id', 'at'])
    .execute();
  await db.schema
    .createIndex('idx_approval_history_actor')
    .on('approval_history')
    .columns(['actor_id', 'at'])
    .execute();

  await db.schema
    .createTable('approval_cc')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull().references('approval_instance.id'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_approval_cc', ['instance_id', 'user_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('approval_cc').execute();
  await db.schema.dropTable('approval_history').execute();
  await db.schema.dropTable('approval_task').execute();
  await db.schema.dropTable('approval_instance').execute();
  await db.schema.dropTable('approval_definition').execute();
}
