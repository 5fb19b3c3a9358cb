import { toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { EVENT_STATUS_TEXT, type EventRow } from './sourcing-service.js';

/** The event as the buyer sees it: header, lines, participants; before opening no price of any response (RFQ-5). */
export async function eventDetail(db: Db, event: EventRow) {
  const [lines, participants, responses, opening] = await Promise.all([
    db.selectFrom('sourcingLine').selectAll().where('eventId', '=', event.id).orderBy('lineNo').execute(),
    db
      .selectFrom('sourcingParticipation')
      .select([
        'id',
        'supplierId',
        'supplierName',
        'origin',
        'status',
        'declineReason',
        'contactName',
        'contactMobile',
        'respondedAt',
        'createTime',
      ])
      .where('eventId', '=', event.id)
      .orderBy('createTime')
      .execute(),
    db
      .selectFrom('sourcingResponse')
      .select(['supplierId', 'status'])
      .where('eventId', '=', event.id)
      .where('round', '=', event.currentRound)
      .where('status', 'in', ['SUBMITTED', 'OPENED', 'VALID', 'AWARDED', 'NOT_AWARDED'])
      .execute(),
    db
      .selectFrom('sourcingOpeningRecord')
      .select(['round', 'openedByName', 'openedAt', 'responseCount'])
      .where('eventId', '=', event.id)
      .orderBy('openedAt')
      .execute(),
  ]);
  const responded = new Set(responses.map((r) => r.supplierId));
  const { sealedKey: _key, ...header } = event;
  return {
    ...header,
    minQuotes: event.minParticipants,
    statusText: EVENT_STATUS_TEXT[event.status] ?? event.status,
    publishAt: toWireDateTime(event.publishAt),
    publishedAt: toWireDateTime(event.publishedAt),
    responseStartAt: toWireDateTime(event.responseStartAt),
    responseDeadline: toWireDateTime(event.responseDeadline),
    clarificationDeadline: toWireDateTime(event.clarificationDeadline),
    signupStartAt: toWireDateTime(event.signupStartAt),
    signupDeadline: toWireDateTime(event.signupDeadline),
    openedAt: toWireDateTime(event.openedAt),
    createTime: toWireDateTime(event.createTime),
    updateTime: toWireDateTime(event.updateTime),
    lines,
    // §9.4: per participant only "responded / not yet" (sourcing.showResponseStatusBeforeDeadline, on for RFQ, off for TENDER).
    participants: participants.map((p) => ({
      ...p,
      responded: event.type === 'TENDER' && !event.openedAt ? null : responded.has(p.supplierId),
      respondedAt: toWireDateTime(p.respondedAt),
      createTime: toWireDateTime(p.createTime),
    })),
    openingRecords: opening.map((o) => ({ ...o, openedAt: toWireDateTime(o.openedAt) })),
  };
}
