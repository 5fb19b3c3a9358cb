import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequisitionLines } from '../src/modules/requisition/index.js';
import { eventLines, HOUR, quote, sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';

/**
 * Requisition → RFQ (domain §8 PR-3, PR-7; §25 S2 steps 3–4 and 11): drafts from approved lines,
 * reservation at publish, release at cancel and fail, SOURCED at award FINAL, then ordered.
 */
let w: SourcingWorld;
beforeAll(async () => {
  w = await sourcingWorld();
});
afterAll(async () => w?.close());

type PrLine = {
  id: string;
  lineNo: number;
  qty: string;
  qtyInSourcing: string;
  qtyOrdered: string;
  lineStatus: string;
};
type Pr = { id: string; code: string; status: string; lines: PrLine[] };

const post = <T = unknown>(url: string, token: string, body: unknown) => w.s.request<T>('POST', url, { token, body });
const pr = async (id: string) =>
  (await w.s.request<Pr>('GET', `/srm/requisition/queryById?id=${id}`, { token: w.buyer })).body.result;
const event = (id: string) =>
  w.s.ctx.db.selectFrom('sourcingEvent').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** An approved requisition (no approval flow configured: approved at submission) with a catalogue line of 100 and a described line of 20. */
async function approvedPr(submit = true): Promise<Pr> {
  const { categoryId } = await w.s.ctx.db
    .selectFrom('srmMaterial')
    .select('categoryId')
    .where('id', '=', w.materialId)
    .executeTakeFirstOrThrow();
  const res = await post<{ id: string }>('/srm/requisition/add', w.buyer, {
    title: '二季度钢材采购',
    purchaseType: 'GOODS',
    lines: [
      { materialId: w.materialId, qty: '100', needByDate: w.day(30), estimatedUnitPrice: '4800' },
      { description: '定制工装夹具', categoryId, unit: 'SET', qty: '20', needByDate: w.day(30) },
    ],
  });
  expect(res.body.message).toBe('采购申请已保存');
  if (submit)
    expect((await post('/srm/requisition/submit', w.buyer, { id: res.body.result.id })).body).toMatchObject({
      success: true,
      result: { status: 'APPROVED' },
    });
  return pr(res.body.result.id);
}

async function rfqFrom(lines: { requisitionLineId: string; qty?: string }[], extra: Record<string, unknown> = {}) {
  return post<{ id: string }>('/srm/sourcing/event/fromRequisition', w.buyer, {
    responseDeadline: w.at(2 * HOUR),
    lines,
    ...extra,
  });
}

async function invitePublish(id: string) {
  expect((await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: w.supId })).body.message).toBe(
    '已邀请供应商',
  );
  return post('/srm/sourcing/event/publish', w.buyer, { id });
}

describe('an RFQ draft from requisition lines (PR-3, PR-6a)', () => {
  it('copies the approved lines with their remaining quantity and links each to its requisition line', async () => {
    const r = await approvedPr();
    const res = await rfqFrom([{ requisitionLineId: r.lines[0]!.id }, { requisitionLineId: r.lines[1]!.id, qty: '5' }]);
    expect(res.body.message).toBe('已由采购申请创建询价单草稿');
    const id = res.body.result.id;
    const e = await event(id);
    expect(e).toMatchObject({ type: 'RFQ', status: 'DRAFT', title: '二季度钢材采购 询价' });
    expect(JSON.parse(e.requisitionLineIds!)).toEqual([r.lines[0]!.id, r.lines[1]!.id]);
    const lines = await w.s.ctx.db
      .selectFrom('sourcingLine')
      .select(['lineNo', 'materialId', 'materialName', 'qty', 'unit', 'requisitionLineId'])
      .where('eventId', '=', id)
      .orderBy('lineNo')
      .execute();
    expect(lines).toMatchObject([
      { lineNo: 1, materialId: w.materialId, qty: '100', requisitionLineId: r.lines[0]!.id },
      {
        lineNo: 2,
        materialId: null,
        materialName: '定制工装夹具',
        unit: 'SET',
        qty: '5',
        requisitionLineId: r.lines[1]!.id,
      },
    ]);
    // A draft reserves nothing yet.
    expect((await pr(r.id)).lines.map((l) => [l.qtyInSourcing, l.lineStatus])).toEqual([
      ['0', 'OPEN'],
      ['0', 'OPEN'],
    ]);
  });

  it('a draft from requisition lines keeps them: its header is edited (award mode), a replacement of its lines is refused and the links stay', async () => {
    const r = await approvedPr();
    const id = (await rfqFrom([{ requisitionLineId: r.lines[0]!.id }])).body.result.id;
    const e = await event(id);
    const edit = (extra: Record<string, unknown>) =>
      w.s.request('PUT', '/srm/sourcing/event/edit', {
        token: w.buyer,
        body: { id, version: e.version, title: e.title, ...extra },
      });
    expect((await edit({ lines: [{ materialId: w.materialId, qty: '100' }] })).body).toMatchObject({
      message: '由采购申请创建的询价单不能修改物料行，请调整采购申请后重新创建',
      rules: ['PR-3'],
    });
    expect((await event(id)).version).toBe(e.version);
    expect((await edit({ awardMode: 'SPLIT_BY_QTY' })).body.message).toBe('询价单已保存');
    expect(await event(id)).toMatchObject({ awardMode: 'SPLIT_BY_QTY', version: e.version + 1 });
    expect((await eventLines(w, id)).map((l) => l.qty)).toEqual(['100']);
    const links = await w.s.ctx.db
      .selectFrom('sourcingLine')
      .select('requisitionLineId')
      .where('eventId', '=', id)
      .execute();
    expect(links).toEqual([{ requisitionLineId: r.lines[0]!.id }]);
    expect((await invitePublish(id)).body.message).toBe('询价单已发布');
    expect((await pr(r.id)).lines[0]).toMatchObject({ qtyInSourcing: '100', lineStatus: 'IN_SOURCING' });
  });

  it('refuses lines of an unapproved requisition, more than the remaining quantity and duplicates; nothing is stored', async () => {
    const before = Number(
      (
        await w.s.ctx.db
          .selectFrom('sourcingEvent')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const draft = await approvedPr(false);
    expect((await rfqFrom([{ requisitionLineId: draft.lines[0]!.id }])).body).toMatchObject({
      message: `采购申请 ${draft.code} 第1行所在申请未审批通过或已关闭，不能询价`,
      rules: ['PR-3'],
    });
    const r = await approvedPr();
    expect((await rfqFrom([{ requisitionLineId: r.lines[0]!.id, qty: '100.5' }])).body).toMatchObject({
      message: `采购申请 ${r.code} 第1行询价数量 100.5 超过剩余可用数量 100`,
      rules: ['PR-3'],
    });
    expect(
      (await rfqFrom([{ requisitionLineId: r.lines[0]!.id }, { requisitionLineId: r.lines[0]!.id }])).body.message,
    ).toBe('同一采购申请行不能重复选择');
    expect((await rfqFrom([])).status).toBe(400);
    expect(
      (
        await w.s.request('POST', '/srm/sourcing/event/fromRequisition', {
          token: w.sup[0],
          body: { lines: [{ requisitionLineId: r.lines[0]!.id }] },
        })
      ).status,
    ).toBe(403);
    expect(
      Number(
        (
          await w.s.ctx.db
            .selectFrom('sourcingEvent')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(before);
  });
});

describe('the reservation follows the event (PR-3, PR-7, SRC-10, SRC-11)', () => {
  it('publish reserves (IN_SOURCING); a second event over the same quantity cannot publish; cancel releases', async () => {
    const r = await approvedPr();
    const first = (await rfqFrom([{ requisitionLineId: r.lines[0]!.id, qty: '60' }])).body.result.id;
    const second = (await rfqFrom([{ requisitionLineId: r.lines[0]!.id, qty: '60' }])).body.result.id;
    expect((await invitePublish(first)).body.message).toBe('询价单已发布');
    let now = await pr(r.id);
    expect(now.lines[0]).toMatchObject({ qtyInSourcing: '60', lineStatus: 'IN_SOURCING' });
    expect(now.status).toBe('PARTIALLY_PROCESSED');
    // PR-3: only 40 are left; the second publish is refused and stays a draft.
    expect((await invitePublish(second)).body).toMatchObject({
      message: expect.stringMatching(
        /第1行（.+）可用数量不足：申请数量 100，已寻源 60，已下单 0，剩余 40，本次寻源 60$/,
      ),
      rules: ['PR-3'],
    });
    expect((await event(second)).status).toBe('DRAFT');
    // A later draft is offered only what is left.
    expect((await rfqFrom([{ requisitionLineId: r.lines[0]!.id, qty: '41' }])).body).toMatchObject({
      message: expect.stringMatching(/询价数量 41 超过剩余可用数量 40$/),
      rules: ['PR-3'],
    });
    // SRC-10: the manager cancels the published event; the quantity is free again.
    expect((await post('/srm/sourcing/event/cancel', w.admin, { id: first, reason: '需求变更' })).body.message).toBe(
      '询价单已取消',
    );
    now = await pr(r.id);
    expect(now.lines[0]).toMatchObject({ qtyInSourcing: '0', lineStatus: 'OPEN' });
    expect(now.status).toBe('APPROVED');
    expect((await post('/srm/sourcing/event/publish', w.buyer, { id: second })).body.message).toBe('询价单已发布');
    expect((await pr(r.id)).lines[0]).toMatchObject({ qtyInSourcing: '60', lineStatus: 'IN_SOURCING' });
  });

  it('cancelling a draft releases nothing; a failed event releases its reservation', async () => {
    const r = await approvedPr();
    const draft = (await rfqFrom([{ requisitionLineId: r.lines[1]!.id }])).body.result.id;
    expect((await post('/srm/sourcing/event/cancel', w.buyer, { id: draft, reason: '不需要了' })).body.message).toBe(
      '询价单已取消',
    );
    expect((await pr(r.id)).lines[1]).toMatchObject({ qtyInSourcing: '0', lineStatus: 'OPEN' });

    const id = (await rfqFrom([{ requisitionLineId: r.lines[1]!.id }])).body.result.id;
    expect((await invitePublish(id)).body.message).toBe('询价单已发布');
    expect((await pr(r.id)).lines[1]).toMatchObject({ qtyInSourcing: '20', lineStatus: 'IN_SOURCING' });
    w.travel(3 * HOUR);
    try {
      expect((await post<string>('/srm/sourcing/event/open', w.buyer, { id })).body.result).toBe('INSUFFICIENT');
      expect((await post('/srm/sourcing/event/fail', w.buyer, { id, reason: '无人报价' })).body.message).toBe(
        '询价单已流标',
      );
    } finally {
      w.travel(-3 * HOUR);
    }
    expect((await pr(r.id)).lines[1]).toMatchObject({ qtyInSourcing: '0', lineStatus: 'OPEN' });
  });

  it('award FINAL marks the awarded quantity SOURCED; an order then takes it from the reservation (ORDERED)', async () => {
    const r = await approvedPr();
    const id = (
      await rfqFrom([
        { requisitionLineId: r.lines[0]!.id, qty: '100' },
        { requisitionLineId: r.lines[1]!.id, qty: '8' },
      ])
    ).body.result.id;
    expect((await invitePublish(id)).body.message).toBe('询价单已发布');
    for (const t of w.sup)
      expect((await post('/srm/sourcing/supplier/event/accept', t, { id })).body.success).toBe(true);
    await quote(w, w.sup[0], id, ['4550', '300']);
    await quote(w, w.sup[1], id, ['4700', '280']);
    await quote(w, w.sup[2], id, ['4800', '310']);
    w.travel(3 * HOUR);
    try {
      expect((await post<string>('/srm/sourcing/event/open', w.buyer, { id })).body.result).toBe('OPENED');
      const [l1, l2] = await eventLines(w, id);
      const saved = await post('/srm/sourcing/award/save', w.buyer, {
        eventId: id,
        priceValidFrom: w.day(1),
        priceValidTo: w.day(365),
        deviationReason: '整单授予',
        lines: [
          { sourcingLineId: l1!.id, supplierId: w.supId[0] },
          { sourcingLineId: l2!.id, supplierId: w.supId[0] },
        ],
      });
      expect(saved.body.message).toBe('定标建议已保存');
      const award = (
        await w.s.request<{ id: string }>('GET', `/srm/sourcing/award/queryByEventId?eventId=${id}`, { token: w.buyer })
      ).body.result;
      // Still IN_SOURCING while the award waits.
      expect((await pr(r.id)).lines.map((l) => l.lineStatus)).toEqual(['IN_SOURCING', 'IN_SOURCING']);
      expect(
        (await post<{ status: string }>('/srm/sourcing/award/submit', w.buyer, { id: award.id })).body.result.status,
      ).toBe('APPROVED');
    } finally {
      w.travel(-3 * HOUR);
    }
    expect((await event(id)).status).toBe('AWARDED');
    let now = await pr(r.id);
    expect(now.lines.map((l) => [l.qtyInSourcing, l.lineStatus])).toEqual([
      ['100', 'SOURCED'],
      ['8', 'SOURCED'],
    ]);
    const row = await w.s.ctx.db
      .selectFrom('purchaseRequisitionLine')
      .select(['qtyAwarded'])
      .where('id', '=', r.lines[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.qtyAwarded).toBe('100');
    const logs = await w.s.ctx.db
      .selectFrom('sysDocLog')
      .select(['action', 'toStatus'])
      .where('docId', '=', r.id)
      .orderBy('createdTime')
      .execute();
    expect(logs.map((l) => l.action)).toContain('sourcing');
    // PR-3: the awarded reservation turns into ordered quantity.
    await w.s.ctx.db
      .transaction()
      .execute((trx) => orderRequisitionLines(trx, [{ lineId: r.lines[0]!.id, qty: '100', fromReservation: true }]));
    now = await pr(r.id);
    expect(now.lines[0]).toMatchObject({ qtyInSourcing: '0', qtyOrdered: '100', lineStatus: 'ORDERED' });
    expect(now.lines[1]!.lineStatus).toBe('SOURCED');
  });
});
