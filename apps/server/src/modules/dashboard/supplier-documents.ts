import { detailHref, MY_CONTRACT_PAGE } from '@procura/shared';
import type { Db } from '../../db/database.js';

/** One document waiting for the supplier's answer, with the page (and the document in it) that answers it. */
export type WaitingDocument = { kind: string; id: string; code: string; title: string; path: string };

export const MY_ORDERS_PAGE = '/srm/my-orders';

/** Orders sent and waiting for the supplier's confirmation (PO-5). */
export async function ordersToConfirm(db: Db, supplierId: string) {
  return db
    .selectFrom('srmPurchaseOrder')
    .select(['id', 'code', 'amountInclTax', 'currency'])
    .where('supplierId', '=', supplierId)
    .where('status', '=', 'SENT')
    .orderBy('code')
    .execute();
}

/** Contracts sent and waiting for the supplier's confirmation (CON-8). */
export async function contractsToConfirm(db: Db, supplierId: string) {
  return db
    .selectFrom('srmContract')
    .select(['id', 'code', 'title'])
    .where('supplierId', '=', supplierId)
    .where('status', '=', 'SUPPLIER_CONFIRMING')
    .orderBy('code')
    .execute();
}

/**
 * The home page's 待确认单据: each waiting order and contract, linking to its document in 我的订单 /
 * 我的合同 (`?open=<id>` opens it), limited to the pages the supplier's roles grant (`urls`).
 */
export async function waitingDocuments(db: Db, supplierId: string, urls: Set<string>): Promise<WaitingDocument[]> {
  const out: WaitingDocument[] = [];
  if (urls.has(MY_ORDERS_PAGE))
    for (const o of await ordersToConfirm(db, supplierId))
      out.push({
        kind: '采购订单',
        id: o.id,
        code: o.code,
        title: `含税金额 ${o.amountInclTax} ${o.currency}`,
        path: detailHref(MY_ORDERS_PAGE, o.id),
      });
  if (urls.has(MY_CONTRACT_PAGE))
    for (const c of await contractsToConfirm(db, supplierId))
      out.push({ kind: '合同', id: c.id, code: c.code, title: c.title, path: detailHref(MY_CONTRACT_PAGE, c.id) });
  return out;
}
