import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requisitionWorkflow, WORKFLOW_STALE, workflowRefusal, type PageResult } from '@procura/shared';
import { newId } from '../src/core/ids.js';
import {
  orderRequisitionLines,
  releaseRequisitionLines,
  reserveRequisitionLines,
  unorderRequisitionLines,
  type LineQuantity,
} from '../src/modules/requisition/index.js';
import { demoTokens, startTestServer, type TestServer } from './harness.js';

/**
 * Purchase requisitions (domain §8): drafts with lines (PR-1, X-13, X-14), submission through the
 * approval engine by budget (X-10, PR-2), withdraw, rejection and editing again, the lock after
 * approval (PR-4), consumption by sourcing and orders through the exported functions (PR-3),
 * cancelling the rest (PR-5) and the derived statuses (PR-7).
 */
type Line = {
  id: string;
  lineNo: number;
  qty: string;
  needByDate: string;
  qtyInSourcing: string;
  qtyOrdered: string;
  qtyCancelled: string;
  qtyRemaining: string;
  lineStatus: string;
  materialCode: string | null;
  materialName: string | null;
  unit: string;
  amount: string;
  categoryId: string | null;
};
type Detail = {
  id: string;
  code: string;
  status: string;
  version: number;
  budgetAmount: string;
  buyerId: string | null;
  cancelledAt: string | null;
  lines: Line[];
  approvalHistory: { action: string; actorName: string }[];
  logs: { action: string; fromStatus: string | null; toStatus: string; reason: string | null }[];
};

let s: TestServer;
let admin: string;
let buyer: string;
let supplier1: string;
let adminId: string;
let materialId: string;
let material: { code: string; name: string; unit: string; categoryId: string };
let inactiveMaterialId: string;
let categoryId: string;

/** A business date (GMT+8) `days` from today. */
const day = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer();
  [admin, buyer, supplier1] = await demoTokens(s);
  const db = s.ctx.db;
  adminId = (await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const m = await db
    .selectFrom('srmMaterial')
    .selectAll()
    .where('status', '=', 'ACTIVE')
    .orderBy('code')
    .executeTakeFirstOrThrow();
  materialId = m.id;
  material = { code: m.code, name: m.name, unit: m.unit, categoryId: m.categoryId };
  categoryId = m.categoryId;
  // An inactive material (MAT-3), as deactivation would leave it.
  inactiveMaterialId = newId();
  await db
    .insertInto('srmMaterial')
    .values({ ...m, id: inactiveMaterialId, code: 'ZZ999999', name: '已停用的测试物料', status: 'INACTIVE' })
    .execute();
});
afterAll(async () => s?.close());

const catalogueLine = (extra: Record<string, unknown> = {}) => ({
  materialId,
  qty: '10',
  needByDate: day(7),
  estimatedUnitPrice: '12.345',
  ...extra,
});
const freeLine = (extra: Record<string, unknown> = {}) => ({
  description: '定制工装夹具',
  categoryId,
  unit: 'SET',
  qty: '3',
  needByDate: day(10),
  estimatedUnitPrice: '0.335',
  ...extra,
});
const draftBody = (extra: Record<string, unknown> = {}) => ({
  title: '生产线备件采购',
  purchaseType: 'GOODS',
  reason: '二季度生产备件',
  lines: [catalogueLine(), freeLine()],
  ...extra,
});

const post = <T = unknown>(action: string, body: unknown, token = buyer) =>
  s.request<T>('POST', `/srm/requisition/${action}`, { token, body });
const detail = async (id: string, token = buyer) => {
  const res = await s.request<Detail>('GET', `/srm/requisition/queryById?id=${id}`, { token });
  expect(res.body).toMatchObject({ success: true });
  return res.body.result;
};
async function draft(body: Record<string, unknown> = draftBody()): Promise<string> {
  const res = await post<{ id: string }>('add', body);
  expect(res.body).toMatchObject({ success: true });
  return res.body.result.id;
}
const count = async () =>
  Number(
    (
      await s.ctx.db
        .selectFrom('purchaseRequisition')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const inTrx = (run: (trx: Parameters<typeof reserveRequisitionLines>[0]) => Promise<void>) =>
  s.ctx.db.transaction().execute(run);
const reserve = (items: LineQuantity[]) => inTrx((trx) => reserveRequisitionLines(trx, items));
const release = (items: LineQuantity[]) => inTrx((trx) => releaseRequisitionLines(trx, items));
const order = (items: (LineQuantity & { fromReservation?: boolean })[]) =>
  inTrx((trx) => orderRequisitionLines(trx, items));
const unorder = (items: LineQuantity[]) => inTrx((trx) => unorderRequisitionLines(trx, items));
const pendingTask = async (requisitionId: string) => {
  const instance = await s.ctx.db
    .selectFrom('approvalInstance')
    .selectAll()
    .where('docType', '=', 'PURCHASE_REQUISITION')
    .where('docId', '=', requisitionId)
    .orderBy('submittedAt', 'desc')
    .executeTakeFirstOrThrow();
  const task = await s.ctx.db
    .selectFrom('approvalTask')
    .select('id')
    .where('instanceId', '=', instance.id)
    .where('decision', '=', 'PENDING')
    .executeTakeFirst();
  return { instance, taskId: task?.id };
};
/** An approved requisition (no approval flow configured yet: the engine approves at once). */
async function approved(lines: Record<string, unknown>[] = [catalogueLine(), freeLine()]): Promise<Detail> {
  const id = await draft(draftBody({ lines }));
  expect((await post('submit', { id })).body).toMatchObject({ success: true, result: { status: 'APPROVED' } });
  return detail(id);
}

describe('drafts (PR-1, X-13, X-14)', () => {
  it('PR-1/X-14: a draft with a catalogue and a non-catalogue line gets its PR number, material snapshot and budget Σ round(qty × price, 2) half-up (X-6, X-9)', async () => {
    const id = await draft();
    const r = await detail(id);
    expect(r.code).toMatch(/^PR-\d{8}-\d{4}$/);
    expect(r.status).toBe('DRAFT');
    // 10 × 12.345 = 123.45; 3 × 0.335 = 1.005 → 1.01 (half-up); Σ 124.46.
    expect(r.lines.map((l) => l.amount)).toEqual(['123.45', '1.01']);
    expect(r.budgetAmount).toBe('124.46');
    expect(r.lines[0]).toMatchObject({
      lineNo: 1,
      materialCode: material.code,
      materialName: material.name,
      unit: material.unit,
      categoryId: material.categoryId,
    });
    expect(r.lines[1]).toMatchObject({
      lineNo: 2,
      materialCode: null,
      materialName: '定制工装夹具',
      unit: 'SET',
      categoryId,
    });
    expect(r.logs.map((l) => l.action)).toEqual(['create']);
  });

  it('PR-1: qty ≤ 0, a past need-by date, an inactive material (MAT-3), a non-catalogue line without description or category are refused with the line named; nothing is saved', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string, string[]][] = [
      [catalogueLine({ qty: '0' }), 'lines.0.qty', '第1行：数量必须大于0', ['PR-1']],
      [catalogueLine({ needByDate: day(-1) }), 'lines.0.needByDate', '第1行：需求日期不能早于今天', ['PR-1']],
      [
        catalogueLine({ materialId: inactiveMaterialId }),
        'lines.0.materialId',
        '第1行：物料 ZZ999999 已停用的测试物料 未启用或已停用，不能申请',
        ['PR-1', 'MAT-3'],
      ],
      [freeLine({ description: '' }), 'lines.0.description', '第1行：非目录物料须填写物料描述', ['PR-1']],
      [freeLine({ categoryId: null }), 'lines.0.categoryId', '第1行：非目录物料须选择物料分类', ['PR-1']],
      [freeLine({ unit: '套子' }), 'lines.0.unit', '第1行：单位不存在或已停用，请从计量单位中选择', []],
    ];
    for (const [line, field, message, rules] of cases) {
      const res = await post<{ errors: Record<string, string> }>('add', draftBody({ lines: [line] }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.rules ?? []).toEqual(rules);
      expect(JSON.stringify(res.body.result.errors)).not.toMatch(/[A-Z]+-\d/);
      expect(Object.keys(res.body.result.errors)).toEqual([field]);
    }
    const noLines = await post('add', draftBody({ lines: [] }));
    expect(noLines.status).toBe(400);
    expect(noLines.body.message).toContain('请至少添加一行物料');
    const urgent = await post('add', draftBody({ urgency: 'URGENT' }));
    expect(urgent.body.message).toBe('紧急采购请填写紧急原因');
    expect(await count()).toBe(before);
  });

  it('PR-1: a need-by date of today (GMT+8 business date) is accepted', async () => {
    const id = await draft(draftBody({ lines: [catalogueLine({ needByDate: day(0) })] }));
    expect((await detail(id)).lines[0]!.needByDate).toBe(day(0));
  });

  it('X-4: editing a draft replaces its lines and budget; a stale version changes nothing', async () => {
    const id = await draft();
    const r = await detail(id);
    const res = await post('edit', {
      ...draftBody({ title: '改后的标题', lines: [catalogueLine({ qty: '2.5', estimatedUnitPrice: '100' })] }),
      id,
      version: r.version,
    });
    expect(res.body).toMatchObject({ success: true });
    const after = await detail(id);
    expect(after.lines).toHaveLength(1);
    expect(after.lines[0]).toMatchObject({ qty: '2.5', amount: '250.00' });
    expect(after.budgetAmount).toBe('250.00');
    const stale = await post('edit', { ...draftBody(), id, version: r.version });
    expect(stale.body).toMatchObject({ success: false, message: '采购申请已被他人修改，请刷新后重试' });
    expect((await detail(id)).lines).toHaveLength(1);
  });

  it('X-13: a draft is deleted (soft) and gone from list and detail; a submitted requisition is not', async () => {
    const id = await draft();
    expect((await s.request('DELETE', `/srm/requisition/delete?id=${id}`, { token: buyer })).body).toMatchObject({
      success: true,
    });
    expect((await s.request('GET', `/srm/requisition/queryById?id=${id}`, { token: buyer })).status).toBe(404);
    expect(
      (
        await s.ctx.db
          .selectFrom('purchaseRequisition')
          .select('delFlag')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).delFlag,
    ).toBe(1);
    const submitted = (await approved()).id;
    const refused = await s.request('DELETE', `/srm/requisition/delete?id=${submitted}`, { token: buyer });
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toContain('只有草稿状态的采购申请可以删除');
  });

  it('the list pages and filters by code, title and status', async () => {
    const id = await draft(draftBody({ title: '独一无二的列表测试申请' }));
    const r = await detail(id);
    const list = (q: string) =>
      s.request<PageResult<{ id: string; status: string; status_dictText: string }>>(
        'GET',
        `/srm/requisition/list?${q}`,
        { token: buyer },
      );
    const byTitle = (await list(`title=${encodeURIComponent('*独一无二*')}`)).body.result;
    expect(byTitle.records.map((x) => x.id)).toEqual([id]);
    expect(byTitle.records[0]).toMatchObject({ status: 'DRAFT', status_dictText: '草稿' });
    expect((await list(`code=${r.code}`)).body.result.records.map((x) => x.id)).toEqual([id]);
    const drafts = (await list('status=DRAFT&pageSize=1')).body.result;
    expect(drafts.records).toHaveLength(1);
    expect(drafts.total).toBeGreaterThan(1);
    expect((await list('status=CLOSED')).body.result.records.every((x) => x.status === 'CLOSED')).toBe(true);
    expect((await list('column=budgetAmount&order=asc')).status).toBe(400);
  });

  it('permissions: supplier users are refused every requisition route (403)', async () => {
    expect((await s.request('GET', '/srm/requisition/list', { token: supplier1 })).status).toBe(403);
    expect((await post('add', draftBody(), supplier1)).status).toBe(403);
    expect((await s.request('GET', '/srm/requisition/openLines', { token: supplier1 })).status).toBe(403);
  });

  it('the material picker offers ACTIVE materials only (MAT-3)', async () => {
    const res = await s.request<{ id: string }[]>(
      'GET',
      `/srm/requisition/materials?keyword=${encodeURIComponent('已停用的测试物料')}`,
      { token: buyer },
    );
    expect(res.body.result).toEqual([]);
    const all = await s.request<{ id: string }[]>('GET', '/srm/requisition/materials', { token: buyer });
    expect(all.body.result.map((m) => m.id)).toContain(materialId);
  });
});

describe('consumption by sourcing and orders (PR-3, PR-5, PR-7; no approval flow configured)', () => {
  it('X-10: without an applying approval step, submission approves at once; lines are OPEN and the header APPROVED', async () => {
    const r = await approved();
    expect(r.status).toBe('APPROVED');
    expect(r.lines.map((l) => l.lineStatus)).toEqual(['OPEN', 'OPEN']);
    expect(r.logs.map((l) => [l.action, l.toStatus])).toEqual([
      ['create', 'DRAFT'],
      ['submit', 'PENDING_APPROVAL'],
      ['approve', 'APPROVED'],
    ]);
    expect(r.approvalHistory.map((h) => h.action)).toEqual(['SUBMIT', 'AUTO_APPROVE']);
  });

  it('X-12: the buyer named on the requisition is told when it is approved', async () => {
    const id = await draft(draftBody({ buyerId: adminId }));
    expect((await post('submit', { id })).body).toMatchObject({ success: true });
    const notices = await s.ctx.db
      .selectFrom('sysAnnouncement as a')
      .innerJoin('sysAnnouncementSend as d', 'd.anntId', 'a.id')
      .select(['a.titile', 'a.openPage', 'd.userId'])
      .where('a.busType', '=', 'requisition')
      .where('a.busId', '=', id)
      .execute();
    const r = await detail(id);
    expect(r.buyerId).toBe(adminId);
    expect(notices).toEqual([
      { titile: `采购申请已审批，待寻源：${r.code}`, openPage: '/srm/requisition', userId: adminId },
    ]);
  });

  it('PR-3/PR-7: reserving part of a line makes it IN_SOURCING and the header PARTIALLY_PROCESSED; all of it makes the header PROCESSED', async () => {
    const r = await approved();
    const [a, b] = r.lines;
    await reserve([{ lineId: a!.id, qty: '4' }]);
    let now = await detail(r.id);
    expect(now.lines[0]).toMatchObject({ qtyInSourcing: '4', qtyRemaining: '6', lineStatus: 'IN_SOURCING' });
    expect(now.status).toBe('PARTIALLY_PROCESSED');
    await reserve([
      { lineId: a!.id, qty: '6' },
      { lineId: b!.id, qty: 3 },
    ]);
    now = await detail(r.id);
    expect(now.lines.map((l) => l.qtyRemaining)).toEqual(['0', '0']);
    expect(now.status).toBe('PROCESSED');
  });

  it('PR-3: a reservation beyond qty − qtyInSourcing − qtyOrdered is refused naming the line, and the whole batch changes nothing', async () => {
    const r = await approved();
    const [a, b] = r.lines;
    await reserve([{ lineId: a!.id, qty: '7' }]);
    await expect(
      reserve([
        { lineId: b!.id, qty: '1' },
        { lineId: a!.id, qty: '3.5' },
      ]),
    ).rejects.toThrow(
      `采购申请 ${r.code} 第1行（${material.name}）可用数量不足：申请数量 10，已寻源 7，已下单 0，剩余 3，本次寻源 3.5（PR-3）`,
    );
    const now = await detail(r.id);
    expect(now.lines.map((l) => l.qtyInSourcing)).toEqual(['7', '0']);
    await expect(reserve([{ lineId: a!.id, qty: '0' }])).rejects.toThrow('寻源数量必须大于0');
    await expect(reserve([{ lineId: newId(), qty: '1' }])).rejects.toThrow('采购申请行不存在');
  });

  it('PR-3: quantity already ordered counts against the line (qtyInSourcing + qtyOrdered ≤ qty)', async () => {
    const r = await approved();
    const a = r.lines[0]!;
    await order([{ lineId: a.id, qty: '8' }]);
    await expect(reserve([{ lineId: a.id, qty: '3' }])).rejects.toThrow('已下单 8，剩余 2，本次寻源 3（PR-3）');
    await reserve([{ lineId: a.id, qty: '2' }]);
    expect((await detail(r.id)).lines[0]).toMatchObject({
      qtyOrdered: '8',
      qtyInSourcing: '2',
      qtyRemaining: '0',
      lineStatus: 'IN_SOURCING',
    });
  });

  it('PR-3: the lines of a draft cannot be reserved', async () => {
    const id = await draft();
    const { code, lines } = await detail(id);
    await expect(reserve([{ lineId: lines[0]!.id, qty: '1' }])).rejects.toThrow(
      `采购申请 ${code} 第1行（${material.name}）所在申请未审批通过或已关闭，不能寻源（PR-3）`,
    );
  });

  it('PR-3/PR-7: releasing gives the quantity back (line OPEN, header APPROVED); releasing more than reserved is refused', async () => {
    const r = await approved();
    const a = r.lines[0]!;
    await reserve([{ lineId: a.id, qty: '5' }]);
    await expect(release([{ lineId: a.id, qty: '6' }])).rejects.toThrow(
      `采购申请 ${r.code} 第1行（${material.name}）释放数量 6 超过已寻源数量 5（PR-3）`,
    );
    await release([{ lineId: a.id, qty: '5' }]);
    const now = await detail(r.id);
    expect(now.lines[0]).toMatchObject({ qtyInSourcing: '0', qtyRemaining: '10', lineStatus: 'OPEN' });
    expect(now.status).toBe('APPROVED');
    expect(now.logs.slice(-2).map((l) => [l.action, l.toStatus])).toEqual([
      ['sourcing', 'PARTIALLY_PROCESSED'],
      ['release', 'APPROVED'],
    ]);
  });

  it('PR-7: ordering converts reservations; fully ordered lines are ORDERED and the requisition CLOSED', async () => {
    const r = await approved();
    const [a, b] = r.lines;
    await reserve([{ lineId: a!.id, qty: '10' }]);
    await order([{ lineId: a!.id, qty: '10', fromReservation: true }]);
    let now = await detail(r.id);
    expect(now.lines[0]).toMatchObject({ qtyInSourcing: '0', qtyOrdered: '10', lineStatus: 'ORDERED' });
    expect(now.status).toBe('PARTIALLY_PROCESSED');
    await expect(order([{ lineId: b!.id, qty: '1', fromReservation: true }])).rejects.toThrow(
      '下单数量 1 超过已寻源数量 0（PR-3）',
    );
    await order([{ lineId: b!.id, qty: '3' }]);
    now = await detail(r.id);
    expect(now.lines.map((l) => l.lineStatus)).toEqual(['ORDERED', 'ORDERED']);
    expect(now.status).toBe('CLOSED');
  });

  it('PR-5/PR-7: a requisition closed by being wholly ordered reopens when an order gives quantity back', async () => {
    const r = await approved();
    const [a, b] = r.lines;
    await order([
      { lineId: a!.id, qty: '10' },
      { lineId: b!.id, qty: '3' },
    ]);
    expect((await detail(r.id)).status).toBe('CLOSED');
    await unorder([{ lineId: b!.id, qty: '3' }]);
    let now = await detail(r.id);
    expect(now.lines.map((l) => l.lineStatus)).toEqual(['ORDERED', 'OPEN']);
    expect(now.status).toBe('PARTIALLY_PROCESSED');
    await unorder([{ lineId: a!.id, qty: '10' }]);
    now = await detail(r.id);
    expect(now.status).toBe('APPROVED');
  });

  it('PR-5: a requisition closed by cancelling its remaining quantity stays closed when an order gives quantity back', async () => {
    const r = await approved([catalogueLine()]);
    const a = r.lines[0]!;
    await order([{ lineId: a.id, qty: '4' }]);
    expect((await post('cancel', { id: r.id, reason: '需求减少' })).body).toMatchObject({ success: true });
    await unorder([{ lineId: a.id, qty: '4' }]);
    const now = await detail(r.id);
    expect(now.lines[0]).toMatchObject({ qtyOrdered: '0', qtyCancelled: '10', lineStatus: 'CANCELLED' });
    expect(now.status).toBe('CLOSED');
  });

  it('PR-5: cancelling takes only the free quantity; reserved quantity stays linked and, released later, is cancelled too', async () => {
    const r = await approved();
    const [a, b] = r.lines;
    await reserve([{ lineId: a!.id, qty: '4' }]);
    const res = await post('cancel', { id: r.id, reason: '项目取消' });
    expect(res.body).toMatchObject({ success: true, message: '剩余数量已取消' });
    let now = await detail(r.id);
    expect(now.lines[0]).toMatchObject({
      qtyInSourcing: '4',
      qtyCancelled: '6',
      qtyRemaining: '0',
      lineStatus: 'IN_SOURCING',
    });
    expect(now.lines[1]).toMatchObject({ qtyCancelled: '3', lineStatus: 'CANCELLED' });
    expect(now.status).toBe('PROCESSED');
    expect(now.cancelledAt).toBeTruthy();
    // After cancelling, nothing new is reserved (PR-3) …
    await expect(reserve([{ lineId: b!.id, qty: '1' }])).rejects.toThrow(
      '所在申请未审批通过或已关闭，不能寻源（PR-3）',
    );
    // … and what the event gives back is not reopened (PR-5).
    await release([{ lineId: a!.id, qty: '4' }]);
    now = await detail(r.id);
    expect(now.lines[0]).toMatchObject({ qtyInSourcing: '0', qtyCancelled: '10', lineStatus: 'CANCELLED' });
    expect(now.status).toBe('CLOSED');
    expect(now.logs.find((l) => l.action === 'cancel')).toMatchObject({ reason: '项目取消' });
  });

  it('PR-5/PR-7: cancelling after a partial order closes the line (CLOSED) and the requisition', async () => {
    const r = await approved([catalogueLine()]);
    const a = r.lines[0]!;
    await order([{ lineId: a.id, qty: '4' }]);
    expect((await post('cancel', { id: r.id, reason: '需求减少' })).body).toMatchObject({ success: true });
    const now = await detail(r.id);
    expect(now.lines[0]).toMatchObject({ qtyOrdered: '4', qtyCancelled: '6', lineStatus: 'CLOSED' });
    expect(now.status).toBe('CLOSED');
  });

  it('PR-5: cancel is refused on a draft, twice, and without a reason', async () => {
    const id = await draft();
    expect((await post('cancel', { id, reason: '不要了' })).body.message).toContain(
      '只有已审批且未关闭的采购申请可以取消剩余数量',
    );
    const r = await approved();
    const noReason = await post('cancel', { id: r.id, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('请填写取消原因');
    expect((await post('cancel', { id: r.id, reason: '不要了' })).body.success).toBe(true);
    expect((await post('cancel', { id: r.id, reason: '再取消' })).body.success).toBe(false);
  });

  it('PR-6: open lines list approved lines with quantity left, not drafts, not fully consumed, not cancelled ones', async () => {
    const open = await approved();
    const consumed = await approved([catalogueLine()]);
    await reserve([{ lineId: consumed.lines[0]!.id, qty: '10' }]);
    const partly = await approved([catalogueLine()]);
    await reserve([{ lineId: partly.lines[0]!.id, qty: '2.5' }]);
    const drafted = await draft();
    const res = await s.request<{ lineId: string; requisitionId: string; qtyRemaining: string }[]>(
      'GET',
      '/srm/requisition/openLines',
      { token: buyer },
    );
    const rows = res.body.result;
    expect(rows.filter((l) => l.requisitionId === open.id).map((l) => l.qtyRemaining)).toEqual(['10', '3']);
    expect(rows.filter((l) => l.requisitionId === partly.id).map((l) => l.qtyRemaining)).toEqual(['7.5']);
    expect(rows.some((l) => l.requisitionId === consumed.id || l.requisitionId === drafted)).toBe(false);
    const byCode = await s.request<{ requisitionId: string }[]>('GET', `/srm/requisition/openLines?code=${open.code}`, {
      token: buyer,
    });
    expect(byCode.body.result.map((l) => l.requisitionId)).toEqual([open.id, open.id]);
  });
});

describe('approval (X-10, PR-2, PR-4)', () => {
  beforeAll(async () => {
    // PR-2: below 50 000 one manager (the 管理员 role), from 50 000 a director (the admin user) as well.
    const res = await s.request('POST', '/approval/definition/save', {
      token: admin,
      body: {
        docType: 'PURCHASE_REQUISITION',
        name: '采购申请审批',
        enabled: 1,
        steps: [
          { name: '部门经理审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' },
          { name: '总监审批', minAmount: '50000', approverType: 'USER', approverId: adminId },
        ],
      },
    });
    expect(res.body).toMatchObject({ success: true });
  });

  const decide = (action: 'approve' | 'reject', taskId: string, comment = '') =>
    s.request('POST', `/approval/task/${action}`, { token: admin, body: { taskId, comment } });

  it('X-10/PR-2: submission moves DRAFT → PENDING_APPROVAL with the budget as amount; below the threshold one step, the approval → APPROVED', async () => {
    const id = await draft();
    const res = await post('submit', { id });
    expect(res.body).toMatchObject({ success: true, message: '已提交审批', result: { status: 'PENDING_APPROVAL' } });
    const { instance, taskId } = await pendingTask(id);
    expect(instance.amount).toBe('124.46');
    expect(JSON.parse(instance.steps)).toHaveLength(1);
    expect((await detail(id)).status).toBe('PENDING_APPROVAL');
    expect((await decide('approve', taskId!, '同意')).body).toMatchObject({ success: true });
    const r = await detail(id);
    expect(r.status).toBe('APPROVED');
    expect(r.approvalHistory.map((h) => h.action)).toEqual(['SUBMIT', 'APPROVE']);
    expect(r.logs.at(-1)).toMatchObject({ action: 'approve', fromStatus: 'PENDING_APPROVAL', toStatus: 'APPROVED' });
  });

  it('PR-2: a budget from 50 000 needs the director as well; after the first approval it is still pending', async () => {
    const id = await draft(draftBody({ lines: [catalogueLine({ qty: '1000', estimatedUnitPrice: '50' })] }));
    expect((await detail(id)).budgetAmount).toBe('50000.00');
    await post('submit', { id });
    const { instance, taskId } = await pendingTask(id);
    expect(JSON.parse(instance.steps)).toHaveLength(2);
    expect(instance.amount).toBe('50000.00');
    await decide('approve', taskId!);
    expect((await detail(id)).status).toBe('PENDING_APPROVAL');
    await decide('approve', (await pendingTask(id)).taskId!);
    expect((await detail(id)).status).toBe('APPROVED');
  });

  it('rejection → REJECTED (not reservable, PR-3); a rejected requisition is edited (back to DRAFT) and submitted again', async () => {
    const id = await draft();
    await post('submit', { id });
    const { taskId } = await pendingTask(id);
    expect((await decide('reject', taskId!, '数量过大')).body).toMatchObject({ success: true });
    let r = await detail(id);
    expect(r.status).toBe('REJECTED');
    expect(r.logs.at(-1)).toMatchObject({ action: 'reject', toStatus: 'REJECTED', reason: '数量过大' });
    await expect(reserve([{ lineId: r.lines[0]!.id, qty: '1' }])).rejects.toThrow(
      '所在申请未审批通过或已关闭，不能寻源（PR-3）',
    );
    expect(
      (await post('edit', { ...draftBody({ lines: [catalogueLine({ qty: '5' })] }), id, version: r.version })).body,
    ).toMatchObject({ success: true });
    r = await detail(id);
    expect(r.status).toBe('DRAFT');
    expect(r.logs.at(-1)).toMatchObject({ action: 'edit', fromStatus: 'REJECTED', toStatus: 'DRAFT' });
    expect((await post('submit', { id })).body).toMatchObject({ success: true });
    expect((await detail(id)).status).toBe('PENDING_APPROVAL');
  });

  it('a rejected requisition may also be submitted again as it is', async () => {
    const id = await draft();
    await post('submit', { id });
    await decide('reject', (await pendingTask(id)).taskId!, '请补充说明');
    expect((await post('submit', { id })).body).toMatchObject({
      success: true,
      result: { status: 'PENDING_APPROVAL' },
    });
  });

  it('withdraw while pending → DRAFT (approval WITHDRAWN); refused for another user and when not pending', async () => {
    const id = await draft();
    expect((await post('withdraw', { id })).body.message).toContain('只有审批中的采购申请可以撤回');
    await post('submit', { id });
    const byOther = await post('withdraw', { id }, admin);
    expect(byOther.body).toMatchObject({ success: false, message: '只有提交人可以撤回' });
    expect((await post('withdraw', { id, reason: '补充明细' })).body).toMatchObject({
      success: true,
      message: '采购申请已撤回',
    });
    const r = await detail(id);
    expect(r.status).toBe('DRAFT');
    expect((await pendingTask(id)).instance.status).toBe('WITHDRAWN');
    expect(r.logs.at(-1)).toMatchObject({ action: 'withdraw', fromStatus: 'PENDING_APPROVAL', toStatus: 'DRAFT' });
  });

  it('X-3/PR-3: a pending requisition cannot be edited, deleted, submitted twice or reserved', async () => {
    const id = await draft();
    await post('submit', { id });
    const r = await detail(id);
    expect((await post('edit', { ...draftBody(), id, version: r.version })).body.message).toBe(
      '采购申请审批中，不能修改；如需修改请先撤回',
    );
    expect((await s.request('DELETE', `/srm/requisition/delete?id=${id}`, { token: buyer })).body.success).toBe(false);
    expect((await post('submit', { id })).body.message).toContain('只有草稿或被驳回的采购申请可以提交');
    // PR-3: nothing is sourced before approval.
    await expect(reserve([{ lineId: r.lines[0]!.id, qty: '1' }])).rejects.toThrow(
      '所在申请未审批通过或已关闭，不能寻源（PR-3）',
    );
  });

  it('PR-4: after approval header and quantities are locked (edit, delete, submit refused)', async () => {
    const id = await draft();
    await post('submit', { id });
    await decide('approve', (await pendingTask(id)).taskId!);
    const r = await detail(id);
    const edit = await post('edit', {
      ...draftBody({ lines: [catalogueLine({ qty: '99' })] }),
      id,
      version: r.version,
    });
    expect(edit.body).toMatchObject({
      success: false,
      message: '采购申请已审批，数量和内容已锁定；如需变更请取消剩余数量后重新申请',
      rules: ['PR-4'],
    });
    expect((await s.request('DELETE', `/srm/requisition/delete?id=${id}`, { token: buyer })).body.success).toBe(false);
    expect((await post('submit', { id })).body.success).toBe(false);
    expect((await detail(id)).lines.map((l) => l.qty)).toEqual(['10', '3']);
  });

  it('PR-1 at submission: a need-by date now in the past or a material deactivated since is refused; the draft stays', async () => {
    const id = await draft();
    const line = (await detail(id)).lines[0]!;
    await s.ctx.db
      .updateTable('purchaseRequisitionLine')
      .set({ needByDate: day(-1) })
      .where('id', '=', line.id)
      .execute();
    expect((await post('submit', { id })).body).toMatchObject({
      message: `第1行：需求日期 ${day(-1)} 早于提交日期，请修改后再提交`,
      rules: ['PR-1'],
    });
    await s.ctx.db
      .updateTable('purchaseRequisitionLine')
      .set({ needByDate: day(3), materialId: inactiveMaterialId })
      .where('id', '=', line.id)
      .execute();
    expect((await post('submit', { id })).body).toMatchObject({
      message: expect.stringContaining('未启用或已停用，不能提交'),
      rules: ['PR-1', 'MAT-3'],
    });
    expect((await detail(id)).status).toBe('DRAFT');
    expect(
      await s.ctx.db.selectFrom('approvalInstance').select('id').where('docId', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('one workflow path: compare-and-swap, status log and audit chain (issue 17)', () => {
  type LogRow = { action: string; fromStatus: string | null; toStatus: string; actorName: string; actorKind: string };
  const logsOf = async (id: string) =>
    (await s.request<LogRow[]>('GET', `/srm/requisition/logs?id=${id}`, { token: buyer })).body.result;
  const auditOf = (id: string) =>
    s.ctx.db.selectFrom('sysAuditChain').select(['action', 'docType']).where('docId', '=', id).orderBy('seq').execute();

  it('X-4: two concurrent submissions of one draft: exactly one wins, the other is refused and nothing is logged twice', async () => {
    const id = await draft();
    const results = await Promise.all([post('submit', { id }), post('submit', { id })]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    const status = (await detail(id)).status;
    // The loser read the draft before the winner committed (the compare-and-swap) or after (the state check).
    expect([WORKFLOW_STALE, workflowRefusal(requisitionWorkflow, 'submit', status)]).toContain(
      results.find((r) => !r.body.success)!.body.message,
    );
    const submits = (await logsOf(id)).filter((l) => l.action === 'submit');
    expect(submits).toHaveLength(1);
    expect(await s.ctx.db.selectFrom('approvalInstance').select('id').where('docId', '=', id).execute()).toHaveLength(
      1,
    );
  });

  it('each move writes its status-log row and a chained audit entry; the approval is logged as the system acting for the approver', async () => {
    const id = await draft();
    await post('submit', { id });
    const { taskId } = await pendingTask(id);
    const res = await s.request('POST', '/approval/task/approve', { token: admin, body: { taskId, comment: '同意' } });
    expect(res.body).toMatchObject({ success: true });
    const logs = await logsOf(id);
    expect(logs.map((l) => `${l.action}:${l.fromStatus}>${l.toStatus}:${l.actorKind}`)).toEqual([
      'create:null>DRAFT:INTERNAL',
      'submit:DRAFT>PENDING_APPROVAL:INTERNAL',
      'approve:PENDING_APPROVAL>APPROVED:INTERNAL',
    ]);
    const adminName = (
      await s.ctx.db.selectFrom('sysUser').select('realname').where('id', '=', adminId).executeTakeFirstOrThrow()
    ).realname;
    expect(logs.at(-1)!.actorName).toBe(adminName);
    expect(await auditOf(id)).toEqual(
      ['create', 'submit', 'approve'].map((action) => ({ action, docType: 'PURCHASE_REQUISITION' })),
    );
    const verdict = await s.request<{ ok: boolean }>('GET', '/sys/auditChain/verify', { token: admin });
    expect(verdict.body.result).toMatchObject({ ok: true });
  });

  /** Approved through the flow configured above (one step below the threshold). */
  async function approvedByTask(): Promise<Detail> {
    const id = await draft(draftBody({ lines: [catalogueLine()] }));
    await post('submit', { id });
    const { taskId } = await pendingTask(id);
    await s.request('POST', '/approval/task/approve', { token: admin, body: { taskId, comment: '' } });
    return detail(id);
  }

  it('PR-7: a derived status change is logged under the consumption that caused it and audited', async () => {
    const r = await approvedByTask();
    await reserve([{ lineId: r.lines[0]!.id, qty: '4' }]);
    expect((await logsOf(r.id)).at(-1)).toMatchObject({
      action: 'sourcing',
      fromStatus: 'APPROVED',
      toStatus: 'PARTIALLY_PROCESSED',
      actorKind: 'SYSTEM',
    });
    expect((await auditOf(r.id)).at(-1)).toEqual({ action: 'sourcing', docType: 'PURCHASE_REQUISITION' });
  });

  it('X-3: a move from a wrong state is refused naming the current state, and changes nothing', async () => {
    const r = await approvedByTask();
    const before = (await logsOf(r.id)).length;
    const res = await post('submit', { id: r.id });
    expect(res.body).toMatchObject({
      success: false,
      message: workflowRefusal(requisitionWorkflow, 'submit', 'APPROVED'),
    });
    expect(res.body.message).toContain('当前状态：已审批');
    expect((await logsOf(r.id)).length).toBe(before);
    expect((await detail(r.id)).status).toBe('APPROVED');
  });

  it('the timeline needs the list code and the tenant: a supplier user is refused', async () => {
    const id = await draft();
    expect((await s.request('GET', `/srm/requisition/logs?id=${id}`, { token: supplier1 })).body.success).toBe(false);
  });
});
