import { compare, isDecimal, lineFieldKey, type LineRow } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { businessDay, serverNowIso } from '../../core/clock.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import type { CodeRuleService } from '../code-rules/code-rule-service.js';
import { purchaseSetting } from '../material/purchase-settings.js';
import { awardedLines, awardRemaining, finalAward, orderAwardLines, unorderAwardLines } from '../sourcing/index.js';
import type { SrmPurchaseOrderTable } from './purchase-order-tables.js';
import {
  lineAmounts,
  linesOfOrder,
  NEW_LINE_LEDGER,
  refreshTotals,
  type PurchaseOrderLine,
} from './purchase-order-rules.js';
import { completeDraft } from './purchase-order-service.js';

/**
 * 生成订单 from a final award (§13 follow-up, PO-3): a draft order to the awarded supplier with the
 * award's lines at the awarded prices (price source AWARD), for what is left of each line; the
 * award line's `qtyOrdered` moves in the same transaction, never beyond the awarded quantity.
 * Supplier, material, price and tax stay as awarded when the draft is edited.
 */
export type AwardOrderInput = {
  awardId: string;
  supplierId: string;
  shipTo?: string;
  /** Lines and quantities to order; all the supplier's lines with their remaining quantity when absent. */
  lines?: { awardLineId: string; qty: string }[];
};

export async function orderFromAward(
  db: Db,
  codes: CodeRuleService,
  actor: Actor,
  input: AwardOrderInput,
): Promise<string> {
  for (const l of input.lines ?? [])
    if (!isDecimal(l.qty) || compare(l.qty, '0') <= 0) throw badRequest('订货数量必须大于0');
  return db.transaction().execute(async (trx) => {
    const award = await finalAward(trx, actor.tenantId, input.awardId);
    const awarded = await awardedLines(trx, input.awardId, input.supplierId);
    if (awarded.length === 0)
      throw badRequest('该供应商在此定标单中没有中标明细', { supplierId: '该供应商未在此定标单中标' });
    const byId = new Map(awarded.map((l) => [l.id, l]));
    const wanted = input.lines
      ? input.lines.map((l) => {
          const line = byId.get(l.awardLineId);
          if (!line) throw businessError('定标明细不存在或不是该供应商的中标明细');
          return { line, qty: l.qty };
        })
      : awarded.map((line) => ({ line, qty: awardRemaining(line) })).filter((w) => compare(w.qty, '0') > 0);
    if (wanted.length === 0) throw businessError('该供应商的定标明细已全部下单，没有剩余可下单数量（PO-3）');
    const values: Record<string, unknown> = {
      supplierId: input.supplierId,
      orderType: 'STANDARD',
      currency: award.currency,
      orderDate: businessDay(),
      shipTo: input.shipTo?.trim() || wanted.find((w) => w.line.deliveryPlace)?.line.deliveryPlace || '',
      paymentTerms: await purchaseSetting(trx, actor.tenantId, 'payment.termsDefault'),
    };
    if (!values.shipTo) throw badRequest('请填写收货地址', { shipTo: '请填写收货地址' });
    await completeDraft(trx, codes, values, actor);
    const id = newId();
    const now = serverNowIso();
    await trx
      .insertInto('srmPurchaseOrder')
      .values({
        ...(values as unknown as SrmPurchaseOrderTable),
        id,
        tenantId: actor.tenantId,
        sourceDocType: 'AWARD',
        sourceDocId: award.id,
        createBy: actor.user.username,
        createTime: now,
      })
      .execute();
    let lineNo = 0;
    for (const { line: a, qty } of wanted) {
      const material = a.materialId
        ? await trx
            .selectFrom('srmMaterial')
            .select(['inspectionRequired'])
            .where('id', '=', a.materialId)
            .executeTakeFirst()
        : undefined;
      const line: PurchaseOrderLine = {
        id: newId(),
        tenantId: actor.tenantId,
        orderId: id,
        lineNo: ++lineNo,
        materialId: a.materialId,
        materialCode: a.materialCode,
        materialName: a.materialName,
        description: a.materialId ? null : a.materialName,
        spec: a.spec,
        categoryId: a.categoryId,
        unit: a.unit,
        qty,
        unitPrice: a.unitPrice,
        taxRate: a.taxRate,
        ...lineAmounts(qty, a.unitPrice, a.taxRate),
        priceSource: 'AWARD',
        priceSourceId: award.id,
        priceDeviationReason: null,
        needByDate: a.needByDate ?? String(values.orderDate),
        promisedDate: null,
        promiseReason: null,
        deliveryPlace: a.deliveryPlace,
        requisitionLineId: null,
        contractLineId: null,
        awardLineId: a.id,
        quotaArrangementId: null,
        inspectionRequired: material?.inspectionRequired ?? 0,
        ...NEW_LINE_LEDGER,
        createBy: actor.user.username,
        createTime: now,
      };
      await trx.insertInto('srmPurchaseOrderLine').values(line).execute();
    }
    await orderAwardLines(
      trx,
      wanted.map((w) => ({ awardLineId: w.line.id, qty: w.qty })),
    );
    await refreshTotals(trx, id);
    return id;
  });
}

/** What an order's live lines took of award lines. */
async function awardTaken(trx: Db, orderId: string) {
  const lines = await linesOfOrder(trx, orderId);
  return lines
    .filter((l) => l.awardLineId && l.lineStatus !== 'CANCELLED')
    .map((l) => ({ awardLineId: l.awardLineId!, qty: l.qty }));
}

/** An order deleted, cancelled or edited gives back what its lines took of the award (PO-3). */
export async function releaseAwardLines(trx: Db, orderId: string): Promise<void> {
  await unorderAwardLines(trx, await awardTaken(trx, orderId));
}

const LOCKED = { materialId: '物料', unitPrice: '单价', taxRate: '税率' } as const;

/**
 * An edited draft from an award keeps its award lines: no lines added or removed, material,
 * price and tax as awarded (the quantity may change within what is left, PO-3). Call with the
 * stored lines read before the edit and after `releaseAwardLines`.
 */
export async function keepAwardLines(trx: Db, stored: readonly PurchaseOrderLine[], rows: LineRow[]): Promise<void> {
  if (!stored.some((l) => l.awardLineId)) return;
  if (rows.length !== stored.length) throw badRequest('来自定标结果的订单不能增删明细', { lines: '不能增删明细' });
  const errors: Record<string, string> = {};
  rows.forEach((row, i) => {
    const was = stored[i]!;
    for (const [f, text] of Object.entries(LOCKED) as [keyof typeof LOCKED, string][]) {
      const same =
        f === 'materialId'
          ? (row[f] ?? null) === (was[f] ?? null)
          : compare(String(row[f] ?? '0'), String(was[f] ?? '0')) === 0;
      if (!same) errors[lineFieldKey('lines', i, f)] = `来自定标结果的订单，${text}不能修改`;
    }
    Object.assign(row, {
      awardLineId: was.awardLineId,
      priceSource: was.priceSource,
      priceSourceId: was.priceSourceId,
    });
  });
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  await orderAwardLines(
    trx,
    rows.filter((r) => r.awardLineId).map((r) => ({ awardLineId: String(r.awardLineId), qty: String(r.qty) })),
  );
}

/**
 * PO-3 for a change order or a short-close: each award line gives back what its order line
 * took and takes its new quantity, within what the award has left.
 */
export async function moveAwardLines(
  trx: Db,
  moves: readonly { awardLineId: string; from: string; to: string }[],
): Promise<void> {
  if (moves.length === 0) return;
  await unorderAwardLines(
    trx,
    moves.map((m) => ({ awardLineId: m.awardLineId, qty: m.from })),
  );
  await orderAwardLines(
    trx,
    moves.filter((m) => compare(m.to, '0') > 0).map((m) => ({ awardLineId: m.awardLineId, qty: m.to })),
  );
}
