import { isDecimal, purchaseOrderResource } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { businessDay, serverNowIso } from '../../core/clock.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import type { CodeRuleService } from '../code-rules/code-rule-service.js';
import { purchaseSetting } from '../material/purchase-settings.js';
import { documentSupplier } from '../supplier/index.js';
import { orderRequisitionLines } from '../requisition/index.js';
import { userActor } from '../requisition/requisition-service.js';
import type { SrmPurchaseOrderTable } from './purchase-order-tables.js';
import { lineAmounts, NEW_LINE_LEDGER, refreshTotals, refuse, type PurchaseOrderLine } from './purchase-order-rules.js';
import { nextNumberOf } from '../../resource/resource-ids.js';

/** The header values the server sets on a new draft: supplier snapshot, buyer, code, settings. */
export async function completeDraft(
  trx: Db,
  codes: CodeRuleService,
  values: Record<string, unknown>,
  actor: Actor,
): Promise<void> {
  await snapshotSupplier(trx, values, actor.tenantId);
  Object.assign(values, {
    status: 'DRAFT',
    buyerId: actor.user.id,
    revisionNo: 0,
    amountExclTax: '0.00',
    taxAmount: '0.00',
    amountInclTax: '0.00',
    // §21, X-14: the order keeps the setting it was made under.
    requiresSupplierConfirmation: (await purchaseSetting<boolean>(
      trx,
      actor.tenantId,
      'po.requiresSupplierConfirmation',
    ))
      ? 1
      : 0,
    code: await nextNumberOf(codes, purchaseOrderResource, actor.tenantId, trx),
  });
}

/** the supplier's name and contact copied into the order. */
export async function snapshotSupplier(trx: Db, values: Record<string, unknown>, tenantId: number): Promise<void> {
  if (values.supplierId === undefined) return;
  const s = await documentSupplier(trx, String(values.supplierId), tenantId);
  values.supplierName = s.name;
  values.supplierContact = s.phone;
}

/** One requisition line to order: how much, at what price (PR-3, PO-2). */
export type RequisitionOrderLine = {
  requisitionLineId: string;
  qty: string;
  unitPrice: string;
  taxRate: string;
  priceDeviationReason?: string | null;
  /** Set by the quota split (QUO-4): the arrangement the line's quantity was split by. */
  quotaArrangementId?: string | null;
};

export type RequisitionOrderInput = {
  supplierId: string;
  orderType?: string;
  currency?: string;
  shipTo?: string;
  receiverName?: string | null;
  receiverPhone?: string | null;
  paymentTerms?: string | null;
  lines: RequisitionOrderLine[];
};

/**
 * 转订单 (PR-3, PR-6): a draft order from approved requisition lines, in one transaction with
 * their consumption (`orderRequisitionLines`): Σ ordered ≤ what is left of each line, also when
 * two buyers convert the same line at once (the ledger's compare-and-swap, X-4: one wins, the
 * other is refused and nothing of its order is stored).
 */
export async function orderFromRequisition(
  db: Db,
  codes: CodeRuleService,
  actor: Actor,
  input: RequisitionOrderInput,
): Promise<string> {
  return db.transaction().execute((trx) => orderFromRequisitionIn(trx, codes, actor, input));
}

/** `orderFromRequisition` inside the caller's transaction (the quota split makes several orders in one). */
export async function orderFromRequisitionIn(
  trx: Db,
  codes: CodeRuleService,
  actor: Actor,
  input: RequisitionOrderInput,
): Promise<string> {
  if (input.lines.length === 0) throw badRequest('请选择要下单的采购申请行');
  for (const l of input.lines)
    if (!isDecimal(l.qty) || !isDecimal(l.unitPrice) || !isDecimal(l.taxRate))
      throw badRequest('数量、单价和税率必须是不小于0的数字');
  const reqLines = await trx
    .selectFrom('purchaseRequisitionLine as l')
    .innerJoin('purchaseRequisition as r', 'r.id', 'l.requisitionId')
    .selectAll('l')
    .select(['r.deliveryPlace as headerPlace', 'r.currency'])
    .where(
      'l.id',
      'in',
      input.lines.map((l) => l.requisitionLineId),
    )
    .where('l.tenantId', '=', actor.tenantId)
    .execute();
  const byId = new Map(reqLines.map((l) => [l.id, l]));
  if (byId.size !== new Set(input.lines.map((l) => l.requisitionLineId)).size) throw businessError('采购申请行不存在');
  const values: Record<string, unknown> = {
    supplierId: input.supplierId,
    orderType: input.orderType ?? 'STANDARD',
    currency: input.currency ?? reqLines[0]!.currency,
    orderDate: businessDay(),
    shipTo: input.shipTo ?? reqLines[0]!.headerPlace ?? reqLines[0]!.deliveryPlace ?? '',
    receiverName: input.receiverName ?? null,
    receiverPhone: input.receiverPhone ?? null,
    paymentTerms: input.paymentTerms ?? (await purchaseSetting(trx, actor.tenantId, 'payment.termsDefault')),
  };
  if (!values.shipTo) throw badRequest('请填写收货地址', { shipTo: '请填写收货地址' });
  await completeDraft(trx, codes, values, actor);
  const id = newId();
  const now = serverNowIso();
  const first = reqLines[0]!;
  await trx
    .insertInto('srmPurchaseOrder')
    .values({
      ...(values as unknown as SrmPurchaseOrderTable),
      id,
      tenantId: actor.tenantId,
      sourceDocType: 'REQUISITION',
      sourceDocId: first.requisitionId,
      createBy: actor.user.username,
      createTime: now,
    })
    .execute();
  let lineNo = 0;
  for (const l of input.lines) {
    const r = byId.get(l.requisitionLineId)!;
    const material = r.materialId
      ? await trx
          .selectFrom('srmMaterial')
          .select(['inspectionRequired'])
          .where('id', '=', r.materialId)
          .executeTakeFirst()
      : undefined;
    const line: PurchaseOrderLine = {
      id: newId(),
      tenantId: actor.tenantId,
      orderId: id,
      lineNo: ++lineNo,
      materialId: r.materialId,
      materialCode: r.materialCode,
      materialName: r.materialName ?? r.description ?? '',
      description: r.description,
      spec: r.spec,
      categoryId: r.categoryId,
      unit: r.unit,
      qty: l.qty,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      ...lineAmounts(l.qty, l.unitPrice, l.taxRate),
      priceSource: 'MANUAL',
      priceSourceId: null,
      priceDeviationReason: l.priceDeviationReason?.trim() || null,
      needByDate: r.needByDate,
      promisedDate: null,
      promiseReason: null,
      deliveryPlace: r.deliveryPlace,
      requisitionLineId: r.id,
      contractLineId: null,
      awardLineId: null,
      quotaArrangementId: l.quotaArrangementId ?? null,
      inspectionRequired: material?.inspectionRequired ?? 0,
      ...NEW_LINE_LEDGER,
      createBy: actor.user.username,
      createTime: now,
    };
    await trx.insertInto('srmPurchaseOrderLine').values(line).execute();
  }
  // PR-3: the requisition ledger moves with the order that covers it.
  await orderRequisitionLines(
    trx,
    input.lines.map((l) => ({ lineId: l.requisitionLineId, qty: l.qty })),
    userActor(actor),
  ).catch((e: unknown) => {
    throw e instanceof Error && 'status' in e ? refuse('PO-3', e.message) : e;
  });
  await refreshTotals(trx, id);
  return id;
}
