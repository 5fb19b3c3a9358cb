import type { WorkflowFixture } from './index.js';
import { demoTokens, twoDemoSuppliers } from '../harness.js';

/** 送样申请 (§7): a draft to 华东精密 (supplier1), the buyer asks, admin tests (SMP-2: not the requester). */
export const sampleFixture: WorkflowFixture = async (s) => {
  const { approvedId } = await twoDemoSuppliers(s);
  const [admin, buyer, supplier1, supplier2] = await demoTokens(s);
  const material = await s.ctx.db
    .selectFrom('srmMaterial')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  const requiredBy = new Date(Date.now() + 8 * 3600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
  const values = {
    supplierId: approvedId,
    materialId: material.id,
    purpose: 'ADMISSION',
    qty: '5',
    unit: 'PCS',
    requiredBy,
    receiverName: '王工',
    receiverPhone: '13800000000',
    receiveAddress: '上海市浦东新区张江路1号',
  };
  const bodies: Record<string, [Record<string, unknown>, string]> = {
    send: [{}, buyer],
    cancel: [{ reason: '不再需要' }, buyer],
    confirm: [{}, supplier1],
    refuse: [{ reason: '已停产' }, supplier1],
    ship: [{ shipMethod: 'EXPRESS', carrier: '顺丰速运', trackingNo: 'SF1' }, supplier1],
    receive: [{ receivedQty: '5' }, buyer],
    test: [{ testResult: 'PASS', testReport: '合格' }, admin],
    close: [{}, buyer],
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
