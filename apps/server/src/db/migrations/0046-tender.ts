import type { Kysely } from 'kysely';

// Frozen in time: tenders (domain §11) on the one sourcing event model of 0043 — the tender
// settings of a TENDER event (§11.1), the sealed technical envelope of each bid (the commercial
// part stays in sourcing_response.sealed_payload), the opening officers' approvals (security P2),
// the per-envelope opening records with the bidders' confirmations (TND-10) and the hash-chained
// audit trail (P4, append-only: no route updates or deletes it). Times are ISO-8601 UTC strings.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('tender_settings')
    .addColumn('event_id', 'varchar(32)', (c) => c.primaryKey().references('sourcing_event.id'))
    // POST (资格后审) or PRE (资格预审).
    .addColumn('qualification_mode', 'varchar(8)', (c) => c.notNull().defaultTo('POST'))
    .addColumn('doc_issue_start_at', 'varchar(32)')
    .addColumn('doc_issue_end_at', 'varchar(32)')
    .addColumn('doc_fee', 'varchar(32)')
    .addColumn('bid_bond_amount', 'varchar(32)')
    .addColumn('bid_bond_deadline', 'varchar(32)')
    .addColumn('clarification_deadline', 'varchar(32)')
    .addColumn('objection_deadline', 'varchar(32)')
    .addColumn('bid_validity_days', 'integer', (c) => c.notNull().defaultTo(90))
    // LOWEST_EVALUATED_PRICE or COMPREHENSIVE_SCORE.
    .addColumn('evaluation_method', 'varchar(32)', (c) => c.notNull().defaultTo('COMPREHENSIVE_SCORE'))
    .addColumn('price_weight', 'integer', (c) => c.notNull().defaultTo(40))
    .addColumn('tech_weight', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('business_weight', 'integer', (c) => c.notNull().defaultTo(10))
    // LOWEST_AS_BASE or AVERAGE_AS_BASE.
    .addColumn('price_formula', 'varchar(16)', (c) => c.notNull().defaultTo('LOWEST_AS_BASE'))
    .addColumn('publicity_days', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('must_award_rank1', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array of internal user ids who may approve the opening, and how many distinct approvals unseal (P2).
    .addColumn('opening_officer_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('opening_quorum', 'integer', (c) => c.notNull().defaultTo(2))
    // The failed tender this one re-runs (TND-24).
    .addColumn('previous_event_id', 'varchar(32)')
    .addColumn('approval_instance_id', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('tender_bid')
    .addColumn('response_id', 'varchar(32)', (c) => c.primaryKey().references('sourcing_response.id'))
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    // AES-256-GCM ciphertext of the technical part (text and file ids) and its SHA-256.
    .addColumn('technical_sealed', 'text', (c) => c.notNull())
    .addColumn('technical_hash', 'varchar(64)', (c) => c.notNull())
    // Plain technical part: null until the technical (or single) envelope is opened.
    .addColumn('technical_text', 'text')
    .addColumn('technical_files', 'text')
    .addColumn('technical_opened_at', 'varchar(32)')
    .addColumn('commercial_opened_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('idx_tender_bid_event').on('tender_bid').column('event_id').execute();

  await db.schema
    .createTable('tender_opening_approval')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    // SINGLE, TECHNICAL or COMMERCIAL.
    .addColumn('envelope', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_tender_opening_approval', ['event_id', 'envelope', 'user_id'])
    .execute();

  await db.schema
    .createTable('tender_opening_record')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('sourcing_event.id'))
    .addColumn('envelope', 'varchar(16)', (c) => c.notNull())
    .addColumn('opened_at', 'varchar(32)', (c) => c.notNull())
    // Names of the officers whose approvals opened it.
    .addColumn('opened_by', 'varchar(500)', (c) => c.notNull())
    // JSON [{supplierName, responseCode, payloadHash, totalAmount, validUntil, paymentTerms, deliveryTerms, ...}].
    .addColumn('entries', 'text', (c) => c.notNull())
    .addUniqueConstraint('uq_tender_opening_record', ['event_id', 'envelope'])
    .execute();

  await db.schema
    .createTable('tender_opening_confirmation')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('record_id', 'varchar(32)', (c) => c.notNull().references('tender_opening_record.id'))
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('supplier_id', 'varchar(32)', (c) => c.notNull())
    // CONFIRMED or OBJECTED.
    .addColumn('decision', 'varchar(16)', (c) => c.notNull())
    .addColumn('objection', 'varchar(1000)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('uq_tender_opening_confirmation', ['record_id', 'supplier_id'])
    .execute();

  await db.schema
    .createTable('tender_audit')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload_digest', 'varchar(64)', (c) => c.notNull())
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('uq_tender_audit_seq', ['event_id', 'seq'])
    .execute();
}
