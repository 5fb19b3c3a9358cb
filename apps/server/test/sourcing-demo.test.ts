import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { seedSourcingDemo } from '../src/seed/sourcing-demo.js';
import { startTestServer, type TestServer } from './harness.js';

/** The demo company's live sourcing (seed/sourcing-demo.ts), made through the API on first start. */
let s: TestServer;
let openAfterSeeding: number;
beforeAll(async () => {
  s = await startTestServer();
  await seedSourcingDemo(s.app, s.ctx.db, '/jeecg-boot');
  openAfterSeeding = (await s.ctx.db.selectFrom('sysSession').select('id').where('revokedAt', 'is', null).execute())
    .length;
});
afterAll(async () => s?.close());

describe('demo sourcing events', () => {
  it('an inquiry being quoted, an open tender in sign-up, a scheduled auction and a draft, numbered by the code rules', async () => {
    const events = await s.ctx.db
      .selectFrom('sourcingEvent')
      .select(['id', 'code', 'type', 'status', 'visibility'])
      .orderBy('createTime')
      .execute();
    expect(events.map((e) => [e.type, e.status, e.visibility])).toEqual([
      ['RFQ', 'PUBLISHED', 'PUBLIC'],
      ['TENDER', 'PUBLISHED', 'PUBLIC'],
      ['AUCTION', 'PUBLISHED', 'PUBLIC'],
      ['RFQ', 'DRAFT', 'INVITED'],
    ]);
    expect(events.map((e) => e.code)).toEqual([
      expect.stringMatching(/^RFQ-\d{8}-0001$/),
      expect.stringMatching(/^TND-\d{8}-0001$/),
      expect.stringMatching(/^AUC-\d{8}-0001$/),
      expect.stringMatching(/^RFQ-\d{8}-0002$/),
    ]);
    const participations = await s.ctx.db.selectFrom('sourcingParticipation').select(['eventId', 'status']).execute();
    const of = (i: number) =>
      participations
        .filter((p) => p.eventId === events[i]!.id)
        .map((p) => p.status)
        .sort();
    expect(of(0)).toEqual(['ACCEPTED', 'ACCEPTED', 'INVITED']);
    expect(of(1)).toHaveLength(1);
    expect(of(2)).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
  });

  it("门户管理 › 报名记录 lists supplier1's sign-up to the demo tender (made in the back office)", async () => {
    const admin = await s.login('admin');
    const list = await s.request<PageResult<{ title: string; supplierName: string; status_dictText: string }>>(
      'GET',
      '/portal/signup/list',
      { token: admin },
    );
    expect(list.body.success).toBe(true);
    expect(list.body.result.records).toEqual([
      expect.objectContaining({
        title: expect.stringContaining('深沟球轴承'),
        supplierName: '华东精密机械有限公司',
        status_dictText: '已报名',
      }),
    ]);
  });

  it('the two quotes are sealed (§9.4): the buyer sees that they responded, not their prices', async () => {
    const rfq = await s.ctx.db
      .selectFrom('sourcingEvent')
      .select('id')
      .where('type', '=', 'RFQ')
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const responses = await s.ctx.db
      .selectFrom('sourcingResponse')
      .select(['sealedPayload', 'totalAmount', 'status'])
      .where('eventId', '=', rfq.id)
      .execute();
    expect(responses).toHaveLength(2);
    for (const r of responses)
      expect(r).toMatchObject({ status: 'SUBMITTED', totalAmount: null, sealedPayload: expect.any(String) });
    const buyer = await s.login('buyer');
    const detail = await s.request('GET', `/srm/sourcing/event/queryById?id=${rfq.id}`, { token: buyer });
    expect(detail.body.success).toBe(true);
    // Not the sealed prices as a value of their own; a random id may hold the same digits.
    expect(detail.text).not.toMatch(/(?<![\w-])(5180|5060)(?![\w-])/);
  });

  it('the three public events are on the portal under 询价, 招标 and 竞价, linked to their events', async () => {
    for (const [type, title] of [
      ['inquiry', '2026年四季度冷轧钢板询价'],
      ['tender', '2027年度深沟球轴承框架采购招标'],
      ['bidding', '六角头螺栓 M8×30 在线竞价'],
    ]) {
      const page = await s.request<PageResult<{ title: string }>>(
        'GET',
        `/portal/view/purchaseAnnouncements?type=${type}&pageNo=1&pageSize=50`,
      );
      expect(page.body.result.records.map((r) => r.title)).toContain(title);
    }
    const linked = await s.ctx.db
      .selectFrom('portalPurchaseAnnouncement')
      .select('type')
      .where('sourcingEventId', 'is not', null)
      .orderBy('type')
      .execute();
    expect(linked.map((l) => l.type)).toEqual(['bidding', 'inquiry', 'tender']);
  });

  it('the invited suppliers find them in their lists, and no seeding session is left open', async () => {
    const supplier = await s.login('supplier1');
    const list = await s.request<{ title: string }[]>('GET', '/srm/sourcing/supplier/event/list', { token: supplier });
    expect(list.body.result.map((r) => r.title)).toEqual(
      expect.arrayContaining(['2026年四季度冷轧钢板询价', '六角头螺栓 M8×30 在线竞价']),
    );
    expect(openAfterSeeding).toBe(0);
  });
});
