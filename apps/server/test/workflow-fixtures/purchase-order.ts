import type { WorkflowFixture } from './index.js';
import { newId } from '../../src/core/ids.js';
import { serverNowIso } from '../../src/core/clock.js';
import { demoTokens, twoDemoSuppliers } from '../harness.js';

/**
 * 采购订单 (§16): a one-line draft to 华东精密 (supplier1) with no price record in the way (PO-2),
 * the buyer submits and sends, admin approves (X-10: not the submitter), supplier1 answers.
 */
export const purchaseOrderFixture: WorkflowFixture = async (s) => {
  const { approvedId } = await twoDemoSuppliers(s);
  const [admin, buyer, supplier1, supplier2] = await demoTokens(s);
  const material = await s.ctx.db
    .selectFrom('srmMaterial')
    .select(['id', 'categoryId'])
    .where('status', '=', 'ACTIVE')
    .orderBy('code')
    .executeTakeFirstOrThrow();
  await s.ctx.db.deleteFrom('srmPriceRecord').where('supplierId', '=', approvedId).execute();
  const category = await s.ctx.db
    .selectFrom('srmMaterialCategory')
    .select('code')
    .where('id', '=', material.categoryId)
    .executeTakeFirstOrThrow();
  const held = await s.ctx.db
    .selectFrom('supplierCategory')
    .select('id')
    .where('supplierId', '=', approvedId)
    .where('categoryCode', '=', category.code)
    .executeTakeFirst();
  if (held)
    await s.ctx.db.updateTable('supplierCategory').set({ status: 'QUALIFIED' }).where('id', '=', held.id).execute();
  else
    await s.ctx.db
      .insertInto('supplierCategory')
      .values({
        id: newId(),
        supplierId: approvedId,
        categoryCode: category.code,
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
    approve: [{}, admin],
    reject: [{ reason: '价格偏高' }, admin],
    send: [{}, buyer],
    confirm: [{}, supplier1],
    refuse: [{ reason: '交期太早' }, supplier1],
    revise: [{}, buyer],
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
  };
};
