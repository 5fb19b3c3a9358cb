import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import {
  awardFlow,
  eventLines,
  HOUR,
  publishedRfq,
  quote,
  sourcingWorld,
  type SourcingWorld,
} from './sourcing-fixture.js';
import { contractApprovalStep, contractDraft, uploadedFile } from './workflow-fixtures/contract.js';

/**
 * Contracts (§15) beyond the workflow contract suite: from a final award (CON-1), the pay plan
 * (CON-2), the approval hand-over through the engine, the supplier's answer and
 * visibility (CON-8, X-5), the signed scan and the price records it brings, the notices.
 */
let w: SourcingWorld;
let tenantId: number;
let awardId: string;
const post = (path: string, token: string, body: Record<string, unknown>) =>
  w.s.request<Record<string, unknown>>('POST', path, { token, body });
const detail = async (id: string, token = w.buyer) =>
  (await w.s.request<Record<string, unknown>>('GET', `/srm/contract/queryById?id=${id}`, { token })).body;
const noticesOf = async (username: string, busId: string) => {
  const u = await w.s.ctx.db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return (
    await w.s.ctx.db
      .selectFrom('sysAnnouncement')
      .select(['titile', 'userIds', 'openPage'])
      .where('busId', '=', busId)
      .execute()
  ).filter((n) => (n.userIds ?? '').split(',').includes(u.id));
};

beforeAll(async () => {
  w = await sourcingWorld();
  tenantId = (
    await w.s.ctx.db.selectFrom('supplier').select('tenantId').where('id', '=', w.supId[0]).executeTakeFirstOrThrow()
  ).tenantId;
  // A final RFQ award (whole-order award): both lines to supplier1.
  const eventId = await publishedRfq(w);
  await quote(w, w.sup[0], eventId, ['98', '50']);
  await quote(w, w.sup[1], eventId, ['99', '51']);
  await quote(w, w.sup[2], eventId, ['100', '52']);
  w.travel(3 * HOUR);
  expect((await post('/srm/sourcing/event/open', w.buyer, { id: eventId })).body.success).toBe(true);
  const [l1, l2] = await eventLines(w, eventId);
  const saved = await post('/srm/sourcing/award/save', w.buyer, {
    eventId,
    priceValidFrom: w.day(1),
    priceValidTo: w.day(365),
    lines: [
      { sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 100 },
      { sourcingLineId: l2!.id, supplierId: w.supId[0], sharePct: 100 },
    ],
  });
  expect(saved.body.message).toBe('定标建议已保存');
  await awardFlow(w, 'ROLE', 'admin');
  const award = await w.s.ctx.db
    .selectFrom('sourcingAward')
    .select('id')
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  awardId = award.id;
  const submitted = await w.s.request<{ instanceId: string }>('POST', '/srm/sourcing/award/submit', {
    token: w.buyer,
    body: { id: awardId },
  });
  const todo = (
    await w.s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
  ).body.result.records.find((r) => r.id === submitted.body.result.instanceId)!;
  expect((await post('/approval/task/approve', w.admin, { taskId: todo.taskId })).body.success).toBe(true);
  await contractApprovalStep(w.s, tenantId);
}, 60_000);
afterAll(async () => w?.close());

/** A contract from the award; the drafts made before from it are deleted first (CON-1: one contract per award line). */
const fromAward = async (extra: Record<string, unknown> = {}) => {
  const drafts = await w.s.ctx.db
    .selectFrom('srmContract')
    .select('id')
    .where('sourceAwardId', '=', awardId)
    .where('status', '=', 'DRAFT')
    .execute();
  for (const d of drafts)
    expect((await w.s.request('DELETE', `/srm/contract/delete?id=${d.id}`, { token: w.buyer })).body).toMatchObject({
      success: true,
    });
  return post('/srm/contract/add', w.buyer, {
    title: '轴承采购合同（定标）',
    contractType: 'STANDARD',
    supplierId: w.supId[0],
    currency: 'CNY',
    validFrom: w.day(1),
    validTo: w.day(365),
    sourceAwardId: awardId,
    ...extra,
  });
};

describe('CON-1: a contract from an award', () => {
  it('CON-1: copies the supplier’s awarded lines, prices and quantities, whatever lines were sent', async () => {
    const res = await fromAward({
      lines: [{ materialName: '别的', unit: 'PCS', qty: '1', unitPrice: '1', taxRate: '0' }],
    });
    expect(res.body).toMatchObject({ success: true });
    const c = (await detail(String((res.body.result as { id: string }).id))).result;
    const lines = c.lines as Record<string, unknown>[];
    // Line 1: 10 at 98; line 2: 20 at 50 (supplier1's quote), tax 13 %.
    expect(lines.map((l) => [l.qty, l.unitPrice, l.taxRate, l.amount])).toEqual([
      ['10', '98', '13', '980.00'],
      ['20', '50', '13', '1000.00'],
    ]);
    expect(lines.every((l) => l.awardLineId)).toBe(true);
    expect(c).toMatchObject({
      amountExclTax: '1980.00',
      taxAmount: '257.40',
      amountInclTax: '2237.40',
      status: 'DRAFT',
    });
    expect(c.code).toMatch(/^CT-\d{8}-\d{4}$/);
  });

  it('CON-1: the unit price, quantity and supplier are locked; the message sits beside the cell', async () => {
    const id = String(((await fromAward()).body.result as { id: string }).id);
    const lines = (await detail(id)).result.lines as Record<string, unknown>[];
    const changed = lines.map((l, i) => ({ ...l, unitPrice: i === 1 ? '45' : l.unitPrice }));
    const res = await w.s.request<{ errors: Record<string, string> }>('PUT', '/srm/contract/edit', {
      token: w.buyer,
      body: { id, lines: changed },
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors['lines[1].unitPrice']).toBe('来自定标结果的合同，单价不能修改');
    const supplier = await w.s.request('PUT', '/srm/contract/edit', {
      token: w.buyer,
      body: { id, supplierId: w.supId[1] },
    });
    expect(supplier.body).toMatchObject({ message: '来自定标结果的合同，供应商不能修改', rules: ['CON-1'] });
    expect(((await detail(id)).result.lines as Record<string, unknown>[])[1]!.unitPrice).toBe('50');
    // The delivery date is the buyer's to set.
    const dated = lines.map((l) => ({ ...l, deliveryDate: w.day(30) }));
    expect(
      (await w.s.request('PUT', '/srm/contract/edit', { token: w.buyer, body: { id, lines: dated } })).body.success,
    ).toBe(true);
  });

  it('CON-1: a supplier not awarded in it, or an award not final, is refused', async () => {
    const res = await fromAward({ supplierId: w.supId[1] });
    expect(res.body).toMatchObject({ success: false, message: '该供应商在此定标单中没有中标明细' });
    const none = await fromAward({ sourceAwardId: '0'.repeat(32) });
    expect(none.body.message).toBe('定标单不存在或尚未定标完成');
  });
});

describe('CON-2: the pay plan', () => {
  it('CON-2: stages summing to 95 % are refused beside the pay plan; 30/65/5 is accepted', async () => {
    const id = String(((await fromAward()).body.result as { id: string }).id);
    const plan = (pcts: string[], amounts: string[]) =>
      pcts.map((pct, i) => ({ stageType: 'MILESTONE', pct, amount: amounts[i] }));
    const bad = await w.s.request<{ errors: Record<string, string> }>('PUT', '/srm/contract/edit', {
      token: w.buyer,
      body: { id, payPlan: plan(['30', '60', '5'], ['671.22', '1342.44', '111.87']) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.result.errors.payPlan).toBe('付款计划各阶段比例合计须为100%，当前为95%');
    const off = await w.s.request<{ errors: Record<string, string> }>('PUT', '/srm/contract/edit', {
      token: w.buyer,
      body: { id, payPlan: plan(['30', '65', '5'], ['671.22', '1454.31', '110.00']) },
    });
    expect(off.body.result.errors.payPlan).toBe('付款计划金额合计2235.53须等于合同含税金额2237.40');
    // Within 0.01 of 2237.40.
    const good = await w.s.request('PUT', '/srm/contract/edit', {
      token: w.buyer,
      body: { id, payPlan: plan(['30', '65', '5'], ['671.22', '1454.31', '111.88']) },
    });
    expect(good.body.success).toBe(true);
    expect(((await detail(id)).result.payPlan as unknown[]).length).toBe(3);
  });

  it('CON-2: submitting without a pay plan is refused, the contract stays a draft', async () => {
    const id = String(((await fromAward()).body.result as { id: string }).id);
    const res = await post('/srm/contract/submit', w.buyer, { id });
    expect(res.body).toMatchObject({ success: false, message: '请填写付款计划', rules: ['CON-2'] });
    expect((await detail(id)).result.status).toBe('DRAFT');
  });
});

describe('S6 steps 3-4: approval, sending, the supplier answer, signing', () => {
  it('X-10, CON-8, X-5, X-12: submit → engine approves → send → reject with reason → revise → … → confirm → sign: ACTIVE with price records', async () => {
    const add = await post('/srm/contract/add', w.buyer, contractDraft(w.supId[0]));
    const id = String((add.body.result as { id: string }).id);
    expect((await post('/srm/contract/submit', w.buyer, { id })).body.message).toBe('合同已提交审批');
    expect((await detail(id)).result.status).toBe('PENDING_APPROVAL');
    // CON-8: not yet the supplier's to see.
    expect((await w.s.request('GET', `/srm/contract/queryById?id=${id}`, { token: w.sup[0] })).status).toBe(404);
    const approve = async () => {
      const task = (
        await w.s.request<PageResult<{ id: string; docId: string; taskId: string }>>('GET', '/approval/todo/list', {
          token: w.admin,
        })
      ).body.result.records.find((r) => r.docId === id)!;
      // The approver reads the header and both line sets.
      const seen = await w.s.request<{
        document: { fields: { label: string; value: string | null }[]; tables: { title: string; rows: unknown[] }[] };
      }>('GET', `/approval/instance/queryById?id=${task.id}`, { token: w.admin });
      expect(seen.body.result.document.tables.map((t) => [t.title, t.rows.length])).toEqual([
        ['合同明细', 2],
        ['付款计划', 2],
      ]);
      expect(seen.body.result.document.fields).toContainEqual({ label: '含税金额', value: '478.50' });
      expect((await post('/approval/task/approve', w.buyer, { taskId: task.taskId })).body.success).toBe(false);
      expect(
        (await post('/approval/task/approve', w.admin, { taskId: task.taskId, comment: '同意' })).body.success,
      ).toBe(true);
    };
    await approve();
    expect((await detail(id)).result.status).toBe('APPROVED');
    expect((await noticesOf('buyer', id)).map((n) => n.titile)).toContain(
      `合同已审批通过：${(await detail(id)).result.code}`,
    );
    expect((await post('/srm/contract/send', w.buyer, { id })).body.message).toBe('合同已发送给供应商');
    // the supplier is told, with its own page.
    expect((await noticesOf('supplier1', id))[0]).toMatchObject({ openPage: '/srm/my-contracts' });
    // CON-8 / X-5: the own supplier sees it now, another supplier does not.
    expect((await detail(id, w.sup[0])).success).toBe(true);
    expect((await w.s.request('GET', `/srm/contract/queryById?id=${id}`, { token: w.sup[1] })).status).toBe(404);
    expect((await post('/srm/contract/reject', w.sup[1], { id, reason: 'x' })).body.message).toBe('合同不存在');
    // A buyer cannot take the supplier's side.
    expect((await post('/srm/contract/confirm', w.buyer, { id })).status).toBe(403);
    expect((await post('/srm/contract/reject', w.sup[0], { id, reason: '交货期太紧' })).body.message).toBe(
      '已拒绝合同',
    );
    expect((await detail(id)).result).toMatchObject({
      status: 'SUPPLIER_REJECTED',
      supplierRejectReason: '交货期太紧',
    });
    expect((await post('/srm/contract/revise', w.buyer, { id })).body.success).toBe(true);
    expect((await detail(id)).result.status).toBe('DRAFT');
    // The second round: a new approval instance, approved, sent, confirmed.
    expect((await post('/srm/contract/submit', w.buyer, { id })).body.success).toBe(true);
    await approve();
    expect((await post('/srm/contract/send', w.buyer, { id })).body.success).toBe(true);
    expect((await post('/srm/contract/confirm', w.sup[0], { id })).body.message).toBe('已确认合同');
    // Signing needs the signed scan, uploaded by the signer.
    const noFile = await post('/srm/contract/sign', w.buyer, { id, signedFiles: '' });
    expect(noFile.status).toBe(400);
    const foreign = await uploadedFile(w.s, 'admin', tenantId);
    expect((await post('/srm/contract/sign', w.buyer, { id, signedFiles: foreign })).body.message).toBe(
      '合同签署件不存在，请重新上传',
    );
    const file = await uploadedFile(w.s, 'buyer', tenantId);
    expect((await post('/srm/contract/sign', w.buyer, { id, signedFiles: file })).body.message).toBe('合同已生效');
    const active = (await detail(id)).result;
    expect(active).toMatchObject({ status: 'ACTIVE', signedFiles: file });
    // The status log holds the whole walk, the approvals named as the system's moves.
    const log = await w.s.ctx.db
      .selectFrom('sysDocLog')
      .select(['action', 'operatorName'])
      .where('docId', '=', id)
      .orderBy('createdTime')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual([
      'submit',
      'approved',
      'send',
      'reject',
      'revise',
      'submit',
      'approved',
      'send',
      'confirm',
      'sign',
    ]);
    // Cancelling an active contract is refused (termination is another path).
    expect((await post('/srm/contract/cancel', w.buyer, { id, reason: '不要了' })).body.message).toBe(
      '只有生效前、未在审批中的合同可以取消，当前状态：生效',
    );
  });

  it('§13: an ACTIVE contract’s lines with a material become CONTRACT price records', async () => {
    const res = await fromAward();
    const id = String((res.body.result as { id: string }).id);
    await w.s.request('PUT', '/srm/contract/edit', {
      token: w.buyer,
      // MAT-4: starting after the award's price records, the contract's supersede them.
      body: { id, validFrom: w.day(2), payPlan: [{ stageType: 'ON_ACCEPTANCE', pct: '100', amount: '2237.40' }] },
    });
    for (const [action, token] of [['submit', w.buyer]] as const)
      expect((await post(`/srm/contract/${action}`, token, { id })).body.success).toBe(true);
    const task = (
      await w.s.request<PageResult<{ docId: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
    ).body.result.records.find((r) => r.docId === id)!;
    // Rejected by the approver: back to a draft (the engine fires `rejected`).
    expect(
      (await post('/approval/task/reject', w.admin, { taskId: task.taskId, comment: '价格再谈' })).body.success,
    ).toBe(true);
    expect((await detail(id)).result.status).toBe('DRAFT');
    expect((await post('/srm/contract/submit', w.buyer, { id })).body.success).toBe(true);
    const again = (
      await w.s.request<PageResult<{ docId: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
    ).body.result.records.find((r) => r.docId === id)!;
    expect((await post('/approval/task/approve', w.admin, { taskId: again.taskId })).body.success).toBe(true);
    expect((await post('/srm/contract/send', w.buyer, { id })).body.success).toBe(true);
    expect((await post('/srm/contract/confirm', w.sup[0], { id })).body.success).toBe(true);
    const file = await uploadedFile(w.s, 'buyer', tenantId);
    const signed = await post('/srm/contract/sign', w.buyer, { id, signedFiles: file });
    expect(signed.body.message).toBe('合同已生效');
    const prices = await w.s.ctx.db
      .selectFrom('srmPriceRecord')
      .select(['unitPrice', 'sourceType'])
      .where('sourceId', '=', id)
      .execute();
    const withMaterial = ((await detail(id)).result.lines as Record<string, unknown>[]).filter((l) => l.materialId);
    expect(withMaterial.length).toBeGreaterThan(0);
    expect(prices.map((p) => [p.sourceType, p.unitPrice]).sort()).toEqual(
      withMaterial.map((l) => ['CONTRACT', l.unitPrice]).sort(),
    );
  });
});
