import { toPage } from '@procura/shared';
import { toWireDateTime } from '../../core/clock.js';
import { escapeLike, pageRows } from '../../core/paging.js';
import type { Db } from '../../db/database.js';
import { EVENT_STATUS_TEXT, type EventRow } from './sourcing-service.js';

/** The buyer's reads of sourcing events: the list page and the state log. */

export type EventListQuery = {
  pageNo: number;
  pageSize: number;
  type?: 'TENDER' | 'RFQ' | 'AUCTION';
  status?: string;
  title?: string;
};

/** One page of the tenant's events, newest first, filtered by type, status and title. */
export async function listEvents(db: Db, tenantId: EventRow['tenantId'], query: EventListQuery) {
  const { pageNo, pageSize, type, status, title } = query;
  let q = db.selectFrom('sourcingEvent').where('tenantId', '=', tenantId);
  if (type) q = q.where('type', '=', type);
  if (status) q = q.where('status', '=', status);
  if (title) q = q.where('title', 'like', `%${escapeLike(title)}%`);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const selected = q.select([
    'id',
    'code',
    'type',
    'method',
    'title',
    'visibility',
    'status',
    'responseDeadline',
    'awardMode',
    'sealed',
    'buyerId',
    'publishedAt',
    'openedAt',
    'createTime',
  ]);
  // Newest first, deep pages from the nearer end (the list index of migration 0081).
  const rows = await pageRows(selected, { column: 'createTime', direction: 'desc' }, 'id', { total, pageNo, pageSize });
  const records = rows.map((r) => ({
    ...r,
    statusText: EVENT_STATUS_TEXT[r.status] ?? r.status,
    responseDeadline: toWireDateTime(r.responseDeadline),
    publishedAt: toWireDateTime(r.publishedAt),
    openedAt: toWireDateTime(r.openedAt),
    createTime: toWireDateTime(r.createTime),
  }));
  return toPage(records, total, pageNo, pageSize);
}
