import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineInputFields, purchaseOrderLines } from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { admissionCategoryCodes } from '../src/modules/material/material-rules.js';
import { serverNowIso } from '../src/core/clock.js';
import { reduceQuotaAllocation } from '../src/modules/purchase-order/purchase-order-quota.js';
import { demoTokens, startTestServer, type TestServer } from './harness.js';

/**
 * Orders by quota (domain §14, §16, S6 step 9) on SQLite and, with TEST_DATABASE_URL, PostgreSQL:
 * 按配额拆分 converts an approved requisition line into one draft order per supplier (QUO-4), a
 * small demand goes wholly to the lowest quota rating (QUO-5), a supplier left out is skipped and
 * the rest renormalised (QUO-7); approval records the allocations and cancellation or reduction
 * reverses them (QUO-6, PO-9); two buyers converting the same line at once never exceed it (PR-3).
 */
let s: TestServer;
let admin: string;
let buyer: string;
let supplier1: string;
let supA: string;
let supB: string;
let materialId: string;
let arrangementId: string;

const day = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const post = <T = unknown>(path: string, body: unknown, token = buyer) => s.request<T>('POST', path, { token, body });

type Part = { supplierId: string; supplierName: string; quotaPct: number; qty: string; unitPrice: string | null };
type Split = { arrangementId: string; qty: string; whole: boolean; parts: Part[]; skipped: { supplierId: string }[] };

const preview = async (lineId: string, token = buyer) =>
  (await s.request<Split | null>('GET', `/srm/order/quotaSplit?requisitionLineId=${lineId}`, { token })).body;
// SupA has a price record (PO-2 takes it); SupB's price is given.
const byQuota = (lineId: string, token = buyer, extra: Record<string, unknown> = {}) =>
  post<{ ids: string[] }>(
    '/srm/order/fromRequisitionByQuota',
    { requisitionLineId: lineId, prices: [{ supplierId: supB, unitPrice: '4700', taxRate: '13' }], ...extra },
    token,
  );
const ordersOf = (ids: string[]) =>
  s.ctx.db
    .selectFrom('srmPurchaseOrder as o')
    .innerJoin('srmPurchaseOrderLine as l', 'l.orderId', 'o.id')
    .select(['o.id', 'o.supplierId', 'o.status', 'l.qty', 'l.unitPrice', 'l.quotaArrangementId'])
    .where('o.id', 'in', ids)
    .execute();
const quotaLines = async () =>
  Object.fromEntries(
    (
      await s.ctx.db
        .selectFrom('quotaLine')
        .select(['supplierId', 'allocatedQty'])
        .where('arrangementId', '=', arrangementId)
        .execute()
    ).map((l) => [l.supplierId, l.allocatedQty]),
  );
const reqLine = (id: string) =>
  s.ctx.db.selectFrom('purchaseRequisitionLine').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function approvedRequisition(qty: string, material = materialId): Promise<string> {
  const add = await post<{ id: string }>('/srm/requisition/add', {
    title: '配额订单测试',
    purchaseType: 'GOODS',
    reason: '生产用料',
    deliveryPlace: '上海市浦东新区张江路1号',
    lines: [{ materialId: material, qty, needByDate: day(10), estimatedUnitPrice: '10' }],
  });
  expect(add.body).toMatchObject({ success: true });
  const id = add.body.result.id;
  expect((await post('/srm/requisition/submit', { id })).body).toMatchObject({ result: { status: 'APPROVED' } });
  return (
    await s.ctx.db
      .selectFrom('purchaseRequisitionLine')
      .select('id')
      .where('requisitionId', '=', id)
      .executeTakeFirstOrThrow()
  ).id;
}

/** Submit by the buyer, approval by the admin. */
async function approve(id: string): Promise<void> {
  const sub = (await post('/srm/order/submit', { id })).body;
  expect(sub, sub.message).toMatchObject({ success: true });
  // PO-4: every open step of the engine's approval, decided in 审批中心 (the demo flow's steps are the admin's).
  for (let step = 0; step < 3; step++) {
    const task = await s.ctx.db
      .selectFrom('approvalTask as t')
      .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
      .select('t.id as taskId')
      .where('i.docType', '=', 'PURCHASE_ORDER')
      .where('i.docId', '=', id)
      .where('t.decision', '=', 'PENDING')
      .executeTakeFirst();
    if (!task) break;
    const r = await post('/approval/task/approve', { taskId: task.taskId }, admin);
    expect(r.body, r.body.message).toMatchObject({ success: true });
  }
  const status = await s.ctx.db
    .selectFrom('srmPurchaseOrder')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(status.status).toBe('APPROVED');
}

beforeAll(async () => {
  s = await startTestServer();
  [admin, buyer, supplier1] = await demoTokens(s);
  const suppliers = await s.ctx.db
    .selectFrom('supplier')
    .select(['id', 'name'])
    .where('name', 'in', ['华东精密机械有限公司', '华南钢铁贸易有限公司'])
    .execute();
  supA = suppliers.find((x) => x.name === '华东精密机械有限公司')!.id;
  supB = suppliers.find((x) => x.name === '华南钢铁贸易有限公司')!.id;
  const m = await s.ctx.db
    .selectFrom('srmMaterial')
    .selectAll()
    .where('status', '=', 'ACTIVE')
    .orderBy('code')
    .executeTakeFirstOrThrow();
  materialId = m.id;
  // PO-1: admitted to the material's admission category (主营品类, §4.3), not the leaf.
  const [categoryCode] = await admissionCategoryCodes(s.ctx.db, [m.categoryId]);
  const now = serverNowIso();
  // PO-1: both may receive orders of the material's category.
  await s.ctx.db.deleteFrom('supplierCategory').where('supplierId', 'in', [supA, supB]).execute();
  for (const supplierId of [supA, supB])
    await s.ctx.db
      .insertInto('supplierCategory')
      .values({
        id: newId(),
        supplierId,
        categoryCode: categoryCode!,
        status: 'QUALIFIED',
        qualifiedAt: now,
        suspendedAt: null,
        sourceRequestId: null,
        trialLimitAmount: null,
        createTime: now,
        updateTime: null,
      })
      .execute();
  await s.ctx.db.deleteFrom('srmPriceRecord').where('supplierId', 'in', [supA, supB]).execute();
  await s.ctx.db
    .insertInto('srmPriceRecord')
    .values({
      id: newId(),
      tenantId: 0,
      supplierId: supA,
      materialId,
      orgCode: '',
      currency: 'CNY',
      unitPrice: '4550',
      taxRate: '13',
      ladder: null,
      validFrom: day(-30),
      validTo: day(30),
      sourceType: 'MANUAL',
      sourceId: null,
      status: 'ACTIVE',
      remark: null,
      createBy: 'test',
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  // The S2 quota: 60 % SupA, 40 % SupB, orders below 20 not split.
  await s.ctx.db
    .updateTable('quotaArrangement')
    .set({ status: 'SUPERSEDED' })
    .where('materialId', '=', materialId)
    .execute();
  arrangementId = newId();
  await s.ctx.db
    .insertInto('quotaArrangement')
    .values({
      id: arrangementId,
      tenantId: 0,
      code: 'QA-TEST-0001',
      orgCode: null,
      materialId,
      materialCode: m.code,
      materialName: m.name,
      categoryId: m.categoryId,
      validFrom: day(-1),
      validTo: day(365),
      basis: 'QUANTITY',
      minSplitQty: '20',
      sourceAwardId: null,
      sourceEventId: null,
      sourceLineId: null,
      status: 'ACTIVE',
      versionNo: 1,
      adjustReason: 'NEW_AWARD',
      approvalInstanceId: null,
      activatedAt: now,
      remark: null,
      version: 1,
      createBy: 'test',
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  await s.ctx.db
    .insertInto('quotaLine')
    .values(
      [
        [supA, '华东精密机械有限公司', 60],
        [supB, '华南钢铁贸易有限公司', 40],
      ].map(([supplierId, supplierName, quotaPct], i) => ({
        id: newId(),
        tenantId: 0,
        lineNo: i + 1,
        arrangementId,
        supplierId: supplierId as string,
        supplierName: supplierName as string,
        quotaPct: quotaPct as number,
        baseQty: '0',
        allocatedQty: '0',
        active: 1,
      })),
    )
    .execute();
});
afterAll(async () => s?.close());

describe('按配额拆分 (QUO-4, S6 step 9)', () => {
  let splitIds: string[];

  it('QUO-4: the preview of a 50 吨 line on the 60/40 quota is SupA 30, SupB 20, with SupA’s record price', async () => {
    const lineId = await approvedRequisition('50');
    const res = await preview(lineId);
    expect(res.result).toMatchObject({ arrangementId, qty: '50', whole: false, skipped: [] });
    expect(res.result!.parts.map((p) => [p.supplierId, p.quotaPct, p.qty, p.unitPrice])).toEqual([
      [supA, 60, '30', '4550'],
      [supB, 40, '20', null],
    ]);
  });

  it('QUO-4 / PR-3: converting creates two draft orders in one go, each line naming the arrangement', async () => {
    const lineId = await approvedRequisition('50');
    const res = await byQuota(lineId);
    expect(res.body, res.body.message).toMatchObject({ success: true });
    splitIds = res.body.result.ids;
    expect(splitIds).toHaveLength(2);
    const orders = await ordersOf(splitIds);
    expect(orders.map((o) => [o.supplierId, o.qty, o.unitPrice, o.quotaArrangementId, o.status]).sort()).toEqual(
      [
        [supA, '30', '4550', arrangementId, 'DRAFT'],
        [supB, '20', '4700', arrangementId, 'DRAFT'],
      ].sort(),
    );
    expect((await reqLine(lineId)).qtyOrdered).toBe('50');
    // Nothing is allocated before approval (QUO-6).
    expect(await quotaLines()).toEqual({ [supA]: '0', [supB]: '0' });
  });

  it('QUO-4: the material’s order multiple rounds the parts down, the remainder to the largest fraction', async () => {
    await s.ctx.db.updateTable('srmMaterial').set({ orderMultiple: '4' }).where('id', '=', materialId).execute();
    try {
      // 50 × 60 % = 30 → 28 (fraction 2/4), 50 × 40 % = 20 → 20: the 2 left go to SupA.
      const parts = (await preview(await approvedRequisition('50'))).result!.parts;
      expect(parts.map((p) => p.qty)).toEqual(['30', '20']);
      // 30 × 60 % = 18 → 16 (2/4), 30 × 40 % = 12 → 12 (0): 16 + 2 and 12.
      const more = (await preview(await approvedRequisition('30'))).result!.parts;
      expect(more.map((p) => p.qty)).toEqual(['18', '12']);
    } finally {
      await s.ctx.db.updateTable('srmMaterial').set({ orderMultiple: null }).where('id', '=', materialId).execute();
    }
  });

  it('a material without an arrangement in force: no split offered, and converting by quota is refused', async () => {
    const other = await s.ctx.db
      .selectFrom('srmMaterial')
      .select('id')
      .where('status', '=', 'ACTIVE')
      .where('id', '<>', materialId)
      .executeTakeFirstOrThrow();
    await s.ctx.db
      .updateTable('quotaArrangement')
      .set({ status: 'SUPERSEDED' })
      .where('materialId', '=', other.id)
      .execute();
    const lineId = await approvedRequisition('50', other.id);
    expect((await preview(lineId)).result).toBeNull();
    const res = await byQuota(lineId);
    expect(res.body).toMatchObject({ success: false, result: { rule: 'QUO-4' } });
    expect((await reqLine(lineId)).qtyOrdered).toBe('0');
  });

  it('QUO-6 / PO-9: approval records each order’s allocation on its supplier', async () => {
    for (const id of splitIds) await approve(id);
    expect(await quotaLines()).toEqual({ [supA]: '30', [supB]: '20' });
    const rows = await s.ctx.db
      .selectFrom('quotaAllocation')
      .select(['supplierId', 'qty', 'reversed', 'orderId'])
      .where('arrangementId', '=', arrangementId)
      .execute();
    expect(rows.map((r) => [r.supplierId, r.qty, r.reversed]).sort()).toEqual(
      [
        [supA, '30', 0],
        [supB, '20', 0],
      ].sort(),
    );
    // The quota list and detail show them.
    const list = await s.request<{ records: { id: string; allocated: string }[] }>(
      'GET',
      '/srm/quota/list?pageSize=100',
      {
        token: buyer,
      },
    );
    expect(list.body.result.records.find((r) => r.id === arrangementId)?.allocated).toBe(
      '华东精密机械有限公司 30 / 华南钢铁贸易有限公司 20',
    );
    const detail = await s.request<{ lines: { supplierId: string; allocatedQty: string }[] }>(
      'GET',
      `/srm/quota/queryById?id=${arrangementId}`,
      { token: buyer },
    );
    expect(detail.body.result.lines.map((l) => l.allocatedQty)).toEqual(['30', '20']);
  });

  it('QUO-5: below minSplitQty the whole demand goes to the lowest quota rating, ties to the larger share', async () => {
    // SupA 30 / 60 = SupB 20 / 40 = 0.5: the tie goes to SupA (60 %).
    const first = await approvedRequisition('10');
    expect((await preview(first)).result).toMatchObject({ whole: true });
    const res = await byQuota(first);
    expect(res.body.result.ids).toHaveLength(1);
    expect((await ordersOf(res.body.result.ids)).map((o) => [o.supplierId, o.qty])).toEqual([[supA, '10']]);
    await approve(res.body.result.ids[0]!);
    expect(await quotaLines()).toEqual({ [supA]: '40', [supB]: '20' });
    // Now SupA 40 / 60 ≈ 0.67 > SupB 0.5: the next small demand goes to SupB.
    const next = await byQuota(await approvedRequisition('10'));
    expect((await ordersOf(next.body.result.ids)).map((o) => [o.supplierId, o.qty])).toEqual([[supB, '10']]);
  });

  it('QUO-6 / PO-9: cancelling an approved order reverses its allocation; the requisition gets it back', async () => {
    // Not the whole line: a wholly ordered requisition is CLOSED and takes nothing back (noted apart).
    const lineId = await approvedRequisition('30');
    const { ids } = (await byQuota(lineId, buyer, { qty: '25' })).body.result;
    for (const id of ids) await approve(id);
    // 25: 15 and 10 on top of 40 and 20.
    expect(await quotaLines()).toEqual({ [supA]: '55', [supB]: '30' });
    const orderA = (await ordersOf(ids)).find((o) => o.supplierId === supA)!;
    const res = await post('/srm/order/cancel', { id: orderA.id, reason: '需求取消' });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    expect(await quotaLines()).toEqual({ [supA]: '40', [supB]: '30' });
    const allocation = await s.ctx.db
      .selectFrom('quotaAllocation')
      .selectAll()
      .where('orderId', '=', orderA.id)
      .executeTakeFirstOrThrow();
    expect(allocation).toMatchObject({ qty: '15', reversed: 1 });
    expect(allocation.reverseReason).toContain('需求取消');
    expect((await reqLine(lineId)).qtyOrdered).toBe('10');
  });

  it('QUO-6 / PO-9: deleting a draft that was never approved changes no allocation', async () => {
    const { ids } = (await byQuota(await approvedRequisition('30'), buyer, { qty: '25' })).body.result;
    const before = await quotaLines();
    expect((await s.request('DELETE', `/srm/order/delete?id=${ids[0]}`, { token: buyer })).body.success).toBe(true);
    expect(await quotaLines()).toEqual(before);
  });

  it('QUO-6 / PO-9: reducing an approved line reverses its allocation and records the reduced one', async () => {
    const { ids } = (await byQuota(await approvedRequisition('50'))).body.result;
    for (const id of ids) await approve(id);
    const before = await quotaLines();
    const lineB = await s.ctx.db
      .selectFrom('srmPurchaseOrderLine as l')
      .innerJoin('srmPurchaseOrder as o', 'o.id', 'l.orderId')
      .select(['l.id', 'l.qty'])
      .where('o.id', 'in', ids)
      .where('o.supplierId', '=', supB)
      .executeTakeFirstOrThrow();
    expect(lineB.qty).toBe('20');
    await s.ctx.db.transaction().execute((trx) => reduceQuotaAllocation(trx, lineB.id, '12.5', '变更减量'));
    const after = await quotaLines();
    expect(after[supB]).toBe(String(Number(before[supB]) - 7.5));
    expect(after[supA]).toBe(before[supA]);
    const rows = await s.ctx.db
      .selectFrom('quotaAllocation')
      .select(['qty', 'reversed'])
      .where('poLineId', '=', lineB.id)
      .orderBy('at')
      .orderBy('reversed', 'desc')
      .execute();
    expect(rows).toEqual([
      { qty: '20', reversed: 1 },
      { qty: '12.5', reversed: 0 },
    ]);
  });

  it('QUO-6: a refused order revised back to a draft gives its allocation back; approving it again records it once', async () => {
    const { ids } = (await byQuota(await approvedRequisition('30'), buyer, { qty: '25' })).body.result;
    const idA = (await ordersOf(ids)).find((o) => o.supplierId === supA)!.id;
    const before = await quotaLines();
    await approve(idA);
    expect(Number((await quotaLines())[supA])).toBe(Number(before[supA]) + 15);
    expect((await post('/srm/order/send', { id: idA })).body).toMatchObject({ success: true });
    expect((await post('/srm/order/refuse', { id: idA, reason: '交期太早' }, supplier1)).body).toMatchObject({
      success: true,
    });
    expect((await post('/srm/order/revise', { id: idA })).body).toMatchObject({ success: true });
    expect(await quotaLines()).toEqual(before);
    await approve(idA);
    expect(Number((await quotaLines())[supA])).toBe(Number(before[supA]) + 15);
    const held = await s.ctx.db
      .selectFrom('quotaAllocation')
      .select(['qty', 'reversed'])
      .where('orderId', '=', idA)
      .execute();
    expect(held.map((h) => h.reversed).sort()).toEqual([0, 1]);
  });

  it('QUO-4 / QUO-6: editing a split draft’s lines as the form does keeps the quota link; approval records the edited quantity', async () => {
    const { ids } = (await byQuota(await approvedRequisition('30'), buyer, { qty: '25' })).body.result;
    const orders = await ordersOf(ids);
    const idA = orders.find((o) => o.supplierId === supA)!.id;
    const idB = orders.find((o) => o.supplierId === supB)!.id;
    // What the draft's form sends: the input fields of the lines queryById returned (no hidden link).
    const formLines = async (id: string, change: Record<string, unknown>) => {
      const doc = await s.request<{ lines: Record<string, unknown>[] }>('GET', `/srm/order/queryById?id=${id}`, {
        token: buyer,
      });
      return doc.body.result.lines.map((l) => ({
        ...Object.fromEntries(lineInputFields(purchaseOrderLines).map(([k]) => [k, l[k]])),
        ...change,
      }));
    };
    const edit = await s.request('PUT', '/srm/order/edit', {
      token: buyer,
      body: { id: idA, lines: await formLines(idA, { qty: '12', remark: '改为12' }) },
    });
    expect(edit.body, edit.body.message).toMatchObject({ success: true });
    expect((await ordersOf([idA])).map((o) => [o.qty, o.quotaArrangementId])).toEqual([['12', arrangementId]]);
    const before = await quotaLines();
    await approve(idA);
    expect(Number((await quotaLines())[supA])).toBe(Number(before[supA]) + 12);
    // A line added in the same edit stands for no split: it has no link.
    const other = await s.request('PUT', '/srm/order/edit', {
      token: buyer,
      body: {
        id: idB,
        lines: [
          ...(await formLines(idB, {})),
          { materialId, qty: '1', unitPrice: '4700', taxRate: '13', needByDate: day(10) },
        ],
      },
    });
    expect(other.body, other.body.message).toMatchObject({ success: true });
    const linesB = await s.ctx.db
      .selectFrom('srmPurchaseOrderLine')
      .select(['qty', 'quotaArrangementId'])
      .where('orderId', '=', idB)
      .orderBy('lineNo')
      .execute();
    expect(linesB).toEqual([
      { qty: '10', quotaArrangementId: arrangementId },
      { qty: '1', quotaArrangementId: null },
    ]);
  });

  it('QUO-4: a split draft moved to a supplier outside the arrangement loses the link (nothing to allocate to)', async () => {
    const { ids } = (await byQuota(await approvedRequisition('30'), buyer, { qty: '25' })).body.result;
    const idB = (await ordersOf(ids)).find((o) => o.supplierId === supB)!.id;
    const outsider = await s.ctx.db
      .selectFrom('supplier')
      .select('id')
      .where('id', 'not in', [supA, supB])
      .executeTakeFirstOrThrow();
    const doc = await s.request<{ lines: Record<string, unknown>[] }>('GET', `/srm/order/queryById?id=${idB}`, {
      token: buyer,
    });
    const lines = doc.body.result.lines.map((l) =>
      Object.fromEntries(lineInputFields(purchaseOrderLines).map(([k]) => [k, l[k]])),
    );
    const edit = await s.request('PUT', '/srm/order/edit', {
      token: buyer,
      body: { id: idB, supplierId: outsider.id, lines },
    });
    expect(edit.body, edit.body.message).toMatchObject({ success: true });
    expect((await ordersOf([idB])).map((o) => [o.supplierId, o.quotaArrangementId])).toEqual([[outsider.id, null]]);
  });

  it('QUO-7: a quota line made inactive is skipped and the remaining shares renormalised', async () => {
    await s.ctx.db
      .updateTable('quotaLine')
      .set({ active: 0 })
      .where('arrangementId', '=', arrangementId)
      .where('supplierId', '=', supB)
      .execute();
    try {
      const split = (await preview(await approvedRequisition('50'))).result!;
      expect(split.parts.map((p) => [p.supplierId, p.qty])).toEqual([[supA, '50']]);
      expect(split.skipped.map((x) => x.supplierId)).toEqual([supB]);
    } finally {
      await s.ctx.db
        .updateTable('quotaLine')
        .set({ active: 1 })
        .where('arrangementId', '=', arrangementId)
        .where('supplierId', '=', supB)
        .execute();
    }
  });
});

describe('two buyers converting the same line by quota at once (PR-3, QUO-4)', () => {
  it('PR-3: one conversion wins, the other is refused with none of its orders stored', async () => {
    const lineId = await approvedRequisition('50');
    const results = await Promise.all([byQuota(lineId, buyer), byQuota(lineId, admin)]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect((await reqLine(lineId)).qtyOrdered).toBe('50');
    const lines = await s.ctx.db
      .selectFrom('srmPurchaseOrderLine')
      .select('qty')
      .where('requisitionLineId', '=', lineId)
      .execute();
    expect(lines.map((l) => l.qty).sort()).toEqual(['20', '30']);
  });

  it('PR-3: after a plain 转订单 took part of the line, the split covers only what is left', async () => {
    const lineId = await approvedRequisition('50');
    const plain = await post('/srm/order/fromRequisition', {
      supplierId: supA,
      lines: [{ requisitionLineId: lineId, qty: '25', unitPrice: '4550', taxRate: '13' }],
    });
    expect(plain.body).toMatchObject({ success: true });
    const split = (await preview(lineId)).result!;
    expect(split.qty).toBe('25');
    expect(split.parts.map((p) => p.qty)).toEqual(['15', '10']);
    const tooMuch = await byQuota(lineId, buyer, { qty: '30' });
    expect(tooMuch.body).toMatchObject({ success: false, result: { rule: 'PR-3' } });
  });
});

describe('change orders of quota lines (QUO-6, PO-9, PO-6)', () => {
  it('QUO-6 / PO-9: a raised line’s allocation follows once the change is approved; a lowered one at once', async () => {
    const lineId = await approvedRequisition('60');
    const { ids } = (await byQuota(lineId, buyer, { qty: '50' })).body.result;
    const [o] = await ordersOf([ids[0]!]);
    await approve(o!.id);
    expect((await post('/srm/order/send', { id: o!.id })).body).toMatchObject({ success: true });
    const before = Number((await quotaLines())[o!.supplierId]);
    const raised = String(Number(o!.qty) + 5);
    const change = (qty: string) =>
      post('/srm/order/change', { id: o!.id, reason: '需求调整', lines: [{ lineNo: 1, qty }] });
    const res = await change(raised);
    expect(res.body, res.body.message).toMatchObject({ success: true });
    // Waiting for its approval (PO-4): nothing allocated yet.
    expect(Number((await quotaLines())[o!.supplierId])).toBe(before);
    // Every open step (above 100 000 the director's too), decided in 审批中心.
    for (let step = 0; step < 3; step++) {
      const task = await s.ctx.db
        .selectFrom('approvalTask as t')
        .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
        .select('t.id as taskId')
        .where('i.docId', '=', o!.id)
        .where('t.decision', '=', 'PENDING')
        .executeTakeFirst();
      if (!task) break;
      expect((await post('/approval/task/approve', { taskId: task.taskId }, admin)).body.success).toBe(true);
    }
    expect((await ordersOf([o!.id]))[0]!.status).toBe('SENT');
    expect(Number((await quotaLines())[o!.supplierId])).toBe(before + 5);
    const held = await s.ctx.db
      .selectFrom('quotaAllocation')
      .select(['qty', 'reversed'])
      .where('orderId', '=', o!.id)
      .orderBy('reversed', 'desc')
      .execute();
    expect(held).toEqual([
      { qty: o!.qty, reversed: 1 },
      { qty: raised, reversed: 0 },
    ]);
    // Lower: no approval, the allocation goes down with the change.
    expect((await change(String(Number(o!.qty) - 5))).body.success).toBe(true);
    expect(Number((await quotaLines())[o!.supplierId])).toBe(before - 5);
  });
});
