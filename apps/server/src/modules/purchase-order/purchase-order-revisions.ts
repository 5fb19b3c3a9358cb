import { toWireDateTime } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import type { Db } from '../../db/database.js';

/** One earlier revision of an order as the revisions panel lists it (PO-6). */
export type OrderRevisionSummary = {
  revisionNo: number;
  status: string;
  amountInclTax: string;
  changeReason: string | null;
  changedBy: string | null;
  changedAt: string | null;
};

/** PO-6: the order's earlier revisions, newest first (the current one is the order itself). */
export async function orderRevisions(db: Db, orderId: string): Promise<OrderRevisionSummary[]> {
  const rows = await db
    .selectFrom('srmPurchaseOrderRevision')
    .select(['revisionNo', 'status', 'amountInclTax', 'changeReason', 'changedBy', 'changedAt'])
    .where('orderId', '=', orderId)
    .orderBy('revisionNo', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, changedAt: toWireDateTime(r.changedAt) }));
}

/** PO-6: one earlier revision, header and lines as they were when it was replaced. */
export async function orderRevision(
  db: Db,
  orderId: string,
  revisionNo: number,
): Promise<OrderRevisionSummary & { header: Record<string, unknown>; lines: Record<string, unknown>[] }> {
  const row = await db
    .selectFrom('srmPurchaseOrderRevision')
    .selectAll()
    .where('orderId', '=', orderId)
    .where('revisionNo', '=', revisionNo)
    .executeTakeFirst();
  if (!row) throw notFound('订单版本不存在');
  return {
    revisionNo: row.revisionNo,
    status: row.status,
    amountInclTax: row.amountInclTax,
    changeReason: row.changeReason,
    changedBy: row.changedBy,
    changedAt: toWireDateTime(row.changedAt),
    header: JSON.parse(row.header) as Record<string, unknown>,
    lines: JSON.parse(row.lines) as Record<string, unknown>[],
  };
}
