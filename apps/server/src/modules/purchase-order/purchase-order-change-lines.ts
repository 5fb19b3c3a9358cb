import { type LineRow } from '@procura/shared';
import { z } from 'zod';
import type { Actor } from '../../core/access.js';
import { serverNowIso } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { decimalText, id as wireId, text, wireDate } from '../../http/wire.js';
import { awardedLines, orderAwardLines } from '../sourcing/index.js';
import { coverContractLines } from './purchase-order-contract.js';
import { prepareLines } from './purchase-order-lines.js';
import { arrangementInForce } from './purchase-order-quota-split.js';
import { NEW_LINE_LEDGER, refuse, type PurchaseOrder, type PurchaseOrderLine } from './purchase-order-rules.js';

/**
 * Lines added by a change order (PO-6), with the checks of a new line: the material snapshot and
 * the requisition's remaining quantity (PR-3, through `prepareLines`), the award's (PO-3: an
 * order from an award adds only that award's lines of its supplier, at the awarded price), the
 * contract's (CON-4, CON-5, PO-2 through `coverContractLines`), and the quota arrangement in
 * force for the material (the line's allocation is recorded when the change reaches the
 * supplier, QUO-6). Price records (PO-2) and eligibility (PO-1) are checked on the whole order
 * afterwards, as at submission. Nothing is stored here but the ledgers the lines take.
 */
export const addLineSchema = z.object({
  materialId: wireId.optional(),
  description: text(200, '描述').optional(),
  spec: text(200, '规格型号').optional(),
  unit: text(20, '单位').optional(),
  qty: decimalText('数量'),
  unitPrice: decimalText('单价').optional(),
  taxRate: decimalText('税率').optional(),
  needByDate: wireDate('需求日期'),
  deliveryPlace: text(300, '交货地点').optional(),
  priceDeviationReason: text(500, '价格偏离原因').optional(),
  requisitionLineId: wireId.optional(),
  contractLineId: wireId.optional(),
  awardLineId: wireId.optional(),
});
export type AddLine = z.infer<typeof addLineSchema>;

/** PO-3: an added award line takes the awarded material and price; the award's remaining quantity is taken later. */
async function fromAward(trx: Db, row: PurchaseOrder, rows: LineRow[]): Promise<void> {
  const wanted = rows.filter((r) => r.awardLineId);
  if (wanted.length === 0) return;
  if (row.sourceDocType !== 'AWARD' || !row.sourceDocId)
    throw refuse('PO-3', '只有来自定标结果的订单可以新增定标明细行');
  const awarded = await awardedLines(trx, row.sourceDocId, row.supplierId);
  for (const r of wanted) {
    const a = awarded.find((l) => l.id === r.awardLineId);
    if (!a) throw refuse('PO-3', '定标明细不存在或不是该供应商的中标明细');
    Object.assign(r, {
      materialId: a.materialId,
      description: a.materialId ? null : a.materialName,
      spec: a.spec,
      unit: a.unit,
      unitPrice: a.unitPrice,
      taxRate: a.taxRate,
      deliveryPlace: r.deliveryPlace ?? a.deliveryPlace,
    });
  }
}

/** QUO-4 / QUO-6: the arrangement in force for the line's material, when the order's supplier is in it. */
async function quotaOf(trx: Db, row: PurchaseOrder, materialId: unknown): Promise<string | null> {
  if (!materialId) return null;
  const arrangement = await arrangementInForce(trx, row.tenantId, String(materialId));
  if (!arrangement) return null;
  const held = await trx
    .selectFrom('quotaLine')
    .select('id')
    .where('arrangementId', '=', arrangement.id)
    .where('supplierId', '=', row.supplierId)
    .executeTakeFirst();
  return held ? arrangement.id : null;
}

/** The lines a change adds, numbered after `lastLineNo`, their ledgers taken (PR-3, PO-3, CON-5). */
export async function buildAddedLines(
  trx: Db,
  row: PurchaseOrder,
  adds: readonly AddLine[],
  lastLineNo: number,
  actor: Actor,
): Promise<PurchaseOrderLine[]> {
  if (adds.length === 0) return [];
  const rows: LineRow[] = adds.map((a) => ({ ...a }));
  await fromAward(trx, row, rows);
  for (const [i, r] of rows.entries())
    if (r.unitPrice === undefined || r.taxRate === undefined)
      throw refuse('PO-6', `新增的第${i + 1}行请填写单价和税率`);
  await prepareLines(trx, actor, {}, rows);
  const award = rows.filter((r) => r.awardLineId);
  for (const r of award) Object.assign(r, { priceSource: 'AWARD', priceSourceId: row.sourceDocId });
  await orderAwardLines(
    trx,
    award.map((r) => ({ awardLineId: String(r.awardLineId), qty: String(r.qty) })),
  );
  await coverContractLines(trx, row, rows);
  const now = serverNowIso();
  const out: PurchaseOrderLine[] = [];
  for (const [i, r] of rows.entries()) {
    const s = (k: string) => (r[k] === undefined || r[k] === null ? null : String(r[k]));
    out.push({
      id: newId(),
      tenantId: row.tenantId,
      orderId: row.id,
      lineNo: lastLineNo + i + 1,
      materialId: s('materialId'),
      materialCode: s('materialCode'),
      materialName: String(r.materialName ?? ''),
      description: s('description'),
      spec: s('spec'),
      categoryId: s('categoryId'),
      unit: String(r.unit ?? ''),
      qty: String(r.qty),
      unitPrice: String(r.unitPrice),
      taxRate: String(r.taxRate),
      amount: String(r.amount),
      taxAmount: String(r.taxAmount),
      priceSource: String(r.priceSource),
      priceSourceId: s('priceSourceId'),
      priceDeviationReason: s('priceDeviationReason')?.trim() || null,
      needByDate: String(r.needByDate),
      promisedDate: null,
      promiseReason: null,
      deliveryPlace: s('deliveryPlace'),
      requisitionLineId: s('requisitionLineId'),
      contractLineId: s('contractLineId'),
      awardLineId: s('awardLineId'),
      quotaArrangementId: await quotaOf(trx, row, r.materialId),
      inspectionRequired: Number(r.inspectionRequired ?? 0),
      ...NEW_LINE_LEDGER,
      createBy: actor.user.username,
      createTime: now,
    });
  }
  return out;
}
