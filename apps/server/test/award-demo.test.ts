import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAwardDemo } from '../src/seed/award-demo.js';
import { startTestServer, type TestServer } from './harness.js';

/** The demo's award → contract → orders (seed/award-demo.ts, issue 18), made through the API on first start. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedAwardDemo(s.app, s.ctx.db, '/jeecg-boot');
}, 60_000);
afterAll(async () => s?.close());

describe('demo award follow-up', () => {
  it('a FINAL award with one ACTIVE contract from it and two orders: one CONFIRMED, one SENT', async () => {
    const award = await s.ctx.db.selectFrom('sourcingAward').selectAll().executeTakeFirstOrThrow();
    expect(award.status).toBe('FINAL');
    const contracts = await s.ctx.db.selectFrom('srmContract').selectAll().execute();
    expect(contracts.map((c) => [c.status, c.sourceAwardId])).toEqual([['ACTIVE', award.id]]);
    const lines = await s.ctx.db.selectFrom('sourcingAwardLine').selectAll().execute();
    expect(lines.map((l) => [l.qty, l.qtyContracted, l.qtyOrdered])).toEqual([['2000', '2000', '800']]);
    const orders = await s.ctx.db
      .selectFrom('srmPurchaseOrder')
      .select(['status', 'sourceDocId'])
      .orderBy('code')
      .execute();
    expect(orders).toEqual([
      { status: 'CONFIRMED', sourceDocId: award.id },
      { status: 'SENT', sourceDocId: award.id },
    ]);
    // supplier1's home lists the order waiting for it.
    const sup = await s.login('supplier1');
    const todos = await s.request<{ waiting: { kind: string }[] }>('GET', '/dashboard/todos', { token: sup });
    expect(todos.body.result.waiting.map((w) => w.kind)).toEqual(['采购订单']);
    // No demo session is left behind.
    expect(await s.ctx.db.selectFrom('sysSession').select('id').where('revokedAt', 'is', null).execute()).toHaveLength(
      1,
    );
  });
});
