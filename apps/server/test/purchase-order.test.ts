import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseOrderWorkflow, type PageResult } from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { runTransition } from '../src/workflow/transition.js';
import { admissionCategoryCodes } from '../src/modules/material/material-rules.js';
import { serverNowIso } from '../src/core/clock.js';
import { demoTokens, startTestServer, twoDemoSuppliers, type TestServer } from './harness.js';
import { orderApprovalSteps } from './workflow-fixtures/purchase-order.js';

/**
 * Purchase orders (domain §16) on SQLite and, with TEST_DATABASE_URL, PostgreSQL: 转订单 from a
 * requisition (PR-3) and its ledger under concurrency (PO-3), the totals (PO-8, X-6), price
 * discipline (PO-2), eligibility (PO-1, QLF-4), approval by another person (PO-4, X-10), sending
 * with or without supplier confirmation (§21), the supplier's confirmation and refusal (PO-5),
 * revision, cancellation (PO-7), hold and release, and the supplier's isolation.
 */
let s: TestServer;
let admin: string;
let buyer: string;
let supplier1: string;
let supplier2: string;
let supplierId: string;
let materialId: string;
let categoryId: string;
let categoryCode: string;

const day = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

type Order = Record<string, unknown> & { id: string; status: string; code: string };
type Line = Record<string, unknown> & { id: string; qty: string; amount: string; taxAmount: string };

const post = (path: string, body: unknown, token = buyer) => s.request<unknown>('POST', path, { token, body });
const order = async (id: string, token = buyer) =>
  (await s.request<Order>('GET', `/srm/order/queryById?id=${id}`, { token })).body.result;
const linesOf = async (id: string, token = buyer) =>
  (await s.request<Line[]>('GET', `/srm/order/lines?id=${id}`, { token })).body.result;
/** PO-4: the order's open approval task (审批中心, the approval engine's), whoever is assigned. */
async function taskOf(id: string) {
  return s.ctx.db
    .selectFrom('approvalTask as t')
    .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
    .select(['t.id as taskId', 't.stepName', 'i.id as instanceId'])
    .where('i.docId', '=', id)
    .where('i.docType', '=', 'PURCHASE_ORDER')
    .where('t.decision', '=', 'PENDING')
    .executeTakeFirst();
}

/** The engine's decision on the order's open task, as `token` takes it in 审批中心. */
async function decide(decision: 'approve' | 'reject', id: string, token = admin, comment?: string) {
  const task = await taskOf(id);
  expect(task, `${decision}: an open approval task`).toBeDefined();
  return post(`/approval/task/${decision}`, { taskId: task!.taskId, comment }, token);
}

/** An order action; approve and reject are decisions in 审批中心 (PO-4: the engine's outcome moves the order). */
const act = (action: string, id: string, token = buyer, extra: Record<string, unknown> = {}) =>
  action === 'approve' || action === 'reject'
    ? decide(action, id, token, (extra.reason as string | undefined) ?? (action === 'reject' ? '驳回' : undefined))
    : post(`/srm/order/${action}`, { id, ...extra }, token);
const reqLine = (id: string) =>
  s.ctx.db.selectFrom('purchaseRequisitionLine').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** An approved requisition with one catalogue line of `qty` (the demo has no approval flow: approved at once). */
async function approvedRequisition(qty = '10'): Promise<string> {
  const add = await s.request<{ id: string }>('POST', '/srm/requisition/add', {
    token: buyer,
    body: {
      title: '订单测试需求',
      purchaseType: 'GOODS',
      reason: '生产备件',
      deliveryPlace: '上海市浦东新区张江路1号',
      lines: [{ materialId, qty, needByDate: day(10), estimatedUnitPrice: '10' }],
    },
  });
  expect(add.body).toMatchObject({ success: true });
  const id = add.body.result.id;
  expect((await s.request('POST', '/srm/requisition/submit', { token: buyer, body: { id } })).body).toMatchObject({
    result: { status: 'APPROVED' },
  });
  const line = await s.ctx.db
    .selectFrom('purchaseRequisitionLine')
    .select('id')
    .where('requisitionId', '=', id)
    .executeTakeFirstOrThrow();
  return line.id;
}

const convert = (lineId: string, qty: string, extra: Record<string, unknown> = {}, token = buyer) =>
  s.request<{ id: string }>('POST', '/srm/order/fromRequisition', {
    token,
    body: { supplierId, lines: [{ requisitionLineId: lineId, qty, unitPrice: '12.345', taxRate: '13', ...extra }] },
  });

async function draftOrder(qty = '3', extra: Record<string, unknown> = {}): Promise<string> {
  const res = await convert(await approvedRequisition(), qty, extra);
  expect(res.body).toMatchObject({ success: true });
  return res.body.result.id;
}

/** An order taken along `actions` by the buyer (submit, send…), the admin approving. */
async function orderAt(actions: string[], qty = '3'): Promise<string> {
  const id = await draftOrder(qty);
  for (const a of actions) {
    const r = await act(a, id, a === 'approve' ? admin : buyer);
    expect(r.body, `${a}: ${r.body.message}`).toMatchObject({ success: true });
  }
  return id;
}

async function setCategory(status: string, trialLimitAmount: string | null = null) {
  await s.ctx.db.deleteFrom('supplierCategory').where('supplierId', '=', supplierId).execute();
  await s.ctx.db
    .insertInto('supplierCategory')
    .values({
      id: newId(),
      supplierId,
      categoryCode,
      status,
      qualifiedAt: serverNowIso(),
      suspendedAt: null,
      sourceRequestId: null,
      trialLimitAmount,
      createTime: serverNowIso(),
      updateTime: null,
    })
    .execute();
}

beforeAll(async () => {
  s = await startTestServer();
  [admin, buyer, supplier1, supplier2] = await demoTokens(s);
  supplierId = (await twoDemoSuppliers(s)).approvedId;
  const m = await s.ctx.db
    .selectFrom('srmMaterial')
    .selectAll()
    .where('status', '=', 'ACTIVE')
    .orderBy('code')
    .executeTakeFirstOrThrow();
  materialId = m.id;
  categoryId = m.categoryId;
  // PO-1: the supplier is admitted to the material's admission category (主营品类, §4.3), not the leaf.
  categoryCode = (await admissionCategoryCodes(s.ctx.db, [categoryId]))[0]!;
  await setCategory('QUALIFIED');
  await orderApprovalSteps(s);
  // The demo's price records of the supplier would hold every line to their prices (PO-2, tested below).
  await s.ctx.db.deleteFrom('srmPriceRecord').where('supplierId', '=', supplierId).execute();
});
afterAll(async () => s?.close());

describe('转订单 from a requisition (PR-3, PO-3, PO-8)', () => {
  it('PR-3/PO-8/X-6: a draft with the requisition line, round(qty × price, 2) and tax half up, totals Σ lines; the line is covered', async () => {
    const lineId = await approvedRequisition('10');
    const res = await convert(lineId, '3');
    expect(res.body).toMatchObject({ success: true });
    const o = await order(res.body.result.id);
    expect(o).toMatchObject({ status: 'DRAFT', supplierId, revisionNo: 0, sourceDocType: 'REQUISITION' });
    expect(o.code).toMatch(/^PO-\d{8}-\d{4}$/);
    const [l] = await linesOf(o.id);
    // 3 × 12.345 = 37.035 → 37.04; 37.04 × 13 % = 4.8152 → 4.82.
    expect(l).toMatchObject({
      qty: '3',
      amount: '37.04',
      taxAmount: '4.82',
      requisitionLineId: lineId,
      needByDate: day(10),
    });
    expect(o).toMatchObject({ amountExclTax: '37.04', taxAmount: '4.82', amountInclTax: '41.86' });
    expect((await reqLine(lineId)).qtyOrdered).toBe('3');
  });

  it('PO-3: more than what is left of the line is refused, and nothing is stored', async () => {
    const lineId = await approvedRequisition('10');
    expect((await convert(lineId, '7')).body.success).toBe(true);
    const before = await s.ctx.db.selectFrom('srmPurchaseOrder').select('id').execute();
    const res = await convert(lineId, '4');
    expect(res.body).toMatchObject({ success: false, result: { rule: 'PO-3' } });
    expect(res.body.message).toContain('剩余 3');
    expect(await s.ctx.db.selectFrom('srmPurchaseOrder').select('id').execute()).toHaveLength(before.length);
    expect((await reqLine(lineId)).qtyOrdered).toBe('7');
  });

  it('PO-3: two buyers converting the same line at once never order more than the line', async () => {
    const lineId = await approvedRequisition('10');
    const results = await Promise.all([convert(lineId, '6', {}, buyer), convert(lineId, '6', {}, admin)]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect((await reqLine(lineId)).qtyOrdered).toBe('6');
    const orders = await s.ctx.db
      .selectFrom('srmPurchaseOrderLine')
      .select('qty')
      .where('requisitionLineId', '=', lineId)
      .execute();
    expect(orders).toEqual([{ qty: '6' }]);
    // Five at once on what is left (4): never beyond it.
    const more = await Promise.all([1, 2, 3, 4, 5].map((i) => convert(lineId, '2', {}, i % 2 ? buyer : admin)));
    const won = more.filter((r) => r.body.success).length;
    expect(won).toBeLessThanOrEqual(2);
    const line = await reqLine(lineId);
    expect(Number(line.qtyOrdered)).toBe(6 + 2 * won);
    expect(Number(line.qtyOrdered)).toBeLessThanOrEqual(10);
  });

  it('PR-3/X-13: deleting the draft gives the quantity back to the requisition', async () => {
    const lineId = await approvedRequisition('10');
    const id = (await convert(lineId, '4')).body.result.id;
    expect((await s.request('DELETE', `/srm/order/delete?id=${id}`, { token: buyer })).body.success).toBe(true);
    expect((await reqLine(lineId)).qtyOrdered).toBe('0');
  });

  it('PO-8: an order without lines is not submitted', async () => {
    const add = await s.request<{ id: string }>('POST', '/srm/order/add', {
      token: buyer,
      body: { orderType: 'STANDARD', supplierId, currency: 'CNY', orderDate: day(0), shipTo: '上海' },
    });
    expect(add.body.success).toBe(true);
    const res = await act('submit', add.body.result.id);
    expect(res.body).toMatchObject({ success: false, message: '订单没有明细行，不能提交', result: { rule: 'PO-8' } });
    expect((await order(add.body.result.id)).status).toBe('DRAFT');
  });
});

describe('lines by hand in the draft (the line set, PO-8, PR-3)', () => {
  const body = (lines: Record<string, unknown>[]) => ({
    orderType: 'STANDARD',
    supplierId,
    currency: 'CNY',
    orderDate: day(0),
    shipTo: '上海市浦东新区张江路1号',
    lines,
  });
  const line = (extra: Record<string, unknown> = {}) => ({
    materialId,
    qty: '3',
    unitPrice: '12.345',
    taxRate: '13',
    needByDate: day(10),
    ...extra,
  });

  it('PO-8/X-14: the draft keeps its lines with the material snapshot; totals are the exact sums; queryById returns them', async () => {
    const free = {
      description: '定制工装',
      unit: 'SET',
      qty: '1',
      unitPrice: '0.335',
      taxRate: '6',
      needByDate: day(9),
    };
    const add = await s.request<{ id: string }>('POST', '/srm/order/add', { token: buyer, body: body([line(), free]) });
    expect(add.body, add.body.message).toMatchObject({ success: true });
    const o = await order(add.body.result.id);
    // 37.04 + 0.34 (0.335 half up); tax 4.82 + 0.02 (0.0204).
    expect(o).toMatchObject({ amountExclTax: '37.38', taxAmount: '4.84', amountInclTax: '42.22' });
    const lines = (o as unknown as { lines: Line[] }).lines;
    expect(lines.map((l) => [l.materialName, l.amount, l.taxAmount, l.lineStatus])).toEqual([
      [expect.any(String), '37.04', '4.82', 'OPEN'],
      ['定制工装', '0.34', '0.02', 'OPEN'],
    ]);
    expect(lines[0]!.materialCode).toBeTruthy();
    expect(await linesOf(o.id)).toHaveLength(2);
    // §24: the derived header indicators come with their dictionary texts, not as bare codes.
    expect(o).toMatchObject({
      receiptStatus: 'NONE',
      receiptStatus_dictText: '未收货',
      invoiceStatus_dictText: '未开票',
      paymentStatus_dictText: '未付款',
    });
    const list = await s.request<PageResult<Order>>('GET', `/srm/order/list?code=${o.code}`, { token: buyer });
    expect(list.body.result.records[0]).toMatchObject({ receiptStatus_dictText: '未收货' });
  });

  it('PO-8: a line without a quantity, or with none above 0, is refused by cell', async () => {
    const res = await s.request('POST', '/srm/order/add', { token: buyer, body: body([line({ qty: '0' })]) });
    expect(res.body).toMatchObject({ success: false, result: { errors: { 'lines[0].qty': '数量必须大于0' } } });
  });

  it('PR-3: a line naming a requisition line covers it; an edit gives the old cover back and takes the new one, within what is left', async () => {
    const lineId = await approvedRequisition('10');
    const add = await s.request<{ id: string }>('POST', '/srm/order/add', {
      token: buyer,
      body: body([line({ requisitionLineId: lineId, qty: '4' })]),
    });
    expect(add.body).toMatchObject({ success: true });
    expect((await reqLine(lineId)).qtyOrdered).toBe('4');
    const id = add.body.result.id;
    const edit = (qty: string) =>
      s.request('PUT', '/srm/order/edit', {
        token: buyer,
        body: { id, lines: [line({ requisitionLineId: lineId, qty })] },
      });
    expect((await edit('9')).body).toMatchObject({ success: true });
    expect((await reqLine(lineId)).qtyOrdered).toBe('9');
    const over = await edit('11');
    expect(over.body).toMatchObject({ success: false, result: { rule: 'PO-3' } });
    expect((await reqLine(lineId)).qtyOrdered).toBe('9');
    expect((await linesOf(id))[0]).toMatchObject({ qty: '9' });
  });
});

/** The contract module's tables, untyped here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the contract module's tables
const db = () => s.ctx.db as unknown as import('kysely').Kysely<any>;
/** An ACTIVE (or `status`) contract of the supplier with one 500 吨 line of the test material at 4800 (CON-4, CON-5). */
async function contract(status: string, contractType = 'STANDARD', validTo = day(30)) {
  const id = newId();
  await db()
    .insertInto('srmContract')
    .values({
      id,
      tenantId: 0,
      code: `CT-T-${id.slice(-6)}`,
      title: '钢板年度合同',
      contractType,
      supplierId,
      currency: 'CNY',
      validFrom: day(-10),
      validTo,
      status,
      createTime: serverNowIso(),
    })
    .execute();
  const lineId = newId();
  await db()
    .insertInto('srmContractLine')
    .values({
      id: lineId,
      tenantId: 0,
      contractId: id,
      lineNo: 1,
      materialId,
      materialName: '冷轧钢板',
      unit: 'TON',
      qty: '500',
      unitPrice: '4800',
      taxRate: '13',
    })
    .execute();
  return { id, lineId };
}
const release = (c: { id: string; lineId: string }, qty: string, extra: Record<string, unknown> = {}) =>
  s.request<{ id: string }>('POST', '/srm/order/add', {
    token: buyer,
    body: {
      orderType: 'CONTRACT_RELEASE',
      supplierId,
      contractId: c.id,
      currency: 'CNY',
      orderDate: day(0),
      shipTo: '上海市浦东新区张江路1号',
      lines: [
        {
          materialId,
          contractLineId: c.lineId,
          qty,
          unitPrice: '4800',
          taxRate: '13',
          needByDate: day(10),
          ...extra,
        },
      ],
    },
  });
const contractLine = async (id: string) =>
  (await db().selectFrom('srmContractLine').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as {
    qtyOrdered: string;
    amountOrdered: string;
  };

describe('contract release orders (CON-4, CON-5, PO-2)', () => {
  it('CON-5 (S6 step 5): 520 吨 against a 500 吨 line with tolerance 0 is refused; 200 吨 is ordered at the contract price', async () => {
    const c = await contract('ACTIVE');
    const over = await release(c, '520');
    expect(over.body).toMatchObject({ success: false, result: { rule: 'CON-5' } });
    expect((await contractLine(c.lineId)).qtyOrdered).toBe('0');
    const ok = await release(c, '200');
    expect(ok.body, ok.body.message).toMatchObject({ success: true });
    expect((await linesOf(ok.body.result.id))[0]).toMatchObject({ priceSource: 'CONTRACT', contractLineId: c.lineId });
    // 200 × 4800 = 960000.00, tax 124800.00.
    expect(await contractLine(c.lineId)).toMatchObject({ qtyOrdered: '200', amountOrdered: '1084800.00' });
    expect((await release(c, '301')).body).toMatchObject({ success: false, result: { rule: 'CON-5' } });
    expect((await release(c, '300')).body.success).toBe(true);
  });

  it('PO-2 (S6 step 6): a price other than the contract’s is refused without a reason; with one the manager must approve', async () => {
    const c = await contract('ACTIVE');
    const off = await release(c, '200', { unitPrice: '4900' });
    expect(off.body).toMatchObject({ success: false, result: { rule: 'PO-2' } });
    const reasoned = await release(c, '200', { unitPrice: '4900', priceDeviationReason: '加急' });
    expect(reasoned.body.success).toBe(true);
    expect((await act('submit', reasoned.body.result.id)).body.success).toBe(true);
    expect(await order(reasoned.body.result.id)).toMatchObject({ needsManagerApproval: 1 });
  });

  it('CON-4: only an ACTIVE contract, and only for order dates in its validity, takes orders', async () => {
    const draft = await contract('APPROVED');
    expect((await release(draft, '1')).body).toMatchObject({ success: false, result: { rule: 'CON-4' } });
    const expired = await contract('ACTIVE', 'STANDARD', day(-1));
    const res = await release(expired, '1');
    expect(res.body).toMatchObject({ success: false, result: { rule: 'CON-4' } });
    expect(res.body.message).toContain('有效期');
  });

  it('CON-5: a cancelled or deleted release gives its quantity back to the contract line', async () => {
    const c = await contract('ACTIVE');
    const a = (await release(c, '100')).body.result.id;
    const b = (await release(c, '50')).body.result.id;
    expect((await contractLine(c.lineId)).qtyOrdered).toBe('150');
    expect((await s.request('DELETE', `/srm/order/delete?id=${b}`, { token: buyer })).body.success).toBe(true);
    expect((await contractLine(c.lineId)).qtyOrdered).toBe('100');
    expect((await act('submit', a)).body.success).toBe(true);
    // PO-4: 542 400.00 is above 100 000: the manager's step, then the director's.
    expect((await taskOf(a))!.stepName).toBe('采购经理审批');
    expect((await act('approve', a, admin)).body.success).toBe(true);
    expect((await order(a)).status).toBe('PENDING_APPROVAL');
    expect((await taskOf(a))!.stepName).toBe('采购总监审批');
    expect((await act('approve', a, admin)).body.success).toBe(true);
    expect((await order(a)).status).toBe('APPROVED');
    expect((await act('cancel', a, buyer, { reason: '合同变更' })).body.success).toBe(true);
    expect(await contractLine(c.lineId)).toMatchObject({ qtyOrdered: '0', amountOrdered: '0.00' });
  });
});

describe('the way to a confirmed order (PO-4, PO-5, X-5, X-10)', () => {
  it('X-10/PO-4: the submitter cannot approve; another user does; the supplier sees the order only from SENT (PO-5, X-5)', async () => {
    // The admin is the only holder of the approving role: its own order finds no other approver.
    const own = await draftOrder('1');
    const refused = await act('submit', own, admin);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toContain('提交人不能审批本人的单据');
    expect((await order(own)).status).toBe('DRAFT');
    const id = await orderAt(['submit']);
    expect((await s.request('GET', `/srm/order/queryById?id=${id}`, { token: supplier1 })).status).toBe(404);
    // Approve and reject are no longer the order's own actions: only the engine's outcome moves it.
    expect((await post('/srm/order/approve', { id }, admin)).status).toBe(404);
    expect((await decide('approve', id, buyer)).body.success).toBe(false);
    expect((await order(id)).status).toBe('PENDING_APPROVAL');
    expect((await act('approve', id, admin)).body.success).toBe(true);
    expect((await order(id)).status).toBe('APPROVED');
    expect((await s.request('GET', `/srm/order/lines?id=${id}`, { token: supplier1 })).status).toBe(404);
    expect((await act('send', id)).body).toMatchObject({ success: true, message: '订单已发送给供应商' });
    expect((await order(id, supplier1)).status).toBe('SENT');
    expect(await linesOf(id, supplier1)).toHaveLength(1);
    expect((await s.request('GET', `/srm/order/queryById?id=${id}`, { token: supplier2 })).status).toBe(404);
    expect((await s.request('GET', `/srm/order/lines?id=${id}`, { token: supplier2 })).status).toBe(404);
    const notices = await s.ctx.db.selectFrom('sysAnnouncement').select('titile').where('busId', '=', id).execute();
    expect(notices.map((n) => n.titile)).toContain(`新的采购订单：${(await order(id)).code}`);
  });

  it('PO-5: a promised date later than needed takes a reason; confirmed with the dates', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    const [line] = await linesOf(id);
    const late = { lineId: line!.id, promisedDate: day(15) };
    const refused = await act('confirm', id, supplier1, { promises: [late] });
    expect(refused.body).toMatchObject({ success: false, result: { rule: 'PO-5' } });
    expect((await order(id)).status).toBe('SENT');
    const early = await act('confirm', id, supplier1, { promises: [{ lineId: line!.id, promisedDate: day(-1) }] });
    expect(early.body).toMatchObject({ success: false, result: { rule: 'PO-5' } });
    const ok = await act('confirm', id, supplier1, { promises: [{ ...late, reason: '原材料到货晚' }] });
    expect(ok.body).toMatchObject({ success: true, message: '订单已确认' });
    expect(await order(id)).toMatchObject({ status: 'CONFIRMED' });
    expect((await linesOf(id))[0]).toMatchObject({ promisedDate: day(15), promiseReason: '原材料到货晚' });
  });

  it('PO-5: lines without a promised date take the needed date', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    expect((await act('confirm', id, supplier1)).body.success).toBe(true);
    expect((await linesOf(id))[0]).toMatchObject({ promisedDate: day(10), promiseReason: null });
  });

  it('PO-5: the supplier refuses with a reason; revise brings it back to a draft of the next revision', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    expect((await act('refuse', id, supplier1, { reason: '  ' })).body).toMatchObject({ success: false });
    expect((await act('refuse', id, supplier1, { reason: '交期太早' })).body.success).toBe(true);
    expect(await order(id)).toMatchObject({ status: 'SUPPLIER_REJECTED', supplierRejectReason: '交期太早' });
    expect((await act('confirm', id, supplier2)).body).toMatchObject({ success: false, message: '采购订单不存在' });
    expect((await act('revise', id)).body.success).toBe(true);
    expect(await order(id)).toMatchObject({ status: 'DRAFT', revisionNo: 1 });
    // Resubmitted by the buyer and approved by another.
    for (const [a, t] of [
      ['submit', buyer],
      ['approve', admin],
      ['send', buyer],
      ['confirm', supplier1],
    ] as const)
      expect((await act(a, id, t)).body, a).toMatchObject({ success: true });
    expect((await order(id)).status).toBe('CONFIRMED');
  });

  it('§21: without supplier confirmation, sending confirms the order (send and autoConfirm logged)', async () => {
    await s.ctx.db
      .insertInto('srmPurchaseSetting')
      .values({
        id: newId(),
        tenantId: 0,
        settingKey: 'po.requiresSupplierConfirmation',
        valueType: 'bool',
        settingValue: 'false',
        updatedBy: 'admin',
        updatedAt: serverNowIso(),
      })
      .execute();
    try {
      const id = await orderAt(['submit', 'approve']);
      expect((await order(id)).requiresSupplierConfirmation).toBe(0);
      expect((await act('send', id)).body.success).toBe(true);
      expect((await order(id)).status).toBe('CONFIRMED');
      const logs = await s.request<{ action: string; toStatus: string }[]>('GET', `/srm/order/logs?id=${id}`, {
        token: buyer,
      });
      expect(logs.body.result.map((l) => `${l.action}:${l.toStatus}`)).toEqual([
        'submit:PENDING_APPROVAL',
        'approved:APPROVED',
        'send:SENT',
        'autoConfirm:CONFIRMED',
      ]);
    } finally {
      await s.ctx.db
        .deleteFrom('srmPurchaseSetting')
        .where('settingKey', '=', 'po.requiresSupplierConfirmation')
        .execute();
    }
  });
});

describe('price discipline (PO-2)', () => {
  const priceRecord = async (unitPrice: string) => {
    await s.ctx.db.deleteFrom('srmPriceRecord').where('supplierId', '=', supplierId).execute();
    await s.ctx.db
      .insertInto('srmPriceRecord')
      .values({
        id: newId(),
        tenantId: 0,
        supplierId,
        materialId,
        orgCode: '',
        currency: 'CNY',
        unitPrice,
        taxRate: '13',
        ladder: null,
        validFrom: day(-30),
        validTo: day(30),
        sourceType: 'MANUAL',
        sourceId: null,
        status: 'ACTIVE',
        remark: null,
        createBy: 'test',
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  };
  afterAll(() => s.ctx.db.deleteFrom('srmPriceRecord').where('supplierId', '=', supplierId).execute());

  it('PO-2: a price off the price record without a reason is refused; with a reason it needs the manager', async () => {
    await priceRecord('11');
    const off = await draftOrder('2');
    const res = await act('submit', off);
    expect(res.body).toMatchObject({ success: false, result: { rule: 'PO-2' } });
    expect(res.body.message).toContain('11');
    expect((await order(off)).status).toBe('DRAFT');
    const reasoned = await draftOrder('2', { priceDeviationReason: '紧急采购加价' });
    expect((await act('submit', reasoned)).body.success).toBe(true);
    expect(await order(reasoned)).toMatchObject({ status: 'PENDING_APPROVAL', needsManagerApproval: 1 });
    expect((await linesOf(reasoned))[0]).toMatchObject({ priceSource: 'MANUAL' });
  });

  it('PO-2: the price record’s price is taken as it is, the line says where it came from', async () => {
    await priceRecord('12.345');
    const id = await draftOrder('2');
    expect((await act('submit', id)).body.success).toBe(true);
    expect(await order(id)).toMatchObject({ needsManagerApproval: 0 });
    expect((await linesOf(id))[0]).toMatchObject({ priceSource: 'PRICE_RECORD' });
  });
});

describe('eligibility (PO-1, QLF-4, X-15)', () => {
  afterAll(async () => {
    await s.ctx.db.updateTable('supplier').set({ status: 'QUALIFIED' }).where('id', '=', supplierId).execute();
    await s.ctx.db.deleteFrom('supplierGrade').where('supplierId', '=', supplierId).execute();
    await setCategory('QUALIFIED');
  });

  it('PO-1: a frozen supplier receives no order, at submission nor at approval', async () => {
    const id = await draftOrder('1');
    await s.ctx.db.updateTable('supplier').set({ status: 'FROZEN' }).where('id', '=', supplierId).execute();
    const res = await act('submit', id);
    expect(res.body).toMatchObject({ success: false, result: { rule: 'PO-1' } });
    expect(res.body.message).toContain('不能接收订单');
    await s.ctx.db.updateTable('supplier').set({ status: 'QUALIFIED' }).where('id', '=', supplierId).execute();
    expect((await act('submit', id)).body.success).toBe(true);
    await s.ctx.db.updateTable('supplier').set({ status: 'BLACKLISTED' }).where('id', '=', supplierId).execute();
    expect((await act('approve', id, admin)).body).toMatchObject({ success: false, result: { rule: 'PO-1' } });
    expect((await order(id)).status).toBe('PENDING_APPROVAL');
    await s.ctx.db.updateTable('supplier').set({ status: 'QUALIFIED' }).where('id', '=', supplierId).execute();
  });

  it('PO-1: not admitted in the line’s category, or a grade that blocks orders, is refused', async () => {
    const id = await draftOrder('1');
    await setCategory('SUSPENDED');
    const res = await act('submit', id);
    expect(res.body).toMatchObject({ success: false, result: { rule: 'PO-1' } });
    expect(res.body.message).toContain('准入资格');
    await setCategory('QUALIFIED');
    await s.ctx.db.deleteFrom('supplierGrade').where('supplierId', '=', supplierId).execute();
    await s.ctx.db
      .insertInto('supplierGrade')
      .values({
        supplierId,
        tenantId: 0,
        grade: 'D',
        gradeValidTo: day(60),
        flags: 'BLOCK_RFQ,BLOCK_PO',
        projectId: newId(),
        updateTime: serverNowIso(),
      })
      .execute();
    const blocked = await act('submit', id);
    expect(blocked.body).toMatchObject({ success: false, result: { rule: 'PO-1' } });
    expect(blocked.body.message).toContain('绩效等级为D');
    await s.ctx.db.deleteFrom('supplierGrade').where('supplierId', '=', supplierId).execute();
    expect((await act('submit', id)).body.success).toBe(true);
  });

  it('QLF-4/PO-1: in a TRIAL category the open order value stays within the cap, this order included', async () => {
    // Open orders of the supplier elsewhere in these tests count too: the cap is set above them.
    const open = await s.ctx.db
      .selectFrom('srmPurchaseOrder')
      .select('amountInclTax')
      .where('supplierId', '=', supplierId)
      .where('status', 'in', ['PENDING_APPROVAL', 'APPROVED', 'SENT', 'CONFIRMED', 'ON_HOLD'])
      .execute();
    const openValue = open.reduce((sum, o) => sum + Number(o.amountInclTax), 0);
    // One unit: 12.345 → 12.35 + 1.61 tax = 13.96.
    await setCategory('TRIAL', (openValue + 20).toFixed(2));
    const first = await draftOrder('1');
    expect((await act('submit', first)).body.success).toBe(true);
    const second = await draftOrder('1');
    const res = await act('submit', second);
    expect(res.body).toMatchObject({ success: false, result: { rule: 'QLF-4' } });
    expect(res.body.message).toContain('试用限额');
    // Cancelled orders no longer count.
    expect((await act('approve', first, admin)).body.success).toBe(true);
    expect((await act('cancel', first, buyer, { reason: '试用额度调整' })).body.success).toBe(true);
    expect((await act('submit', second)).body.success).toBe(true);
  });
});

describe('cancel, hold and release (PO-7)', () => {
  it('PO-7: nothing shipped: cancelled with a reason, the requisition gets its quantity back, the supplier is told', async () => {
    const lineId = await approvedRequisition('10');
    const id = (await convert(lineId, '4')).body.result.id;
    for (const [a, t] of [
      ['submit', buyer],
      ['approve', admin],
      ['send', buyer],
    ] as const)
      expect((await act(a, id, t)).body.success).toBe(true);
    expect((await reqLine(lineId)).qtyOrdered).toBe('4');
    expect((await act('cancel', id, buyer, { reason: '需求取消' })).body).toMatchObject({ success: true });
    expect(await order(id)).toMatchObject({ status: 'CANCELLED', cancelReason: '需求取消' });
    expect((await reqLine(lineId)).qtyOrdered).toBe('0');
    expect((await linesOf(id))[0]).toMatchObject({ lineStatus: 'CANCELLED' });
  });

  it('PO-7: with quantity in transit the order is not cancelled; short-closing is offered', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    await s.ctx.db.updateTable('srmPurchaseOrderLine').set({ qtyInTransit: '1' }).where('orderId', '=', id).execute();
    const res = await act('cancel', id, buyer, { reason: '不要了' });
    expect(res.body).toMatchObject({ success: false, result: { rule: 'PO-7', offer: 'shortClose' } });
    expect(res.body.message).toContain('短关');
    expect((await order(id)).status).toBe('SENT');
  });

  it('hold and release bring the order back to the state it was held in', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    expect((await act('hold', id, buyer, { reason: '付款争议' })).body.success).toBe(true);
    expect((await order(id)).status).toBe('ON_HOLD');
    // A held order is neither confirmed nor cancelled.
    expect((await act('confirm', id, supplier1)).body.success).toBe(false);
    expect((await act('cancel', id, buyer, { reason: 'x' })).body.success).toBe(false);
    expect((await post('/srm/order/release', { id }, supplier1)).status).toBe(403);
    expect((await post('/srm/order/release', { id })).body).toMatchObject({ success: true, message: '订单已解除暂挂' });
    expect(await order(id)).toMatchObject({ status: 'SENT', holdFromStatus: null });
    expect((await post('/srm/order/release', { id })).body.success).toBe(false);
    const logs = await s.request<{ action: string; toStatus: string }[]>('GET', `/srm/order/logs?id=${id}`, {
      token: buyer,
    });
    expect(logs.body.result.slice(-2).map((l) => `${l.action}:${l.toStatus}`)).toEqual([
      'hold:ON_HOLD',
      'release:SENT',
    ]);
  });
});

/** The buyer's notices about one order. */
const noticesOf = async (username: string, busId: string) => {
  const user = await s.ctx.db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return s.ctx.db
    .selectFrom('sysAnnouncementSend as r')
    .innerJoin('sysAnnouncement as a', 'a.id', 'r.anntId')
    .select(['a.titile', 'a.openPage'])
    .where('r.userId', '=', user.id)
    .where('a.busId', '=', busId)
    .execute();
};

/** The system's move of the order (§17: the first delivery note puts it IN_DELIVERY). */
const systemMove = (id: string, action: 'deliver' | 'receive') =>
  runTransition(s.ctx.db, purchaseOrderWorkflow, { table: 'srmPurchaseOrder', id, action, actor: null });

/** Ledger quantities as the delivery and receipt documents would post them (§24). */
const ship = (id: string, values: { qtyReceived?: string; qtyInTransit?: string }) =>
  s.ctx.db.updateTable('srmPurchaseOrderLine').set(values).where('orderId', '=', id).execute();

type Revision = { revisionNo: number; status: string; amountInclTax: string; changeReason: string | null };

describe('approval through the engine (PO-4, X-10, §21 thresholds)', () => {
  it('PO-4: submit opens an approval of the order by amountInclTax; the approver reads the order and its lines in 审批中心', async () => {
    const id = await orderAt(['submit']);
    const o = await order(id);
    const instance = await s.ctx.db
      .selectFrom('approvalInstance')
      .selectAll()
      .where('docId', '=', id)
      .executeTakeFirstOrThrow();
    expect(instance).toMatchObject({ docType: 'PURCHASE_ORDER', amount: o.amountInclTax, status: 'RUNNING' });
    expect(instance.title).toBe(`采购订单：${o.code}`);
    // Below 100 000: the manager's step alone.
    expect(JSON.parse(instance.steps).map((x: { name: string }) => x.name)).toEqual(['采购经理审批']);
    const todo = (
      await s.request<PageResult<{ id: string; docId: string }>>('GET', '/approval/todo/list?pageSize=200', {
        token: admin,
      })
    ).body.result.records.find((r) => r.docId === id)!;
    const seen = await s.request<{
      document: { fields: { label: string; value: string | null }[]; tables: { title: string; rows: unknown[] }[] };
    }>('GET', `/approval/instance/queryById?id=${todo.id}`, { token: admin });
    expect(seen.body.result.document.tables.map((t) => [t.title, t.rows.length])).toEqual([['订单明细', 1]]);
    expect(seen.body.result.document.fields).toContainEqual({ label: '含税金额', value: o.amountInclTax });
    expect(seen.body.result.document.fields).toContainEqual({ label: '订单号', value: o.code });
    expect((await act('approve', id, admin)).body).toMatchObject({ success: true });
    expect(await order(id)).toMatchObject({ status: 'APPROVED' });
    expect((await noticesOf('buyer', id)).map((n) => n.titile)).toContain(`订单已审批通过：${o.code}`);
    // The log names the decider for the system's move.
    const logs = await s.ctx.db
      .selectFrom('sysDocLog')
      .selectAll()
      .where('docId', '=', id)
      .orderBy('createdTime')
      .execute();
    expect(logs.map((l) => `${l.action}:${l.toStatus}:${l.operatorName}`)).toEqual([
      'submit:PENDING_APPROVAL:采购员王敏',
      'approved:APPROVED:系统管理员',
    ]);
  });

  it('PO-4: the approver rejects with a comment: back to a draft, the buyer is told, and it can be submitted again', async () => {
    const id = await orderAt(['submit']);
    expect((await decide('reject', id, admin, '单价偏高')).body).toMatchObject({ success: true });
    const o = await order(id);
    expect(o.status).toBe('DRAFT');
    expect((await noticesOf('buyer', id)).map((n) => n.titile)).toContain(`订单审批被驳回：${o.code}`);
    const log = await s.ctx.db
      .selectFrom('sysDocLog')
      .selectAll()
      .where('docId', '=', id)
      .where('action', '=', 'rejected')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ toStatus: 'DRAFT', reason: '单价偏高' });
    expect((await act('submit', id)).body.success).toBe(true);
    expect((await order(id)).status).toBe('PENDING_APPROVAL');
  });

  it('PO-4 (§21): without an enabled order approval flow an order is refused at submission, never approved unseen', async () => {
    const flow = () =>
      s.ctx.db.updateTable('approvalDefinition').where('docType', '=', 'PURCHASE_ORDER').where('tenantId', '=', 0);
    try {
      for (const without of [
        () => s.ctx.db.deleteFrom('approvalDefinition').where('docType', '=', 'PURCHASE_ORDER').execute(),
        async () => {
          await orderApprovalSteps(s);
          await flow().set({ enabled: 0 }).execute();
        },
      ]) {
        await without();
        const id = await draftOrder('1');
        const res = await act('submit', id);
        expect(res.body).toMatchObject({ success: false, result: { rule: 'PO-4' } });
        expect(res.body.message).toContain('审批配置');
        expect(await order(id)).toMatchObject({ status: 'DRAFT' });
        // Nothing of the refused submission stays: no approval instance was kept.
        const instances = await s.ctx.db.selectFrom('approvalInstance').select('id').where('docId', '=', id).execute();
        expect(instances).toEqual([]);
      }
    } finally {
      await orderApprovalSteps(s);
    }
  });

  it('PO-4: a flow whose thresholds an order stays below approves it at once; PO-2 deviations still need a person', async () => {
    await flow100k();
    try {
      const id = await orderAt(['submit']);
      expect((await order(id)).status).toBe('APPROVED');
      await s.ctx.db
        .insertInto('srmPriceRecord')
        .values(await priceRecordRow('10'))
        .execute();
      const off = await draftOrder('1', { priceDeviationReason: '加急' });
      const res = await act('submit', off);
      expect(res.body).toMatchObject({ success: false, result: { rule: 'PO-2' } });
      expect(res.body.message).toContain('须经理审批');
      expect((await order(off)).status).toBe('DRAFT');
    } finally {
      await s.ctx.db.deleteFrom('srmPriceRecord').where('supplierId', '=', supplierId).execute();
      await orderApprovalSteps(s);
    }
  });
});

/** The tenant's order flow with only the director's step above 100 000 (orders below go through at once). */
async function flow100k() {
  await orderApprovalSteps(s);
  await s.ctx.db
    .updateTable('approvalDefinition')
    .set({
      steps: JSON.stringify([
        { name: '采购总监审批', approverType: 'ROLE', approverId: 'admin', minAmount: '100000.01' },
      ]),
    })
    .where('docType', '=', 'PURCHASE_ORDER')
    .where('tenantId', '=', 0)
    .execute();
}

/** A price record of the supplier for the test material, in force today (PO-2). */
async function priceRecordRow(unitPrice: string) {
  return {
    id: newId(),
    tenantId: 0,
    supplierId,
    materialId,
    orgCode: '',
    currency: 'CNY',
    unitPrice,
    taxRate: '13',
    ladder: null,
    validFrom: day(-30),
    validTo: day(30),
    sourceType: 'MANUAL',
    sourceId: null,
    status: 'ACTIVE',
    remark: null,
    createBy: 'test',
    createTime: serverNowIso(),
    updateBy: null,
    updateTime: null,
  };
}

describe('change orders (PO-6)', () => {
  const change = (id: string, lines: Record<string, unknown>[], reason = '需求变化') =>
    act('change', id, buyer, { reason, lines });
  const revisions = async (id: string, token = buyer) =>
    (await s.request<Revision[]>('GET', `/srm/order/revisions?id=${id}`, { token })).body.result;
  const revision = (id: string, no: number, token = buyer) =>
    s.request<Revision & { header: Record<string, unknown>; lines: Line[] }>(
      'GET',
      `/srm/order/revision?id=${id}&revisionNo=${no}`,
      { token },
    );

  it('PO-6/PO-4: a confirmed order changed to a higher amount: revisionNo raised, the previous revision readable, approved again, then back to the supplier, who re-confirms', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    expect((await act('confirm', id, supplier1)).body.success).toBe(true);
    const before = await order(id);
    const [line] = await linesOf(id);
    const res = await change(id, [{ lineId: line!.id, qty: '5', unitPrice: '12', needByDate: day(12) }]);
    expect(res.body).toMatchObject({ success: true, message: '订单已变更' });
    // §16 CHANGE_PENDING: 37.04 + tax raised to 67.80, so the order's approval runs again (PO-4) by the new amount.
    expect(await order(id)).toMatchObject({ status: 'CHANGE_PENDING', revisionNo: 1, supplierConfirmedAt: null });
    const instances = await s.ctx.db
      .selectFrom('approvalInstance')
      .select(['status', 'amount', 'title'])
      .where('docId', '=', id)
      .orderBy('submittedAt')
      .execute();
    expect(instances.map((i) => `${i.status}:${i.amount}`)).toEqual([
      `APPROVED:${before.amountInclTax}`,
      'RUNNING:67.80',
    ]);
    expect(instances[1]!.title).toContain('含税金额由');
    // The supplier is asked only once the change is approved.
    expect((await noticesOf('supplier1', id)).map((n) => n.titile)).not.toContain(`采购订单变更待确认：${before.code}`);
    expect((await act('confirm', id, supplier1)).body.success).toBe(false);
    expect((await decide('approve', id, admin)).body.success).toBe(true);
    const after = await order(id);
    expect(after).toMatchObject({ status: 'SENT', revisionNo: 1, supplierConfirmedAt: null });
    // PO-8: 5 × 12 = 60.00 + 7.80 tax.
    expect(after).toMatchObject({ amountExclTax: '60.00', taxAmount: '7.80', amountInclTax: '67.80' });
    expect((await linesOf(id))[0]).toMatchObject({ qty: '5', unitPrice: '12', amount: '60.00', needByDate: day(12) });
    // The previous revision, as it was, for the buyer and for the supplier.
    for (const token of [buyer, supplier1]) {
      expect(await revisions(id, token)).toEqual([
        expect.objectContaining({
          revisionNo: 0,
          status: 'CONFIRMED',
          amountInclTax: before.amountInclTax,
          changeReason: '需求变化',
        }),
      ]);
      const old = (await revision(id, 0, token)).body.result;
      expect(old.header).toMatchObject({ code: before.code, revisionNo: 0, amountInclTax: before.amountInclTax });
      expect(old.lines[0]).toMatchObject({ qty: '3', unitPrice: '12.345' });
    }
    expect((await revision(id, 1)).status).toBe(404);
    expect((await s.request('GET', `/srm/order/revisions?id=${id}`, { token: supplier2 })).status).toBe(404);
    // The supplier is told and confirms the new revision.
    expect((await noticesOf('supplier1', id)).map((n) => n.titile)).toContain(`采购订单变更待确认：${before.code}`);
    expect((await act('confirm', id, supplier1)).body.success).toBe(true);
    expect((await order(id)).status).toBe('CONFIRMED');
    const logs = await s.request<{ action: string; toStatus: string; reason: string | null }[]>(
      'GET',
      `/srm/order/logs?id=${id}`,
      { token: buyer },
    );
    expect(logs.body.result.slice(-3).map((l) => `${l.action}:${l.toStatus}`)).toEqual([
      'change:CHANGE_PENDING',
      'changeSent:SENT',
      'confirm:CONFIRMED',
    ]);
  });

  it('PO-6: never below received + in transit; no price change on received quantity; a change changes something', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    expect((await act('confirm', id, supplier1)).body.success).toBe(true);
    await systemMove(id, 'deliver');
    await ship(id, { qtyReceived: '1', qtyInTransit: '1' });
    const below = await change(id, [{ lineNo: 1, qty: '1.5' }]);
    expect(below.body).toMatchObject({ success: false, result: { rule: 'PO-6' } });
    expect(below.body.message).toBe('第1行的数量 1.5 不能小于已收货与在途数量之和 2（已收 1，在途 1）');
    const price = await change(id, [{ lineNo: 1, unitPrice: '11' }]);
    expect(price.body).toMatchObject({ success: false, result: { rule: 'PO-6' } });
    expect(price.body.message).toBe('第1行已收货 1，不能变更单价或税率');
    const tax = await change(id, [{ lineNo: 1, taxRate: '9' }]);
    expect(tax.body).toMatchObject({ success: false, result: { rule: 'PO-6' } });
    const same = await change(id, [{ lineNo: 1, qty: '3' }]);
    expect(same.body).toMatchObject({
      success: false,
      message: '订单内容没有变化，无需变更',
      result: { rule: 'PO-6' },
    });
    const missing = await change(id, [{ lineNo: 9, qty: '3' }]);
    expect(missing.body).toMatchObject({ success: false, result: { rule: 'PO-6' } });
    expect((await act('change', id, buyer, { lines: [{ lineNo: 1, qty: '2' }] })).body).toMatchObject({
      success: false,
      message: '请填写变更原因',
    });
    expect(await order(id)).toMatchObject({ status: 'IN_DELIVERY', revisionNo: 0 });
    expect(await revisions(id)).toEqual([]);
    // Down to exactly what was shipped is allowed, and needs no approval (a lower amount): straight to the
    // supplier's re-confirmation; delivery goes on once the supplier re-confirms.
    expect((await change(id, [{ lineNo: 1, qty: '2' }])).body.success).toBe(true);
    expect(await order(id)).toMatchObject({ status: 'SENT', revisionNo: 1 });
    expect(await taskOf(id)).toBeUndefined();
    expect((await act('confirm', id, supplier1)).body.success).toBe(true);
    expect((await order(id)).status).toBe('IN_DELIVERY');
  });

  it('PO-6: only sent, confirmed, delivering or refused orders are changed; a refused order with shipments is changed, not revised', async () => {
    const approved = await orderAt(['submit', 'approve']);
    expect((await change(approved, [{ lineNo: 1, qty: '4' }])).body).toMatchObject({
      success: false,
      message: '只有待供应商确认、已确认、交货中或供应商已拒绝的订单可以变更，当前状态：已审批',
    });
    const id = await orderAt(['submit', 'approve', 'send']);
    expect((await act('confirm', id, supplier1)).body.success).toBe(true);
    await systemMove(id, 'deliver');
    await ship(id, { qtyReceived: '1' });
    expect((await change(id, [{ lineNo: 1, qty: '4' }])).body.success).toBe(true);
    expect((await decide('approve', id, admin)).body.success).toBe(true);
    expect((await act('refuse', id, supplier1, { reason: '产能不足' })).body.success).toBe(true);
    const revise = await act('revise', id);
    expect(revise.body).toMatchObject({ success: false, result: { rule: 'PO-6' } });
    expect(revise.body.message).toContain('不能退回草稿');
    expect((await change(id, [{ lineNo: 1, qty: '3', needByDate: day(20) }])).body.success).toBe(true);
    expect(await order(id)).toMatchObject({ status: 'SENT', revisionNo: 2 });
    expect((await revisions(id)).map((r) => `${r.revisionNo}:${r.status}`)).toEqual([
      '1:SUPPLIER_REJECTED',
      '0:IN_DELIVERY',
    ]);
  });

  it('PO-6/PO-5: revising a refused order keeps the refused revision readable', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    expect((await act('refuse', id, supplier1, { reason: '交期太早' })).body.success).toBe(true);
    expect((await act('revise', id)).body.success).toBe(true);
    expect(await revisions(id)).toEqual([
      expect.objectContaining({ revisionNo: 0, status: 'SUPPLIER_REJECTED', changeReason: '交期太早' }),
    ]);
  });

  it('PO-6/PR-3: the requisition line follows a changed quantity, within what is left of it', async () => {
    const lineId = await approvedRequisition('10');
    const id = (await convert(lineId, '3')).body.result.id;
    for (const a of ['submit', 'approve', 'send'])
      expect((await act(a, id, a === 'approve' ? admin : buyer)).body.success).toBe(true);
    expect((await change(id, [{ lineNo: 1, qty: '7' }])).body.success).toBe(true);
    // Taken at the change, while it waits for its approval (PO-4).
    expect((await reqLine(lineId)).qtyOrdered).toBe('7');
    expect((await decide('approve', id, admin)).body.success).toBe(true);
    const over = await change(id, [{ lineNo: 1, qty: '11' }]);
    expect(over.body).toMatchObject({ success: false, result: { rule: 'PO-3' } });
    expect((await reqLine(lineId)).qtyOrdered).toBe('7');
    expect((await order(id)).revisionNo).toBe(1);
  });
});

describe('short-closing (PO-7)', () => {
  it('PO-7: with something received the order is not cancelled; the open remainder is closed with a reason and handed back', async () => {
    const lineId = await approvedRequisition('10');
    const id = (await convert(lineId, '3')).body.result.id;
    for (const a of ['submit', 'approve', 'send', 'confirm'])
      expect((await act(a, id, a === 'approve' ? admin : a === 'confirm' ? supplier1 : buyer)).body.success).toBe(true);
    await systemMove(id, 'deliver');
    await ship(id, { qtyReceived: '1' });
    const cancel = await act('cancel', id, buyer, { reason: '不要了' });
    expect(cancel.body).toMatchObject({ success: false });
    expect((await act('shortClose', id, buyer, { reason: ' ' })).body).toMatchObject({
      success: false,
      message: '请填写关闭原因',
    });
    const res = await act('shortClose', id, buyer, { reason: '剩余不再需要' });
    expect(res.body).toMatchObject({ success: true, message: '订单剩余数量已关闭' });
    // Nothing left on the way: the order is received; the line keeps what was received.
    expect(await order(id)).toMatchObject({ status: 'RECEIVED', amountExclTax: '12.35', amountInclTax: '13.96' });
    expect((await linesOf(id))[0]).toMatchObject({ qty: '1', qtyShortClosed: '2', lineStatus: 'CLOSED' });
    expect((await reqLine(lineId)).qtyOrdered).toBe('1');
    const logs = await s.request<{ action: string; toStatus: string; reason: string | null }[]>(
      'GET',
      `/srm/order/logs?id=${id}`,
      { token: buyer },
    );
    expect(logs.body.result.slice(-2).map((l) => `${l.action}:${l.toStatus}:${l.reason ?? ''}`)).toEqual([
      'shortClose:IN_DELIVERY:剩余不再需要',
      'receive:RECEIVED:',
    ]);
  });

  it('PO-7: with quantity in transit the order stays in delivery; nothing shipped or nothing left is refused', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    expect((await act('confirm', id, supplier1)).body.success).toBe(true);
    // Only a confirmed, delivering or received order is short-closed; with nothing shipped it is cancelled.
    const sent = await orderAt(['submit', 'approve', 'send']);
    expect((await act('shortClose', sent, buyer, { reason: '关闭' })).body).toMatchObject({
      success: false,
      message: '只有已确认、交货中或已收货的订单可以关闭剩余数量，当前状态：待供应商确认',
    });
    const confirmed = await act('shortClose', id, buyer, { reason: '关闭' });
    expect(confirmed.body).toMatchObject({ success: false, result: { rule: 'PO-7' } });
    expect(confirmed.body.message).toContain('请直接取消订单');
    await systemMove(id, 'deliver');
    const nothing = await act('shortClose', id, buyer, { reason: '关闭' });
    expect(nothing.body).toMatchObject({ success: false, result: { rule: 'PO-7' } });
    expect(nothing.body.message).toContain('请直接取消订单');
    await ship(id, { qtyInTransit: '2' });
    expect((await act('shortClose', id, buyer, { reason: '关闭' })).body.success).toBe(true);
    expect((await order(id)).status).toBe('IN_DELIVERY');
    expect((await linesOf(id))[0]).toMatchObject({ qty: '2', qtyShortClosed: '1', lineStatus: 'CLOSED' });
    const again = await act('shortClose', id, buyer, { reason: '关闭' });
    expect(again.body).toMatchObject({ success: false, message: '订单没有未交的剩余数量', result: { rule: 'PO-7' } });
    // A closed line is not changed either (PO-6).
    expect((await act('change', id, buyer, { reason: 'x', lines: [{ lineNo: 1, qty: '3' }] })).body).toMatchObject({
      success: false,
      result: { rule: 'PO-6' },
    });
  });
});

describe('change orders through CHANGE_PENDING (§16, PO-4, PO-6, PO-1, PO-2, PO-3)', () => {
  const change = (id: string, body: Record<string, unknown>, reason = '需求变化') =>
    act('change', id, buyer, { reason, ...body });
  const logsOf = async (id: string) =>
    (await s.request<{ action: string; toStatus: string }[]>('GET', `/srm/order/logs?id=${id}`, { token: buyer })).body
      .result;
  const confirmedOrder = async (qty = '3') => {
    const id = await orderAt(['submit', 'approve', 'send'], qty);
    expect((await act('confirm', id, supplier1)).body.success).toBe(true);
    return id;
  };
  /** A confirmed order with two lines by hand (2 × 10 and 4 × 10, 13 %). */
  async function twoLineOrder(): Promise<string> {
    const line = (qty: string) => ({ materialId, qty, unitPrice: '10', taxRate: '13', needByDate: day(10) });
    const res = await s.request<{ id: string }>('POST', '/srm/order/add', {
      token: buyer,
      body: {
        orderType: 'STANDARD',
        supplierId,
        currency: 'CNY',
        orderDate: day(0),
        shipTo: '上海市浦东新区张江路1号',
        lines: [line('2'), line('4')],
      },
    });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    const id = res.body.result.id;
    for (const a of ['submit', 'approve', 'send', 'confirm'])
      expect((await act(a, id, a === 'approve' ? admin : a === 'confirm' ? supplier1 : buyer)).body.success).toBe(true);
    return id;
  }

  it('PO-6/PO-4: lower quantities and later dates need no approval: straight to the supplier’s re-confirmation', async () => {
    const id = await confirmedOrder('3');
    const res = await change(id, { lines: [{ lineNo: 1, qty: '2', needByDate: day(15) }] });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    expect(await order(id)).toMatchObject({ status: 'SENT', revisionNo: 1 });
    expect(await taskOf(id)).toBeUndefined();
    expect((await logsOf(id)).slice(-2).map((l) => `${l.action}:${l.toStatus}`)).toEqual([
      'change:CHANGE_PENDING',
      'changeSent:SENT',
    ]);
    expect((await noticesOf('supplier1', id)).map((n) => n.titile)).toContain(
      `采购订单变更待确认：${(await order(id)).code}`,
    );
  });

  it('PO-4: a rejected change restores the previous revision: lines, amounts, the ledgers and the state; both revisions stay readable', async () => {
    const lineId = await approvedRequisition('10');
    const id = (await convert(lineId, '3')).body.result.id;
    for (const a of ['submit', 'approve', 'send', 'confirm'])
      expect((await act(a, id, a === 'approve' ? admin : a === 'confirm' ? supplier1 : buyer)).body.success).toBe(true);
    const before = await order(id);
    const [was] = await linesOf(id);
    const res = await change(id, {
      lines: [{ lineNo: 1, qty: '6' }],
      addLines: [{ materialId, qty: '2', unitPrice: '10', taxRate: '13', needByDate: day(12) }],
    });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    expect(await order(id)).toMatchObject({ status: 'CHANGE_PENDING', revisionNo: 1 });
    expect((await linesOf(id)).map((l) => `${l.lineNo}:${l.qty}`)).toEqual(['1:6', '2:2']);
    expect((await reqLine(lineId)).qtyOrdered).toBe('6');
    expect((await decide('reject', id, admin, '数量过多')).body.success).toBe(true);
    const after = await order(id);
    // Back to the confirmed revision 0's content as revision 2; the rejected content is revision 1.
    expect(after).toMatchObject({
      status: 'CONFIRMED',
      revisionNo: 2,
      amountInclTax: before.amountInclTax,
      amountExclTax: before.amountExclTax,
      supplierConfirmedAt: before.supplierConfirmedAt,
    });
    expect(await linesOf(id)).toEqual([expect.objectContaining({ id: was!.id, qty: '3', amount: was!.amount })]);
    expect((await reqLine(lineId)).qtyOrdered).toBe('3');
    const revisions = (
      await s.request<Revision[]>('GET', `/srm/order/revisions?id=${id}`, { token: buyer })
    ).body.result.map((r) => `${r.revisionNo}:${r.status}:${r.changeReason}`);
    expect(revisions).toEqual(['1:CHANGE_PENDING:变更审批驳回：数量过多', '0:CONFIRMED:需求变化']);
    const rejected = await s.request<{ lines: Line[] }>('GET', `/srm/order/revision?id=${id}&revisionNo=1`, {
      token: buyer,
    });
    expect(rejected.body.result.lines.map((l) => l.qty)).toEqual(['6', '2']);
    expect((await logsOf(id)).slice(-2).map((l) => `${l.action}:${l.toStatus}`)).toEqual([
      'change:CHANGE_PENDING',
      'changeRejectedToCONFIRMED:CONFIRMED',
    ]);
    expect((await noticesOf('buyer', id)).map((n) => n.titile)).toContain(`订单变更审批被驳回：${before.code}`);
    // The restored order is changed again as any other.
    expect((await change(id, { lines: [{ lineNo: 1, qty: '2' }] })).body.success).toBe(true);
    expect(await order(id)).toMatchObject({ status: 'SENT', revisionNo: 3 });
  });

  it('PO-6: lines are removed only with nothing shipped, never all of them; removing one lowers the amount', async () => {
    const id = await twoLineOrder();
    await s.ctx.db
      .updateTable('srmPurchaseOrderLine')
      .set({ qtyInTransit: '1' })
      .where('orderId', '=', id)
      .where('lineNo', '=', 1)
      .execute();
    const shipped = await change(id, { lines: [{ lineNo: 1, remove: true }] });
    expect(shipped.body).toMatchObject({ success: false, result: { rule: 'PO-6' } });
    expect(shipped.body.message).toContain('不能删除');
    await s.ctx.db.updateTable('srmPurchaseOrderLine').set({ qtyInTransit: '0' }).where('orderId', '=', id).execute();
    const all = await change(id, {
      lines: [
        { lineNo: 1, remove: true },
        { lineNo: 2, remove: true },
      ],
    });
    expect(all.body).toMatchObject({ success: false, result: { rule: 'PO-8' } });
    expect((await order(id)).revisionNo).toBe(0);
    const res = await change(id, { lines: [{ lineNo: 2, remove: true }] });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    // 2 × 10 = 20.00 + 2.60: lower, so no approval.
    expect(await order(id)).toMatchObject({ status: 'SENT', amountExclTax: '20.00', amountInclTax: '22.60' });
    expect((await linesOf(id)).map((l) => `${l.lineNo}:${l.lineStatus}`)).toEqual(['1:OPEN', '2:CANCELLED']);
    // A removed line is not changed again.
    expect((await change(id, { lines: [{ lineNo: 2, qty: '1' }] })).body).toMatchObject({ result: { rule: 'PO-6' } });
  });

  it('PO-6/PO-3: an added line takes its requisition line within what is left (refused beyond it, nothing changed), and needs approval', async () => {
    const id = await confirmedOrder('3');
    const other = await approvedRequisition('5');
    const add = (qty: string) => ({
      requisitionLineId: other,
      materialId,
      qty,
      unitPrice: '10',
      taxRate: '13',
      needByDate: day(9),
    });
    const over = await change(id, { addLines: [add('6')] });
    expect(over.body).toMatchObject({ success: false, result: { rule: 'PO-3' } });
    expect(await order(id)).toMatchObject({ status: 'CONFIRMED', revisionNo: 0 });
    expect((await reqLine(other)).qtyOrdered).toBe('0');
    const res = await change(id, { addLines: [add('5')] });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    expect(await order(id)).toMatchObject({ status: 'CHANGE_PENDING' });
    expect((await reqLine(other)).qtyOrdered).toBe('5');
    expect((await decide('approve', id, admin)).body.success).toBe(true);
    const lines = await linesOf(id);
    expect(lines[1]).toMatchObject({
      lineNo: 2,
      qty: '5',
      requisitionLineId: other,
      lineStatus: 'OPEN',
      qtyReceived: '0',
    });
    // PO-8: 3 × 12.345 = 37.04 (4.82 tax) + 5 × 10 = 50.00 (6.50 tax).
    expect(await order(id)).toMatchObject({ status: 'SENT', amountExclTax: '87.04', amountInclTax: '98.36' });
    // Removing the added line gives its requisition line back.
    expect((await change(id, { lines: [{ lineNo: 2, remove: true }] })).body.success).toBe(true);
    expect((await reqLine(other)).qtyOrdered).toBe('0');
  });

  it('PO-2: a changed price off the price record needs a reason, and then approval even at a lower amount', async () => {
    const id = await confirmedOrder('3');
    await s.ctx.db
      .insertInto('srmPriceRecord')
      .values(await priceRecordRow('12'))
      .execute();
    try {
      const bare = await change(id, { lines: [{ lineNo: 1, unitPrice: '11' }] });
      expect(bare.body).toMatchObject({ success: false, result: { rule: 'PO-2' } });
      expect((await order(id)).revisionNo).toBe(0);
      const res = await change(id, { lines: [{ lineNo: 1, unitPrice: '11', priceDeviationReason: '老客户让价' }] });
      expect(res.body, res.body.message).toMatchObject({ success: true });
      expect(await order(id)).toMatchObject({ status: 'CHANGE_PENDING', needsManagerApproval: 1 });
      expect(await taskOf(id)).toBeDefined();
    } finally {
      await s.ctx.db.deleteFrom('srmPriceRecord').where('supplierId', '=', supplierId).execute();
    }
  });

  it('PO-1/QLF-4: a change raising a TRIAL supplier’s open order value over the cap is refused', async () => {
    const id = await confirmedOrder('3');
    await setCategory('TRIAL', '100');
    try {
      const res = await change(id, { lines: [{ lineNo: 1, qty: '9' }] });
      expect(res.body).toMatchObject({ success: false, result: { rule: 'QLF-4' } });
      expect(await order(id)).toMatchObject({ status: 'CONFIRMED', revisionNo: 0 });
      // Lowering is not held to the cap.
      expect((await change(id, { lines: [{ lineNo: 1, qty: '2' }] })).body.success).toBe(true);
    } finally {
      await setCategory('QUALIFIED');
    }
  });
});

describe('short-closing from CONFIRMED and RECEIVED (PO-7)', () => {
  it('PO-7: a confirmed order with something received is not cancelled; its remainder is short-closed and it is received', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    expect((await act('confirm', id, supplier1)).body.success).toBe(true);
    await ship(id, { qtyReceived: '1' });
    const cancel = await act('cancel', id, buyer, { reason: '不要了' });
    expect(cancel.body).toMatchObject({ success: false, result: { rule: 'PO-7', offer: 'shortClose' } });
    const res = await act('shortClose', id, buyer, { reason: '剩余不再需要' });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    expect(await order(id)).toMatchObject({ status: 'RECEIVED' });
    expect((await linesOf(id))[0]).toMatchObject({ qty: '1', qtyShortClosed: '2', lineStatus: 'CLOSED' });
  });

  it('PO-7: a received order with an open remainder is short-closed and stays received; with nothing open it is refused', async () => {
    const id = await orderAt(['submit', 'approve', 'send']);
    expect((await act('confirm', id, supplier1)).body.success).toBe(true);
    await systemMove(id, 'deliver');
    await ship(id, { qtyReceived: '2' });
    await systemMove(id, 'receive');
    const res = await act('shortClose', id, buyer, { reason: '少交一件' });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    expect(await order(id)).toMatchObject({ status: 'RECEIVED' });
    expect((await linesOf(id))[0]).toMatchObject({ qty: '2', qtyShortClosed: '1', lineStatus: 'CLOSED' });
    const again = await act('shortClose', id, buyer, { reason: '关闭' });
    expect(again.body).toMatchObject({ success: false, message: '订单没有未交的剩余数量', result: { rule: 'PO-7' } });
  });
});

describe('orders against an amended contract (CON-6, CON-4, CON-5)', () => {
  it('CON-6: when the amendment becomes ACTIVE the open orders move to its lines with what they ordered; changes and new releases count there', async () => {
    const c = await contract('ACTIVE');
    const a = (await release(c, '10')).body.result.id;
    for (const x of ['submit', 'approve', 'send', 'confirm'])
      expect((await act(x, a, x === 'approve' ? admin : x === 'confirm' ? supplier1 : buyer)).body.success).toBe(true);
    const draft = (await release(c, '5')).body.result.id;
    const amended = await post('/srm/contract/amend', { id: c.id, reason: '延长有效期' });
    expect(amended.body, amended.body.message).toMatchObject({ success: true });
    const v2 = (amended.body.result as { id: string }).id;
    // Ordered against V1 while the amendment is on its way.
    const late = (await release(c, '7')).body.result.id;
    expect((await contractLine(c.lineId)).qtyOrdered).toBe('22');
    const applied = await post('/srm/contract/applyAmendment', { id: v2 });
    expect(applied.body, applied.body.message).toMatchObject({ success: true });
    const v2Line = await db()
      .selectFrom('srmContractLine')
      .selectAll()
      .where('contractId', '=', v2)
      .executeTakeFirstOrThrow();
    expect(await contractLine(v2Line.id)).toMatchObject({
      qtyOrdered: '22',
      amountOrdered: (await contractLine(c.lineId)).amountOrdered,
    });
    for (const id of [a, draft, late]) {
      expect((await order(id)).contractId).toBe(v2);
      expect((await linesOf(id))[0]).toMatchObject({ contractLineId: v2Line.id, priceSourceId: v2 });
    }
    // A change of the confirmed order counts against the new version (CON-4: V1 is no longer ACTIVE).
    const changed = await act('change', a, buyer, { reason: '减量', lines: [{ lineNo: 1, qty: '8' }] });
    expect(changed.body, changed.body.message).toMatchObject({ success: true });
    expect((await contractLine(v2Line.id)).qtyOrdered).toBe('20');
    // CON-5 on the new version: 20 ordered of 500.
    const newV2 = { id: v2, lineId: v2Line.id };
    expect((await release(newV2, '481')).body).toMatchObject({ success: false, result: { rule: 'CON-5' } });
    expect((await release(newV2, '480')).body.success).toBe(true);
    expect((await act('cancel', a, buyer, { reason: '取消' })).body.success).toBe(true);
    expect((await contractLine(v2Line.id)).qtyOrdered).toBe('492');
  });
});
