import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { recordPrice } from '../src/modules/material/price-library.js';
import { awardFlow, poster, sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';

/** From a closed auction lot to the award (domain §12 → §13; AUC-11, AUC-14, AUC-15, AUC-17, AWD-2, AWD-7, MAT-4). */
let w: SourcingWorld;
beforeAll(async () => {
  w = await sourcingWorld();
});
afterAll(async () => w?.close());

const post = poster(() => w);
let requestNo = 0;
const bid = (i: number, lotId: string, price: string) =>
  post('/srm/auction/supplier/bid', w.sup[i]!, { lotId, price, clientRequestId: `award-${Date.now()}-${++requestNo}` });
const eventRow = (id: string) =>
  w.s.ctx.db.selectFrom('sourcingEvent').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A running auction of 200 箱 of the fixture's catalogue material, all three suppliers admitted. */
async function running(rules: Record<string, unknown> = {}, header: Record<string, unknown> = {}) {
  const add = await post('/srm/auction/event/add', w.buyer, {
    title: 'M-002 竞价',
    ...header,
    rules: {
      biddingTarget: 'LOT_TOTAL',
      startPrice: '30000',
      decrementMode: 'PERCENT',
      decrementValue: '1',
      bidRule: 'BEAT_BEST',
      startAt: w.at(-60_000),
      endAt: w.at(30 * 60_000),
      confirmDropPct: '50',
      ...rules,
    },
    lines: [{ materialId: w.materialId, materialName: '任意', qty: '200', unit: 'BOX' }],
  });
  expect(add.message).toBe('竞价单已保存');
  const { id, lotId } = add.result as { id: string; lotId: string };
  expect((await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: w.supId })).success).toBe(true);
  expect((await post('/srm/sourcing/event/publish', w.buyer, { id })).success).toBe(true);
  for (const t of w.sup) expect((await post('/srm/sourcing/supplier/event/accept', t, { id })).success).toBe(true);
  expect((await post('/srm/auction/lot/start', w.buyer, { lotId })).message).toBe('竞价已开始');
  return { id, lotId };
}

type Lot = {
  id: string;
  status: string;
  result: {
    recommendedSupplierId: string | null;
    finalBest: string | null;
    aboveReserve: boolean;
    savings: { vsStart: string; vsStartPct: string } | null;
  } | null;
};
const lotOf = async (id: string) =>
  (await w.s.request<{ lots: Lot[] }>('GET', `/srm/auction/event/queryById?id=${id}`, { token: w.buyer })).body.result
    .lots[0]!;
type MyLot = {
  eventId: string;
  status: string;
  outcome: 'AWARDED' | 'NOT_AWARDED' | null;
  noticeIssuedAt: string | null;
  failReason: string | null;
};
const lineOf = async (id: string) =>
  (await w.s.ctx.db.selectFrom('sourcingLine').select('id').where('eventId', '=', id).executeTakeFirstOrThrow()).id;

describe('closing an auction feeds the award', () => {
  it("AUC-11 / AUC-17 at the end the event moves to EVALUATING with each bidder's final bid as an opened response; the rank-1 recommendation and savings are shown", async () => {
    const { id, lotId } = await running();
    expect((await bid(0, lotId, '29000')).success).toBe(true);
    expect((await bid(1, lotId, '28700')).success).toBe(true);
    w.travel(30 * 60_000);
    expect((await post('/srm/auction/lot/close', w.buyer, { lotId })).message).toBe('竞价已结束');
    expect((await eventRow(id)).status).toBe('EVALUATING');
    const responses = await w.s.ctx.db
      .selectFrom('sourcingResponse as r')
      .innerJoin('sourcingResponseLine as l', 'l.responseId', 'r.id')
      .select(['r.supplierId', 'r.status', 'r.totalAmount', 'l.unitPrice'])
      .where('r.eventId', '=', id)
      .orderBy('r.totalAmount')
      .execute();
    expect(responses).toEqual([
      { supplierId: w.supId[1], status: 'OPENED', totalAmount: '28700.00', unitPrice: '143.5' },
      { supplierId: w.supId[0], status: 'OPENED', totalAmount: '29000.00', unitPrice: '145' },
    ]);
    expect((await lotOf(id)).result).toMatchObject({
      recommendedSupplierId: w.supId[1],
      finalBest: '28700.00',
      aboveReserve: false,
      savings: { vsStart: '1300.00', vsStartPct: '4.33' },
    });
  });

  it('AUC-17 savings against the previous price: the latest price record × quantity, recorded at close so later prices do not change it', async () => {
    const price = (supplierId: string, unitPrice: string) =>
      w.s.ctx.db.transaction().execute((trx) =>
        recordPrice(trx, {
          tenantId: 0,
          supplierId,
          materialId: w.materialId,
          unitPrice,
          taxRate: '13',
          validFrom: w.day(0),
          validTo: w.day(100),
          sourceType: 'MANUAL',
          createBy: 'test',
        }),
      );
    await price(w.supId[2]!, '160');
    const { id, lotId } = await running();
    expect((await bid(0, lotId, '29000')).success).toBe(true);
    expect((await bid(1, lotId, '28700')).success).toBe(true);
    w.travel(30 * 60_000);
    expect((await post('/srm/auction/lot/close', w.buyer, { lotId })).success).toBe(true);
    const expected = {
      previousPrice: '32000.00',
      savings: { vsStart: '1300.00', vsStartPct: '4.33', vsPrevious: '3300.00', vsPreviousPct: '10.31' },
    };
    expect((await lotOf(id)).result).toMatchObject(expected);
    // A newer price after the close (as the award's own price records will be) is not "the previous price" of this lot.
    await price(w.supId[0]!, '100');
    expect((await lotOf(id)).result).toMatchObject(expected);
  });

  it('AUC-15 a lot without bids fails at its end, and so does the event; nothing can be awarded; a public one shows 已流标 and a failure notice under 竞价 (§23)', async () => {
    const title = `流标竞价 ${++requestNo}`;
    const { id, lotId } = await running({}, { title, visibility: 'PUBLIC' });
    w.travel(30 * 60_000);
    expect((await w.s.request('GET', `/srm/auction/lot/view?lotId=${lotId}`, { token: w.buyer })).body).toMatchObject({
      result: { status: 'FAILED' },
    });
    expect(await eventRow(id)).toMatchObject({ status: 'FAILED', failReason: '竞价无有效出价，已流标（AUC-15）' });
    const mine = (
      await w.s.request<MyLot[]>('GET', '/srm/auction/supplier/lot/list', { token: w.sup[0] })
    ).body.result.find((r) => r.eventId === id)!;
    expect(mine).toMatchObject({ status: 'FAILED', failReason: '竞价无有效出价，已流标（AUC-15）', outcome: null });
    const announced = (
      await w.s.request<{ records: { title: string; status: string; type: string }[] }>(
        'GET',
        `/portal/view/purchaseAnnouncements?likeName=${encodeURIComponent(title)}`,
      )
    ).body.result.records;
    expect(announced).toMatchObject([{ title, type: 'bidding', status: '已流标' }]);
    const results = (
      await w.s.request<{ title: string; content: string }[]>('GET', '/portal/view/resultAnnouncement?type=bidding')
    ).body.result;
    expect(results.find((r) => r.title === `${title} 流标公告`)?.content).toContain('无有效出价');
    const saved = await post('/srm/sourcing/award/save', w.buyer, {
      eventId: id,
      priceValidFrom: w.day(1),
      priceValidTo: w.day(365),
      lines: [{ sourcingLineId: await lineOf(id), supplierId: w.supId[0] }],
    });
    expect(saved).toMatchObject({ success: false, message: '只有已开标的询价单可以定标' });
  });

  it('AUC-14 another supplier than rank 1 needs a reason and cannot be approved at once; AUC-15 neither can a best above the reserve', async () => {
    const { id, lotId } = await running({ reservePrice: '28000' });
    expect((await bid(0, lotId, '29000')).success).toBe(true);
    expect((await bid(1, lotId, '28700')).success).toBe(true);
    w.travel(30 * 60_000);
    expect((await lotOf(id)).result).toMatchObject({ aboveReserve: true });
    const line = await lineOf(id);
    const body = { eventId: id, priceValidFrom: w.day(1), priceValidTo: w.day(365) };
    const noReason = await post('/srm/sourcing/award/save', w.buyer, {
      ...body,
      lines: [{ sourcingLineId: line, supplierId: w.supId[0] }],
    });
    expect(noReason).toMatchObject({ success: false, message: '未授予最低价供应商，请填写偏离原因（§13）' });
    // No approval step configured: an award off rank 1 is refused at submit and nothing moves.
    await w.s.ctx.db
      .updateTable('approvalDefinition')
      .set({ enabled: 0 })
      .where('docType', '=', 'SOURCING_AWARD')
      .execute();
    const other = await post('/srm/sourcing/award/save', w.buyer, {
      ...body,
      deviationReason: '交期更有保障',
      lines: [{ sourcingLineId: line, supplierId: w.supId[0] }],
    });
    expect(other.message).toBe('定标建议已保存');
    const awardId = (other.result as { id: string }).id;
    expect(await post('/srm/sourcing/award/submit', w.buyer, { id: awardId })).toMatchObject({
      message: '未授予排名第一的供应商，须经主管审批，请先配置寻源定标审批流程',
      rules: ['AUC-14'],
    });
    expect((await eventRow(id)).status).toBe('EVALUATING');
    // Rank 1, but above the reserve price: also needs the manager.
    expect(
      (
        await post('/srm/sourcing/award/save', w.buyer, {
          ...body,
          lines: [{ sourcingLineId: line, supplierId: w.supId[1] }],
        })
      ).message,
    ).toBe('定标建议已保存');
    expect(await post('/srm/sourcing/award/submit', w.buyer, { id: awardId })).toMatchObject({
      message: '最终报价高于保留价，须经主管审批，请先配置寻源定标审批流程',
      rules: ['AUC-15'],
    });
    expect(
      (
        await w.s.ctx.db
          .selectFrom('sourcingAward')
          .select('status')
          .where('id', '=', awardId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('DRAFT');
  });

  it("AWD-2 / AWD-7 / MAT-4 rank 1 awarded with the manager's approval: FINAL, price record from the final bid, winner and non-winner notices", async () => {
    const { id, lotId } = await running();
    expect((await bid(0, lotId, '29000')).success).toBe(true);
    expect((await bid(1, lotId, '28700')).success).toBe(true);
    w.travel(30 * 60_000);
    expect((await post('/srm/auction/lot/close', w.buyer, { lotId })).success).toBe(true);
    await awardFlow(w, 'ROLE', 'admin');
    const saved = await post('/srm/sourcing/award/save', w.buyer, {
      eventId: id,
      priceValidFrom: w.day(1),
      priceValidTo: w.day(365),
      lines: [{ sourcingLineId: await lineOf(id), supplierId: w.supId[1] }],
    });
    expect(saved.message).toBe('定标建议已保存');
    const awardId = (saved.result as { id: string }).id;
    const submitted = await w.s.request<{ instanceId: string; status: string }>('POST', '/srm/sourcing/award/submit', {
      token: w.buyer,
      body: { id: awardId },
    });
    expect(submitted.body.result.status).toBe('RUNNING');
    const todo = (
      await w.s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
    ).body.result.records.find((r) => r.id === submitted.body.result.instanceId)!;
    expect((await post('/approval/task/approve', w.admin, { taskId: todo.taskId })).success).toBe(true);
    expect((await eventRow(id)).status).toBe('AWARDED');
    const award = await w.s.ctx.db
      .selectFrom('sourcingAward')
      .selectAll()
      .where('id', '=', awardId)
      .executeTakeFirstOrThrow();
    expect(award).toMatchObject({ status: 'FINAL', totalAmount: '28700.00', deviatesFromRank1: 0 });
    const prices = await w.s.ctx.db
      .selectFrom('srmPriceRecord')
      .select(['supplierId', 'materialId', 'unitPrice', 'sourceType'])
      .where('sourceId', '=', awardId)
      .execute();
    expect(prices).toEqual([
      { supplierId: w.supId[1], materialId: w.materialId, unitPrice: '143.5', sourceType: 'AWARD' },
    ]);
    const notices = await w.s.ctx.db
      .selectFrom('sysAnnouncement')
      .select(['titile', 'userIds', 'msgContent', 'openPage'])
      .where('busId', '=', id)
      .where('busType', '=', 'sourcing')
      .execute();
    expect(notices.filter((n) => n.titile.startsWith('中标通知'))).toHaveLength(1);
    const lost = notices.filter((n) => n.titile.startsWith('未中标通知'));
    expect(lost).toHaveLength(1);
    // AWD-7: the non-winners who bid and the participant who never did (supplier 3) learn the result.
    const users = await w.s.ctx.db
      .selectFrom('sysUser')
      .select(['id', 'supplierId'])
      .where('supplierId', 'in', [w.supId[0], w.supId[2]])
      .execute();
    for (const u of users) expect(lost[0]!.userIds).toContain(`${u.id},`);
    // The notices speak of the auction and open 我的竞价.
    expect(lost[0]).toMatchObject({ openPage: '/srm/my-auction' });
    expect(lost[0]!.msgContent).toContain('本次竞价贵公司未中标');
    // PORTAL-1: an invited auction leaves nothing on the portal.
    expect(
      await w.s.ctx.db.selectFrom('portalResultAnnouncement').select('id').where('sourcingEventId', '=', id).execute(),
    ).toEqual([]);
  });

  it("§23 / §12.4 / AWD-7 a public auction is announced under 竞价; once its award is FINAL the result announcement follows, and bidders see their outcome and the winner's name, not before", async () => {
    const title = `公开竞价 ${++requestNo}`;
    const { id, lotId } = await running({}, { title, visibility: 'PUBLIC' });
    const onPortal = async (kind: 'purchase' | 'result') =>
      (await w.s.request<{ id: string; title: string }[]>('GET', `/portal/view/${kind}Announcement?type=bidding`)).body
        .result;
    expect((await onPortal('purchase')).map((a) => a.title)).toContain(title);
    const announced = (await onPortal('purchase')) as unknown as {
      title: string;
      info: { label: string; value: string }[];
    }[];
    // The sourcing method reads as its dictionary text, never the code AUCTION.
    expect(announced.find((a) => a.title === title)?.info).toContainEqual({ label: '采购方式', value: '竞价' });
    // The stored method is a purchase-method code, so the back office's announcement list shows 竞价 too.
    const stored = await w.s.ctx.db
      .selectFrom('portalPurchaseAnnouncement')
      .select('purchaseMethod')
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    expect(stored.purchaseMethod).toBe('REVERSE_AUCTION');
    expect(await bid(0, lotId, '29000')).toMatchObject({ success: true });
    expect((await bid(1, lotId, '28700')).success).toBe(true);
    w.travel(30 * 60_000);
    expect((await post('/srm/auction/lot/close', w.buyer, { lotId })).success).toBe(true);
    // The close opens the prices to the comparison the award form uses (§9.2: no opening step).
    const matrix = (
      await w.s.request<{ lines: { quotes: { supplierId: string; lowest: boolean }[] }[] }>(
        'GET',
        `/srm/sourcing/event/matrix?id=${id}`,
        { token: w.buyer },
      )
    ).body;
    expect(matrix).toMatchObject({ success: true });
    expect(matrix.result.lines[0]!.quotes.find((q) => q.lowest)?.supplierId).toBe(w.supId[1]);
    const myLot = async (i: number) =>
      (await w.s.request<MyLot[]>('GET', '/srm/auction/supplier/lot/list', { token: w.sup[i]! })).body.result.find(
        (r) => r.eventId === id,
      )!;
    const myView = async (i: number) =>
      (
        await w.s.request<{ ownRank: number | null; winnerName: string | null; bestPrice: string | null }>(
          'GET',
          `/srm/auction/supplier/lot/view?lotId=${lotId}`,
          { token: w.sup[i]! },
        )
      ).body.result;
    // Closed but not yet awarded: the final rank, no outcome, no winner, nothing on the portal's results.
    expect(await myLot(0)).toMatchObject({ status: 'CLOSED', outcome: null, noticeIssuedAt: null });
    expect(await myView(0)).toMatchObject({ ownRank: 2, winnerName: null, bestPrice: null });
    expect((await onPortal('result')).map((r) => r.title)).not.toContain(`${title} 结果公示`);

    await awardFlow(w, 'ROLE', 'admin');
    // The same supplier's price record of the material from the test before must be superseded by a later one (MAT-4).
    const saved = await post('/srm/sourcing/award/save', w.buyer, {
      eventId: id,
      priceValidFrom: w.day(2),
      priceValidTo: w.day(365),
      lines: [{ sourcingLineId: await lineOf(id), supplierId: w.supId[1] }],
    });
    const submitted = await w.s.request<{ instanceId: string }>('POST', '/srm/sourcing/award/submit', {
      token: w.buyer,
      body: { id: (saved.result as { id: string }).id },
    });
    const todo = (
      await w.s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
    ).body.result.records.find((r) => r.id === submitted.body.result.instanceId)!;
    expect(await post('/approval/task/approve', w.admin, { taskId: todo.taskId })).toMatchObject({ success: true });

    const winnerName = (
      await w.s.ctx.db
        .selectFrom('sourcingParticipation')
        .select('supplierName')
        .where('eventId', '=', id)
        .where('supplierId', '=', w.supId[1])
        .executeTakeFirstOrThrow()
    ).supplierName;
    const result = (await onPortal('result')).find((r) => r.title === `${title} 结果公示`);
    expect(result).toBeDefined();
    const detail = await w.s.request<{ company: string; supplierList: { name: string }[] }>(
      'GET',
      `/portal/view/portalResult?name=${result!.id}&type=bidding`,
    );
    expect(detail.body.result).toMatchObject({
      company: winnerName,
      supplierList: [{ title: '中标供应商', name: winnerName }],
    });
    // PORTAL-2: no price of any bid.
    expect(JSON.stringify(detail.body)).not.toMatch(/28700|29000/);
    expect(await myLot(1)).toMatchObject({ outcome: 'AWARDED' });
    const loser = await myLot(0);
    expect(loser.outcome).toBe('NOT_AWARDED');
    expect(loser.noticeIssuedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // §12.4: after the result is published a bidder learns the winner's name, still no other price.
    expect(await myView(0)).toMatchObject({ ownRank: 2, winnerName, bestPrice: null });
  });
});
