import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { serverNowIso } from '../src/core/clock.js';
import {
  awardFlow,
  eventLines,
  HOUR,
  publishedRfq,
  quote,
  sourcingWorld,
  type SourcingWorld,
} from './sourcing-fixture.js';
import { contractApprovalStep, contractDraft, uploadedFile } from './workflow-fixtures/contract.js';

/**
 * The contract's life after signing (§15): expiry and the CON-3 overdue warning on the job
 * scheduler (server clock), amendments as new versions (CON-6), termination through approval,
 * supplements. Every transition and refusal cites its rule.
 */
let w: SourcingWorld;
let tenantId: number;
let awardId: string;
let eventId: string;
const DAY = 24 * HOUR;
type Body = { success: boolean; message: string; result: Record<string, unknown>; rules?: string[] };
const post = async (path: string, token: string, body: Record<string, unknown>) =>
  (await w.s.request<Record<string, unknown>>('POST', path, { token, body })).body as unknown as Body;
const detail = async (id: string, token = w.buyer) =>
  (await w.s.request<Record<string, unknown>>('GET', `/srm/contract/queryById?id=${id}`, { token })).body.result;
const userId = async (username: string) =>
  (await w.s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const noticesTo = async (username: string, busId: string) => {
  const id = await userId(username);
  return (
    await w.s.ctx.db.selectFrom('sysAnnouncement').select(['titile', 'userIds']).where('busId', '=', busId).execute()
  ).filter((n) => (n.userIds ?? '').split(',').includes(id));
};
const logOf = async (id: string) =>
  w.s.ctx.db
    .selectFrom('sysDocLog')
    .select(['action', 'fromStatus', 'toStatus', 'operatorKind', 'operatorName', 'reason'])
    .where('docId', '=', id)
    .orderBy('createdTime')
    .orderBy('id')
    .execute();
const runJob = async () => {
  const outcome = await w.s.ctx.jobs.runNow('contract.lifecycle');
  expect(outcome).toMatchObject({ ran: true, state: { lastResult: 'OK' } });
};

/** The admin's pending task on a document, approved or rejected. */
async function decide(docId: string, verdict: 'approve' | 'reject', comment = '同意') {
  const task = (
    await w.s.request<PageResult<{ docId: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
  ).body.result.records.find((r) => r.docId === docId);
  expect(task, `a task on ${docId}`).toBeDefined();
  expect((await post(`/approval/task/${verdict}`, w.admin, { taskId: task!.taskId, comment })).success).toBe(true);
}

/** submit → approved → send → confirm → sign: ACTIVE. */
async function activate(id: string) {
  expect((await post('/srm/contract/submit', w.buyer, { id })).message).toBe('合同已提交审批');
  await decide(id, 'approve');
  expect((await post('/srm/contract/send', w.buyer, { id })).success).toBe(true);
  expect((await post('/srm/contract/confirm', w.sup[0], { id })).success).toBe(true);
  const file = await uploadedFile(w.s, 'buyer', tenantId);
  expect((await post('/srm/contract/sign', w.buyer, { id, signedFiles: file })).message).toBe('合同已生效');
  expect((await detail(id)).status).toBe('ACTIVE');
}

async function draft(extra: Record<string, unknown> = {}): Promise<string> {
  const res = await post('/srm/contract/add', w.buyer, { ...contractDraft(w.supId[0]), ...extra });
  expect(res).toMatchObject({ success: true });
  return String(res.result.id);
}

beforeAll(async () => {
  w = await sourcingWorld();
  tenantId = (
    await w.s.ctx.db.selectFrom('supplier').select('tenantId').where('id', '=', w.supId[0]).executeTakeFirstOrThrow()
  ).tenantId;
  eventId = await publishedRfq(w);
  await quote(w, w.sup[0], eventId, ['98', '50']);
  await quote(w, w.sup[1], eventId, ['99', '51']);
  await quote(w, w.sup[2], eventId, ['100', '52']);
  w.travel(3 * HOUR);
  expect((await post('/srm/sourcing/event/open', w.buyer, { id: eventId })).success).toBe(true);
  const [l1, l2] = await eventLines(w, eventId);
  await post('/srm/sourcing/award/save', w.buyer, {
    eventId,
    priceValidFrom: w.day(1),
    priceValidTo: w.day(365),
    lines: [
      { sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 100 },
      { sourcingLineId: l2!.id, supplierId: w.supId[0], sharePct: 100 },
    ],
  });
  await awardFlow(w, 'ROLE', 'admin');
  awardId = (
    await w.s.ctx.db.selectFrom('sourcingAward').select('id').where('eventId', '=', eventId).executeTakeFirstOrThrow()
  ).id;
  const submitted = await post('/srm/sourcing/award/submit', w.buyer, { id: awardId });
  expect(submitted.success).toBe(true);
  await decide(awardId, 'approve');
  await contractApprovalStep(w.s, tenantId);
}, 90_000);
afterAll(async () => w?.close());

describe('§15 expiry on the job scheduler', () => {
  it('§15 ACTIVE ─validTo passed (SYS)─▶ EXPIRED: a system transition with a log row, the creator told; not before', async () => {
    const id = await draft({ validFrom: w.day(-10), validTo: w.day(2) });
    await activate(id);
    // The last valid day is not yet past.
    w.travel(2 * DAY);
    await runJob();
    expect((await detail(id)).status).toBe('ACTIVE');
    w.travel(1 * DAY);
    await runJob();
    const c = await detail(id);
    expect(c.status).toBe('EXPIRED');
    expect((await logOf(id)).at(-1)).toMatchObject({
      action: 'expire',
      fromStatus: 'ACTIVE',
      toStatus: 'EXPIRED',
      operatorKind: 'SYSTEM',
    });
    expect((await noticesTo('buyer', id)).map((n) => n.titile)).toContain(`合同已到期：${String(c.code)}`);
    // A second run finds nothing to do; users never take the system's move.
    await runJob();
    expect((await logOf(id)).filter((l) => l.action === 'expire')).toHaveLength(1);
    expect((await w.s.request('POST', '/srm/contract/expire', { token: w.buyer, body: { id } })).status).toBe(404);
  });

  it('§15: only ACTIVE contracts expire: a draft past its end date stays a draft', async () => {
    const id = await draft({ validFrom: w.day(-30), validTo: w.day(-1) });
    await runJob();
    expect((await detail(id)).status).toBe('DRAFT');
  });
});

describe('CON-3: a tender award’s contract not ACTIVE within tender.contractWithinDays', () => {
  it('CON-3: warns the award’s buyer and the manager once, after 30 days, while no contract of the award is ACTIVE', async () => {
    // The award's event becomes a tender's (the tender's own flow to its award notice is
    // tender-evaluation.test.ts's); the job reads the award notice and the event type.
    await w.s.ctx.db.updateTable('sourcingEvent').set({ type: 'TENDER' }).where('id', '=', eventId).execute();
    const noticeAt = serverNowIso();
    await w.s.ctx.db.updateTable('sourcingAward').set({ noticeIssuedAt: noticeAt }).where('id', '=', awardId).execute();
    const pending = String(
      (
        await post('/srm/contract/add', w.buyer, {
          title: '中标合同',
          contractType: 'STANDARD',
          supplierId: w.supId[0],
          currency: 'CNY',
          validFrom: w.day(1),
          validTo: w.day(365),
          sourceAwardId: awardId,
        })
      ).result.id,
    );
    w.travel(29 * DAY);
    await runJob();
    expect(await noticesTo('buyer', awardId)).toHaveLength(0);
    w.travel(2 * DAY);
    await runJob();
    await runJob();
    const [toBuyer] = await noticesTo('buyer', awardId);
    expect(toBuyer?.titile).toMatch(/^中标合同逾期未生效：/);
    // Once, to the buyer and to the manager (the admin role holds contract:overdueNotice).
    expect(await noticesTo('buyer', awardId)).toHaveLength(1);
    expect(await noticesTo('admin', awardId)).toHaveLength(1);
    expect(await noticesTo('supplier1', awardId)).toHaveLength(0);
    // A contract of the award that is ACTIVE: no warning (the recorded one cleared to show it).
    await w.s.ctx.db.deleteFrom('srmContractWarning').where('awardId', '=', awardId).execute();
    await w.s.ctx.db.deleteFrom('sysAnnouncement').where('busId', '=', awardId).execute();
    await w.s.request('PUT', '/srm/contract/edit', {
      token: w.buyer,
      body: { id: pending, payPlan: [{ stageType: 'ON_ACCEPTANCE', pct: '100', amount: '2237.40' }] },
    });
    await activate(pending);
    await runJob();
    expect(await noticesTo('buyer', awardId)).toHaveLength(0);
  });

  it('CON-3: tender.contractWithinDays is the tenant’s setting (at most the statutory 30): 20 days warns at day 21', async () => {
    const saved = await w.s.request('POST', '/srm/purchaseSetting/save', {
      token: w.admin,
      body: { key: 'tender.contractWithinDays', value: 20 },
    });
    expect(saved.body).toMatchObject({ success: true });
    // A fresh award notice, no contract of the award in force.
    await w.s.ctx.db.deleteFrom('srmContractWarning').where('awardId', '=', awardId).execute();
    await w.s.ctx.db.deleteFrom('sysAnnouncement').where('busId', '=', awardId).execute();
    await w.s.ctx.db
      .updateTable('srmContract')
      .set({ status: 'CANCELLED' })
      .where('sourceAwardId', '=', awardId)
      .execute();
    await w.s.ctx.db
      .updateTable('sourcingAward')
      .set({ noticeIssuedAt: serverNowIso() })
      .where('id', '=', awardId)
      .execute();
    w.travel(19 * DAY);
    await runJob();
    expect(await noticesTo('buyer', awardId)).toHaveLength(0);
    w.travel(2 * DAY);
    await runJob();
    expect(await noticesTo('buyer', awardId)).toHaveLength(1);
  });
});
