import type { Kysely } from 'kysely';

// Frozen in time: the one sourcing event model of domain §9 (tender, RFQ, auction share it),
// its lots, lines, participants, clarifications, sealed responses (§9.4), opening records,
// awards (§13) and the state log. Money and quantities are decimal strings;
// times are ISO-8601 UTC strings; booleans are 0/1.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sourcing_event')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    // TENDER, RFQ, AUCTION (srm_sourcing_type).
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('method', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('purchase_type', 'varchar(16)', (c) => c.notNull().defaultTo('GOODS'))
    // PUBLIC or INVITED.
    .addColumn('visibility', 'varchar(16)', (c) => c.notNull().defaultTo('INVITED'))
    // QUALIFIED_IN_CATEGORY, QUALIFIED_ANY, POTENTIAL_OR_BETTER.
    .addColumn('eligibility', 'varchar(32)', (c) => c.notNull().defaultTo('QUALIFIED_ANY'))
    .addColumn('legal_mandatory', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('org_code', 'varchar(64)')
    .addColumn('org_name', 'varchar(200)')
    .addColumn('buyer_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('CNY'))
    .addColumn('tax_included_quote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('estimated_amount', 'varchar(32)')
    .addColumn('ceiling_price', 'varchar(32)')
    .addColumn('publish_at', 'varchar(32)')
    .addColumn('signup_start_at', 'varchar(32)')
    .addColumn('signup_deadline', 'varchar(32)')
    .addColumn('response_start_at', 'varchar(32)')
    .addColumn('response_deadline', 'varchar(32)')
    .addColumn('planned_start_at', 'varchar(32)')
    .addColumn('planned_end_at', 'varchar(32)')
    .addColumn('sealed', 'integer', (c) => c.notNull().defaultTo(1))
    // The per-event data key wrapped by the server master key (never the key itself, §9.4).
    .addColumn('sealed_key', 'text')
    .addColumn('envelope_mode', 'varchar(8)', (c) => c.notNull().defaultTo('ONE'))
    .addColumn('rounds', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('current_round', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('min_invited', 'integer', (c) => c.notNull().defaultTo(3))
    // Minimum valid responses to proceed (RFQ minQuotes, tender minimum bidders).
    .addColumn('min_participants', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('allow_revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_withdraw', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_partial_quote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_target_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_precision', 'integer', (c) => c.notNull().defaultTo(4))
    // SINGLE, SPLIT_BY_LINE, SPLIT_BY_QTY.
    .addColumn('award_mode', 'varchar(16)', (c) => c.notNull().defaultTo('SINGLE'))
    .addColumn('result_visibility', 'text')
    .addColumn('contact_name', 'varchar(50)')
    .addColumn('contact_phone', 'varchar(30)')
    .addColumn('contact_email', 'varchar(100)')
    .addColumn('content', 'text')
    .addColumn('requisition_line_ids', 'text')
    // srm_event_status (§9.2).
    .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('fail_reason', 'varchar(500)')
    .addColumn('cancel_reason', 'varchar(500)')
    .addColumn('published_at', 'varchar(32)')
    .addColumn('opened_at', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_sourcing_event_code', ['tenant_id', 'code'])
    .execute();
  await db.schema
    .createIndex('idx_sourcing_event_list')
    .on('sourcing_event')
    .columns(['tenant_id', 'type', 'status'])
    .execute();

  await db.schema
    .createTable('sourcing_lot')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('lot_no', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('ceiling_price', 'varchar(32)')
    // Type-specific rules of the lot as JSON (e.g. the auction rule block of §12.1).
    .addColumn('rules', 'text')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_sourcing_lot_no', ['event_id', 'lot_no'])
    .execute();

  await db.schema
    .createTable('sourcing_line')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('lot_id', 'varchar(32)', (c) => c.notNull().references('sourcing_lot.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('material_id', 'varchar(32)')
    .addColumn('material_code', 'varchar(64)')
    // The material's name and spec when added, or the free description.
    .addColumn('material_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('spec', 'varchar(200)')
    .addColumn('category_id', 'varchar(32)')
    .addColumn('qty', 'varchar(32)', (c) => c.notNull())
    .addColumn('unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('need_by_date', 'varchar(10)')
    .addColumn('delivery_place', 'varchar(300)')
    .addColumn('target_price', 'varchar(32)')
    .addColumn('requisition_line_id', 'varchar(32)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sourcing_line_event').on('sourcing_line').columns(['event_id', 'line_no']).execute();

  await db.schema
    .createTable('sourcing_participation')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_name', 'varchar(200)', (c) => c.notNull())
    // INVITED or SIGNED_UP.
    .addColumn('origin', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('lot_ids', 'text')
    .addColumn('decline_reason', 'varchar(500)')
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('contact_name', 'varchar(50)')
    .addColumn('contact_mobile', 'varchar(30)')
    .addColumn('responded_at', 'varchar(32)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_sourcing_participation', ['event_id', 'supplier_id'])
    .execute();
  await db.schema
    .createIndex('idx_sourcing_participation_supplier')
    .on('sourcing_participation')
    .columns(['supplier_id', 'status'])
    .execute();

  await db.schema
    .createTable('sourcing_clarification')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    // QUESTION, CLARIFICATION, AMENDMENT.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('asked_by_supplier_id', 'varchar(32)')
    .addColumn('question', 'text')
    .addColumn('answer', 'text')
    .addColumn('published_at', 'varchar(32)')
    .addColumn('affects_responses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files', 'text')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_sourcing_clarification_event')
    .on('sourcing_clarification')
    .columns(['event_id', 'create_time'])
    .execute();

  await db.schema
    .createTable('sourcing_response')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(80)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('participation_id', 'varchar(32)', (c) => c.notNull().references('sourcing_participation.id'))
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('version_no', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('submitted_at', 'varchar(32)')
    // AES-256-GCM ciphertext of prices and commercial fields while sealed (§9.4), and its SHA-256 (the receipt).
    .addColumn('sealed_payload', 'text')
    .addColumn('payload_hash', 'varchar(64)')
    .addColumn('client_request_id', 'varchar(64)')
    // Plain commercial columns: null until opened when the event is sealed.
    .addColumn('total_amount', 'varchar(32)')
    .addColumn('valid_until', 'varchar(10)')
    .addColumn('payment_terms', 'varchar(500)')
    .addColumn('delivery_terms', 'varchar(500)')
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('opened_at', 'varchar(32)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_sourcing_response_version', ['event_id', 'supplier_id', 'round', 'version_no'])
    .addUniqueConstraint('uq_sourcing_response_request', ['supplier_id', 'client_request_id'])
    .execute();
  await db.schema
    .createIndex('idx_sourcing_response_event')
    .on('sourcing_response')
    .columns(['event_id', 'status'])
    .execute();

  await db.schema
    .createTable('sourcing_response_line')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('response_id', 'varchar(32)', (c) => c.notNull().references('sourcing_response.id'))
    .addColumn('sourcing_line_id', 'varchar(32)', (c) => c.notNull().references('sourcing_line.id'))
    .addColumn('offered', 'integer', (c) => c.notNull().defaultTo(1))
    // Null until opened when the event is sealed.
    .addColumn('qty_offered', 'varchar(32)')
    .addColumn('unit_price', 'varchar(32)')
    .addColumn('tax_rate', 'varchar(16)')
    .addColumn('amount', 'varchar(32)')
    .addColumn('lead_time_days', 'integer')
    .addColumn('promised_date', 'varchar(10)')
    .addColumn('min_order_qty', 'varchar(32)')
    .addColumn('ladder', 'text')
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('idx_sourcing_response_line')
    .on('sourcing_response_line')
    .columns(['response_id'])
    .execute();

  await db.schema
    .createTable('sourcing_opening_record')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('opened_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('opened_by_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('opened_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('response_count', 'integer', (c) => c.notNull())
    // JSON: per supplier the response code, receipt hash and total, written after decryption.
    .addColumn('summary', 'text')
    .execute();

  await db.schema
    .createTable('sourcing_award')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('lot_id', 'varchar(32)')
    .addColumn('recommendation', 'text')
    .addColumn('deviates_from_rank1', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deviation_reason', 'varchar(500)')
    .addColumn('follow_up', 'varchar(16)', (c) => c.notNull().defaultTo('PRICE_ONLY'))
    .addColumn('price_valid_from', 'varchar(10)')
    .addColumn('price_valid_to', 'varchar(10)')
    .addColumn('total_amount', 'varchar(32)')
    // DRAFT, PENDING_APPROVAL, APPROVED, PUBLICITY, SUSPENDED, FINAL, CANCELLED.
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('recommended_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('approval_instance_id', 'varchar(32)')
    .addColumn('approved_at', 'varchar(32)')
    .addColumn('publicity_start_at', 'varchar(32)')
    .addColumn('publicity_end_at', 'varchar(32)')
    .addColumn('notice_issued_at', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(32)')
    .addUniqueConstraint('uq_sourcing_award_code', ['tenant_id', 'code'])
    .execute();
  await db.schema
    .createIndex('idx_sourcing_award_event')
    .on('sourcing_award')
    .columns(['event_id', 'status'])
    .execute();

  await db.schema
    .createTable('sourcing_award_line')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('award_id', 'varchar(32)', (c) => c.notNull().references('sourcing_award.id'))
    .addColumn('sourcing_line_id', 'varchar(32)', (c) => c.notNull().references('sourcing_line.id'))
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('response_line_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qty', 'varchar(32)', (c) => c.notNull())
    .addColumn('share_pct', 'integer')
    .addColumn('unit_price', 'varchar(32)', (c) => c.notNull())
    .addColumn('tax_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'varchar(32)', (c) => c.notNull())
    .addColumn('price_valid_from', 'varchar(10)')
    .addColumn('price_valid_to', 'varchar(10)')
    .addColumn('qty_contracted', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('qty_ordered', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .execute();
  await db.schema.createIndex('idx_sourcing_award_line').on('sourcing_award_line').columns(['award_id']).execute();

  await db.schema
    .createTable('sourcing_state_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull())
    // EVENT, PARTICIPATION, RESPONSE, AWARD.
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
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'sourcing_state_log',
    'sourcing_award_line',
    'sourcing_award',
    'sourcing_opening_record',
    'sourcing_response_line',
    'sourcing_response',
    'sourcing_clarification',
    'sourcing_participation',
    'sourcing_line',
    'sourcing_lot',
    'sourcing_event',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
