import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocLogEntry } from '@procura/shared';
import { HOUR, publishedRfq, sourcingWorld } from './sourcing-fixture.js';
import { bid, publishedTender, signUpAll, tenderWorld, type TenderWorld } from './tender-bid-fixture.js';

/**
 * Issue 17: inquiries, tenders and auctions keep their own screens, but every status change of
 * theirs writes the same status-log row (sys_doc_log) and the same entry in the tenant's audit
 * chain as the platform documents, through writeDocLog; their `/logs` read it back; the chain
 * verifies, and a tampered entry is reported at its seq (X-3, security P4).
 */
let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld(await sourcingWorld());
}, 60_000);
afterAll(async () => w?.close());

type Entry = DocLogEntry & { docType: string; docId: string };
const logs = async (url: string, id: string, token = w.buyer) =>
  (await w.s.request<Entry[]>('GET', `${url}?id=${id}`, { token })).body;
const chainOf = (docId: string) =>
  w.s.ctx.db.selectFrom('sysAuditChain').selectAll().where('docId', '=', docId).orderBy('seq').execute();
const docLogOf = (docId: string) =>
  w.s.ctx.db.selectFrom('sysDocLog').selectAll().where('docId', '=', docId).orderBy('createdTime').execute();
const tenantOf = async (eventId: string) =>
  Number(
    (
      await w.s.ctx.db
        .selectFrom('sourcingEvent')
        .select('tenantId')
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow()
    ).tenantId,
  );

async function auction(): Promise<{ eventId: string; lotId: string }> {
  const add = await w.s.request<{ id: string; lotId: string }>('POST', '/srm/auction/event/add', {
    token: w.buyer,
    body: {
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
      lines: [{ materialName: '热轧钢板', qty: '10', unit: 'TON' }],
    },
  });
  expect(add.body.message).toBe('竞价单已保存');
  const { id, lotId } = add.body.result;
  for (const [url, body] of [
    ['/srm/sourcing/event/invite', { id, supplierIds: w.supId }],
    ['/srm/sourcing/event/publish', { id }],
  ] as const)
    expect((await w.s.request('POST', url, { token: w.buyer, body })).body.success).toBe(true);
  for (const t of w.sup)
    expect(
      (await w.s.request('POST', '/srm/sourcing/supplier/event/accept', { token: t, body: { id } })).body.success,
    ).toBe(true);
  return { eventId: id, lotId };
}

describe('sourcing status changes in the one log and audit chain (issue 17, X-3)', () => {
  it('an RFQ: its moves and its participations’ are log rows and audit entries, read by /srm/sourcing/event/logs', async () => {
    const id = await publishedRfq(w);
    const body = await logs('/srm/sourcing/event/logs', id);
    expect(body.success).toBe(true);
    const own = body.result.filter((l) => l.docId === id);
    expect(own.map((l) => `${l.docType}:${l.action}:${l.fromStatus}>${l.toStatus}:${l.actorKind}`)).toEqual([
      'RFQ:create:null>DRAFT:INTERNAL',
      'RFQ:publish:DRAFT>PUBLISHED:INTERNAL',
    ]);
    const accepted = body.result.filter((l) => l.action === 'accept');
    expect(accepted).toHaveLength(3);
    expect(accepted.every((l) => l.docType === 'RFQ_PARTICIPATION' && l.actorKind === 'SUPPLIER')).toBe(true);
    expect(accepted[0]).toMatchObject({ sourceDocType: 'RFQ', sourceDocId: id });
    // Each log row has its audit entry, in the event's tenant chain, naming the row.
    const rows = await docLogOf(id);
    const chain = await chainOf(id);
    expect(chain.map((c) => `${c.docType}:${c.action}`)).toEqual(['RFQ:create', 'RFQ:publish']);
    expect(chain.every((c) => Number(c.tenantId) === Number(rows[0]!.tenantId))).toBe(true);
    expect(JSON.parse(chain[1]!.payload)).toMatchObject({ logId: rows[1]!.id, from: 'DRAFT', to: 'PUBLISHED' });
    const participation = await chainOf(accepted[0]!.docId);
    expect(participation.map((c) => `${c.docType}:${c.action}`)).toEqual([
      'RFQ_PARTICIPATION:invite',
      'RFQ_PARTICIPATION:accept',
    ]);
  });

  it('a tender: create, submit, approval, publish and its bids are log rows and audit entries, read by /srm/tender/logs', async () => {
    const id = await publishedTender(w);
    const body = await logs('/srm/tender/logs', id);
    expect(body.success).toBe(true);
    expect(body.result.filter((l) => l.docId === id).map((l) => `${l.docType}:${l.fromStatus}>${l.toStatus}`)).toEqual(
      expect.arrayContaining([
        'TENDER:DRAFT>PENDING_APPROVAL',
        'TENDER:PENDING_APPROVAL>APPROVED',
        'TENDER:APPROVED>PUBLISHED',
      ]),
    );
    // The bidders' sign-up, bid, revision and withdrawal are their documents' rows under the tender.
    await signUpAll(w, id);
    expect((await bid(w, w.sup[0], id, ['100', '2'])).body.success).toBe(true);
    expect((await bid(w, w.sup[0], id, ['99', '2'])).body.success).toBe(true);
    const bidders = (await logs('/srm/tender/logs', id)).result.filter((l) => l.docId !== id);
    expect(bidders.every((l) => l.sourceDocType === 'TENDER' && l.sourceDocId === id)).toBe(true);
    expect(bidders.map((l) => `${l.docType}:${l.action}:${l.fromStatus}>${l.toStatus}`)).toEqual(
      expect.arrayContaining([
        'TENDER_PARTICIPATION:signup:null>APPROVED',
        'TENDER_RESPONSE:submit:null>SUBMITTED',
        'TENDER_RESPONSE:revise:SUBMITTED>SUPERSEDED',
        'TENDER_RESPONSE:revise:null>SUBMITTED',
      ]),
    );
    const chain = await chainOf(id);
    expect(chain.map((c) => c.action)).toEqual(expect.arrayContaining(['create', 'submit', 'publish']));
    expect(chain.every((c) => c.docType === 'TENDER')).toBe(true);
    // The tender's events that move no status (security P4) are entries of the same chain, not of another.
    expect(chain.filter((c) => (JSON.parse(c.payload) as { event?: boolean }).event).map((c) => c.action)).toEqual(
      expect.arrayContaining(['create', 'submitApproval', 'publish']),
    );
    // Each path reads its own type only.
    const rfq = await publishedRfq(w, {}, false);
    expect((await logs('/srm/tender/logs', rfq)).success).toBe(false);
  });

  it("an auction: its lot's start, pause with its reason and close, and a ban are log rows and audit entries, read by /srm/auction/event/logs", async () => {
    const { eventId, lotId } = await auction();
    const post = (url: string, body: unknown) => w.s.request('POST', url, { token: w.buyer, body });
    expect((await post('/srm/auction/lot/start', { lotId })).body.message).toBe('竞价已开始');
    expect((await post('/srm/auction/lot/pause', { lotId, reason: '网络故障' })).body.success).toBe(true);
    expect(
      (await post('/srm/auction/lot/ban', { lotId, supplierId: w.supId[2], reason: '串通报价' })).body.success,
    ).toBe(true);
    expect((await post('/srm/auction/lot/resume', { lotId })).body.success).toBe(true);
    w.travel(2 * HOUR); // AUC-11: closed at its end
    expect((await post('/srm/auction/lot/close', { lotId })).body.success).toBe(true);
    const body = await logs('/srm/auction/event/logs', eventId);
    const lot = body.result.filter((l) => l.docId === lotId);
    expect(lot.map((l) => `${l.docType}:${l.action}:${l.fromStatus}>${l.toStatus}`)).toEqual([
      'AUCTION_LOT:auction-start:SCHEDULED>RUNNING',
      'AUCTION_LOT:auction-pause:RUNNING>PAUSED',
      'AUCTION_LOT:auction-resume:PAUSED>RUNNING',
      expect.stringMatching(/^AUCTION_LOT:auction-close:RUNNING>/),
    ]);
    expect(lot[1]).toMatchObject({ reason: '网络故障', sourceDocType: 'AUCTION', sourceDocId: eventId });
    expect((await chainOf(lotId)).map((c) => c.action)).toEqual(lot.map((l) => l.action));
    expect(body.success).toBe(true);
    const line = (l: Entry) => `${l.docType}:${l.fromStatus}>${l.toStatus}`;
    expect(body.result.map(line)).toEqual(
      expect.arrayContaining([
        'AUCTION:null>DRAFT',
        'AUCTION:DRAFT>PUBLISHED',
        'AUCTION_PARTICIPATION:ACCEPTED>BANNED',
      ]),
    );
    expect(body.result.find((l) => l.docType === 'AUCTION_PARTICIPATION' && l.toStatus === 'BANNED')).toMatchObject({
      reason: '串通报价',
      sourceDocId: eventId,
    });
    const chain = await chainOf(eventId);
    expect(chain.length).toBe(body.result.filter((l) => l.docId === eventId).length);
    // An inquiry's id is not an auction.
    const rfq = await publishedRfq(w, {}, false);
    expect((await logs('/srm/auction/event/logs', rfq)).success).toBe(false);
  });

  it('the chain with every sourcing entry verifies; a tampered entry is reported at its seq', async () => {
    const id = await publishedRfq(w, {}, false);
    const tenantId = await tenantOf(id);
    const verify = async () =>
      (
        await w.s.request<{ ok: boolean; brokenSeq?: number; reason?: string; count: number }>(
          'GET',
          `/sys/auditChain/verify?tenantId=${tenantId}`,
          { token: w.admin },
        )
      ).body.result;
    const before = await verify();
    expect(before).toMatchObject({ ok: true });
    const [, published] = await chainOf(id);
    expect(published).toMatchObject({ action: 'publish' });
    expect(before.count).toBeGreaterThanOrEqual(Number(published!.seq));
    const set = (payload: string) =>
      w.s.ctx.db
        .updateTable('sysAuditChain')
        .set({ payload })
        .where('tenantId', '=', published!.tenantId)
        .where('seq', '=', published!.seq)
        .execute();
    await set(published!.payload.replace('"PUBLISHED"', '"CANCELLED"'));
    const after = await verify();
    expect(after).toMatchObject({ ok: false, brokenSeq: Number(published!.seq) });
    expect(after.reason).toContain('哈希不一致');
    await set(published!.payload);
    expect((await verify()).ok).toBe(true);
  });
});
