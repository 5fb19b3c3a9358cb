import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, publishedRfq, quote, sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';

/**
 * Security P1 / domain §9.4 / RFQ-5: a sealed quote's price is nowhere before `open` — not in
 * any GET answer of the whole API for the administrator, the buyer or the quoting supplier,
 * and not in any column of any table — and the buyer sees it once opened.
 */
const CANARY = '987654.321';
// The price in its decimal forms, and the line amount for qty 10 (9876543.21).
const FORMS = ['987654.321', '987654.32', '987654321', '9876543.21', '9876543210', '9.87654321'];

let w: SourcingWorld;
let eventId: string;
beforeAll(async () => {
  w = await sourcingWorld();
  eventId = await publishedRfq(w, { visibility: 'PUBLIC' });
  expect((await quote(w, w.sup[0], eventId, ['100', '2'])).body.success).toBe(true);
  // The revision carries the canary: the superseded and the effective version both stay sealed.
  expect((await quote(w, w.sup[0], eventId, [CANARY, '2'])).body.success).toBe(true);
  expect((await quote(w, w.sup[1], eventId, ['90', '2'])).body.success).toBe(true);
  expect((await quote(w, w.sup[2], eventId, ['95', '2'])).body.success).toBe(true);
}, 60_000);
afterAll(async () => w?.close());

const leaks = (text: string) => FORMS.filter((f) => text.includes(f));

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
    expect.arrayContaining(['sourcing_event', 'sourcing_response', 'sourcing_response_line', 'sys_log']),
  );
  const parts: string[] = [];
  for (const t of tables)
    parts.push(JSON.stringify((await sql`select * from ${sql.table(t.name)}`.execute(w.s.ctx.db)).rows));
  return parts.join('\n');
}

describe('sealed canary (P1, §9.4, RFQ-5)', () => {
  it('no GET route answers the canary to the administrator, the buyer or the quoting supplier before opening', async () => {
    const routes = getRoutes();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toEqual(
      expect.arrayContaining([
        '/jeecg-boot/srm/sourcing/event/queryById',
        '/jeecg-boot/srm/sourcing/supplier/event/queryById',
        '/jeecg-boot/sys/log/list',
      ]),
    );
    const found: string[] = [];
    for (const [who, token] of [
      ['admin', w.admin],
      ['buyer', w.buyer],
      ['supplier1', w.sup[0]],
    ] as const) {
      const signedIn = async () =>
        (
          await w.s.request(
            'GET',
            `/srm/sourcing/${who.startsWith('supplier') ? 'supplier/' : ''}event/queryById?id=${eventId}`,
            { token },
          )
        ).status;
      expect(await signedIn()).toBe(200);
      for (const url of routes) {
        const text = await fetchText(`${w.s.origin}${url}?id=${eventId}&eventId=${eventId}&pageSize=100`, token);
        if (leaks(text).length) found.push(`${who} ${url}: ${leaks(text).join(',')}`);
      }
      // The sweep did not sign anyone out (it would hide answers behind 401).
      expect(await signedIn()).toBe(200);
    }
    expect(found).toEqual([]);
  }, 240_000);

  it('no column of any table holds the canary before opening', async () => {
    expect(leaks(await allRows())).toEqual([]);
  });

  it('after open the buyer sees the canary in the comparison matrix', async () => {
    w.travel(3 * HOUR);
    expect(
      (await w.s.request('POST', '/srm/sourcing/event/open', { token: w.buyer, body: { id: eventId } })).body.result,
    ).toBe('OPENED');
    const matrix = await w.s.request('GET', `/srm/sourcing/event/matrix?id=${eventId}`, { token: w.buyer });
    expect(matrix.text).toContain(`"unitPrice":"${CANARY}"`);
    expect(matrix.text).toContain('"amount":"9876543.21"');
    expect(leaks(await allRows())).toContain(CANARY);
  });
});
