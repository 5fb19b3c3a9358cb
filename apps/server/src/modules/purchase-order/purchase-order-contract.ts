import { add, compare, percentOf, trim, type LineRow } from '@procura/shared';
import type { Kysely } from 'kysely';
import { businessDay } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { purchaseSetting } from '../material/purchase-settings.js';
import { refuse } from './purchase-order-rules.js';

/** The contract tables are the contract module's (untyped here): read and moved by their columns. */
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

type Header = { contractId?: unknown; supplierId?: unknown; orderDate?: unknown; tenantId: number };

/**
 * Contract release orders (CON-4, CON-5, PO-2): lines naming a contract line are ordered only
 * against an ACTIVE contract of the order's supplier on an order date within its validity, at the
 * contract's price (or with a reason, PO-2), and a STANDARD contract's line is never ordered
 * beyond its quantity × (1 + receipt.overDeliveryPct); a FRAMEWORK contract with an amount caps
 * the ordered amount. The contract lines' qtyOrdered and amountOrdered move in the same
 * transaction, only if still as read (X-4).
 */
export async function coverContractLines(trx: Db, header: Header, rows: LineRow[]): Promise<void> {
  const db = trx as unknown as AnyDb;
  const covered = rows.filter((r) => r.contractLineId);
  if (!header.contractId) {
    if (covered.length) throw refuse('CON-4', '请先选择合同');
    return;
  }
  const contract = await db
    .selectFrom('srmContract')
    .selectAll()
    .where('id', '=', String(header.contractId))
    .where('tenantId', '=', header.tenantId)
    .executeTakeFirst();
  if (!contract || contract.supplierId !== header.supplierId) throw refuse('CON-4', '合同不存在或不是该供应商的合同');
  const day = String(header.orderDate ?? businessDay());
  if (contract.status !== 'ACTIVE') throw refuse('CON-4', `合同 ${contract.code} 未生效，不能下单`);
  if (day < contract.validFrom || day > contract.validTo)
    throw refuse(
      'CON-4',
      `订单日期 ${day} 不在合同 ${contract.code} 的有效期 ${contract.validFrom} 至 ${contract.validTo} 内`,
    );
  const overPct = String(await purchaseSetting<number>(trx, header.tenantId, 'receipt.overDeliveryPct'));
  let orderedAmount = '0';
  for (const row of covered) {
    const line = await db
      .selectFrom('srmContractLine')
      .selectAll()
      .where('id', '=', String(row.contractLineId))
      .where('contractId', '=', contract.id)
      .executeTakeFirst();
    if (!line) throw refuse('CON-5', '合同行不存在');
    if (compare(String(row.unitPrice), line.unitPrice) === 0) row.priceSource = 'CONTRACT';
    else if (!row.priceDeviationReason)
      throw refuse(
        'PO-2',
        `单价 ${String(row.unitPrice)} 与合同价格 ${line.unitPrice} 不一致，请改为合同价格，或填写价格偏离原因`,
      );
    row.priceSourceId = contract.id;
    const qty = add([line.qtyOrdered, String(row.qty)], 6);
    const amount = add([line.amountOrdered, String(row.amount), String(row.taxAmount)]);
    if (contract.contractType !== 'FRAMEWORK') {
      const cap = add([line.qty, percentOf(line.qty, overPct, 6)], 6);
      if (compare(qty, cap) > 0)
        throw refuse(
          'CON-5',
          `合同行 ${line.lineNo}（${line.materialName}）累计订货 ${trim(qty)} 超过合同数量 ${line.qty}`,
        );
    }
    const moved = await db
      .updateTable('srmContractLine')
      .set({ qtyOrdered: trim(qty), amountOrdered: amount })
      .where('id', '=', line.id)
      .where('qtyOrdered', '=', line.qtyOrdered)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw refuse('CON-5', '合同行已被他人下单，请重试');
    orderedAmount = add([orderedAmount, amount]);
  }
  if (contract.contractType === 'FRAMEWORK' && compare(contract.amountInclTax, '0') > 0) {
    const all = await db
      .selectFrom('srmContractLine')
      .select('amountOrdered')
      .where('contractId', '=', contract.id)
      .execute();
    const total = add(all.map((l: { amountOrdered: string }) => l.amountOrdered));
    if (compare(total, contract.amountInclTax) > 0)
      throw refuse('CON-5', `框架合同 ${contract.code} 累计订货金额 ${total} 超过合同金额 ${contract.amountInclTax}`);
  }
}

/** Gives back `qty` and `amount` (incl. tax) of one contract line: a cancelled, deleted or short-closed order line. */
export async function giveBackContractLine(
  trx: Db,
  contractLineId: string,
  qty: string,
  amount: string,
): Promise<void> {
  const db = trx as unknown as AnyDb;
  const c = await db.selectFrom('srmContractLine').selectAll().where('id', '=', contractLineId).executeTakeFirst();
  if (!c) return;
  const left = trim(add([c.qtyOrdered, `-${qty}`], 6));
  await db
    .updateTable('srmContractLine')
    .set({ qtyOrdered: left.startsWith('-') ? '0' : left, amountOrdered: add([c.amountOrdered, `-${amount}`]) })
    .where('id', '=', c.id)
    .execute();
}

/** Gives back what an order's lines took of their contract lines (edit, delete, cancel). */
export async function releaseContractLines(trx: Db, orderId: string): Promise<void> {
  const lines = await trx
    .selectFrom('srmPurchaseOrderLine')
    .select(['contractLineId', 'qty', 'amount', 'taxAmount', 'lineStatus'])
    .where('orderId', '=', orderId)
    .where('contractLineId', 'is not', null)
    .execute();
  for (const l of lines.filter((x) => x.lineStatus !== 'CANCELLED'))
    await giveBackContractLine(trx, l.contractLineId!, l.qty, add([l.amount, l.taxAmount]));
}

/** A contract line's identity across versions: its number and material (or description and spec). */
const lineKey = (l: { lineNo: number; materialId: string | null; materialName: string | null; spec: string | null }) =>
  `${l.lineNo}|${l.materialId ? `m:${l.materialId}` : `d:${l.materialName ?? ''}|${l.spec ?? ''}`}`;

/**
 * CON-6 with CON-4 / CON-5: when an amendment becomes ACTIVE and `fromId` is SUPERSEDED, the
 * orders still open against it (not cancelled or closed) are called off against the new version
 * `toId`: their header and every line whose contract line has a match in the new version (same
 * line number and material) move to it, and each matched new line carries the ordered quantity
 * and amount of the old one, as they stand now (orders placed while the amendment was on its way
 * included), so later changes, cancellations and releases count against the new version. A line
 * the amendment dropped keeps its order lines on the old version's line (what was agreed then);
 * the superseded version keeps its ledger as history. Called in the activating transaction.
 */
export async function moveOrdersToVersion(trx: Db, fromId: string, toId: string): Promise<void> {
  const db = trx as unknown as AnyDb;
  type ContractLine = {
    id: string;
    lineNo: number;
    materialId: string | null;
    materialName: string | null;
    spec: string | null;
    qtyOrdered: string;
    amountOrdered: string;
  };
  const columns = ['id', 'lineNo', 'materialId', 'materialName', 'spec', 'qtyOrdered', 'amountOrdered'] as const;
  const old: ContractLine[] = await db
    .selectFrom('srmContractLine')
    .select(columns)
    .where('contractId', '=', fromId)
    .execute();
  const next: ContractLine[] = await db
    .selectFrom('srmContractLine')
    .select(columns)
    .where('contractId', '=', toId)
    .execute();
  const byKey = new Map(next.map((l) => [lineKey(l), l]));
  const orders = await trx
    .selectFrom('srmPurchaseOrder')
    .select('id')
    .where('contractId', '=', fromId)
    .where('status', 'not in', ['CANCELLED', 'CLOSED'])
    .execute();
  const orderIds = orders.map((o) => o.id);
  for (const line of old) {
    const match = byKey.get(lineKey(line));
    if (!match) continue;
    await db
      .updateTable('srmContractLine')
      .set({ qtyOrdered: line.qtyOrdered, amountOrdered: line.amountOrdered })
      .where('id', '=', match.id)
      .execute();
    if (orderIds.length)
      await trx
        .updateTable('srmPurchaseOrderLine')
        .set({ contractLineId: match.id })
        .where('orderId', 'in', orderIds)
        .where('contractLineId', '=', line.id)
        .execute();
  }
  if (orderIds.length === 0) return;
  await trx
    .updateTable('srmPurchaseOrderLine')
    .set({ priceSourceId: toId })
    .where('orderId', 'in', orderIds)
    .where('priceSourceId', '=', fromId)
    .execute();
  await trx.updateTable('srmPurchaseOrder').set({ contractId: toId }).where('id', 'in', orderIds).execute();
}
