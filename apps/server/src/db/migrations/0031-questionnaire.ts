import type { Kysely } from 'kysely';

// Frozen in time: question templates and questionnaires (domain §6). A template is edited as a
// DRAFT, frozen when ACTIVE (QT-1: editing makes a new version); a questionnaire is one
// template version sent to one supplier, with its answers. Scores are decimal strings.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('question_template')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('scored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_score', 'varchar(16)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('version_no', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('question')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('template_id', 'varchar(32)', (c) => c.notNull().references('question_template.id').onDelete('cascade'))
    .addColumn('group_name', 'varchar(100)')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // JSON [{value, label, score}] for SINGLE / MULTI.
    .addColumn('options', 'text')
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_score', 'varchar(16)')
    .addColumn('number_min', 'varchar(32)')
    .addColumn('number_max', 'varchar(32)')
    .addColumn('max_selections', 'integer')
    .execute();
  await db.schema.createIndex('idx_question_template').on('question').column('template_id').execute();

  await db.schema
    .createTable('questionnaire')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('template_id', 'varchar(32)', (c) => c.notNull().references('question_template.id'))
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('template_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('due_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('SENT'))
    .addColumn('score', 'varchar(16)')
    .addColumn('reviewer_comment', 'varchar(1000)')
    .addColumn('returned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted_at', 'varchar(32)')
    .addColumn('reviewed_by', 'varchar(32)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();
  await db.schema.createIndex('idx_questionnaire_supplier').on('questionnaire').column('supplier_id').execute();

  await db.schema
    .createTable('questionnaire_answer')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('questionnaire_id', 'varchar(32)', (c) => c.notNull().references('questionnaire.id').onDelete('cascade'))
    .addColumn('question_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('value', 'text')
    .addColumn('score', 'varchar(16)')
    .addUniqueConstraint('uq_questionnaire_answer', ['questionnaire_id', 'question_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['questionnaire_answer', 'questionnaire', 'question', 'question_template'])
    await db.schema.dropTable(table).execute();
}
