import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourcingWorld } from './sourcing-fixture.js';
import { bid, DAY, publishedTender, signUpAll, tenderWorld, type TenderWorld } from './tender-bid-fixture.js';

/**
 * Security P1 / TND-5 / §9.4 for tenders: a sealed bid's canary price and canary technical
 * text are nowhere before the officers open the tender — not in any GET answer of the whole
 * API for the administrator, the buyer, an opening officer or the bidding supplier, and not
 * in any column of any table — and the buyer team sees both once opened.
 */
const CANARY = '987654.321';
// The price in its decimal forms, and the line amount for qty 10 (9876543.21).
const FORMS = ['987654.321', '987654.32', '987654321', '9876543.21', '9876543210', '9.87654321'];
const TECH = 'CANARY-TECH-7f3a9c';

let w: TenderWorld;
let eventId: string;
let responseId: string;
beforeAll(async () => {
  w = await tenderWorld(await sourcingWorld());
  eventId = await publishedTender(w, { pricePrecision: 3, twoEnvelope: 0 });
  await signUpAll(w, eventId);
  expect((await bid(w, w.sup[0], eventId, ['100', '2'])).body.success).toBe(true);
  // The revision carries the canaries: the superseded and the effective version both stay sealed.
  const revised = await bid(w, w.sup[0], eventId, [CANARY, '2'], TECH);
  expect(revised.body.success).toBe(true);
  responseId = revised.body.result.responseId;
  expect((await bid(w, w.sup[1], eventId, ['90', '2'])).body.success).toBe(true);
  expect((await bid(w, w.sup[2], eventId, ['95', '2'])).body.success).toBe(true);
}, 60_000);
afterAll(async () => w?.close());

const leaks = (text: string) => [...FORMS, TECH].filter((f) => text.includes(f));

/** A GET answer's text; a stream (server-sent events) is read for 3 s, whatever arrived is checked. */
async function fetchText(url: string, token: string): Promise<string> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), 3000);
  let text = '';
  try {
    const res = await fetch(url, { headers: { 'X-Access-Token': token }, signal: ctrl.signal });
    const reader = res.body?.getReader();
    if (!reader) return '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Aborted: a stream that stays open; what it sent so far is checked.
  } finally {
    clearTimeout(timer);
  }
  return text;
}

/** Every GET route of the API (docs and stored files aside), with its path parameters filled. */
function getRoutes(): string[] {
  return [
    ...new Set(
      w.s
        .routes()
        .filter(
          (r) =>
            r.method === 'GET' &&
            r.url.startsWith('/jeecg-boot/') &&
            !r.url.startsWith('/jeecg-boot/docs') &&
            !r.url.includes('*') &&
            !/logout/i.test(r.url),
        )
        .map((r) => r.url.replace(/:(\w+)/g, eventId)),
    ),
  ];
}

/** Every column of every table, read raw. */
async function allRows(): Promise<string> {
  const tables =
    w.s.ctx.kind === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            w.s.ctx.db,
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(w.s.ctx.db)
        ).rows;
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining(['sourcing_response', 'sourcing_response_line', 'tender_bid', 'sys_audit_chain', 'sys_log']),
  );
  const parts: string[] = [];
  for (const t of tables)
    parts.push(JSON.stringify((await sql`select * from ${sql.table(t.name)}`.execute(w.s.ctx.db)).rows));
  return parts.join('\n');
}

describe('sealed tender canary (P1, TND-5, §9.4)', () => {
  it('no GET route answers the canaries to the administrator, the buyer, an officer or the bidder before opening', async () => {
    const routes = getRoutes();
    expect(routes).toEqual(
      expect.arrayContaining([
        '/jeecg-boot/srm/tender/queryById',
        '/jeecg-boot/srm/tender/bids',
        '/jeecg-boot/srm/tender/bid',
        '/jeecg-boot/srm/tender/audit/list',
        '/jeecg-boot/srm/tender/supplier/queryById',
        '/jeecg-boot/srm/tender/supplier/opening-record',
      ]),
    );
    const found: string[] = [];
    for (const [who, token] of [
      ['admin', w.admin],
      ['buyer', w.buyer],
      ['buyer2', w.buyer2],
      ['supplier1', w.sup[0]],
    ] as const) {
      const signedIn = async () =>
        (
          await w.s.request(
            'GET',
            `/srm/tender/${who.startsWith('supplier') ? 'supplier/' : ''}queryById?id=${eventId}`,
            { token },
          )
        ).status;
      expect(await signedIn()).toBe(200);
      for (const url of routes) {
        const text = await fetchText(
          `${w.s.origin}${url}?id=${eventId}&eventId=${eventId}&responseId=${responseId}&pageSize=50`,
          token,
        );
        if (leaks(text).length) found.push(`${who} ${url}: ${leaks(text).join(',')}`);
      }
      expect(await signedIn()).toBe(200);
    }
    expect(found).toEqual([]);
  }, 300_000);

  it('no column of any table holds the canaries before opening', async () => {
    expect(leaks(await allRows())).toEqual([]);
  });

  it('after the officers open, the buyer team sees the canary price and technical text', async () => {
    w.travel(22 * DAY);
    expect(
      (await w.s.request('POST', '/srm/tender/open', { token: w.admin, body: { id: eventId } })).body.result,
    ).toMatchObject({ result: 'PENDING' });
    expect(
      (await w.s.request('POST', '/srm/tender/open', { token: w.buyer2, body: { id: eventId } })).body.result,
    ).toMatchObject({ result: 'OPENED' });
    const bids = await w.s.request('GET', `/srm/tender/bids?id=${eventId}`, { token: w.buyer });
    expect(bids.text).toContain(`"unitPrice":"${CANARY}"`);
    expect(bids.text).toContain(TECH);
    expect(leaks(await allRows())).toEqual(expect.arrayContaining([CANARY, TECH]));
  });
});
