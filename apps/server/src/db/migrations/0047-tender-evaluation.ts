import type { Kysely } from 'kysely';

// Frozen in time: tender evaluation after opening (domain §11.1, §13): the evaluation settings
// of a tender event, its committee and members (TND-11), scoring criteria and members' scores
// (TND-12..14), the evaluation report with its signatures and candidates (TND-16), and
// objections (TND-4, TND-18). Scores and money are decimal strings; times ISO-8601 UTC;
// booleans 0/1. Awards reuse `sourcing_award` (migration 0043).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  // One row per tender event: how it is evaluated (§11.1 TenderSettings, evaluation part).
  await db.schema
    .createTable('tender_evaluation')
    .addColumn('event_id', 'varchar(32)', (c) => c.primaryKey().references('sourcing_event.id'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    // LOWEST_EVALUATED_PRICE or COMPREHENSIVE_SCORE.
    .addColumn('evaluation_method', 'varchar(32)', (c) => c.notNull())
    // LOWEST_AS_BASE or AVERAGE_AS_BASE.
    .addColumn('price_formula', 'varchar(32)', (c) => c.notNull())
    .addColumn('publicity_days', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('must_award_rank1', 'integer', (c) => c.notNull().defaultTo(0))
    // Set when the committee may no longer change the criteria (first score submitted).
    .addColumn('criteria_locked_at', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('tender_committee_member')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    // CHAIR, MEMBER, BUYER_REP.
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('is_expert', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('declared_no_conflict_at', 'varchar(32)')
    // Set when the member has submitted all scores (TND-12); scores are locked afterwards.
    .addColumn('scores_submitted_at', 'varchar(32)')
    .addColumn('formed_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_tender_committee_member', ['event_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('tender_criterion')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    // PRICE, TECHNICAL, BUSINESS.
    .addColumn('criterion_group', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('max_score', 'varchar(16)', (c) => c.notNull())
    // FORMULA, MANUAL, PASS_FAIL.
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('guide', 'varchar(1000)')
    .addColumn('sort_no', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_tender_criterion_event')
    .on('tender_criterion')
    .columns(['event_id', 'sort_no'])
    .execute();

  await db.schema
    .createTable('tender_score')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('member_id', 'varchar(32)', (c) => c.notNull().references('tender_committee_member.id'))
    .addColumn('response_id', 'varchar(32)', (c) => c.notNull().references('sourcing_response.id'))
    .addColumn('criterion_id', 'varchar(32)', (c) => c.notNull().references('tender_criterion.id'))
    // MANUAL: the points; PASS_FAIL: null with `passed` set.
    .addColumn('score', 'varchar(16)')
    .addColumn('passed', 'integer')
    .addColumn('comment', 'varchar(1000)')
    .addColumn('submitted_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_tender_score', ['member_id', 'response_id', 'criterion_id'])
    .execute();
  await db.schema.createIndex('idx_tender_score_event').on('tender_score').columns(['event_id']).execute();

  // Bids rejected (否决) by the committee with a reason (TND-14), before the ranking.
  await db.schema
    .createTable('tender_rejection')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('response_id', 'varchar(32)', (c) => c.notNull().references('sourcing_response.id'))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('rejected_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('rejected_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_tender_rejection', ['event_id', 'response_id'])
    .execute();

  await db.schema
    .createTable('tender_evaluation_report')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('lot_id', 'varchar(32)')
    // JSON: [{responseId, supplierId, supplierName, price, priceScore, techScore, businessScore, total, rank, valid, rejectReason}].
    .addColumn('ranking', 'text', (c) => c.notNull())
    .addColumn('recommendation', 'text')
    // DRAFT, SIGNED.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('signed_at', 'varchar(32)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_tender_evaluation_report', ['event_id'])
    .execute();

  await db.schema
    .createTable('tender_report_signature')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('report_id', 'varchar(32)', (c) => c.notNull().references('tender_evaluation_report.id'))
    .addColumn('member_id', 'varchar(32)', (c) => c.notNull().references('tender_committee_member.id'))
    .addColumn('signed_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_tender_report_signature', ['report_id', 'member_id'])
    .execute();

  await db.schema
    .createTable('tender_candidate')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('report_id', 'varchar(32)', (c) => c.notNull().references('tender_evaluation_report.id'))
    .addColumn('lot_id', 'varchar(32)')
    .addColumn('response_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('amount', 'varchar(32)', (c) => c.notNull())
    .addColumn('total_score', 'varchar(16)')
    .addUniqueConstraint('uq_tender_candidate_rank', ['event_id', 'rank'])
    .execute();

  await db.schema
    .createTable('tender_objection')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('award_id', 'varchar(32)')
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_name', 'varchar(200)', (c) => c.notNull())
    // DOCUMENTS, OPENING, RESULT.
    .addColumn('stage', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_at', 'varchar(32)')
    .addColumn('answered_by', 'varchar(32)')
    // RECEIVED, ANSWERED, WITHDRAWN.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('idx_tender_objection_event')
    .on('tender_objection')
    .columns(['event_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'tender_objection',
    'tender_candidate',
    'tender_report_signature',
    'tender_evaluation_report',
    'tender_rejection',
    'tender_score',
    'tender_criterion',
    'tender_committee_member',
    'tender_evaluation',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
