import { add, type LineRow } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { serverNowIso } from '../../core/clock.js';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { orderRequisitionLines, unorderRequisitionLines } from '../requisition/index.js';
import { userActor } from '../requisition/requisition-service.js';
import { lineAmounts, refuse } from './purchase-order-rules.js';

/**
 * The lines of a draft as the generic line set hands them over (add and edit): the material
 * snapshot, tax per line and the totals (X-6, PO-8), and the requisition ledger (PR-3):
 * lines naming a requisition line cover it, in the same transaction, within what is left of it.
 */
export async function prepareLines(
  trx: Db,
  actor: Actor,
  values: Record<string, unknown>,
  rows: LineRow[],
): Promise<void> {
  const now = serverNowIso();
  for (const [i, row] of rows.entries()) {
    const at = (field: string, message: string) => badRequest(message, { [`lines[${i}].${field}`]: message });
    if (row.materialId) {
      const m = await trx
        .selectFrom('srmMaterial')
        .select(['code', 'name', 'spec', 'unit', 'categoryId', 'inspectionRequired', 'status'])
        .where('id', '=', String(row.materialId))
        .where('tenantId', '=', actor.tenantId)
        .executeTakeFirst();
      if (!m) throw at('materialId', '物料不存在');
      if (m.status === 'INACTIVE') throw at('materialId', '物料已停用');
      Object.assign(row, {
        materialCode: m.code,
        materialName: m.name,
        spec: row.spec ?? m.spec,
        unit: row.unit ?? m.unit,
        categoryId: m.categoryId,
        inspectionRequired: m.inspectionRequired,
      });
    } else {
      if (!row.description) throw at('description', '请选择物料，或填写描述');
      if (!row.unit) throw at('unit', '请选择单位');
      // Every row carries the same columns (one multi-row insert).
      Object.assign(row, {
        materialCode: null,
        materialName: row.description,
        categoryId: row.categoryId ?? null,
        inspectionRequired: 0,
      });
    }
    if (Number(row.qty) <= 0) throw at('qty', '数量必须大于0');
    const a = lineAmounts(String(row.qty), String(row.unitPrice), String(row.taxRate));
    Object.assign(row, a, {
      priceSource: 'MANUAL',
      priceSourceId: null,
      lineStatus: 'OPEN',
      createBy: actor.user.username,
      createTime: now,
    });
  }
  const covered = rows.filter((r) => r.requisitionLineId);
  if (covered.length) {
    const found = await trx
      .selectFrom('purchaseRequisitionLine')
      .select('id')
      .where(
        'id',
        'in',
        covered.map((r) => String(r.requisitionLineId)),
      )
      .where('tenantId', '=', actor.tenantId)
      .execute();
    if (found.length !== new Set(covered.map((r) => r.requisitionLineId)).size)
      throw refuse('PO-3', '采购申请行不存在');
    await orderRequisitionLines(
      trx,
      covered.map((r) => ({ lineId: String(r.requisitionLineId), qty: String(r.qty) })),
      userActor(actor),
    ).catch((e: unknown) => {
      throw e instanceof Error && 'status' in e ? refuse('PO-3', e.message) : e;
    });
  }
  const amountExclTax = add(rows.map((r) => String(r.amount)));
  values.amountInclTax = add([amountExclTax, ...rows.map((r) => String(r.taxAmount))]);
}

/** An edit replacing a draft's lines first gives back what the old lines covered (PR-3). */
export async function releaseDraftLines(trx: Db, orderId: string, actor: Actor): Promise<void> {
  const old = await trx
    .selectFrom('srmPurchaseOrderLine')
    .select(['requisitionLineId', 'qty'])
    .where('orderId', '=', orderId)
    .where('requisitionLineId', 'is not', null)
    .execute();
  if (old.length)
    await unorderRequisitionLines(
      trx,
      old.map((l) => ({ lineId: l.requisitionLineId!, qty: l.qty })),
      userActor(actor),
    );
}
