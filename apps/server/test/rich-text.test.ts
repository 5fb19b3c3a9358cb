import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, publishedRfq, sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';
import { DAY, draftTender, tenderWorld, type TenderWorld } from './tender-bid-fixture.js';

/**
 * Issue 16 finding 1: every field that takes HTML is cleaned on the server by one allow-list,
 * whichever route writes it and wherever it is read back (the API and the public portal).
 */
let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld(await sourcingWorld());
});
afterAll(async () => w?.close());

const ATTACK = [
  '<p>正文<img src=x onerror=alert(1)></p>',
  '<script>alert(2)</script>',
  '<svg onload=alert(3)><circle r="1"/></svg>',
  '<a href="javascript:alert(4)">点此</a>',
  '<a href="JaVaScRiPt&colon;alert(5)">点此</a>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999"><a href="https://evil.example">领奖</a></div>',
  '<p style="position: absolute; inset: 0">x</p>',
  '<div class="ant-modal-mask">遮罩</div>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(https://evil.example/t.gif)">x</p>',
  '<form action="https://evil.example"><input name="p"></form>',
].join('');
const DANGER = /<script|onerror|onload|javascript|<svg|<iframe|<form|<input|position|z-index|url\(|class=/i;

const TIME = (ms: number) => new Date(Date.now() + ms + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');
type Case = {
  name: string;
  write: (w: SourcingWorld & TenderWorld) => Promise<string>;
  read: (w: SourcingWorld & TenderWorld, id: string) => Promise<unknown>;
};
const body = async (res: Promise<{ body: { success: boolean; message: string; result: unknown } }>) => {
  const r = await res;
  expect(r.body.success, r.body.message).toBe(true);
  return r.body.result;
};
const idOf = async (res: Promise<{ body: { success: boolean; message: string; result: unknown } }>) =>
  ((await body(res)) as { id: string }).id;
const portalDetailOfEvent = async (ww: SourcingWorld, eventId: string) => {
  const row = await ww.s.ctx.db
    .selectFrom('portalPurchaseAnnouncement')
    .select('id')
    .where('sourcingEventId', '=', eventId)
    .executeTakeFirstOrThrow();
  return body(ww.s.request('GET', `/portal/view/purchaseAnnouncementDetail?id=${row.id}`));
};

const CASES: Case[] = [
  {
    name: 'POST /srm/sourcing/event/add content',
    write: (ww) =>
      idOf(
        ww.s.request('POST', '/srm/sourcing/event/add', {
          token: ww.buyer,
          body: {
            title: '富文本询价',
            responseDeadline: ww.at(2 * HOUR),
            lines: [{ materialName: '纸', unit: 'BOX', qty: '1' }],
            content: ATTACK,
          },
        }),
      ),
    read: (ww, id) => body(ww.s.request('GET', `/srm/sourcing/event/queryById?id=${id}`, { token: ww.buyer })),
  },
  {
    name: 'PUT /srm/sourcing/event/edit content',
    write: async (ww) => {
      const id = await idOf(
        ww.s.request('POST', '/srm/sourcing/event/add', {
          token: ww.buyer,
          body: {
            title: '富文本询价2',
            responseDeadline: ww.at(2 * HOUR),
            lines: [{ materialName: '纸', unit: 'BOX', qty: '1' }],
          },
        }),
      );
      await body(
        ww.s.request('PUT', '/srm/sourcing/event/edit', { token: ww.buyer, body: { id, version: 1, content: ATTACK } }),
      );
      return id;
    },
    read: (ww, id) => body(ww.s.request('GET', `/srm/sourcing/event/queryById?id=${id}`, { token: ww.buyer })),
  },
  {
    name: 'published public RFQ, read on the portal (/portal/view/purchaseAnnouncementDetail)',
    write: (ww) => publishedRfq(ww, { visibility: 'PUBLIC', content: ATTACK }, false),
    read: portalDetailOfEvent,
  },
  {
    name: 'POST /srm/tender/add content',
    write: (ww) => draftTender(ww as TenderWorld, { content: ATTACK, responseDeadline: ww.at(21 * DAY) }),
    read: (ww, id) => body(ww.s.request('GET', `/srm/tender/queryById?id=${id}`, { token: ww.buyer })),
  },
  {
    name: 'PUT /srm/tender/edit content',
    write: async (ww) => {
      const id = await draftTender(ww as TenderWorld);
      await body(
        ww.s.request('PUT', '/srm/tender/edit', { token: ww.buyer, body: { id, version: 1, content: ATTACK } }),
      );
      return id;
    },
    read: (ww, id) => body(ww.s.request('GET', `/srm/tender/queryById?id=${id}`, { token: ww.buyer })),
  },
  {
    name: 'POST /portal/purchaseAnnouncement/add content, read on the portal',
    write: async (ww) => {
      const id = await idOf(
        ww.s.request('POST', '/portal/purchaseAnnouncement/add', {
          token: ww.admin,
          body: {
            title: '门户富文本公告',
            type: 'tender',
            code: 'ZB-RT-1',
            purchasingEntity: '测试单位',
            signupStart: TIME(-DAY),
            signupDeadline: TIME(10 * DAY),
            responseDeadline: TIME(20 * DAY),
            content: ATTACK,
          },
        }),
      );
      await body(ww.s.request('POST', '/portal/purchaseAnnouncement/publish', { token: ww.admin, body: { id } }));
      return id;
    },
    read: (ww, id) => body(ww.s.request('GET', `/portal/view/purchaseAnnouncementDetail?id=${id}`)),
  },
  {
    name: 'POST /portal/resultAnnouncement/add content',
    write: (ww) =>
      idOf(
        ww.s.request('POST', '/portal/resultAnnouncement/add', {
          token: ww.admin,
          body: { title: '门户富文本结果', type: 'inquiry', content: ATTACK },
        }),
      ),
    read: (ww, id) => body(ww.s.request('GET', `/portal/resultAnnouncement/queryById?id=${id}`, { token: ww.admin })),
  },
  {
    name: 'POST /portal/news/add content',
    write: (ww) =>
      idOf(
        ww.s.request('POST', '/portal/news/add', {
          token: ww.admin,
          body: { title: '门户富文本新闻', type: '行业新闻', newsDate: '2026-11-20', content: ATTACK },
        }),
      ),
    read: (ww, id) => body(ww.s.request('GET', `/portal/news/queryById?id=${id}`, { token: ww.admin })),
  },
  {
    name: 'POST /sys/annountCement/add msgContent',
    write: (ww) =>
      idOf(
        ww.s.request('POST', '/sys/annountCement/add', {
          token: ww.admin,
          body: { titile: '富文本通告', msgCategory: '1', priority: 'L', msgType: 'ALL', msgContent: ATTACK },
        }),
      ),
    read: (ww, id) => body(ww.s.request('GET', `/sys/annountCement/queryById?id=${id}`, { token: ww.admin })),
  },
];

describe('one allow-list over every rich-text field', () => {
  it.each(CASES)('$name keeps the text and drops scripts, handlers, frames and positioned styles', async (c) => {
    const id = await c.write(w);
    const read = JSON.stringify(await c.read(w, id));
    expect(read).toContain('正文');
    expect(read).toContain('领奖');
    expect(read).not.toMatch(DANGER);
  });
});
