import type { Kysely } from 'kysely';

// Frozen in time: supplier evaluation (domain §20). Templates with dimension and indicator
// weights, the tenant's grade bands, evaluation projects with their raters' scores, one result
// per supplier and project (with the appeal), the log of every change to a published result
// (EVA-7) and each supplier's current grade with the flags other modules read (EVA-5).
// Weights and scores are decimal strings (at most 2 decimals), never floats.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const audit = (t: ReturnType<AnyDb['schema']['createTable']>) =>
  t
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)');

export async function up(db: AnyDb): Promise<void> {
  await audit(
    db.schema
      .createTable('eval_template')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('code', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('period_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('DRAFT'))
      .addColumn('remark', 'varchar(500)'),
  ).execute();

  await db.schema
    .createTable('eval_dimension')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('template_id', 'varchar(32)', (c) => c.notNull().references('eval_template.id').onDelete('cascade'))
    .addColumn('dimension', 'varchar(16)', (c) => c.notNull())
    .addColumn('weight', 'varchar(16)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_eval_dimension_template').on('eval_dimension').column('template_id').execute();

  await db.schema
    .createTable('eval_indicator')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('template_id', 'varchar(32)', (c) => c.notNull().references('eval_template.id').onDelete('cascade'))
    .addColumn('dimension_id', 'varchar(32)', (c) => c.notNull().references('eval_dimension.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('weight', 'varchar(16)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('metric_key', 'varchar(40)')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_eval_indicator_template').on('eval_indicator').column('template_id').execute();

  await db.schema
    .createTable('eval_grade_band')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grade', 'varchar(8)', (c) => c.notNull())
    .addColumn('min_score', 'varchar(16)', (c) => c.notNull())
    .addColumn('max_score', 'varchar(16)', (c) => c.notNull())
    // Comma-joined consequences (WARN_RFQ, BLOCK_RFQ, PROPOSE_FREEZE …), empty for none.
    .addColumn('consequence', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('colour', 'varchar(16)')
    .execute();
  await db.schema.createIndex('idx_eval_grade_band_tenant').on('eval_grade_band').column('tenant_id').execute();

  await audit(
    db.schema
      .createTable('eval_project')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('code', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('template_id', 'varchar(32)', (c) => c.notNull().references('eval_template.id'))
      .addColumn('period_from', 'varchar(10)', (c) => c.notNull())
      .addColumn('period_to', 'varchar(10)', (c) => c.notNull())
      .addColumn('scoring_deadline', 'varchar(32)', (c) => c.notNull())
      // Comma-joined supplier ids and rater user ids, fixed when scoring starts.
      .addColumn('supplier_ids', 'text', (c) => c.notNull())
      .addColumn('rater_ids', 'text', (c) => c.notNull())
      .addColumn('show_rank', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('DRAFT'))
      .addColumn('submitted_by', 'varchar(32)')
      .addColumn('approved_by', 'varchar(32)')
      .addColumn('published_at', 'varchar(32)')
      .addColumn('remark', 'varchar(500)'),
  ).execute();

  await db.schema
    .createTable('eval_score')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('project_id', 'varchar(32)', (c) => c.notNull().references('eval_project.id').onDelete('cascade'))
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('indicator_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('rater_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('score', 'varchar(16)', (c) => c.notNull())
    .addColumn('comment', 'varchar(500)')
    .addColumn('update_time', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_eval_score', ['project_id', 'supplier_id', 'indicator_id', 'rater_id'])
    .execute();

  await db.schema
    .createTable('eval_result')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('project_id', 'varchar(32)', (c) => c.notNull().references('eval_project.id').onDelete('cascade'))
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    // Snapshot of the supplier's name when the result was calculated.
    .addColumn('supplier_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('dimension_scores', 'text', (c) => c.notNull())
    .addColumn('total_score', 'varchar(16)', (c) => c.notNull())
    .addColumn('grade', 'varchar(8)', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('consequence', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // NONE, APPLIED, PENDING (a proposed freeze or elimination waiting for a manager).
    .addColumn('consequence_status', 'varchar(16)', (c) => c.notNull().defaultTo('NONE'))
    .addColumn('appeal_deadline', 'varchar(32)')
    .addColumn('supplier_appeal', 'text')
    .addColumn('appealed_at', 'varchar(32)')
    .addColumn('appeal_answer', 'text')
    .addColumn('appeal_status', 'varchar(16)', (c) => c.notNull().defaultTo('NONE'))
    .addColumn('answered_by', 'varchar(32)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_eval_result', ['project_id', 'supplier_id'])
    .execute();
  await db.schema.createIndex('idx_eval_result_supplier').on('eval_result').column('supplier_id').execute();

  await db.schema
    .createTable('eval_result_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('result_id', 'varchar(32)', (c) => c.notNull().references('eval_result.id').onDelete('cascade'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_total', 'varchar(16)')
    .addColumn('to_total', 'varchar(16)')
    .addColumn('from_grade', 'varchar(8)')
    .addColumn('to_grade', 'varchar(8)')
    .addColumn('reason', 'text')
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_eval_result_log_result').on('eval_result_log').column('result_id').execute();

  await db.schema
    .createTable('supplier_grade')
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grade', 'varchar(8)', (c) => c.notNull())
    .addColumn('grade_valid_to', 'varchar(10)', (c) => c.notNull())
    // Comma-joined WARN_RFQ, WARN_PO, BLOCK_RFQ, BLOCK_PO read by RFQ-2 and PO-1.
    .addColumn('flags', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('project_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_supplier_grade', ['supplier_id', 'tenant_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'supplier_grade',
    'eval_result_log',
    'eval_result',
    'eval_score',
    'eval_project',
    'eval_grade_band',
    'eval_indicator',
    'eval_dimension',
    'eval_template',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
