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
import { newId } from '../src/core/ids.js';
import { contractApprovalStep } from './workflow-fixtures/contract.js';

/**
 * Issue 18: from a final award to a contract and an order (§13 → §15, §16). 生成合同 makes one
 * DRAFT contract per award line (CON-1: a second one is refused, naming the first; deleting or
 * cancelling the draft gives the lines back); 生成订单 makes a DRAFT order at the awarded prices
 * for what is left of each line (PO-3); the supplier's home lists the order waiting for it.
 */
let w: SourcingWorld;
let awardId: string;
type Body = { success: boolean; message: string; result: Record<string, unknown>; rules?: string[] };
type FollowUp = {
  suppliers: {
    supplierId: string;
    contract: { id: string; code: string } | null;
    contractDraft: Record<string, string> | null;
    orders: { id: string; code: string; status: string }[];
    canOrder: boolean;
    lines: { id: string; qtyContracted: string; qtyOrdered: string; remaining: string }[];
  }[];
};

const post = async (path: string, token: string, body: Record<string, unknown>) =>
  (await w.s.request<Record<string, unknown>>('POST', path, { token, body })).body as unknown as Body;
const followUp = async () =>
  (await w.s.request<FollowUp>('GET', `/srm/contract/awardFollowUp?awardId=${awardId}`, { token: w.buyer })).body.result
    .suppliers[0]!;
const contractFromAward = async () => post('/srm/contract/add', w.buyer, (await followUp()).contractDraft ?? {});
const orderFromAward = (extra: Record<string, unknown> = {}) =>
  post('/srm/order/fromAward', w.buyer, {
    awardId,
    supplierId: w.supId[0],
    shipTo: '上海市浦东新区张江路1号',
    ...extra,
  });
const orderLines = async (id: string, token = w.buyer) =>
  (await w.s.request<Record<string, string>[]>('GET', `/srm/order/lines?id=${id}`, { token })).body.result;
const idOf = (b: Body) => String(b.result.id);

/** PO-4: a change order waiting for its approval (CHANGE_PENDING) is approved in 审批中心; then the supplier re-confirms. */
async function approveChange(id: string): Promise<void> {
  const status = async () =>
    (await w.s.request<{ status: string }>('GET', `/srm/order/queryById?id=${id}`, { token: w.buyer })).body.result
      .status;
  if ((await status()) === 'CHANGE_PENDING') {
    const task = (
      await w.s.request<PageResult<{ docId: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
    ).body.result.records.find((r) => r.docId === id)!;
    expect((await post('/approval/task/approve', w.admin, { taskId: task.taskId })).success).toBe(true);
  }
  expect(await status()).toBe('SENT');
}

/** Submit, approve and send, through whatever the order's approval is (its own transition or the engine). */
async function sendOrder(id: string): Promise<void> {
  const submitted = await post('/srm/order/submit', w.buyer, { id });
  expect(submitted, submitted.message).toMatchObject({ success: true });
  const direct = await post('/srm/order/approve', w.admin, { id });
  if (!direct.success) {
    const task = (
      await w.s.request<PageResult<{ docId: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
    ).body.result.records.find((r) => r.docId === id)!;
    expect((await post('/approval/task/approve', w.admin, { taskId: task.taskId })).success).toBe(true);
  }
  const sent = await post('/srm/order/send', w.buyer, { id });
  expect(sent, sent.message).toMatchObject({ success: true });
}

beforeAll(async () => {
  w = await sourcingWorld();
  const tenantId = (
    await w.s.ctx.db.selectFrom('supplier').select('tenantId').where('id', '=', w.supId[0]).executeTakeFirstOrThrow()
  ).tenantId;
  const eventId = await publishedRfq(w);
  await quote(w, w.sup[0], eventId, ['98', '50']);
  await quote(w, w.sup[1], eventId, ['99', '51']);
  await quote(w, w.sup[2], eventId, ['100', '52']);
  w.travel(3 * HOUR);
  expect((await post('/srm/sourcing/event/open', w.buyer, { id: eventId })).success).toBe(true);
  const [l1, l2] = await eventLines(w, eventId);
  await post('/srm/sourcing/award/save', w.buyer, {
    eventId,
    priceValidFrom: w.day(1),
    priceValidTo: w.day(365),
    lines: [
      { sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 100 },
      { sourcingLineId: l2!.id, supplierId: w.supId[0], sharePct: 100 },
    ],
  });
  await awardFlow(w, 'ROLE', 'admin');
  awardId = (
    await w.s.ctx.db.selectFrom('sourcingAward').select('id').where('eventId', '=', eventId).executeTakeFirstOrThrow()
  ).id;
  const submitted = await w.s.request<{ instanceId: string }>('POST', '/srm/sourcing/award/submit', {
    token: w.buyer,
    body: { id: awardId },
  });
  const todo = (
    await w.s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
  ).body.result.records.find((r) => r.id === submitted.body.result.instanceId)!;
  expect((await post('/approval/task/approve', w.admin, { taskId: todo.taskId })).success).toBe(true);
  await contractApprovalStep(w.s, tenantId);
}, 60_000);
afterAll(async () => w?.close());

describe('生成合同 from an award (CON-1)', () => {
  it('CON-1: the follow-up offers a draft; the contract copies the award; a second contract is refused', async () => {
    const before = await followUp();
    expect(before).toMatchObject({ supplierId: w.supId[0], contract: null, canOrder: true });
    expect(before.contractDraft).toMatchObject({ sourceAwardId: awardId, supplierId: w.supId[0], validTo: w.day(365) });
    const first = await contractFromAward();
    expect(first).toMatchObject({ success: true });
    const contract = (
      await w.s.request<Record<string, unknown>>('GET', `/srm/contract/queryById?id=${idOf(first)}`, {
        token: w.buyer,
      })
    ).body.result;
    expect(contract).toMatchObject({ status: 'DRAFT', sourceAwardId: awardId, supplierId: w.supId[0] });
    expect((contract.lines as Record<string, string>[]).map((l) => [l.qty, l.unitPrice])).toEqual([
      ['10', '98'],
      ['20', '50'],
    ]);
    const after = await followUp();
    expect(after.contract).toMatchObject({ id: idOf(first), code: contract.code });
    expect(after.contractDraft).toBeNull();
    expect(after.lines.map((l) => l.qtyContracted)).toEqual(['10', '20']);

    // The same award again (as a second click or a stale screen would send it): refused, nothing stored.
    const second = await post('/srm/contract/add', w.buyer, before.contractDraft!);
    expect(second).toMatchObject({
      success: false,
      message: `定标明细第1行（${String((contract.lines as Record<string, string>[])[0]!.materialName)}）已生成合同 ${String(contract.code)}，不能重复生成合同`,
      rules: ['CON-1'],
    });
    const count = await w.s.ctx.db
      .selectFrom('srmContract')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('sourceAwardId', '=', awardId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('CON-1: deleting the draft, or cancelling the contract, gives the award lines back', async () => {
    const existing = (await followUp()).contract!;
    expect(
      (await w.s.request('DELETE', `/srm/contract/delete?id=${existing.id}`, { token: w.buyer })).body,
    ).toMatchObject({ success: true });
    expect((await followUp()).lines.map((l) => l.qtyContracted)).toEqual(['0', '0']);
    const again = await contractFromAward();
    expect(again).toMatchObject({ success: true });
    expect(await post('/srm/contract/cancel', w.buyer, { id: idOf(again), reason: '重新拟定' })).toMatchObject({
      success: true,
    });
    expect((await followUp()).contract).toBeNull();
    expect(await contractFromAward()).toMatchObject({ success: true });
  });
});

describe('生成订单 from an award (PO-3)', () => {
  it('PO-3: a draft at the awarded prices for what is left; nothing left refuses; the price stays as awarded', async () => {
    const first = await orderFromAward();
    expect(first).toMatchObject({ success: true, message: '已生成采购订单草稿' });
    const id = idOf(first);
    const lines = await orderLines(id);
    expect(lines.map((l) => [l.qty, l.unitPrice, l.priceSource, l.awardLineId])).toEqual(
      (await followUp()).lines.map((a, i) => [['10', '20'][i], ['98', '50'][i], 'AWARD', a.id]),
    );
    const order = (
      await w.s.request<Record<string, unknown>>('GET', `/srm/order/queryById?id=${id}`, { token: w.buyer })
    ).body.result;
    expect(order).toMatchObject({ status: 'DRAFT', supplierId: w.supId[0], amountExclTax: '1980.00' });
    expect((await followUp()).lines.map((l) => l.remaining)).toEqual(['0', '0']);
    expect(await orderFromAward()).toMatchObject({
      success: false,
      message: '该供应商的定标明细已全部下单，没有剩余可下单数量',
    });

    // Editing the draft: the price is the award's; a smaller quantity gives the rest back.
    const edit = (rows: Record<string, unknown>[]) =>
      w.s.request<{ errors: Record<string, string> }>('PUT', '/srm/order/edit', {
        token: w.buyer,
        body: { id, lines: rows },
      });
    const editable = lines.map((l) => ({
      materialId: l.materialId,
      description: l.description,
      qty: l.qty,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      unit: l.unit,
      needByDate: l.needByDate,
    }));
    const cheaper = await edit(editable.map((l, i) => (i === 0 ? { ...l, unitPrice: '90' } : l)));
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.result.errors['lines[0].unitPrice']).toBe('来自定标结果的订单，单价不能修改');
    const less = await edit(editable.map((l, i) => (i === 0 ? { ...l, qty: '4' } : l)));
    expect(less.body).toMatchObject({ success: true });
    expect((await followUp()).lines.map((l) => l.remaining)).toEqual(['6', '0']);
    expect((await orderLines(id)).map((l) => [l.priceSource, !!l.awardLineId])).toEqual([
      ['AWARD', true],
      ['AWARD', true],
    ]);
    const award = (await followUp()).lines;
    expect(await orderFromAward({ lines: [{ awardLineId: award[0]!.id, qty: '7' }] })).toMatchObject({
      success: false,
      message: '订货数量超过定标数量：定标 10，剩余可下单 6',
    });
    const rest = await orderFromAward({ lines: [{ awardLineId: award[0]!.id, qty: '6' }] });
    expect(rest).toMatchObject({ success: true });
    // Deleting a draft gives its quantity back.
    expect((await w.s.request('DELETE', `/srm/order/delete?id=${idOf(rest)}`, { token: w.buyer })).body).toMatchObject({
      success: true,
    });
    expect((await followUp()).lines.map((l) => l.remaining)).toEqual(['6', '0']);
    expect((await followUp()).orders.map((o) => o.id)).toEqual([id]);
  });

  it('a supplier not awarded, or an award not final, is refused', async () => {
    expect(await orderFromAward({ supplierId: w.supId[1] })).toMatchObject({
      success: false,
      message: '该供应商在此定标单中没有中标明细',
    });
    expect(await orderFromAward({ awardId: '0'.repeat(32) })).toMatchObject({
      success: false,
      message: '定标单不存在或尚未定标完成',
    });
    expect(
      (
        await w.s.request('POST', '/srm/order/fromAward', {
          token: w.sup[0],
          body: { awardId, supplierId: w.supId[0] },
        })
      ).status,
    ).toBe(403);
  });
});

describe("the supplier's home: documents waiting for it", () => {
  it('an order sent to the supplier is a to-do linking to the order; another supplier does not see it', async () => {
    type Todos = { cards: { key: string; count: number; path: string }[]; waiting: Record<string, string>[] };
    const todos = async (token: string) => (await w.s.request<Todos>('GET', '/dashboard/todos', { token })).body.result;
    const before = await todos(w.sup[0]);
    expect(before.cards.find((c) => c.key === 'ordersToConfirm')).toMatchObject({ count: 0, path: '/srm/my-orders' });
    expect(before.waiting).toEqual([]);
    const id = (await followUp()).orders[0]!.id;
    await sendOrder(id);
    const after = await todos(w.sup[0]);
    expect(after.cards.find((c) => c.key === 'ordersToConfirm')!.count).toBe(1);
    expect(after.waiting).toEqual([
      expect.objectContaining({ kind: '采购订单', id, path: `/srm/my-orders?open=${id}` }),
    ]);
    expect((await todos(w.sup[1])).waiting).toEqual([]);
    // Internal users get no supplier to-dos.
    expect((await todos(w.buyer)).cards.some((c) => c.key === 'ordersToConfirm')).toBe(false);
  });
});

describe('change orders of an order from an award (PO-3, PO-6)', () => {
  it('PO-3/PO-6: a change order of an order from an award takes no more than the award has left; less gives it back', async () => {
    // The order sent above: 4 of 10 and 20 of 20 ordered, 6 and 0 left.
    const id = (await followUp()).orders[0]!.id;
    const change = (lines: Record<string, unknown>[]) =>
      post('/srm/order/change', w.buyer, { id, lines, reason: '需求调整' });
    // What the order itself holds counts as available to it: 4 held + 6 left.
    expect(await change([{ lineNo: 1, qty: '11' }])).toMatchObject({
      success: false,
      message: '订货数量超过定标数量：定标 10，剩余可下单 10',
    });
    expect((await followUp()).lines.map((l) => l.remaining)).toEqual(['6', '0']);
    expect(await change([{ lineNo: 1, qty: '10' }])).toMatchObject({ success: true });
    // Taken while the higher amount waits for its approval (PO-4, CHANGE_PENDING).
    expect((await followUp()).lines.map((l) => l.remaining)).toEqual(['0', '0']);
    await approveChange(id);
    expect(await change([{ lineNo: 2, qty: '15' }])).toMatchObject({ success: true });
    expect((await followUp()).lines.map((l) => l.remaining)).toEqual(['0', '5']);
    // PO-6/PO-3: the removed line gives its award line back; an added one takes the award's line again, within what is left.
    const awardLine2 = (await followUp()).lines[1]!.id;
    const changeBody = (body: Record<string, unknown>) =>
      post('/srm/order/change', w.buyer, { id, reason: '改行', ...body });
    expect(await changeBody({ lines: [{ lineNo: 2, remove: true }] })).toMatchObject({ success: true });
    expect((await followUp()).lines.map((l) => l.remaining)).toEqual(['0', '20']);
    const add = (qty: string) => ({ addLines: [{ awardLineId: awardLine2, qty, needByDate: w.day(20) }] });
    expect(await changeBody(add('21'))).toMatchObject({
      success: false,
      message: '订货数量超过定标数量：定标 20，剩余可下单 20',
      result: { rule: 'PO-3' },
    });
    expect((await followUp()).lines.map((l) => l.remaining)).toEqual(['0', '20']);
    expect(await changeBody(add('20'))).toMatchObject({ success: true });
    await approveChange(id);
    const added = (await orderLines(id)).find((l) => l.lineNo === (3 as unknown as string))!;
    // At the awarded price (50), priced from the award.
    expect(added).toMatchObject({ qty: '20', unitPrice: '50', priceSource: 'AWARD', awardLineId: awardLine2 });
    expect((await followUp()).lines.map((l) => l.remaining)).toEqual(['0', '0']);
    // Cancelled (nothing shipped), it gives everything back.
    expect(await post('/srm/order/cancel', w.buyer, { id, reason: '需求取消' })).toMatchObject({ success: true });
    expect((await followUp()).lines.map((l) => l.remaining)).toEqual(['10', '20']);
  });
});

describe('the follow-up panel by right (生成合同 / 生成订单)', () => {
  /** Signs in a new account like the buyer whose one role grants only `perms`. */
  async function userWith(username: string, perms: string[]): Promise<string> {
    const db = w.s.ctx.db;
    const base = await db.selectFrom('sysUser').selectAll().where('username', '=', 'buyer').executeTakeFirstOrThrow();
    const roleId = newId();
    await db
      .insertInto('sysRole')
      .values({
        id: roleId,
        roleName: username,
        roleCode: username,
        description: null,
        createBy: 'test',
        createTime: base.createTime,
      })
      .execute();
    for (const p of await db.selectFrom('sysPermission').select('id').where('perms', 'in', perms).execute())
      await db
        .insertInto('sysRolePermission')
        .values({ id: newId(), roleId, permissionId: p.id, dataRuleIds: null })
        .execute();
    const id = newId();
    await db
      .insertInto('sysUser')
      .values({ ...base, id, username, phone: null, email: null, workNo: null })
      .execute();
    await db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId }).execute();
    return w.s.login(username);
  }
  const panel = (token: string) =>
    w.s.request<FollowUp>('GET', `/srm/contract/awardFollowUp?awardId=${awardId}`, { token });

  it('order rights only: the panel is readable, 生成订单 passes the permission check, 生成合同 is refused', async () => {
    const clerk = await userWith('orderclerk', ['purchaseOrder:list', 'purchaseOrder:add']);
    const res = await panel(clerk);
    expect(res.status).toBe(200);
    expect(res.body.result.suppliers.map((x) => x.supplierId)).toEqual([w.supId[0]]);
    expect((await w.s.request('POST', '/srm/contract/add', { token: clerk, body: {} })).status).toBe(403);
    // An unknown award: past the permission check, refused by the order rules, not by access.
    const order = await w.s.request('POST', '/srm/order/fromAward', {
      token: clerk,
      body: { awardId: newId(), supplierId: w.supId[0] },
    });
    expect(order.status).not.toBe(403);
    expect(order.body).toMatchObject({ success: false });
  });

  it('contract rights only: the panel is readable and 生成订单 is refused; neither right: the panel is refused', async () => {
    const signer = await userWith('contractclerk', ['contract:list', 'contract:add']);
    expect((await panel(signer)).status).toBe(200);
    const order = await w.s.request('POST', '/srm/order/fromAward', {
      token: signer,
      body: { awardId, supplierId: w.supId[0] },
    });
    expect(order.status).toBe(403);
    const other = await userWith('requisitionclerk', ['srm:requisition:list']);
    expect((await panel(other)).status).toBe(403);
  });
});
