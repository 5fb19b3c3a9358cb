import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { EventRow } from '../sourcing/sourcing-service.js';
import { METHOD_TEXT, statusText } from './tender-service.js';
import type { SourcingParticipationTable } from '../sourcing/sourcing-tables.js';

/* The supplier's reads of tenders (X-5: its own bids only; TND-23: nothing about other bidders before the opening record). */

/** The receipt of a bid (P3): server time and the SHA-256 of each sealed envelope. */
export async function receiptOf(db: Db, responseId: string) {
  const r = await db
    .selectFrom('sourcingResponse as r')
    .innerJoin('tenderBid as b', 'b.responseId', 'r.id')
    .select(['r.id', 'r.code', 'r.versionNo', 'r.submittedAt', 'r.payloadHash', 'b.technicalHash'])
    .where('r.id', '=', responseId)
    .executeTakeFirstOrThrow();
  return {
    responseId: r.id,
    code: r.code,
    versionNo: r.versionNo,
    serverTime: r.submittedAt,
    submittedAt: toWireDateTime(r.submittedAt),
    payloadHash: r.payloadHash,
    technicalHash: r.technicalHash,
  };
}

/** the bid an earlier submission with the same request id created, if any. */
export async function bidOfRequest(db: Db, supplierId: string, clientRequestId: string): Promise<string | null> {
  const seen = await db
    .selectFrom('sourcingResponse')
    .select('id')
    .where('supplierId', '=', supplierId)
    .where('clientRequestId', '=', clientRequestId)
    .executeTakeFirst();
  return seen?.id ?? null;
}

/** Public tenders open for sign-up now (SRC-4). */
export async function openTenders(db: Db) {
  const now = serverNowIso();
  const rows = await db
    .selectFrom('sourcingEvent')
    .select(['id', 'code', 'title', 'method', 'signupStartAt', 'signupDeadline', 'responseDeadline'])
    .where('type', '=', 'TENDER')
    .where('visibility', '=', 'PUBLIC')
    .where('status', '=', 'PUBLISHED')
    .where('signupDeadline', '>', now)
    .orderBy('signupDeadline')
    .execute();
  return rows.map((r) => ({
    ...r,
    methodText: METHOD_TEXT[r.method] ?? r.method,
    signupStartAt: toWireDateTime(r.signupStartAt),
    signupDeadline: toWireDateTime(r.signupDeadline),
    responseDeadline: toWireDateTime(r.responseDeadline),
  }));
}

/** A tender as its supplier sees it: no other bidders, no budget; its own bids' receipts (P5). */
export async function supplierTenderView(db: Db, event: EventRow, participation: SourcingParticipationTable) {
  const settings = await db
    .selectFrom('tenderSettings')
    .select([
      'qualificationMode',
      'docIssueStartAt',
      'docIssueEndAt',
      'bidValidityDays',
      'evaluationMethod',
      'clarificationDeadline',
      'objectionDeadline',
    ])
    .where('eventId', '=', event.id)
    .executeTakeFirstOrThrow();
  const [lines, bids] = await Promise.all([
    db
      .selectFrom('sourcingLine')
      .select([
        'id',
        'lineNo',
        'materialCode',
        'materialName',
        'spec',
        'qty',
        'unit',
        'needByDate',
        'deliveryPlace',
        'remark',
      ])
      .where('eventId', '=', event.id)
      .orderBy('lineNo')
      .execute(),
    // Own bids: receipts always; superseded or withdrawn versions show only their receipt (P5).
    db
      .selectFrom('sourcingResponse as r')
      .innerJoin('tenderBid as b', 'b.responseId', 'r.id')
      .select([
        'r.id',
        'r.code',
        'r.versionNo',
        'r.status',
        'r.submittedAt',
        'r.payloadHash',
        'b.technicalHash',
        'r.totalAmount',
      ])
      .where('r.eventId', '=', event.id)
      .where('r.supplierId', '=', participation.supplierId)
      .orderBy('r.versionNo')
      .execute(),
  ]);
  return {
    // The countdown to the deadline runs on the server clock, not the browser's.
    serverTime: serverNowIso(),
    id: event.id,
    code: event.code,
    title: event.title,
    method: event.method,
    methodText: METHOD_TEXT[event.method] ?? event.method,
    status: event.status,
    statusText: statusText(event.status),
    currency: event.currency,
    ceilingPrice: event.ceilingPrice,
    twoEnvelope: event.envelopeMode === 'TWO' ? 1 : 0,
    allowWithdraw: event.allowWithdraw,
    pricePrecision: event.pricePrecision,
    signupDeadline: toWireDateTime(event.signupDeadline),
    responseStartAt: toWireDateTime(event.responseStartAt),
    responseDeadline: toWireDateTime(event.responseDeadline),
    content: event.content,
    contactName: event.contactName,
    contactPhone: event.contactPhone,
    settings: {
      ...settings,
      docIssueStartAt: toWireDateTime(settings.docIssueStartAt),
      docIssueEndAt: toWireDateTime(settings.docIssueEndAt),
      clarificationDeadline: toWireDateTime(settings.clarificationDeadline),
      objectionDeadline: toWireDateTime(settings.objectionDeadline),
    },
    lines,
    participation: {
      status: participation.status,
      origin: participation.origin,
      declineReason: participation.declineReason,
    },
    bids: bids.map((b) => ({ ...b, submittedAt: toWireDateTime(b.submittedAt) })),
  };
}

/** TND-10: the opening records, to every bidder (a supplier with a bid that was opened). */
const bidderOf = async (db: Db, eventId: string, supplierId: string) =>
  db
    .selectFrom('sourcingResponse')
    .select('id')
    .where('eventId', '=', eventId)
    .where('supplierId', '=', supplierId)
    .where('openedAt', 'is not', null)
    .executeTakeFirst();

/** TND-10: the opening records with the supplier's own confirmation, to bidders only. */
export async function openingRecordsFor(db: Db, eventId: string, supplierId: string) {
  if (!(await bidderOf(db, eventId, supplierId))) return [];
  const records = await db
    .selectFrom('tenderOpeningRecord')
    .selectAll()
    .where('eventId', '=', eventId)
    .orderBy('openedAt')
    .execute();
  const mine = await db
    .selectFrom('tenderOpeningConfirmation')
    .select(['recordId', 'decision', 'objection', 'at'])
    .where('eventId', '=', eventId)
    .where('supplierId', '=', supplierId)
    .execute();
  return records.map((r) => ({
    id: r.id,
    envelope: r.envelope,
    openedAt: toWireDateTime(r.openedAt),
    openedBy: r.openedBy,
    // Names, prices and main terms; no internal ids.
    entries: (JSON.parse(r.entries) as Record<string, unknown>[]).map(({ supplierId: _s, ...e }) => e),
    myConfirmation: mine.find((m) => m.recordId === r.id) ?? null,
  }));
}
