import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { configureTestClock, setTestClockOffset } from '../src/core/clock.js';
import {
  awardFlow,
  draftRfq,
  eventLines,
  HOUR,
  publishedRfq,
  quote,
  sourcingWorld,
  type SourcingWorld,
} from './sourcing-fixture.js';

/** RFQ flow (domain §9, §10, §13): every transition and refusal, SRC-1..10, RFQ-1..11, AWD-2/3/4/7, §9.4 sealing. */
let w: SourcingWorld;
beforeAll(async () => {
  w = await sourcingWorld();
});
afterAll(async () => w?.close());

const post = (url: string, token: string, body: unknown) => w.s.request<unknown>('POST', url, { token, body });
const event = (id: string) =>
  w.s.ctx.db.selectFrom('sourcingEvent').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const responses = (id: string) =>
  w.s.ctx.db.selectFrom('sourcingResponse').selectAll().where('eventId', '=', id).orderBy('createTime').execute();
const notices = (eventId: string) =>
  w.s.ctx.db
    .selectFrom('sysAnnouncement')
    .select(['titile', 'userIds'])
    .where('busType', '=', 'sourcing')
    .where('busId', '=', eventId)
    .execute();

describe('drafts (X-9, X-14, X-4)', () => {
  it('creates an RFQ draft with a code, one lot and lines that snapshot the material', async () => {
    const id = await draftRfq(w);
    const row = await event(id);
    expect(row).toMatchObject({
      type: 'RFQ',
      status: 'DRAFT',
      sealed: 1,
      minInvited: 3,
      minParticipants: 3,
      version: 1,
    });
    expect(row.code).toMatch(/^RFQ-\d{8}-\d{4}$/);
    const lines = await w.s.ctx.db
      .selectFrom('sourcingLine')
      .selectAll()
      .where('eventId', '=', id)
      .orderBy('lineNo')
      .execute();
    const material = await w.s.ctx.db
      .selectFrom('srmMaterial')
      .select(['name', 'unit'])
      .where('id', '=', w.materialId)
      .executeTakeFirstOrThrow();
    expect(lines.map((l) => [l.lineNo, l.materialName, l.qty])).toEqual([
      [1, material.name, '10'],
      [2, 'A4 复印纸', '20'],
    ]);
    expect(lines[0]!.unit).toBe(material.unit);
    expect(await w.s.ctx.db.selectFrom('sourcingLot').select('lotNo').where('eventId', '=', id).execute()).toEqual([
      { lotNo: 1 },
    ]);
  });

  it('edits a draft only with the current version; bad input changes nothing', async () => {
    const id = await draftRfq(w);
    expect(
      (await w.s.request('PUT', '/srm/sourcing/event/edit', { token: w.buyer, body: { id, version: 9, title: '改' } }))
        .body.message,
    ).toBe('询价单已被他人修改，请刷新后重试');
    const noLine = await w.s.request('POST', '/srm/sourcing/event/add', {
      token: w.buyer,
      body: { title: '空', lines: [] },
    });
    expect(noLine.status).toBe(400);
    const badQty = await w.s.request('PUT', '/srm/sourcing/event/edit', {
      token: w.buyer,
      body: { id, version: 1, lines: [{ materialName: 'x', unit: 'PCS', qty: '0' }] },
    });
    expect(badQty.body.message).toBe('第1行数量必须大于0');
    expect(await eventLines(w, id)).toHaveLength(2);
    const edited = await w.s.request('PUT', '/srm/sourcing/event/edit', {
      token: w.buyer,
      body: { id, version: 1, title: '办公用品询价（修订）', minInvited: 2 },
    });
    expect(edited.body.message).toBe('询价单已保存');
    expect(await event(id)).toMatchObject({ title: '办公用品询价（修订）', minInvited: 2, version: 2 });
  });

  it('suppliers cannot reach buyer routes, and buyers see only the list of their tenant', async () => {
    expect((await w.s.request('GET', '/srm/sourcing/event/list', { token: w.sup[0] })).status).toBe(403);
    const list = await w.s.request<PageResult<{ id: string }>>('GET', '/srm/sourcing/event/list?type=RFQ', {
      token: w.buyer,
    });
    expect(list.body.result.total).toBeGreaterThan(0);
  });
});

describe('invitations and publish (SRC-1, SRC-3, RFQ-1, RFQ-2, RFQ-3)', () => {
  it('SRC-3/RFQ-2: a frozen supplier is refused; RFQ-3: the same supplier twice is refused', async () => {
    const id = await draftRfq(w);
    const frozen = await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: [w.frozenId] });
    expect(frozen.body).toMatchObject({
      message: '供应商“冻结测试供应商”已冻结、列入黑名单或淘汰，不能邀请',
      rules: ['X-15'],
    });
    expect(
      (await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: [w.supId[0], w.supId[0]] })).body,
    ).toMatchObject({ message: '同一供应商不能重复邀请', rules: ['RFQ-3'] });
    expect((await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: [w.supId[0]] })).body.success).toBe(
      true,
    );
    expect(
      (await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: [w.supId[1], w.supId[0]] })).body,
    ).toMatchObject({ message: expect.stringMatching(/已在邀请名单中，不能重复邀请$/), rules: ['RFQ-3'] });
    // The refused batch stored nothing.
    expect(
      await w.s.ctx.db.selectFrom('sourcingParticipation').select('supplierId').where('eventId', '=', id).execute(),
    ).toEqual([{ supplierId: w.supId[0] }]);
  });

  it('SRC-3: a potential supplier is refused unless the event allows potential suppliers', async () => {
    await w.s.ctx.db.updateTable('supplier').set({ status: 'POTENTIAL' }).where('id', '=', w.supId[2]).execute();
    try {
      const id = await draftRfq(w);
      expect((await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: [w.supId[2]] })).body).toMatchObject(
        { message: '供应商“西南五金制品有限公司”不是合格供应商，不能邀请', rules: ['SRC-3'] },
      );
      const open = await draftRfq(w, { eligibility: 'POTENTIAL_OR_BETTER' });
      expect(
        (await post('/srm/sourcing/event/invite', w.buyer, { id: open, supplierIds: [w.supId[2]] })).body.success,
      ).toBe(true);
    } finally {
      await w.s.ctx.db.updateTable('supplier').set({ status: 'QUALIFIED' }).where('id', '=', w.supId[2]).execute();
    }
  });

  it('RFQ-1: publish needs minInvited suppliers; SRC-1: a passed deadline or a start after the deadline is refused', async () => {
    const id = await draftRfq(w);
    await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: [w.supId[0], w.supId[1]] });
    expect((await post('/srm/sourcing/event/publish', w.buyer, { id })).body).toMatchObject({
      message: '邀请供应商不足：至少邀请3家，当前2家',
      rules: ['RFQ-1'],
    });
    // A draft whose deadline passed after it was saved (a past one is refused at save, SRC-1).
    const late = await draftRfq(w);
    await w.s.ctx.db
      .updateTable('sourcingEvent')
      .set({ responseDeadline: w.at(-HOUR) })
      .where('id', '=', late)
      .execute();
    await post('/srm/sourcing/event/invite', w.buyer, { id: late, supplierIds: w.supId });
    expect((await post('/srm/sourcing/event/publish', w.buyer, { id: late })).body).toMatchObject({
      message: '报价截止时间已过，请修改后再发布',
      rules: ['SRC-1'],
    });
    const reversed = await w.s.request('POST', '/srm/sourcing/event/add', {
      token: w.buyer,
      body: {
        title: 't',
        responseStartAt: w.at(3 * HOUR),
        responseDeadline: w.at(2 * HOUR),
        lines: [{ materialName: 'x', unit: 'PCS', qty: '1' }],
      },
    });
    expect(reversed.body).toMatchObject({ message: '报价开始时间必须早于报价截止时间', rules: ['SRC-1'] });
    expect((await event(id)).status).toBe('DRAFT');
  });

  it('publish: invited suppliers are told; a PUBLIC event appears on the portal (PORTAL-1), an INVITED one does not', async () => {
    const invited = await publishedRfq(w, {}, false);
    expect(
      await w.s.ctx.db
        .selectFrom('portalPurchaseAnnouncement')
        .select('id')
        .where('sourcingEventId', '=', invited)
        .execute(),
    ).toHaveLength(0);
    expect((await notices(invited)).filter((n) => n.titile.startsWith('询价邀请'))).toHaveLength(1);
    const pub = await publishedRfq(w, { visibility: 'PUBLIC', orgName: '行政管理部' }, false);
    const ann = await w.s.ctx.db
      .selectFrom('portalPurchaseAnnouncement')
      .selectAll()
      .where('sourcingEventId', '=', pub)
      .executeTakeFirstOrThrow();
    expect(ann).toMatchObject({
      type: 'inquiry',
      status: 'published',
      code: (await event(pub)).code,
      purchaseMethod: 'RFQ',
      purchasingEntity: '行政管理部',
    });
    expect(ann.purchaseProduct).toMatch(/等2项$/);
    const portal = await w.s.request<PageResult<{ title: string }> | { title: string }[]>(
      'GET',
      '/portal/view/purchaseAnnouncements',
    );
    expect(portal.text).toContain((await event(pub)).code);
    expect((await post('/srm/sourcing/event/publish', w.buyer, { id: pub })).body.message).toBe(
      '只有草稿状态的询价单可以发布',
    );
  });
});

describe('participation and quotes (SRC-5, SRC-6, SRC-7, RFQ-4, RFQ-6, X-8)', () => {
  it('accept / decline only an open invitation; declining needs a reason; a quote needs an accepted invitation', async () => {
    const id = await publishedRfq(w, {}, false);
    expect((await quote(w, w.sup[0], id, ['10', '2'])).body.message).toBe('请先接受邀请再报价');
    expect((await post('/srm/sourcing/supplier/event/decline', w.sup[1], { id, reason: '' })).status).toBe(400);
    expect(
      (await post('/srm/sourcing/supplier/event/decline', w.sup[1], { id, reason: '产能不足' })).body.message,
    ).toBe('已拒绝邀请');
    expect((await post('/srm/sourcing/supplier/event/accept', w.sup[1], { id })).body.message).toBe(
      '只有待确认的邀请可以接受',
    );
    expect((await quote(w, w.sup[1], id, ['10', '2'])).body).toMatchObject({
      message: '贵公司未参与本次询价，不能报价',
      rules: ['SRC-5'],
    });
    expect((await post('/srm/sourcing/supplier/event/accept', w.sup[0], { id })).body.message).toBe('已接受邀请');
    expect((await quote(w, w.sup[0], id, ['10', '2'])).body.message).toBe('报价已提交');
    expect((await notices(id)).some((n) => n.titile.startsWith('供应商已拒绝询价邀请'))).toBe(true);
  });

  it('X-5: a supplier not invited does not see the event at all', async () => {
    const id = await draftRfq(w);
    await post('/srm/sourcing/event/invite', w.buyer, {
      id,
      supplierIds: [w.supId[0], w.supId[1], w.frozenId].slice(0, 2),
    });
    await w.s.request('PUT', '/srm/sourcing/event/edit', { token: w.buyer, body: { id, version: 1, minInvited: 2 } });
    await post('/srm/sourcing/event/publish', w.buyer, { id });
    expect(
      (await w.s.request('GET', `/srm/sourcing/supplier/event/queryById?id=${id}`, { token: w.sup[2] })).status,
    ).toBe(404);
    const mine = await w.s.request<{ id: string }[]>('GET', '/srm/sourcing/supplier/event/list', { token: w.sup[2] });
    expect(mine.body.result.map((e) => e.id)).not.toContain(id);
    const seen = await w.s.request<{ participation: { status: string }; lines: unknown[] }>(
      'GET',
      `/srm/sourcing/supplier/event/queryById?id=${id}`,
      { token: w.sup[0] },
    );
    expect(seen.body.result.participation.status).toBe('INVITED');
    // SRC-8: nothing about other participants or the budget.
    expect(seen.text).not.toMatch(/participants|estimatedAmount|minInvited/);
  });

  it('SRC-7: foreign lines, zero prices, too many decimals and missing lines are refused; nothing is stored', async () => {
    const id = await publishedRfq(w);
    const other = await publishedRfq(w);
    const [l1, l2] = await eventLines(w, id);
    const [o1] = await eventLines(w, other);
    const send = (lines: unknown[]) =>
      post('/srm/sourcing/supplier/quote/submit', w.sup[0], { eventId: id, validUntil: w.day(30), lines });
    expect((await send([{ sourcingLineId: o1!.id, unitPrice: '1', taxRate: '13' }])).body).toMatchObject({
      message: '报价行不属于本询价单',
      rules: ['SRC-7'],
    });
    expect(
      (
        await send([
          { sourcingLineId: l1!.id, unitPrice: '0', taxRate: '13' },
          { sourcingLineId: l2!.id, unitPrice: '1', taxRate: '13' },
        ])
      ).body,
    ).toMatchObject({ message: '第1行单价必须大于0', rules: ['SRC-7'] });
    expect(
      (
        await send([
          { sourcingLineId: l1!.id, unitPrice: '1.123456', taxRate: '13' },
          { sourcingLineId: l2!.id, unitPrice: '1', taxRate: '13' },
        ])
      ).body,
    ).toMatchObject({ message: '第1行单价最多4位小数', rules: ['SRC-7'] });
    expect((await send([{ sourcingLineId: l1!.id, unitPrice: '1', taxRate: '13' }])).body).toMatchObject({
      message: '本询价单须对全部物料行报价',
      rules: ['SRC-7'],
    });
    expect(
      (
        await send([
          { sourcingLineId: l1!.id, unitPrice: '1', taxRate: '13' },
          { sourcingLineId: l1!.id, unitPrice: '1', taxRate: '13' },
        ])
      ).body,
    ).toMatchObject({ message: '第1行重复报价', rules: ['SRC-7'] });
    expect(await responses(id)).toHaveLength(0);
  });

  it('SRC-5/RFQ-4/X-1: a quote just before the deadline is taken; at or after it, refused with a clear message and nothing stored', async () => {
    const id = await publishedRfq(w);
    const deadline = Date.parse((await event(id)).responseDeadline!);
    w.travel(deadline - Date.now() - 1500 - (Date.parse(w.at(0)) - Date.now()));
    expect((await quote(w, w.sup[0], id, ['10', '2'])).body.message).toBe('报价已提交');
    w.travel(1500);
    const late = await quote(w, w.sup[1], id, ['9', '2']);
    expect(late.body.success).toBe(false);
    expect(late.body).toMatchObject({
      message: expect.stringMatching(/^报价已截止（截止时间 .+），不能报价，本次提交未保存$/),
      rules: ['RFQ-4'],
    });
    expect((await responses(id)).map((r) => r.supplierId)).toEqual([w.supId[0]]);
    expect((await post('/srm/sourcing/supplier/quote/withdraw', w.sup[0], { eventId: id })).body.message).toMatch(
      /不能撤回报价/,
    );
    expect(
      (await post('/srm/sourcing/event/extend', w.buyer, { id, responseDeadline: w.at(HOUR), reason: '晚了' })).body,
    ).toMatchObject({ message: '报价已截止，不能延期，请开标', rules: ['SRC-2'] });
  });

  it('RFQ-6/SRC-6: a revision supersedes the effective quote; withdraw before the deadline; X-8: a repeated request id returns the first receipt', async () => {
    const id = await publishedRfq(w);
    const first = await quote(w, w.sup[0], id, ['10', '2'], { clientRequestId: 'req-rev-0001' });
    const again = await quote(w, w.sup[0], id, ['11', '3'], { clientRequestId: 'req-rev-0001' });
    expect(again.body.result).toEqual(first.body.result);
    const second = await quote(w, w.sup[0], id, ['9.5', '2'], { clientRequestId: 'req-rev-0002' });
    expect(second.body.result.versionNo).toBe(2);
    expect((await responses(id)).map((r) => [r.versionNo, r.status])).toEqual([
      [1, 'SUPERSEDED'],
      [2, 'SUBMITTED'],
    ]);
    const seen = await w.s.request<{ responses: { versionNo: number; status: string; payloadHash: string }[] }>(
      'GET',
      `/srm/sourcing/supplier/event/queryById?id=${id}`,
      { token: w.sup[0] },
    );
    expect(seen.body.result.responses.map((r) => [r.versionNo, r.status])).toEqual([
      [1, 'SUPERSEDED'],
      [2, 'SUBMITTED'],
    ]);
    expect((await post('/srm/sourcing/supplier/quote/withdraw', w.sup[0], { eventId: id })).body.message).toBe(
      '报价已撤回',
    );
    expect((await post('/srm/sourcing/supplier/quote/withdraw', w.sup[0], { eventId: id })).body.message).toBe(
      '没有可撤回的报价',
    );
    const logs = await w.s.request<{ action: string }[]>('GET', `/srm/sourcing/event/logs?id=${id}`, {
      token: w.buyer,
    });
    expect(logs.body.result.map((l) => l.action)).toEqual(
      expect.arrayContaining(['create', 'invite', 'publish', 'accept', 'submit', 'revise', 'withdraw']),
    );
  });

  it('RFQ-6: with allowRevision off a second quote is refused', async () => {
    const id = await publishedRfq(w, { allowRevision: false });
    expect((await quote(w, w.sup[0], id, ['10', '2'])).body.success).toBe(true);
    expect((await quote(w, w.sup[0], id, ['9', '2'])).body).toMatchObject({
      message: '本询价单不允许修改报价',
      rules: ['RFQ-6'],
    });
  });
});

describe('sealing and opening (§9.4, RFQ-5, RFQ-7, SRC-2)', () => {
  it('§9.4: prices are ciphertext only, the receipt hashes it, the buyer sees no price and cannot open before the deadline (RFQ-5)', async () => {
    const id = await publishedRfq(w);
    const receipt = (await quote(w, w.sup[0], id, ['123.4567', '2'])).body.result;
    const [row] = await responses(id);
    expect(row).toMatchObject({ totalAmount: null, validUntil: null, paymentTerms: null, status: 'SUBMITTED' });
    expect(row!.sealedPayload).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(row!.sealedPayload).not.toContain('123.4567');
    expect(receipt.payloadHash).toBe(createHash('sha256').update(row!.sealedPayload!).digest('hex'));
    expect(receipt.serverTime).toBe(row!.submittedAt);
    const lines = await w.s.ctx.db
      .selectFrom('sourcingResponseLine')
      .selectAll()
      .where('responseId', '=', row!.id)
      .execute();
    expect(lines.every((l) => l.unitPrice === null && l.amount === null && l.taxRate === null)).toBe(true);
    const ev = await event(id);
    expect(ev.sealedKey).toBeTruthy();
    expect(ev.sealedKey!.length).toBeGreaterThan(40);
    const detail = await w.s.request('GET', `/srm/sourcing/event/queryById?id=${id}`, { token: w.buyer });
    expect(detail.text).not.toContain('123.4567');
    expect(detail.text).not.toContain('sealedKey');
    expect((await w.s.request('GET', `/srm/sourcing/event/matrix?id=${id}`, { token: w.buyer })).body).toMatchObject({
      message: '开标前不能查看报价',
      rules: ['RFQ-5'],
    });
    const early = await post('/srm/sourcing/event/open', w.buyer, { id });
    expect(early.body).toMatchObject({ message: expect.stringMatching(/前不能开标$/), rules: ['RFQ-5'] });
    expect((await event(id)).status).toBe('PUBLISHED');
  });

  it('RFQ-7: fewer than minQuotes at the deadline → INSUFFICIENT; SRC-2: extend (later only) reopens it with an amendment and notices', async () => {
    const id = await publishedRfq(w);
    await quote(w, w.sup[0], id, ['10', '2']);
    await quote(w, w.sup[1], id, ['11', '2']);
    const ev = await event(id);
    expect(
      (await post('/srm/sourcing/event/extend', w.buyer, { id, responseDeadline: w.at(HOUR), reason: '提前' })).body,
    ).toMatchObject({ message: '报价截止时间只能延长，不能提前', rules: ['SRC-2'] });
    w.travel(3 * HOUR);
    const opened = await post('/srm/sourcing/event/open', w.buyer, { id });
    expect(opened.body).toMatchObject({
      success: true,
      result: 'INSUFFICIENT',
      message: '有效报价不足，询价单转为响应不足',
      rules: ['RFQ-7'],
    });
    expect((await event(id)).status).toBe('INSUFFICIENT');
    // Nothing was decrypted.
    expect((await responses(id)).every((r) => r.totalAmount === null && r.status === 'SUBMITTED')).toBe(true);
    expect(
      (await post('/srm/sourcing/event/extend', w.buyer, { id, responseDeadline: w.at(-HOUR), reason: '再等等' })).body,
    ).toMatchObject({ message: '新的报价截止时间必须晚于当前时间', rules: ['SRC-1'] });
    const extended = await post('/srm/sourcing/event/extend', w.buyer, {
      id,
      responseDeadline: w.at(2 * HOUR),
      reason: '报价不足，延长一天',
    });
    expect(extended.body.message).toBe('报价截止时间已延长');
    expect((await event(id)).status).toBe('PUBLISHED');
    expect(Date.parse((await event(id)).responseDeadline!)).toBeGreaterThan(Date.parse(ev.responseDeadline!));
    const amendments = await w.s.ctx.db
      .selectFrom('sourcingClarification')
      .select(['kind', 'answer'])
      .where('eventId', '=', id)
      .execute();
    expect(amendments).toHaveLength(1);
    expect(amendments[0]!.kind).toBe('AMENDMENT');
    expect((await notices(id)).filter((n) => n.titile.startsWith('报价截止时间已延长'))).toHaveLength(1);
    expect((await quote(w, w.sup[2], id, ['12', '2'])).body.message).toBe('报价已提交');
  });

  it('RFQ-7: from INSUFFICIENT only the manager continues; the buyer may fail the event with a reason', async () => {
    const id = await publishedRfq(w);
    await quote(w, w.sup[0], id, ['10', '2']);
    w.travel(3 * HOUR);
    await post('/srm/sourcing/event/open', w.buyer, { id });
    expect((await post('/srm/sourcing/event/continue', w.buyer, { id, reason: '紧急' })).status).toBe(403);
    expect(
      (await post('/srm/sourcing/event/continue', w.admin, { id, reason: '紧急采购，批准继续' })).body.message,
    ).toBe('已开标');
    expect((await event(id)).status).toBe('OPENED');
    expect((await responses(id))[0]).toMatchObject({ status: 'OPENED', totalAmount: '140.00' });

    const other = await publishedRfq(w);
    w.travel(3 * HOUR);
    await post('/srm/sourcing/event/open', w.buyer, { id: other });
    expect((await post('/srm/sourcing/event/fail', w.buyer, { id: other, reason: '' })).status).toBe(400);
    expect((await post('/srm/sourcing/event/fail', w.buyer, { id: other, reason: '无人报价' })).body.message).toBe(
      '询价单已流标',
    );
    expect(await event(other)).toMatchObject({ status: 'FAILED', failReason: '无人报价' });
  });
});

describe('comparison and award (RFQ-10, RFQ-11, AWD-2, AWD-3, AWD-4, AWD-7)', () => {
  let id: string;
  beforeAll(async () => {
    id = await publishedRfq(w, { visibility: 'PUBLIC', awardMode: 'SPLIT_BY_QTY' });
    await quote(w, w.sup[0], id, ['100', '50']);
    await quote(w, w.sup[0], id, ['98', '50']);
    await quote(w, w.sup[1], id, ['90', '55']);
    await quote(w, w.sup[2], id, ['120', '60']);
    w.travel(3 * HOUR);
    expect((await post('/srm/sourcing/event/open', w.buyer, { id })).body.result).toBe('OPENED');
  });

  it('open fills the plain columns and writes an opening record; the matrix flags the lowest price per line and keeps every version', async () => {
    const rows = await responses(id);
    expect(rows.map((r) => r.status).sort()).toEqual(['OPENED', 'OPENED', 'OPENED', 'SUPERSEDED']);
    expect(rows.find((r) => r.status === 'SUPERSEDED')!.totalAmount).toBe('2000.00');
    const record = await w.s.ctx.db
      .selectFrom('sourcingOpeningRecord')
      .selectAll()
      .where('eventId', '=', id)
      .executeTakeFirstOrThrow();
    expect(record.responseCount).toBe(3);
    type Matrix = {
      lines: {
        lineNo: number;
        lowestPrice: string;
        quotes: { supplierId: string; unitPrice: string; amount: string; lowest: boolean }[];
      }[];
      suppliers: unknown[];
      history: { versionNo: number; status: string; totalAmount: string }[];
    };
    const m = (await w.s.request<Matrix>('GET', `/srm/sourcing/event/matrix?id=${id}`, { token: w.buyer })).body.result;
    expect(m.lines[0]!.lowestPrice).toBe('90');
    expect(m.lines[0]!.quotes.filter((q) => q.lowest).map((q) => q.supplierId)).toEqual([w.supId[1]]);
    expect(m.lines[0]!.quotes.find((q) => q.supplierId === w.supId[0])).toMatchObject({
      unitPrice: '98',
      amount: '980.00',
    });
    expect(m.lines[1]!.quotes.filter((q) => q.lowest).map((q) => q.supplierId)).toEqual([w.supId[0]]);
    expect(m.suppliers).toHaveLength(3);
    // RFQ-6: earlier versions readable to the buyer after opening.
    expect(m.history.filter((h) => h.status === 'SUPERSEDED').map((h) => h.totalAmount)).toEqual(['2000.00']);
    // The supplier sees its own prices now, never the others'.
    const own = await w.s.request('GET', `/srm/sourcing/supplier/event/queryById?id=${id}`, { token: w.sup[0] });
    expect(own.text).toContain('"totalAmount":"1980.00"');
    expect(own.text).not.toContain('1100.00');
  });

  it('RFQ-10/AWD-3: shares must be whole percentages summing to 100, only for suppliers that quoted; RFQ-11: the price is the quote', async () => {
    const [l1, l2] = await eventLines(w, id);
    const save = (lines: unknown[]) =>
      post('/srm/sourcing/award/save', w.buyer, {
        eventId: id,
        priceValidFrom: w.day(1),
        priceValidTo: w.day(365),
        lines,
      });
    const l2Whole = { sourcingLineId: l2!.id, supplierId: w.supId[0], sharePct: 100 };
    expect(
      (
        await save([
          { sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 60 },
          { sourcingLineId: l1!.id, supplierId: w.supId[1], sharePct: 30 },
          l2Whole,
        ])
      ).body,
    ).toMatchObject({ message: '第1行各供应商份额合计须为100%，当前90%', rules: ['RFQ-10', 'AWD-3'] });
    expect((await save([{ sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 100 }])).body).toMatchObject({
      message: '第2行未选择中标供应商，授予数量须等于需求数量',
      rules: ['RFQ-10'],
    });
    expect((await save([{ sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 60.5 }, l2Whole])).status).toBe(
      400,
    );
    expect(
      (await save([{ sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 100, unitPrice: '90' }, l2Whole])).body,
    ).toMatchObject({
      message: '第1行授予单价须等于华东精密机械有限公司的有效报价 98，改价须另开一轮',
      rules: ['RFQ-11'],
    });
    expect(
      (await save([{ sourcingLineId: l1!.id, supplierId: w.frozenId, sharePct: 100 }, l2Whole])).body,
    ).toMatchObject({ message: '第1行所选供应商未对该行有效报价，不能授予', rules: ['RFQ-10'] });
    expect(await w.s.ctx.db.selectFrom('sourcingAward').select('id').where('eventId', '=', id).execute()).toHaveLength(
      0,
    );
  });

  it('AWD-4: the approver is never the recommending buyer; FINAL brings price records, AWARDED / NOT_AWARDED, notices to all (AWD-7) and the portal result', async () => {
    const [l1, l2] = await eventLines(w, id);
    const saved = await post('/srm/sourcing/award/save', w.buyer, {
      eventId: id,
      recommendation: '供应安全，拆分',
      priceValidFrom: w.day(1),
      priceValidTo: w.day(365),
      lines: [
        { sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 60, unitPrice: '98' },
        { sourcingLineId: l1!.id, supplierId: w.supId[1], sharePct: 40 },
        { sourcingLineId: l2!.id, supplierId: w.supId[0], sharePct: 100 },
      ],
    });
    expect(saved.body.message).toBe('定标建议已保存');
    const award = (
      await w.s.request<{
        id: string;
        code: string;
        totalAmount: string;
        lines: { supplierId: string; qty: string; amount: string; sharePct: number }[];
      }>('GET', `/srm/sourcing/award/queryByEventId?eventId=${id}`, { token: w.buyer })
    ).body.result;
    expect(award.code).toMatch(/^AWD-\d{8}-\d{4}$/);
    expect(award.lines.map((l) => [l.qty, l.sharePct, l.amount]).sort()).toEqual([
      ['20', 100, '1000.00'],
      ['4', 40, '360.00'],
      ['6', 60, '588.00'],
    ]);
    expect(award.totalAmount).toBe('1948.00');

    // Only the buyer could approve: refused at submission, nothing moves.
    const buyerId = (
      await w.s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'buyer').executeTakeFirstOrThrow()
    ).id;
    await awardFlow(w, 'USER', buyerId);
    expect((await post('/srm/sourcing/award/submit', w.buyer, { id: award.id })).body.message).toMatch(
      /提交人不能审批本人的单据/,
    );
    expect((await event(id)).status).toBe('OPENED');

    await awardFlow(w, 'ROLE', 'admin');
    const submitted = await w.s.request<{ instanceId: string; status: string }>('POST', '/srm/sourcing/award/submit', {
      token: w.buyer,
      body: { id: award.id },
    });
    expect(submitted.body.result.status).toBe('RUNNING');
    expect((await event(id)).status).toBe('AWARD_PENDING_APPROVAL');
    const todo = (
      await w.s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
    ).body.result.records.find((r) => r.id === submitted.body.result.instanceId)!;
    expect((await post('/approval/task/approve', w.buyer, { taskId: todo.taskId })).body.success).toBe(false);
    expect((await post('/approval/task/approve', w.admin, { taskId: todo.taskId })).body.success).toBe(true);

    expect((await event(id)).status).toBe('AWARDED');
    expect(
      (
        await w.s.ctx.db
          .selectFrom('sourcingAward')
          .select('status')
          .where('id', '=', award.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('FINAL');
    const statuses = Object.fromEntries(
      (await responses(id)).filter((r) => r.status !== 'SUPERSEDED').map((r) => [r.supplierId, r.status]),
    );
    expect(statuses).toEqual({ [w.supId[0]]: 'AWARDED', [w.supId[1]]: 'AWARDED', [w.supId[2]]: 'NOT_AWARDED' });
    const prices = await w.s.ctx.db
      .selectFrom('srmPriceRecord')
      .select(['supplierId', 'unitPrice', 'taxRate', 'sourceType'])
      .where('sourceId', '=', award.id)
      .execute();
    expect(prices.map((p) => [p.supplierId, p.unitPrice, p.taxRate, p.sourceType]).sort()).toEqual(
      [
        [w.supId[0], '98', '13', 'AWARD'],
        [w.supId[1], '90', '13', 'AWARD'],
      ].sort(),
    );
    const sent = await notices(id);
    expect(sent.filter((n) => n.titile.startsWith('中标通知'))).toHaveLength(2);
    expect(sent.filter((n) => n.titile.startsWith('未中标通知'))).toHaveLength(1);
    const result = await w.s.ctx.db
      .selectFrom('portalResultAnnouncement')
      .selectAll()
      .where('sourcingEventId', '=', id)
      .executeTakeFirstOrThrow();
    expect(result).toMatchObject({ type: 'inquiry', status: 'published', bidCode: (await event(id)).code });
    expect(result.company).toContain('华东精密机械有限公司');
    // PORTAL-2: no prices on the portal.
    expect(`${result.content}${result.supplierList}${result.company}`).not.toMatch(/98|1948/);
    expect(
      (
        await post('/srm/sourcing/award/save', w.buyer, {
          eventId: id,
          priceValidFrom: w.day(1),
          priceValidTo: w.day(365),
          lines: [],
        })
      ).status,
    ).toBe(400);
    expect((await post('/srm/sourcing/event/cancel', w.admin, { id, reason: '晚了' })).body.message).toBe(
      '当前状态（已定标）不能取消',
    );
  });
});

describe('cancel (SRC-10)', () => {
  it('a draft is cancelled by the buyer; a published one only by the manager, with a reason; the portal notice is withdrawn and participants told', async () => {
    const draft = await draftRfq(w);
    expect((await post('/srm/sourcing/event/cancel', w.buyer, { id: draft, reason: '' })).status).toBe(400);
    expect((await post('/srm/sourcing/event/cancel', w.buyer, { id: draft, reason: '需求取消' })).body.message).toBe(
      '询价单已取消',
    );
    const id = await publishedRfq(w, { visibility: 'PUBLIC' });
    await quote(w, w.sup[0], id, ['10', '2']);
    expect((await post('/srm/sourcing/event/cancel', w.buyer, { id, reason: '需求变更' })).body).toMatchObject({
      message: '发布后的询价单须由采购主管取消',
      rules: ['SRC-10'],
    });
    expect((await event(id)).status).toBe('PUBLISHED');
    expect((await post('/srm/sourcing/event/cancel', w.admin, { id, reason: '需求变更' })).body.message).toBe(
      '询价单已取消',
    );
    expect(await event(id)).toMatchObject({ status: 'CANCELLED', cancelReason: '需求变更' });
    expect((await responses(id))[0]!.status).toBe('WITHDRAWN');
    expect(
      await w.s.ctx.db
        .selectFrom('portalPurchaseAnnouncement')
        .select(['status', 'withdrawReason'])
        .where('sourcingEventId', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'withdrawn', withdrawReason: '已终止：需求变更' });
    expect((await notices(id)).filter((n) => n.titile.startsWith('询价已取消'))).toHaveLength(1);
    expect((await quote(w, w.sup[1], id, ['10', '2'])).body.message).toMatch(/^询价单已取消，不能报价$/);
  });
});

describe('test clock (X-1)', () => {
  it('cannot be moved unless TEST_CLOCK is on', () => {
    configureTestClock(false);
    try {
      expect(() => setTestClockOffset(1000)).toThrow(/TEST_CLOCK/);
    } finally {
      configureTestClock(true);
    }
  });
});
