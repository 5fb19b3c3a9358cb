import { toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { EVENT_STATUS_TEXT, type EventRow } from './sourcing-service.js';
import type { SourcingParticipationTable as ParticipationRow } from './sourcing-tables.js';

/* The supplier's reads of its RFQs (X-5: only its own participations and responses). */

/** The events the supplier takes part in, with its latest response to each. */
export async function supplierEvents(db: Db, supplierId: string) {
  const rows = await db
    .selectFrom('sourcingParticipation as p')
    .innerJoin('sourcingEvent as e', 'e.id', 'p.eventId')
    .select([
      'e.id',
      'e.code',
      'e.type',
      'e.title',
      'e.status',
      'e.responseStartAt',
      'e.responseDeadline',
      'e.currency',
      'p.status as participationStatus',
    ])
    .where('p.supplierId', '=', supplierId)
    .where('e.status', 'not in', ['DRAFT', 'PENDING_APPROVAL', 'APPROVED'])
    .orderBy('e.responseDeadline', 'desc')
    .execute();
  const mine = rows.length
    ? await db
        .selectFrom('sourcingResponse')
        .select(['eventId', 'status', 'versionNo', 'submittedAt'])
        .where('supplierId', '=', supplierId)
        .where(
          'eventId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('versionNo', 'desc')
        .execute()
    : [];
  return rows.map((r) => {
    const latest = mine.find((m) => m.eventId === r.id);
    return {
      ...r,
      statusText: EVENT_STATUS_TEXT[r.status] ?? r.status,
      responseStartAt: toWireDateTime(r.responseStartAt),
      responseDeadline: toWireDateTime(r.responseDeadline),
      myResponseStatus: latest?.status ?? null,
      myVersionNo: latest?.versionNo ?? null,
      mySubmittedAt: toWireDateTime(latest?.submittedAt),
    };
  });
}

/** One event as the supplier sees it (SRC-8): no budget, no other participants; own prices once opened. */
export async function supplierEventView(db: Db, event: EventRow, participation: ParticipationRow) {
  const [lines, responses, notes] = await Promise.all([
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
        'targetPrice',
        'remark',
      ])
      .where('eventId', '=', event.id)
      .orderBy('lineNo')
      .execute(),
    db
      .selectFrom('sourcingResponse')
      .select([
        'id',
        'code',
        'round',
        'versionNo',
        'status',
        'submittedAt',
        'payloadHash',
        'totalAmount',
        'validUntil',
        'paymentTerms',
        'deliveryTerms',
      ])
      .where('eventId', '=', event.id)
      .where('supplierId', '=', participation.supplierId)
      .orderBy('versionNo')
      .execute(),
    db
      .selectFrom('sourcingClarification')
      .select(['id', 'kind', 'question', 'answer', 'publishedAt'])
      .where('eventId', '=', event.id)
      .where('publishedAt', 'is not', null)
      .orderBy('publishedAt')
      .execute(),
  ]);
  const rlines = responses.length
    ? await db
        .selectFrom('sourcingResponseLine')
        .select([
          'responseId',
          'sourcingLineId',
          'offered',
          'qtyOffered',
          'unitPrice',
          'taxRate',
          'amount',
          'leadTimeDays',
          'promisedDate',
          'remark',
        ])
        .where(
          'responseId',
          'in',
          responses.map((r) => r.id),
        )
        .execute()
    : [];
  return {
    id: event.id,
    code: event.code,
    type: event.type,
    method: event.method,
    title: event.title,
    purchaseType: event.purchaseType,
    currency: event.currency,
    taxIncludedQuote: event.taxIncludedQuote,
    status: event.status,
    statusText: EVENT_STATUS_TEXT[event.status] ?? event.status,
    responseStartAt: toWireDateTime(event.responseStartAt),
    responseDeadline: toWireDateTime(event.responseDeadline),
    sealed: event.sealed,
    allowRevision: event.allowRevision,
    allowWithdraw: event.allowWithdraw,
    allowPartialQuote: event.allowPartialQuote,
    pricePrecision: event.pricePrecision,
    contactName: event.contactName,
    contactPhone: event.contactPhone,
    contactEmail: event.contactEmail,
    content: event.content,
    // SRC-8: no budget, no target price unless shown, no other participants or their count.
    lines: lines.map((l) => ({ ...l, targetPrice: event.showTargetPrice ? l.targetPrice : null })),
    participation: {
      status: participation.status,
      declineReason: participation.declineReason,
      contactName: participation.contactName,
      contactMobile: participation.contactMobile,
      respondedAt: toWireDateTime(participation.respondedAt),
    },
    // Own versions with their receipts; prices only once opened (sealed columns are null before).
    responses: responses.map((r) => ({
      ...r,
      submittedAt: toWireDateTime(r.submittedAt),
      lines: rlines.filter((l) => l.responseId === r.id),
    })),
    clarifications: notes.map((n) => ({ ...n, publishedAt: toWireDateTime(n.publishedAt) })),
  };
}

/** the response an earlier submission with the same request id created, if any. */
export async function responseOfRequest(db: Db, supplierId: string, clientRequestId: string): Promise<string | null> {
  const first = await db
    .selectFrom('sourcingResponse')
    .select('id')
    .where('supplierId', '=', supplierId)
    .where('clientRequestId', '=', clientRequestId)
    .executeTakeFirst();
  return first?.id ?? null;
}

export type Receipt = {
  responseId: string;
  code: string;
  versionNo: number;
  submittedAt: string | null;
  serverTime: string;
  payloadHash: string;
};

/** The receipt of a stored response (§9.4): server time and the hash of what was sealed. */
export async function receiptOf(db: Db, responseId: string): Promise<Receipt> {
  const r = await db
    .selectFrom('sourcingResponse')
    .select(['id', 'code', 'versionNo', 'submittedAt', 'payloadHash'])
    .where('id', '=', responseId)
    .executeTakeFirstOrThrow();
  return {
    responseId: r.id,
    code: r.code,
    versionNo: r.versionNo,
    submittedAt: toWireDateTime(r.submittedAt),
    serverTime: r.submittedAt ?? '',
    payloadHash: r.payloadHash ?? '',
  };
}
