import type { WorkflowFixture } from './index.js';
import { newId } from '../../src/core/ids.js';
import { serverNowIso } from '../../src/core/clock.js';
import { admissionCategoryCodes } from '../../src/modules/material/material-rules.js';
import { demoTokens, twoDemoSuppliers, type TestServer } from '../harness.js';

/**
 * PO-4 (§21 approval.po.thresholds as 审批配置 steps): every order to the admin role (the
 * manager), one above 100 000 also to a second admin step (the director), so `submit` waits in
 * PENDING_APPROVAL and the engine's outcome fires `approved` / `rejected`.
 */
export async function orderApprovalSteps(s: TestServer, tenantId = 0): Promise<void> {
  const db = s.ctx.db;
  await db
    .deleteFrom('approvalDefinition')
    .where('docType', '=', 'PURCHASE_ORDER')
    .where('tenantId', '=', tenantId)
    .execute();
  await db
    .insertInto('approvalDefinition')
    .values({
      id: newId(),
      tenantId,
      docType: 'PURCHASE_ORDER',
      name: '采购订单审批',
      enabled: 1,
      steps: JSON.stringify([
        { name: '采购经理审批', approverType: 'ROLE', approverId: 'admin', minAmount: null },
        { name: '采购总监审批', approverType: 'ROLE', approverId: 'admin', minAmount: '100000.01' },
      ]),
      ccUserIds: null,
      version: 1,
      createBy: 'test',
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
}

/**
 * 采购订单 (§16): a one-line draft to 华东精密 (supplier1) with no price record in the way (PO-2),
 * the buyer submits (the engine's outcome approves, PO-4) and sends, supplier1 answers, the buyer changes it (PO-6: a
 * higher amount, so the change waits for its approval in CHANGE_PENDING).
 */
export const purchaseOrderFixture: WorkflowFixture = async (s) => {
  const { approvedId } = await twoDemoSuppliers(s);
  const [, buyer, supplier1, supplier2] = await demoTokens(s);
  await orderApprovalSteps(s);
  const material = await s.ctx.db
    .selectFrom('srmMaterial')
    .select(['id', 'categoryId'])
    .where('status', '=', 'ACTIVE')
    .orderBy('code')
    .executeTakeFirstOrThrow();
  await s.ctx.db.deleteFrom('srmPriceRecord').where('supplierId', '=', approvedId).execute();
  // PO-1: admitted to the material's admission category (主营品类), not the leaf category.
  const [categoryCode] = await admissionCategoryCodes(s.ctx.db, [material.categoryId]);
  const held = await s.ctx.db
    .selectFrom('supplierCategory')
    .select('id')
    .where('supplierId', '=', approvedId)
    .where('categoryCode', '=', categoryCode!)
    .executeTakeFirst();
  if (held)
    await s.ctx.db.updateTable('supplierCategory').set({ status: 'QUALIFIED' }).where('id', '=', held.id).execute();
  else
    await s.ctx.db
      .insertInto('supplierCategory')
      .values({
        id: newId(),
        supplierId: approvedId,
        categoryCode: categoryCode!,
        status: 'QUALIFIED',
        qualifiedAt: null,
        suspendedAt: null,
        sourceRequestId: null,
        trialLimitAmount: null,
        createTime: serverNowIso(),
        updateTime: null,
      })
      .execute();
  const needBy = new Date(Date.now() + 8 * 3600_000 + 14 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const values = {
    orderType: 'STANDARD',
    supplierId: approvedId,
    currency: 'CNY',
    orderDate: today,
    shipTo: '上海市浦东新区张江路1号',
    lines: [{ materialId: material.id, qty: '2', unitPrice: '100', taxRate: '13', needByDate: needBy }],
  };
  const bodies: Record<string, [Record<string, unknown>, string]> = {
    submit: [{}, buyer],
    send: [{}, buyer],
    confirm: [{}, supplier1],
    refuse: [{ reason: '交期太早' }, supplier1],
    revise: [{}, buyer],
    change: [{ reason: '数量调整', lines: [{ lineNo: 1, qty: '3' }] }, buyer],
    shortClose: [{ reason: '剩余不再需要' }, buyer],
    cancel: [{ reason: '需求取消' }, buyer],
    hold: [{ reason: '付款争议' }, buyer],
  };
  return {
    internal: buyer,
    internalUsername: 'buyer',
    supplier: supplier1,
    otherSupplier: supplier2,
    draftValues: () => values,
    take: (action) => ({ body: bodies[action]![0], token: bodies[action]![1] }),
    // PO-7: a short-close closes what is left beside a shipment (here 1 of 2 in transit, §24).
    before: async (action, id) => {
      if (action !== 'shortClose') return;
      await s.ctx.db.updateTable('srmPurchaseOrderLine').set({ qtyInTransit: '1' }).where('orderId', '=', id).execute();
    },
  };
};
