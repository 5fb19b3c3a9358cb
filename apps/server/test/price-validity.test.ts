import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLines, HOUR, poster, publishedRfq, quote, sourcingWorld } from './sourcing-fixture.js';
import { draftTender, tenderWorld, type TenderWorld } from './tender-bid-fixture.js';

/**
 * The price validity of an award (inquiry, auction and tender award forms) may not start or end before
 * today on the server clock (MAT-4 price records, X-1); the form's picker greys those days out too.
 */
let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld(await sourcingWorld());
}, 60_000);
afterAll(async () => w?.close());

const post = poster(() => w);
const awardsOf = async (eventId: string) =>
  (await w.s.ctx.db.selectFrom('sourcingAward').select('id').where('eventId', '=', eventId).execute()).length;

describe('award price validity (MAT-4, X-1)', () => {
  it('MAT-4, X-1: an RFQ award whose price validity starts or ends before today is refused; nothing is stored; today is accepted', async () => {
    const eventId = await publishedRfq(w);
    for (const [i, t] of w.sup.entries()) await quote(w, t, eventId, [String(4500 + i * 100), '50']);
    const today = w.day(0);
    const yesterday = w.day(-1);
    const later = w.day(365);
    w.travel(3 * HOUR);
    expect((await post('/srm/sourcing/event/open', w.buyer, { id: eventId })).result).toBe('OPENED');
    const lines = (await eventLines(w, eventId)).map((l) => ({ sourcingLineId: l.id, supplierId: w.supId[0] }));
    const save = (priceValidFrom: string, priceValidTo: string) =>
      w.s.request<{ errors?: Record<string, string> }>('POST', '/srm/sourcing/award/save', {
        token: w.buyer,
        body: { eventId, priceValidFrom, priceValidTo, lines },
      });

    const past = await save(yesterday, later);
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ message: '价格生效日期不能早于今天', rules: ['MAT-4', 'X-1'] });
    expect(past.body.result?.errors).toEqual({ priceValidFrom: '价格生效日期不能早于今天' });
    const ended = await save(w.day(-5), yesterday);
    expect(ended.status).toBe(400);
    expect(await awardsOf(eventId)).toBe(0);
    // The server's day decides (GMT+8): "today" computed three hours ago may be yesterday by now.
    const saved = await save(today < w.day(0) ? w.day(0) : today, later);
    expect(saved.body.message).toBe('定标建议已保存');
    expect(await awardsOf(eventId)).toBe(1);
  });

  it('MAT-4, X-1: a tender award proposal with a past price validity is refused before anything moves', async () => {
    const eventId = await draftTender(w);
    const res = await w.s.request<{ errors?: Record<string, string> }>('POST', '/srm/tender/award/propose', {
      token: w.buyer,
      body: { eventId, priceValidFrom: w.day(0), priceValidTo: w.day(-1) },
    });
    expect(res.status).toBe(400);
    // The order check comes first: validTo before validFrom.
    expect(res.body.message).toBe('价格失效日期不能早于生效日期');
    const past = await w.s.request<{ errors?: Record<string, string> }>('POST', '/srm/tender/award/propose', {
      token: w.buyer,
      body: { eventId, priceValidFrom: w.day(-2), priceValidTo: w.day(30) },
    });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ message: '价格生效日期不能早于今天', rules: ['MAT-4', 'X-1'] });
    expect(past.body.result?.errors).toEqual({ priceValidFrom: '价格生效日期不能早于今天' });
    expect(await awardsOf(eventId)).toBe(0);
  });
});
