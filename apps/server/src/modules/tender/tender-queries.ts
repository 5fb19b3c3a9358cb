import { toPage } from '@procura/shared';
import { toWireDateTime } from '../../core/clock.js';
import { escapeLike } from '../../core/paging.js';
import type { Db } from '../../db/database.js';
import { type EventRow } from '../sourcing/sourcing-service.js';
import { METHOD_TEXT, officersOf, statusText, wireSettings } from './tender-service.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import type { AppContext } from '../../app-context.js';
import { internalUsers } from './internal-users.js';

/* The buyer's reads of tenders: the list, the detail, opened bids (P5) and the audit chain (P4). */

export type TenderListQuery = { pageNo: number; pageSize: number; status?: string; title?: string };

/** One page of the tenant's tenders, newest first. */
export async function listTenders(db: Db, tenantId: EventRow['tenantId'], query: TenderListQuery) {
  const { pageNo, pageSize, status, title } = query;
  let q = db.selectFrom('sourcingEvent').where('tenantId', '=', tenantId).where('type', '=', 'TENDER');
  if (status) q = q.where('status', '=', status);
  if (title) q = q.where('title', 'like', `%${escapeLike(title)}%`);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .select([
      'id',
      'code',
      'method',
      'title',
      'status',
      'failReason',
      'responseDeadline',
      'envelopeMode',
      'legalMandatory',
      'publishedAt',
      'openedAt',
      'createTime',
    ])
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  const records = rows.map((r) => ({
    ...r,
    methodText: METHOD_TEXT[r.method] ?? r.method,
    statusText: statusText(r.status),
    responseDeadline: toWireDateTime(r.responseDeadline),
    publishedAt: toWireDateTime(r.publishedAt),
    openedAt: toWireDateTime(r.openedAt),
    createTime: toWireDateTime(r.createTime),
  }));
  return toPage(records, total, pageNo, pageSize);
}

/** The buyer's detail of a tender: header, settings, lines, participants, opening approvals and records. */
export async function tenderDetail(db: Db, event: EventRow) {
  const settings = await db
    .selectFrom('tenderSettings')
    .selectAll()
    .where('eventId', '=', event.id)
    .executeTakeFirstOrThrow();
  const [lines, participants, approvals, records, confirmations] = await Promise.all([
    db.selectFrom('sourcingLine').selectAll().where('eventId', '=', event.id).orderBy('lineNo').execute(),
    db
      .selectFrom('sourcingParticipation')
      .select(['id', 'supplierId', 'supplierName', 'origin', 'status', 'declineReason', 'createTime'])
      .where('eventId', '=', event.id)
      .orderBy('createTime')
      .execute(),
    db
      .selectFrom('tenderOpeningApproval')
      .select(['envelope', 'userId', 'userName', 'at'])
      .where('eventId', '=', event.id)
      .orderBy('at')
      .execute(),
    db.selectFrom('tenderOpeningRecord').selectAll().where('eventId', '=', event.id).orderBy('openedAt').execute(),
    db
      .selectFrom('tenderOpeningConfirmation as c')
      .innerJoin('sourcingParticipation as p', (j) =>
        j.onRef('p.eventId', '=', 'c.eventId').onRef('p.supplierId', '=', 'c.supplierId'),
      )
      .select(['c.recordId', 'p.supplierName', 'c.decision', 'c.objection', 'c.at'])
      .where('c.eventId', '=', event.id)
      .execute(),
  ]);
  const officerIds = officersOf(settings);
  const officers = officerIds.length
    ? await db.selectFrom('sysUser').select(['id', 'realname', 'username']).where('id', 'in', officerIds).execute()
    : [];
  const { sealedKey: _key, ...header } = event;
  return {
    ...header,
    openingOfficers: officerIds.map((id) => ({
      id,
      name: officers.find((o) => o.id === id)?.realname || officers.find((o) => o.id === id)?.username || id,
    })),
    methodText: METHOD_TEXT[event.method] ?? event.method,
    statusText: statusText(event.status),
    twoEnvelope: event.envelopeMode === 'TWO' ? 1 : 0,
    publishedAt: toWireDateTime(event.publishedAt),
    responseDeadline: toWireDateTime(event.responseDeadline),
    openedAt: toWireDateTime(event.openedAt),
    createTime: toWireDateTime(event.createTime),
    updateTime: toWireDateTime(event.updateTime),
    settings: wireSettings(settings),
    lines,
    // TND-5: names stay within the buyer's sourcing team; before opening no "has bid" flag (§9.4, off for tenders).
    participants: participants.map((p) => ({ ...p, createTime: toWireDateTime(p.createTime) })),
    openingApprovals: approvals.map((a) => ({ ...a, at: toWireDateTime(a.at) })),
    openingRecords: records.map((r) => ({
      ...r,
      openedAt: toWireDateTime(r.openedAt),
      entries: JSON.parse(r.entries) as unknown[],
      confirmations: confirmations.filter((c) => c.recordId === r.id).map((c) => ({ ...c, at: toWireDateTime(c.at) })),
    })),
  };
}

/** P5: after opening, bid contents to the buyer's team only; superseded and withdrawn versions never. */
export async function bidView(db: Db, eventId: string, responseId?: string) {
  let q = db
    .selectFrom('sourcingResponse as r')
    .innerJoin('tenderBid as b', 'b.responseId', 'r.id')
    .innerJoin('sourcingParticipation as p', 'p.id', 'r.participationId')
    .select([
      'r.id',
      'r.code',
      'r.supplierId',
      'p.supplierName',
      'r.versionNo',
      'r.status',
      'r.submittedAt',
      'r.payloadHash',
      'b.technicalHash',
      'r.totalAmount',
      'r.validUntil',
      'r.paymentTerms',
      'r.deliveryTerms',
      'r.rejectReason',
      'b.technicalText',
      'b.technicalFiles',
      'b.technicalOpenedAt',
      'b.commercialOpenedAt',
    ])
    .where('r.eventId', '=', eventId)
    .where('r.status', 'in', ['OPENED', 'VALID', 'REJECTED', 'AWARDED', 'NOT_AWARDED'])
    .where('b.technicalOpenedAt', 'is not', null);
  if (responseId) q = q.where('r.id', '=', responseId);
  const bids = await q.orderBy('r.submittedAt').execute();
  const lines = bids.length
    ? await db
        .selectFrom('sourcingResponseLine')
        .select([
          'responseId',
          'sourcingLineId',
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
          bids.map((b) => b.id),
        )
        .execute()
    : [];
  return bids.map((b) => ({
    ...b,
    submittedAt: toWireDateTime(b.submittedAt),
    technicalOpenedAt: toWireDateTime(b.technicalOpenedAt),
    commercialOpenedAt: toWireDateTime(b.commercialOpenedAt),
    technicalFiles: b.technicalFiles ? (JSON.parse(b.technicalFiles) as string[]) : [],
    lines: lines.filter((l) => l.responseId === b.id),
  }));
}

const OFFICER_FIELDS: ListFields = {
  id: { column: 'u.id', filter: 'exact' },
  username: { column: 'u.username', filter: 'text', sortable: true },
  realname: { column: 'u.realname', filter: 'text', sortable: true },
};

/** The tenant's active internal users an opening officer may be picked from (paged, filtered). */
export async function officerCandidates(
  db: Db,
  kind: AppContext['kind'],
  tenantId: EventRow['tenantId'],
  query: Record<string, unknown>,
) {
  const base = internalUsers(db, tenantId).select(['u.id', 'u.username', 'u.realname']);
  return runPagedList({ kind, db }, base, query, OFFICER_FIELDS, { column: 'u.username', order: 'asc' });
}
