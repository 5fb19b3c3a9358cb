import { compare, fromScaled, splitByQuota, toScaled, trim, type QuotaSplitPreview } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { businessDay } from '../../core/clock.js';
import { badRequest, businessError } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { CodeRuleService } from '../code-rules/code-rule-service.js';
import { priceOn } from '../material/price-library.js';
import { remainingOf } from '../requisition/index.js';
import { supplierEligibility } from '../supplier/index.js';
import { orderFromRequisitionIn } from './purchase-order-service.js';
import { refuse } from './purchase-order-rules.js';

/**
 * 按配额拆分 (QUO-4, QUO-5, QUO-7): an approved requisition line whose material has an arrangement
 * in force is converted into one draft order per supplier, its quantity split by the pure
 * `splitByQuota` (shared), all orders in one transaction with the line's consumption (PR-3): two
 * buyers converting the same line at once never order more than it has (the ledger's
 * compare-and-swap refuses the second, and none of its orders is stored).
 */

/** The arrangement states allocation reads: ACTIVE, and NEEDS_REVIEW (skipping blocked suppliers, QUO-7). */
const IN_FORCE = ['ACTIVE', 'NEEDS_REVIEW'];

/** The arrangement in force today for a material (the newest version), or undefined. */
export async function arrangementInForce(db: Db, tenantId: number, materialId: string) {
  const day = businessDay();
  return db
    .selectFrom('quotaArrangement')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('materialId', '=', materialId)
    .where('status', 'in', IN_FORCE)
    .where('validFrom', '<=', day)
    .where('validTo', '>=', day)
    .orderBy('versionNo', 'desc')
    .orderBy('activatedAt', 'desc')
    .executeTakeFirst();
}

async function requisitionLine(db: Db, tenantId: number, lineId: string) {
  const line = await db
    .selectFrom('purchaseRequisitionLine as l')
    .innerJoin('purchaseRequisition as r', 'r.id', 'l.requisitionId')
    .selectAll('l')
    .select(['r.currency'])
    .where('l.id', '=', lineId)
    .where('l.tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!line) throw businessError('采购申请行不存在');
  return line;
}

/**
 * The split of a requisition line by its material's arrangement in force, or null when there is
 * none (the web then offers no 按配额拆分). `qty` defaults to what is left of the line.
 */
export async function quotaSplitOf(
  db: Db,
  tenantId: number,
  requisitionLineId: string,
  qty?: string,
): Promise<QuotaSplitPreview | null> {
  const line = await requisitionLine(db, tenantId, requisitionLineId);
  if (!line.materialId) return null;
  const a = await arrangementInForce(db, tenantId, line.materialId);
  if (!a) return null;
  const left = remainingOf(line);
  const demand = qty ?? trim(fromScaled(left < 0n ? 0n : left, 6));
  if (toScaled(demand) <= 0n) throw refuse('PR-3', '该采购申请行已无可下单数量');
  if (toScaled(demand) > left)
    throw refuse('PR-3', `拆分数量 ${demand} 超过采购申请行剩余数量 ${trim(fromScaled(left, 6))}`);
  const material = await db
    .selectFrom('srmMaterial')
    .select(['orderMultiple', 'defaultTaxRate'])
    .where('id', '=', line.materialId)
    .executeTakeFirst();
  const lines = await db
    .selectFrom('quotaLine')
    .selectAll()
    .where('arrangementId', '=', a.id)
    .orderBy('quotaPct', 'desc')
    .orderBy('supplierName')
    .execute();
  const skipped: QuotaSplitPreview['skipped'] = [];
  const live: typeof lines = [];
  for (const l of lines) {
    const refusal = l.active
      ? await supplierEligibility(db, l.supplierId, { purpose: 'order', tenantId })
      : { message: '配额行已停用' };
    if (refusal) skipped.push({ supplierId: l.supplierId, supplierName: l.supplierName, reason: refusal.message });
    else live.push(l);
  }
  if (live.length === 0) throw refuse('QUO-7', `配额 ${a.code} 中没有可以接收订单的供应商`);
  const split = splitByQuota(demand, live, { orderMultiple: material?.orderMultiple, minSplitQty: a.minSplitQty });
  const parts: QuotaSplitPreview['parts'] = [];
  for (const [i, l] of live.entries()) {
    const price = await priceOn(
      db,
      { tenantId, supplierId: l.supplierId, materialId: line.materialId, currency: line.currency },
      businessDay(),
    );
    parts.push({
      supplierId: l.supplierId,
      supplierName: l.supplierName,
      quotaPct: l.quotaPct,
      allocatedQty: l.allocatedQty,
      qty: split[i]!.qty,
      unitPrice: price?.unitPrice ?? null,
      taxRate: price?.taxRate ?? material?.defaultTaxRate ?? null,
    });
  }
  return {
    arrangementId: a.id,
    arrangementCode: a.code,
    status: a.status,
    minSplitQty: a.minSplitQty,
    orderMultiple: material?.orderMultiple ?? null,
    qty: demand,
    whole: !!a.minSplitQty && compare(demand, a.minSplitQty) < 0,
    parts,
    skipped,
  };
}

export type QuotaOrderInput = {
  requisitionLineId: string;
  qty?: string;
  shipTo?: string;
  /** Prices the buyer gives per supplier where no price record is in force (or to deviate, with a reason, PO-2). */
  prices?: { supplierId: string; unitPrice: string; taxRate: string; priceDeviationReason?: string }[];
};

/**
 * 按配额拆分转订单: one draft order per supplier with a part above zero, each line naming the
 * arrangement (QUO-6 records it at approval). Returns the new orders' ids, largest share first.
 */
export async function orderFromRequisitionByQuota(
  db: Db,
  codes: CodeRuleService,
  actor: Actor,
  input: QuotaOrderInput,
): Promise<{ ids: string[]; arrangementCode: string }> {
  return db.transaction().execute(async (trx) => {
    const split = await quotaSplitOf(trx, actor.tenantId, input.requisitionLineId, input.qty);
    if (!split) throw refuse('QUO-4', '该物料没有生效的配额，不能按配额拆分');
    const ids: string[] = [];
    for (const part of split.parts) {
      if (toScaled(part.qty) <= 0n) continue;
      const given = input.prices?.find((p) => p.supplierId === part.supplierId);
      const unitPrice = given?.unitPrice ?? part.unitPrice;
      const taxRate = given?.taxRate ?? part.taxRate;
      if (!unitPrice || !taxRate) throw badRequest(`请填写供应商“${part.supplierName}”的单价和税率（无有效价格记录）`);
      ids.push(
        await orderFromRequisitionIn(trx, codes, actor, {
          supplierId: part.supplierId,
          shipTo: input.shipTo,
          lines: [
            {
              requisitionLineId: input.requisitionLineId,
              qty: part.qty,
              unitPrice,
              taxRate,
              priceDeviationReason: given?.priceDeviationReason ?? null,
              quotaArrangementId: split.arrangementId,
            },
          ],
        }),
      );
    }
    return { ids, arrangementCode: split.arrangementCode };
  });
}
