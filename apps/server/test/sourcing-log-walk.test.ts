import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  docLogNames,
  SOURCING_LOG_KINDS,
  sourcingActionText,
  sourcingDocType,
  sourcingLogDef,
  type PageResult,
  type SourcingLogKind,
} from '@procura/shared';
import { awardFlow, eventLines, HOUR, poster, publishedRfq, quote, sourcingWorld } from './sourcing-fixture.js';
import { bid, DAY, publishedTender, signUpAll, tenderWorld, type TenderWorld } from './tender-bid-fixture.js';

/**
 * Issue 17 (X-3, security P4): every status change of an inquiry, a tender and an auction, and of
 * their participations, responses, awards and lots, writes exactly one status-log row (who, when,
 * from, to, why) and one audit-chain entry through the one writer. Each walk below drives an
 * event through its transitions over HTTP, then checks the whole family against the database:
 * - the event's log rows chain from its creation to its current status (a move that bypassed
 *   the writer breaks the chain), and every child document's last row names its current status;
 * - every log row has exactly one audit entry, naming the row, in the event's tenant chain;
 * - every logged action and state has a Chinese name (the timeline never shows a code).
 */
let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld(await sourcingWorld());
}, 60_000);
afterAll(async () => w?.close());

const post = poster(() => w);

type LogRow = {
  id: string;
  tenantId: number;
  docType: string;
  docId: string;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  operatorName: string;
  operatorKind: string;
  createdTime: string;
};

const KIND_OF = (type: string) =>
  Object.fromEntries(SOURCING_LOG_KINDS.map((k) => [sourcingDocType(type, k), k])) as Record<string, SourcingLogKind>;

/** The event's and its documents' current statuses, by log document type and id. */
async function currentStatuses(eventId: string, type: string): Promise<Map<string, string>> {
  const db = w.s.ctx.db;
  const key = (kind: SourcingLogKind, id: string) => `${sourcingDocType(type, kind)}:${id}`;
  const out = new Map<string, string>();
  const ev = await db.selectFrom('sourcingEvent').select('status').where('id', '=', eventId).executeTakeFirstOrThrow();
  out.set(key('EVENT', eventId), ev.status);
  const tables = [
    ['PARTICIPATION', 'sourcingParticipation'],
    ['RESPONSE', 'sourcingResponse'],
    ['AWARD', 'sourcingAward'],
  ] as const;
  for (const [kind, table] of tables)
    for (const r of await db.selectFrom(table).select(['id', 'status']).where('eventId', '=', eventId).execute())
      out.set(key(kind, r.id), r.status);
  for (const l of await db
    .selectFrom('auctionLotState')
    .select(['lotId', 'status'])
    .where('eventId', '=', eventId)
    .execute())
    out.set(key('LOT', l.lotId), l.status);
  return out;
}

/** Checks the event's family against the log and the chain; returns the event's own actions in order. */
async function assertLogged(eventId: string): Promise<string[]> {
  const db = w.s.ctx.db;
  const { type, tenantId } = await db
    .selectFrom('sourcingEvent')
    .select(['type', 'tenantId'])
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  const rows = (await db
    .selectFrom('sysDocLog')
    .selectAll()
    .where((eb) => eb.or([eb('docId', '=', eventId), eb('sourceDocId', '=', eventId)]))
    .orderBy('createdTime')
    .orderBy('id')
    .execute()) as unknown as LogRow[];
  const kinds = KIND_OF(type);
  const byDoc = new Map<string, LogRow[]>();
  for (const r of rows) {
    expect(kinds[r.docType], `${r.docType} is a document of the ${type}`).toBeDefined();
    byDoc.set(`${r.docType}:${r.docId}`, [...(byDoc.get(`${r.docType}:${r.docId}`) ?? []), r]);
  }
  // Each document's rows chain from its creation (an auction's lot is created with its event, SCHEDULED).
  const current = await currentStatuses(eventId, type);
  for (const [key, status] of current) {
    const own = byDoc.get(key) ?? [];
    expect(own.length, `${key} (${status}) has log rows`).toBeGreaterThan(0);
    const created = key.startsWith(sourcingDocType(type, 'LOT')) ? 'SCHEDULED' : null;
    expect(own[0]!.fromStatus, `${key} starts from its creation`).toBe(created);
    for (const [i, r] of own.entries())
      if (i > 0)
        expect(r.fromStatus, `${key} row ${i} (${r.action}) follows the one before`).toBe(own[i - 1]!.toStatus);
    expect(own.at(-1)!.toStatus, `${key}: the last row names the current status`).toBe(status);
  }
  // Exactly one audit entry per row, naming it, in the event's tenant chain.
  const chain = await db
    .selectFrom('sysAuditChain')
    .selectAll()
    .where('docId', 'in', [...new Set(rows.map((r) => r.docId))])
    .execute();
  type Payload = { logId?: string; event?: boolean; payloadDigest?: string; operatorName?: string };
  const all = chain.map((c) => ({ ...c, p: JSON.parse(c.payload) as Payload }));
  // A tender's events that move no status (views, unseals, scores; P4) are entries beside the moves, with no log row.
  const events = all.filter((e) => e.p.event);
  for (const e of events) {
    expect(e.docType, `event ${e.action} is the ${type}'s`).toBe(type);
    expect(docLogNames(e.docType)?.actionText[e.action], `event ${e.action} has a name`).toMatch(/\p{Script=Han}/u);
    expect(e.p.payloadDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(e.p.operatorName).toBeTruthy();
  }
  const entries = all.filter((e) => !e.p.event).map((e) => ({ ...e, logId: e.p.logId }));
  for (const r of rows) {
    const mine = entries.filter((e) => e.logId === r.id);
    expect(mine, `one audit entry for ${r.docType} ${r.action}`).toHaveLength(1);
    expect(mine[0]).toMatchObject({ docType: r.docType, docId: r.docId, action: r.action });
    expect(Number(mine[0]!.tenantId)).toBe(Number(tenantId));
    expect(r.operatorName).not.toBe('');
  }
  expect(entries).toHaveLength(rows.length);
  // Every action and state the timeline shows has its Chinese name.
  for (const r of rows) {
    const kind = kinds[r.docType]!;
    expect(sourcingActionText(kind, r.action), `${r.docType}.${r.action} has a name`).toMatch(/\p{Script=Han}/u);
    const states = sourcingLogDef(type, kind).states as Record<string, { text: string }>;
    for (const s of [r.fromStatus, r.toStatus])
      if (s) expect(states[s]?.text, `${r.docType} state ${s} has a name`).toMatch(/\p{Script=Han}/u);
  }
  return rows.filter((r) => r.docId === eventId).map((r) => r.action);
}

const todoOf = async (instanceId: string) =>
  (
    await w.s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
  ).body.result.records.find((r) => r.id === instanceId)!;

describe('an RFQ (询价): every move is one log row and one audit entry', () => {
  it('create, publish, quotes and a revision, open, recommend, approval and award', async () => {
    const id = await publishedRfq(w);
    expect((await quote(w, w.sup[0], id, ['100', '50'])).body.success).toBe(true);
    expect((await quote(w, w.sup[0], id, ['98', '50'])).body.success).toBe(true);
    expect((await quote(w, w.sup[1], id, ['99', '51'])).body.success).toBe(true);
    expect((await quote(w, w.sup[2], id, ['101', '52'])).body.success).toBe(true);
    w.travel(3 * HOUR);
    expect((await post('/srm/sourcing/event/open', w.buyer, { id })).result).toBe('OPENED');
    const [l1, l2] = await eventLines(w, id);
    const saved = await post('/srm/sourcing/award/save', w.buyer, {
      eventId: id,
      recommendation: '综合最优',
      priceValidFrom: w.day(1),
      priceValidTo: w.day(365),
      lines: [
        { sourcingLineId: l1!.id, supplierId: w.supId[0], sharePct: 100 },
        { sourcingLineId: l2!.id, supplierId: w.supId[0], sharePct: 100 },
      ],
    });
    expect(saved.message).toBe('定标建议已保存');
    const award = (
      await w.s.request<{ id: string }>('GET', `/srm/sourcing/award/queryByEventId?eventId=${id}`, { token: w.buyer })
    ).body.result;
    await awardFlow(w, 'ROLE', 'admin');
    const submitted = await w.s.request<{ instanceId: string }>('POST', '/srm/sourcing/award/submit', {
      token: w.buyer,
      body: { id: award.id },
    });
    expect(submitted.body.success).toBe(true);
    const todo = await todoOf(submitted.body.result.instanceId);
    expect((await post('/approval/task/approve', w.admin, { taskId: todo.taskId })).success).toBe(true);
    expect(await assertLogged(id)).toEqual(['create', 'publish', 'open', 'recommend', 'award']);
  });

  it('an opening short of quotes, continued by the manager, then failed; another cancelled with its quote withdrawn', async () => {
    const id = await publishedRfq(w);
    expect((await quote(w, w.sup[0], id, ['100', '50'])).body.success).toBe(true);
    w.travel(3 * HOUR);
    expect((await post('/srm/sourcing/event/open', w.buyer, { id })).result).toBe('INSUFFICIENT');
    expect((await post('/srm/sourcing/event/continue', w.admin, { id, reason: '紧急采购' })).success).toBe(true);
    expect((await post('/srm/sourcing/event/fail', w.buyer, { id, reason: '价格过高' })).success).toBe(true);
    expect(await assertLogged(id)).toEqual(['create', 'publish', 'open', 'continue', 'fail']);

    const other = await publishedRfq(w);
    expect((await quote(w, w.sup[1], other, ['100', '50'])).body.success).toBe(true);
    expect((await post('/srm/sourcing/event/cancel', w.admin, { id: other, reason: '需求取消' })).success).toBe(true);
    expect(await assertLogged(other)).toEqual(['create', 'publish', 'cancel']);
    const withdrawn = await w.s.ctx.db
      .selectFrom('sysDocLog')
      .select(['action', 'fromStatus', 'toStatus', 'reason'])
      .where('sourceDocId', '=', other)
      .where('docType', '=', 'RFQ_RESPONSE')
      .orderBy('createdTime')
      .execute();
    expect(withdrawn.at(-1)).toEqual({
      action: 'cancel',
      fromStatus: 'SUBMITTED',
      toStatus: 'WITHDRAWN',
      reason: '需求取消',
    });
  });
});

describe('a tender (招标): every move is one log row and one audit entry', () => {
  it('create, submit, approval, publish, sign-ups, bids, the officers’ opening', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    for (const [i, prices] of [
      ['100', '200'],
      ['110', '210'],
      ['120', '220'],
    ].entries())
      expect((await bid(w, w.sup[i]!, id, prices)).body.success).toBe(true);
    expect((await bid(w, w.sup[0], id, ['99', '199'])).body.success).toBe(true);
    w.travel(22 * DAY);
    expect((await post('/srm/tender/open', w.admin, { id })).success).toBe(true);
    expect((await post('/srm/tender/open', w.buyer2, { id })).message).toBe('已开标');
    expect(await assertLogged(id)).toEqual(['create', 'submit', 'approve', 'publish', 'open']);
  });

  it('a published tender with a bid, cancelled by the manager: the bid is withdrawn with it', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    expect((await bid(w, w.sup[0], id, ['100', '200'])).body.success).toBe(true);
    expect((await post('/srm/tender/cancel', w.admin, { id, reason: '项目终止' })).success).toBe(true);
    expect(await assertLogged(id)).toEqual(['create', 'submit', 'approve', 'publish', 'cancel']);
  });
});

describe('an auction (竞价): every move is one log row and one audit entry', () => {
  it('create, invite, publish, start, pause, resume, bids, close, award', async () => {
    const add = await post('/srm/auction/event/add', w.buyer, {
      title: '钢材反向竞价',
      rules: {
        biddingTarget: 'LOT_TOTAL',
        startPrice: '1000',
        decrementMode: 'AMOUNT',
        decrementValue: '1',
        startAt: w.at(-60_000),
        endAt: w.at(HOUR),
        confirmDropPct: '50',
      },
      lines: [{ materialId: w.materialId, materialName: '任意', qty: '10', unit: 'BOX' }],
    });
    const { id, lotId } = add.result as { id: string; lotId: string };
    expect((await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: w.supId })).success).toBe(true);
    expect((await post('/srm/sourcing/event/publish', w.buyer, { id })).success).toBe(true);
    for (const t of w.sup) expect((await post('/srm/sourcing/supplier/event/accept', t, { id })).success).toBe(true);
    expect((await post('/srm/auction/lot/start', w.buyer, { lotId })).success).toBe(true);
    expect((await post('/srm/auction/lot/pause', w.buyer, { lotId, reason: '网络故障' })).success).toBe(true);
    expect((await post('/srm/auction/lot/resume', w.buyer, { lotId })).success).toBe(true);
    let n = 0;
    for (const [i, price] of [
      [0, '990'],
      [1, '980'],
    ] as const)
      expect(
        (await post('/srm/auction/supplier/bid', w.sup[i]!, { lotId, price, clientRequestId: `walk-bid-${id}-${++n}` }))
          .success,
      ).toBe(true);
    w.travel(2 * HOUR);
    expect((await post('/srm/auction/lot/close', w.buyer, { lotId })).success).toBe(true);
    const [line] = await eventLines(w, id);
    expect(
      (
        await post('/srm/sourcing/award/save', w.buyer, {
          eventId: id,
          recommendation: '最低价',
          priceValidFrom: w.day(1),
          priceValidTo: w.day(365),
          lines: [{ sourcingLineId: line!.id, supplierId: w.supId[1], sharePct: 100 }],
        })
      ).success,
    ).toBe(true);
    const award = (
      await w.s.request<{ id: string }>('GET', `/srm/sourcing/award/queryByEventId?eventId=${id}`, { token: w.buyer })
    ).body.result;
    await awardFlow(w, 'ROLE', 'admin');
    const submitted = await w.s.request<{ instanceId: string }>('POST', '/srm/sourcing/award/submit', {
      token: w.buyer,
      body: { id: award.id },
    });
    expect(submitted.body.success).toBe(true);
    const todo = await todoOf(submitted.body.result.instanceId);
    expect((await post('/approval/task/approve', w.admin, { taskId: todo.taskId })).success).toBe(true);
    expect(await assertLogged(id)).toEqual(['create', 'publish', 'auction-close', 'recommend', 'award']);
    const lot = await w.s.ctx.db
      .selectFrom('sysDocLog')
      .select('action')
      .where('docId', '=', lotId)
      .orderBy('createdTime')
      .execute();
    expect(lot.map((l) => l.action)).toEqual(['auction-start', 'auction-pause', 'auction-resume', 'auction-close']);
  });
});

describe('the verify endpoint covers them', () => {
  it('the tenant chain holding every walk above verifies, counting their entries', async () => {
    const { tenantId } = await w.s.ctx.db.selectFrom('sourcingEvent').select('tenantId').executeTakeFirstOrThrow();
    const entries = await w.s.ctx.db
      .selectFrom('sysAuditChain')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    const verdict = (
      await w.s.request<{ ok: boolean; count: number }>('GET', `/sys/auditChain/verify?tenantId=${tenantId}`, {
        token: w.admin,
      })
    ).body.result;
    expect(verdict).toEqual({ tenantId: Number(tenantId), ok: true, count: Number(entries.n) });
    expect(Number(entries.n)).toBeGreaterThan(50);
  });
});
