import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftRfq, HOUR } from './sourcing-fixture.js';
import { sourcingWorld } from './sourcing-fixture.js';
import { DAY, draftTender, tenderWorld, type TenderWorld } from './tender-bid-fixture.js';

/** Past deadlines and need-by dates are refused when a draft is saved, on the server clock (SRC-1, PR-1, X-1). */
let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld(await sourcingWorld());
}, 60_000);
afterAll(async () => w?.close());

type Answer = { status: number; body: { success: boolean; message: string; result: unknown } };
const send = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  w.s.request<unknown>(method, url, { token: w.buyer, body }) as Promise<Answer>;
const errorsOf = (a: Answer) => (a.body.result as { errors?: Record<string, string> } | null)?.errors;
const count = async (title: string) =>
  (await w.s.ctx.db.selectFrom('sourcingEvent').select('id').where('title', '=', title).execute()).length;

describe('RFQ drafts (SRC-1, PR-1, X-1)', () => {
  it('SRC-1: a response deadline already passed on the server clock is refused at add and at edit; nothing is stored', async () => {
    const add = await send('POST', '/srm/sourcing/event/add', {
      title: '过期询价',
      responseDeadline: w.at(-60_000),
      lines: [{ materialName: 'A4 复印纸', unit: 'BOX', qty: '1' }],
    });
    expect(add.status).toBe(400);
    expect(add.body).toMatchObject({ message: '报价截止时间已过，请选择晚于当前的时间', rules: ['SRC-1'] });
    expect(errorsOf(add)).toEqual({ responseDeadline: '报价截止时间不能早于当前时间' });
    expect(await count('过期询价')).toBe(0);

    const id = await draftRfq(w);
    const edit = await send('PUT', '/srm/sourcing/event/edit', { id, version: 1, signupDeadline: w.at(-HOUR) });
    expect(edit.status).toBe(400);
    expect(errorsOf(edit)).toEqual({ signupDeadline: '报名截止时间不能早于当前时间' });
    // The server clock decides: an hour ahead, a deadline two hours from the real time passes too.
    w.travel(3 * HOUR);
    const moved = await send('PUT', '/srm/sourcing/event/edit', { id, version: 1, responseDeadline: w.at(-HOUR) });
    expect(moved.status).toBe(400);
    // Other fields of a draft whose deadline passed meanwhile can still be saved.
    expect((await send('PUT', '/srm/sourcing/event/edit', { id, version: 1, title: '改标题' })).body.message).toBe(
      '询价单已保存',
    );
  });

  it('PR-1: a line needed before today is refused with its field; today is accepted', async () => {
    const add = await send('POST', '/srm/sourcing/event/add', {
      title: '过期需求日期',
      responseDeadline: w.at(2 * HOUR),
      lines: [
        { materialName: 'A4 复印纸', unit: 'BOX', qty: '1', needByDate: w.day(0) },
        { materialName: '订书机', unit: 'PCS', qty: '1', needByDate: w.day(-1) },
      ],
    });
    expect(add.status).toBe(400);
    expect(add.body).toMatchObject({ message: '第2行：需求日期不能早于今天', rules: ['PR-1'] });
    expect(errorsOf(add)).toEqual({ 'lines.1.needByDate': '需求日期不能早于今天' });
    expect(await count('过期需求日期')).toBe(0);
    await draftRfq(w, { lines: [{ materialName: 'A4 复印纸', unit: 'BOX', qty: '1', needByDate: w.day(0) }] });
  });
});

describe('tender and auction drafts (SRC-1, X-1)', () => {
  it('a tender with a passed bid deadline or objection deadline is refused; a future one is saved', async () => {
    const add = await send('POST', '/srm/tender/add', {
      title: '过期招标',
      method: 'OPEN_TENDER',
      responseDeadline: w.at(-HOUR),
      lines: [{ materialName: '空调', unit: 'SET', qty: '1' }],
    });
    expect(add.status).toBe(400);
    expect(errorsOf(add)).toEqual({ responseDeadline: '投标截止时间不能早于当前时间' });
    expect(await count('过期招标')).toBe(0);
    const id = await draftTender(w);
    const edit = await send('PUT', '/srm/tender/edit', { id, version: 1, objectionDeadline: w.at(-DAY) });
    expect(errorsOf(edit)).toEqual({ objectionDeadline: '异议截止时间不能早于当前时间' });
  });

  it('an auction ending in the past is refused; one ending later is saved', async () => {
    const rules = {
      biddingTarget: 'LOT_TOTAL',
      startPrice: '1000',
      decrementMode: 'AMOUNT',
      decrementValue: '1',
      startAt: w.at(-2 * HOUR),
    };
    const lines = [{ materialName: '热轧钢板', qty: '10', unit: 'TON' }];
    const late = await send('POST', '/srm/auction/event/add', {
      title: '过期竞价',
      rules: { ...rules, endAt: w.at(-HOUR) },
      lines,
    });
    expect(late.status).toBe(400);
    expect(errorsOf(late)).toEqual({ 'rules.endAt': '竞价结束时间不能早于当前时间' });
    expect(await count('过期竞价')).toBe(0);
    const ok = await send('POST', '/srm/auction/event/add', {
      title: '竞价',
      rules: { ...rules, endAt: w.at(HOUR) },
      lines,
    });
    expect(ok.body.message).toBe('竞价单已保存');
  });
});
