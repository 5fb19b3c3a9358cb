import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalUsers } from '../src/modules/tender/internal-users.js';
import { HOUR, publishedRfq, sourcingWorld } from './sourcing-fixture.js';
import {
  bid,
  DAY,
  draftTender,
  publishedTender,
  signUpAll,
  tenderWorld,
  type TenderWorld,
} from './tender-bid-fixture.js';

/** Tenders (domain §11, §23; security P2–P5): settings, approval, sign-up, sealed two-part bids, audit chain, opening, failure, clone. */
let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld(await sourcingWorld());
}, 60_000);
afterAll(async () => w?.close());

const post = (url: string, token: string, body: unknown) => w.s.request<unknown>('POST', url, { token, body });
const db = () => w.s.ctx.db;
const event = (id: string) =>
  db().selectFrom('sourcingEvent').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const responses = (id: string) =>
  db()
    .selectFrom('sourcingResponse')
    .selectAll()
    .where('eventId', '=', id)
    .orderBy('createTime')
    .orderBy('versionNo')
    .execute();
const submit = (id: string) => post('/srm/tender/submit', w.buyer, { id });
type TrailEntry = { seq: number; docType: string; action: string; kind: string; hash: string; prevHash: string };
/** The tender's entries of the tenant's audit chain: its status moves and its documents', and its events (P4). */
const trail = async (id: string) =>
  (await w.s.request<TrailEntry[]>('GET', `/srm/tender/audit/list?id=${id}`, { token: w.buyer })).body.result;
/** The tender's events in the chain (views, unseals, bids …), beside the status moves. */
const audit = async (id: string) => (await trail(id)).filter((e) => e.kind === 'EVENT');
const verify = async (id: string) =>
  (
    await w.s.request<{ valid: boolean; brokenAtSeq: number | null; reason: string | null; count: number }>(
      'GET',
      `/srm/tender/audit/verify?id=${id}`,
      { token: w.buyer },
    )
  ).body.result;

describe('settings and submit (§11.1, TND-1, TND-2, TND-22, X-10)', () => {
  it('creates a TENDER draft with its settings, code TND-… and a lot', async () => {
    const id = await draftTender(w, {
      twoEnvelope: 1,
      priceWeight: 30,
      techWeight: 60,
      businessWeight: 10,
      ceilingPrice: '500000',
    });
    const row = await event(id);
    expect(row).toMatchObject({
      type: 'TENDER',
      method: 'OPEN_TENDER',
      visibility: 'PUBLIC',
      envelopeMode: 'TWO',
      sealed: 1,
      legalMandatory: 1,
      minParticipants: 3,
      status: 'DRAFT',
      ceilingPrice: '500000',
    });
    expect(row.code).toMatch(/^TND-\d{8}-\d{4}$/);
    const detail = await w.s.request<{
      settings: { priceWeight: number; publicityDays: number; openingQuorum: number; openingOfficerIds: string[] };
    }>('GET', `/srm/tender/queryById?id=${id}`, { token: w.buyer });
    expect(detail.body.result.settings).toMatchObject({
      priceWeight: 30,
      publicityDays: 3,
      openingQuorum: 2,
      openingOfficerIds: [w.adminId, w.buyer2Id],
    });
    expect((await w.s.request('GET', `/srm/tender/queryById?id=${id}`, { token: w.sup[0] })).status).toBe(403);
  });

  it('refuses bad settings before storing anything: publicityDays < 3, quorum < 2, unknown method', async () => {
    const before = (await db().selectFrom('sourcingEvent').select('id').where('type', '=', 'TENDER').execute()).length;
    const bad = async (extra: Record<string, unknown>) =>
      (
        await w.s.request('POST', '/srm/tender/add', {
          token: w.buyer,
          body: { title: 't', method: 'OPEN_TENDER', lines: [{ materialName: 'x', unit: 'PCS', qty: '1' }], ...extra },
        })
      ).body;
    expect(await bad({ publicityDays: 2 })).toMatchObject({
      message: expect.stringContaining('中标候选人公示期不少于3天'),
      rules: ['TND-17'],
    });
    expect((await bad({ openingQuorum: 1 })).message).toContain('开标须至少2名开标人确认（P2）');
    expect((await bad({ method: 'RFQ' })).message).toContain('招标方式只能是公开招标或邀请招标');
    expect((await db().selectFrom('sourcingEvent').select('id').where('type', '=', 'TENDER').execute()).length).toBe(
      before,
    );
  });

  it('TND-1: a legally mandatory tender needs ≥ 20 days from document issue to the deadline; not when not mandatory', async () => {
    const id = await draftTender(w, { responseDeadline: w.at(15 * DAY) });
    expect((await submit(id)).body).toMatchObject({
      message: '依法必须招标的项目，自招标文件开始发出之日起至投标截止时间止不得少于20日',
      rules: ['TND-1'],
    });
    expect((await event(id)).status).toBe('DRAFT');
    const free = await draftTender(w, { responseDeadline: w.at(15 * DAY), legalMandatory: 0 });
    expect((await submit(free)).body.message).toBe('招标项目已审批通过');
    expect((await event(free)).status).toBe('APPROVED');
  });

  it('TND-2: documents are issued for at least 5 days; weights sum to 100; officers ≥ quorum', async () => {
    expect((await submit(await draftTender(w, { docIssueEndAt: w.at(3 * DAY) }))).body).toMatchObject({
      message: '招标文件发售期不得少于5日',
      rules: ['TND-2'],
    });
    expect(
      (await submit(await draftTender(w, { priceWeight: 40, techWeight: 40, businessWeight: 10 }))).body.message,
    ).toBe('综合评估法的价格、技术、商务权重合计须为100，当前为90');
    expect(
      (
        await submit(
          await draftTender(w, {
            evaluationMethod: 'LOWEST_EVALUATED_PRICE',
            priceWeight: 40,
            techWeight: 40,
            businessWeight: 10,
          }),
        )
      ).body.success,
    ).toBe(true);
    expect((await submit(await draftTender(w, { openingOfficerIds: [w.adminId] }))).body.message).toBe(
      '开标人不足：须指定至少2名开标人（P2）',
    );
    expect((await submit(await draftTender(w, { openingOfficerIds: [w.adminId, w.supId[0]] }))).body.message).toBe(
      '开标人须为本单位在职的内部用户（P2）',
    );
  });

  it('TND-22: an invited tender invites at least 3 suppliers; an open tender invites nobody', async () => {
    const id = await draftTender(w, { method: 'INVITED_TENDER' });
    expect((await event(id)).visibility).toBe('INVITED');
    expect(
      (await post('/srm/tender/invite', w.buyer, { id, supplierIds: [w.supId[0], w.supId[1]] })).body.message,
    ).toBe('已邀请供应商');
    expect((await submit(id)).body).toMatchObject({
      message: '邀请招标须邀请至少3家供应商，当前2家',
      rules: ['TND-22'],
    });
    expect((await post('/srm/tender/invite', w.buyer, { id, supplierIds: [w.supId[1]] })).body).toMatchObject({
      message:
        '供应商“' +
        (await db().selectFrom('supplier').select('name').where('id', '=', w.supId[1]).executeTakeFirstOrThrow()).name +
        '”已在邀请名单中，不能重复邀请',
      rules: ['SRC-3'],
    });
    expect((await post('/srm/tender/invite', w.buyer, { id, supplierIds: [w.frozenId] })).body).toMatchObject({
      message: '供应商“冻结测试供应商”已冻结、列入黑名单或淘汰，不能邀请',
      rules: ['X-15'],
    });
    expect((await post('/srm/tender/invite', w.buyer, { id, supplierIds: [w.supId[2]] })).body.success).toBe(true);
    expect((await submit(id)).body.success).toBe(true);
    expect(
      (await post('/srm/tender/invite', w.buyer, { id: await draftTender(w), supplierIds: [w.supId[0]] })).body.message,
    ).toBe('公开招标由供应商自行报名，不能邀请');
  });

  it('X-10: publish needs the approval; with a flow the tender waits for the approver; the RFQ routes cannot publish or open it', async () => {
    const id = await draftTender(w);
    expect((await post('/srm/tender/publish', w.buyer, { id })).body).toMatchObject({
      message: '招标项目须审批通过后才能发布',
      rules: ['X-10'],
    });
    expect((await post('/srm/sourcing/event/publish', w.buyer, { id })).body).toMatchObject({
      message: '招标项目须经审批后在招标管理中发布',
      rules: ['X-10'],
    });
    const types = (
      await w.s.request<{ docType: string; definition: { version: number } | null }[]>(
        'GET',
        '/approval/definition/list',
        { token: w.admin },
      )
    ).body.result;
    const current = types.find((t) => t.docType === 'TENDER_PUBLISH');
    expect(current).toBeDefined();
    const save = (enabled: number, version?: number) =>
      post('/approval/definition/save', w.admin, {
        docType: 'TENDER_PUBLISH',
        name: '招标发布审批',
        enabled,
        steps: [{ name: '主管审批', minAmount: null, approverType: 'USER', approverId: w.adminId }],
        version,
      });
    expect((await save(1, current!.definition?.version)).body.success).toBe(true);
    try {
      expect((await submit(id)).body.message).toBe('招标项目已提交审批');
      expect((await event(id)).status).toBe('PENDING_APPROVAL');
      expect((await post('/srm/tender/publish', w.buyer, { id })).body).toMatchObject({
        message: '招标项目须审批通过后才能发布',
        rules: ['X-10'],
      });
      const task = await db()
        .selectFrom('approvalTask as t')
        .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
        .select('t.id')
        .where('i.docId', '=', id)
        .where('t.decision', '=', 'PENDING')
        .executeTakeFirstOrThrow();
      expect((await post('/approval/task/approve', w.admin, { taskId: task.id })).body.success).toBe(true);
      expect((await event(id)).status).toBe('APPROVED');
    } finally {
      const now = (
        await w.s.request<{ docType: string; definition: { version: number } | null }[]>(
          'GET',
          '/approval/definition/list',
          { token: w.admin },
        )
      ).body.result.find((t) => t.docType === 'TENDER_PUBLISH')!;
      await save(0, now.definition!.version);
    }
    expect((await post('/srm/tender/publish', w.buyer, { id })).body.message).toBe('招标项目已发布');
    expect((await audit(id)).map((a) => a.action)).toEqual(['create', 'submitApproval', 'approve', 'publish']);
  });

  it('publish: an open tender appears on the portal as 公开招标 under 招标 (§23); an invited one does not', async () => {
    const id = await publishedTender(w, { orgName: '基建管理部' });
    const row = await event(id);
    const ann = await db()
      .selectFrom('portalPurchaseAnnouncement')
      .selectAll()
      .where('sourcingEventId', '=', id)
      .executeTakeFirstOrThrow();
    expect(ann).toMatchObject({
      type: 'tender',
      status: 'published',
      code: row.code,
      purchaseMethod: 'OPEN_TENDER',
      purchasingEntity: '基建管理部',
      signupDeadline: row.signupDeadline,
      responseDeadline: row.responseDeadline,
    });
    const portal = await w.s.request(
      'GET',
      `/portal/view/purchaseAnnouncements?likeName=${encodeURIComponent('空调')}`,
    );
    expect(portal.text).toContain(row.code);
    expect(portal.text).toContain('公开招标');
    const invited = await publishedTender(w, { method: 'INVITED_TENDER' }, w.supId);
    expect(
      await db().selectFrom('portalPurchaseAnnouncement').select('id').where('sourcingEventId', '=', invited).execute(),
    ).toHaveLength(0);
  });
});

describe('sign-up and sealed bids (SRC-4, SRC-8, TND-5/6/7/23, P3)', () => {
  it('SRC-4: suppliers sign up to an open tender inside the window, once; not to an invited one', async () => {
    const id = await publishedTender(w);
    const list = await w.s.request<{ id: string }[]>('GET', '/srm/tender/supplier/open-list', { token: w.sup[0] });
    expect(list.body.result.map((e) => e.id)).toContain(id);
    expect((await post('/srm/tender/supplier/signup', w.sup[0], { id })).body.message).toBe('报名成功');
    expect((await post('/srm/tender/supplier/signup', w.sup[0], { id })).body.message).toBe('贵公司已报名本项目');
    expect((await post('/srm/tender/supplier/signup', w.buyer, { id })).status).toBe(403);
    const invited = await publishedTender(w, { method: 'INVITED_TENDER' }, w.supId);
    expect((await post('/srm/tender/supplier/signup', w.sup[0], { id: invited })).status).toBe(404);
    w.travel(7 * DAY);
    expect((await post('/srm/tender/supplier/signup', w.sup[1], { id })).body).toMatchObject({
      message: '不在报名时间内',
      rules: ['SRC-4'],
    });
    expect(
      await db()
        .selectFrom('sourcingParticipation')
        .select(['supplierId', 'origin', 'status'])
        .where('eventId', '=', id)
        .execute(),
    ).toEqual([{ supplierId: w.supId[0], origin: 'SIGNED_UP', status: 'APPROVED' }]);
  });

  it('bids are sealed in two envelopes with a receipt (server time + SHA-256); revise supersedes; nothing plain before opening', async () => {
    const id = await publishedTender(w);
    expect((await bid(w, w.sup[0], id, ['100', '200'])).body.message).toBe(
      '贵公司未报名或未受邀参加本项目，不能投标（SRC-5）'.replace(
        '贵公司未报名或未受邀参加本项目，不能投标（SRC-5）',
        '寻源单不存在',
      ),
    );
    await signUpAll(w, id);
    const first = await bid(w, w.sup[0], id, ['100', '200'], '技术方案甲');
    expect(first.body.message).toBe('投标文件已递交');
    const r = first.body.result;
    expect(Date.parse(r.serverTime)).toBeLessThanOrEqual(Date.now() + 60 * DAY);
    const stored = await db()
      .selectFrom('sourcingResponse')
      .selectAll()
      .where('id', '=', r.responseId)
      .executeTakeFirstOrThrow();
    expect(createHash('sha256').update(stored.sealedPayload!).digest('hex')).toBe(r.payloadHash);
    const tb = await db()
      .selectFrom('tenderBid')
      .selectAll()
      .where('responseId', '=', r.responseId)
      .executeTakeFirstOrThrow();
    expect(createHash('sha256').update(tb.technicalSealed).digest('hex')).toBe(r.technicalHash);
    expect(stored).toMatchObject({ totalAmount: null, validUntil: null, paymentTerms: null, status: 'SUBMITTED' });
    expect(tb).toMatchObject({ technicalText: null, technicalFiles: null });
    expect(tb.technicalSealed).not.toContain('技术方案甲');
    const lines = await db()
      .selectFrom('sourcingResponseLine')
      .select(['unitPrice', 'amount'])
      .where('responseId', '=', r.responseId)
      .execute();
    expect(lines.every((l) => l.unitPrice === null && l.amount === null)).toBe(true);
    // TND-7: a revision is a new version; the earlier one is SUPERSEDED.
    const second = await bid(w, w.sup[0], id, ['99', '199']);
    expect(second.body.result.versionNo).toBe(2);
    expect((await responses(id)).map((x) => x.status)).toEqual(['SUPERSEDED', 'SUBMITTED']);
    // Validation refusals store nothing.
    const lineIds = await db().selectFrom('sourcingLine').select('id').where('eventId', '=', id).execute();
    expect(
      (
        await post('/srm/tender/supplier/bid/submit', w.sup[1], {
          eventId: id,
          technical: { text: 'x' },
          commercial: { lines: [{ sourcingLineId: lineIds[0]!.id, unitPrice: '1', taxRate: '13' }] },
        })
      ).body,
    ).toMatchObject({ message: '须对招标项目的全部物料行报价', rules: ['SRC-7'] });
    expect((await bid(w, w.sup[1], id, ['0', '1'])).body).toMatchObject({
      message: '第1行单价必须大于0',
      rules: ['SRC-7'],
    });
    expect((await bid(w, w.sup[1], id, ['1.234', '1'])).body).toMatchObject({
      message: '第1行单价最多2位小数',
      rules: ['SRC-7'],
    });
    expect(await responses(id)).toHaveLength(2);
    // The RFQ quote route does not take tender bids.
    expect(
      (
        await post('/srm/sourcing/supplier/quote/submit', w.sup[1], {
          eventId: id,
          validUntil: w.day(60),
          lines: [{ sourcingLineId: lineIds[0]!.id, unitPrice: '1', taxRate: '13' }],
        })
      ).body.message,
    ).toBe('招标项目请在投标页面提交投标文件（技术标与商务标）');
  });

  it('TND-23 / SRC-8: a supplier sees neither the other bidders nor their number; the buyer sees no "has bid" flag', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    await bid(w, w.sup[0], id, ['100', '200']);
    await bid(w, w.sup[1], id, ['110', '210']);
    const names = await db()
      .selectFrom('supplier')
      .select('name')
      .where('id', 'in', [w.supId[1], w.supId[2]])
      .execute();
    const mine = await w.s.request<{ bids: unknown[] }>('GET', `/srm/tender/supplier/queryById?id=${id}`, {
      token: w.sup[0],
    });
    expect(mine.body.result.bids).toHaveLength(1);
    for (const n of names) expect(mine.text).not.toContain(n.name);
    expect(mine.text).not.toMatch(/"(participants|bidCount|responseCount)"/);
    const generic = await w.s.request('GET', `/srm/sourcing/supplier/event/queryById?id=${id}`, { token: w.sup[0] });
    for (const n of names) expect(generic.text).not.toContain(n.name);
    const opening = await w.s.request<unknown[]>('GET', `/srm/tender/supplier/opening-record?id=${id}`, {
      token: w.sup[0],
    });
    expect(opening.body.result).toEqual([]);
    const buyerView = await w.s.request('GET', `/srm/tender/queryById?id=${id}`, { token: w.buyer });
    expect(buyerView.text).not.toContain('"responded"');
    // §9.4: the generic event detail shows no "has bid" flag for a tender before opening either.
    const generic2 = await w.s.request<{ participants: { responded: boolean | null }[] }>(
      'GET',
      `/srm/sourcing/event/queryById?id=${id}`,
      { token: w.buyer },
    );
    expect(generic2.body.result.participants.map((p) => p.responded)).toEqual([null, null, null]);
    expect((await w.s.request('GET', `/srm/tender/bids?id=${id}`, { token: w.buyer })).body).toMatchObject({
      message: '开标前不能查看投标文件',
      rules: ['TND-5'],
    });
  });

  it('TND-7: withdraw before the deadline only when allowed; TND-6: at the deadline submit and withdraw are refused and store nothing', async () => {
    const fixed = await publishedTender(w, { allowWithdraw: 0 });
    await signUpAll(w, fixed);
    await bid(w, w.sup[0], fixed, ['100', '200']);
    expect((await post('/srm/tender/supplier/bid/withdraw', w.sup[0], { eventId: fixed })).body).toMatchObject({
      message: '本项目不允许撤回投标',
      rules: ['TND-7'],
    });
    const id = await publishedTender(w);
    await signUpAll(w, id);
    await bid(w, w.sup[0], id, ['100', '200']);
    expect((await post('/srm/tender/supplier/bid/withdraw', w.sup[0], { eventId: id })).body.message).toBe(
      '投标已撤回',
    );
    expect((await responses(id)).map((r) => r.status)).toEqual(['WITHDRAWN']);
    await bid(w, w.sup[1], id, ['100', '200']);
    const deadline = (await event(id)).responseDeadline!;
    w.travel(Date.parse(deadline) - Date.parse(w.at(0)));
    const late = await bid(w, w.sup[2], id, ['90', '190']);
    expect(late.body).toMatchObject({
      message: expect.stringMatching(/^投标已截止（截止时间 .+），不能投标，本次提交未保存$/),
      rules: ['TND-6'],
    });
    expect((await post('/srm/tender/supplier/bid/withdraw', w.sup[1], { eventId: id })).body).toMatchObject({
      message: expect.stringMatching(/不能撤回投标，本次提交未保存$/),
      rules: ['TND-6'],
    });
    expect((await responses(id)).map((r) => r.status)).toEqual(['WITHDRAWN', 'SUBMITTED']);
  });
});

describe('opening (TND-8/9/10, P2, P5), failure and clone (TND-24)', () => {
  it('TND-8: opening before the deadline is refused with 409; TND-9: with fewer than 3 bids the tender fails, nothing is decrypted, the portal shows 已流标', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    await bid(w, w.sup[0], id, ['100', '200']);
    await bid(w, w.sup[1], id, ['110', '210']);
    const early = await post('/srm/tender/open', w.admin, { id });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: expect.stringMatching(/前不能开标$/), rules: ['TND-8'] });
    w.travel(22 * DAY);
    const failed = await post('/srm/tender/open', w.buyer, { id });
    expect(failed.body).toMatchObject({
      success: true,
      message: '投标人不足3家，招标失败（已流标）',
      result: { result: 'FAILED' },
    });
    expect(await event(id)).toMatchObject({ status: 'FAILED', failReason: 'INSUFFICIENT_BIDS', openedAt: null });
    expect((await responses(id)).every((r) => r.totalAmount === null && r.status === 'SUBMITTED')).toBe(true);
    expect(await db().selectFrom('tenderOpeningRecord').select('id').where('eventId', '=', id).execute()).toHaveLength(
      0,
    );
    const portal = await w.s.request(
      'GET',
      `/portal/view/purchaseAnnouncements?pageSize=50&likeName=${encodeURIComponent('空调')}`,
    );
    const code = (await event(id)).code;
    expect(portal.text).toContain(code);
    const items = JSON.stringify(portal.body);
    const at = items.indexOf(code);
    expect(items.slice(Math.max(0, at - 600), at + 600)).toContain('已流标');
    expect((await audit(id)).at(-1)!.action).toBe('fail');
    // §23: a failure notice among the results, naming no bidder (PORTAL-2).
    const results = await w.s.request('GET', '/portal/view/resultAnnouncements?pageSize=50');
    expect(results.text).toContain(`${(await event(id)).title} 流标公告`);
    const notice = await db()
      .selectFrom('portalResultAnnouncement')
      .selectAll()
      .where('sourcingEventId', '=', id)
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ type: 'tender', bidCode: code, supplierList: '[]', company: null });

    // TND-24: clone into a new draft linked to the failed one.
    expect((await post('/srm/tender/clone', w.buyer, { id: await draftTender(w) })).body).toMatchObject({
      message: '只有已流标的招标项目可以重新招标',
      rules: ['TND-24'],
    });
    const cloned = await w.s.request<{ id: string }>('POST', '/srm/tender/clone', { token: w.buyer, body: { id } });
    expect(cloned.body.message).toBe('已复制为新的招标项目草稿');
    const copy = await event(cloned.body.result.id);
    expect(copy).toMatchObject({
      type: 'TENDER',
      status: 'DRAFT',
      title: (await event(id)).title,
      sealedKey: null,
      openedAt: null,
      failReason: null,
    });
    expect(copy.code).not.toBe(code);
    const settings = await db()
      .selectFrom('tenderSettings')
      .selectAll()
      .where('eventId', '=', copy.id)
      .executeTakeFirstOrThrow();
    expect(settings.previousEventId).toBe(id);
    expect(
      await db()
        .selectFrom('sourcingLine')
        .select('materialName')
        .where('eventId', '=', copy.id)
        .orderBy('lineNo')
        .execute(),
    ).toEqual(
      await db()
        .selectFrom('sourcingLine')
        .select('materialName')
        .where('eventId', '=', id)
        .orderBy('lineNo')
        .execute(),
    );
    expect((await audit(id)).at(-1)!.action).toBe('clone');
    expect((await audit(copy.id)).map((a) => a.action)).toEqual(['create']);
  });

  it('P2: after the deadline k distinct named officers must approve; the buyer alone (not an officer) cannot unseal; then bids are plain (single envelope)', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    const superseded = (await bid(w, w.sup[0], id, ['150', '250'])).body.result.responseId;
    await bid(w, w.sup[0], id, ['100', '200']);
    await bid(w, w.sup[1], id, ['110', '210']);
    await bid(w, w.sup[2], id, ['120', '220']);
    w.travel(22 * DAY);
    expect((await post('/srm/sourcing/event/open', w.buyer, { id })).body.message).toBe(
      '招标项目须由开标人确认后开标（P2）',
    );
    expect((await post('/srm/tender/open', w.buyer, { id })).body.message).toBe(
      '您不是本项目指定的开标人，不能确认开标（P2）',
    );
    const one = await post('/srm/tender/open', w.admin, { id });
    expect(one.body).toMatchObject({
      message: '已确认开标，等待其他开标人确认',
      result: { result: 'PENDING', envelope: 'SINGLE', approvals: 1, quorum: 2 },
    });
    expect((await post('/srm/tender/open', w.admin, { id })).body.message).toBe(
      '您已确认开标，请等待其他开标人确认（P2）',
    );
    expect((await responses(id)).every((r) => r.totalAmount === null)).toBe(true);
    expect((await event(id)).status).toBe('PUBLISHED');
    const two = await post('/srm/tender/open', w.buyer2, { id });
    expect(two.body).toMatchObject({ message: '已开标', result: { result: 'OPENED', approvals: 2 } });
    expect((await event(id)).status).toBe('OPENED');
    const rs = await responses(id);
    expect(rs.map((r) => [r.status, r.totalAmount])).toEqual([
      ['SUPERSEDED', null],
      ['OPENED', '1400.00'],
      ['OPENED', '1520.00'],
      ['OPENED', '1640.00'],
    ]);
    // P3: the receipt hash verifies against the stored ciphertext after opening too.
    expect(createHash('sha256').update(rs[1]!.sealedPayload!).digest('hex')).toBe(rs[1]!.payloadHash);
    // P5: the buyer team reads the opened bids; the superseded version does not exist for anyone.
    const bids = await w.s.request<
      { id: string; supplierName: string; totalAmount: string; technicalText: string; lines: { unitPrice: string }[] }[]
    >('GET', `/srm/tender/bids?id=${id}`, { token: w.buyer });
    expect(bids.body.result.map((b) => b.totalAmount)).toEqual(['1400.00', '1520.00', '1640.00']);
    expect(bids.body.result[0]!.technicalText).toBe('技术方案：一级能效，质保三年');
    expect(
      (await w.s.request('GET', `/srm/tender/bid?id=${id}&responseId=${superseded}`, { token: w.buyer })).status,
    ).toBe(404);
    expect(
      (await w.s.request('GET', `/srm/tender/bid?id=${id}&responseId=${rs[1]!.id}`, { token: w.buyer })).status,
    ).toBe(200);
    expect((await w.s.request('GET', `/srm/tender/bids?id=${id}`, { token: w.sup[0] })).status).toBe(403);
    // The evaluation's inputs: an opening record with the prices.
    const rec = await db()
      .selectFrom('sourcingOpeningRecord')
      .selectAll()
      .where('eventId', '=', id)
      .executeTakeFirstOrThrow();
    expect(rec.responseCount).toBe(3);

    // TND-10: every bidder sees the opening record (names, prices, main terms) and confirms or objects.
    const seen = await w.s.request<
      { id: string; envelope: string; entries: { supplierName: string; totalAmount: string; supplierId?: string }[] }[]
    >('GET', `/srm/tender/supplier/opening-record?id=${id}`, { token: w.sup[2] });
    expect(seen.body.result).toHaveLength(1);
    expect(seen.body.result[0]!.envelope).toBe('SINGLE');
    expect(seen.body.result[0]!.entries.map((e) => e.totalAmount)).toEqual(['1400.00', '1520.00', '1640.00']);
    expect(seen.body.result[0]!.entries.every((e) => e.supplierName && e.supplierId === undefined)).toBe(true);
    const recordId = seen.body.result[0]!.id;
    expect((await post('/srm/tender/supplier/opening-record/confirm', w.sup[2], { recordId })).body.message).toBe(
      '已确认开标记录',
    );
    expect((await post('/srm/tender/supplier/opening-record/confirm', w.sup[2], { recordId })).body.message).toBe(
      '贵公司已确认或已对本开标记录提出异议',
    );
    expect(
      (
        await post('/srm/tender/supplier/opening-record/confirm', w.sup[1], {
          recordId,
          objection: '本公司报价应为含税价',
        })
      ).body.message,
    ).toBe('异议已提交');
    const detail = await w.s.request<{
      openingRecords: { confirmations: { decision: string; objection: string | null }[] }[];
    }>('GET', `/srm/tender/queryById?id=${id}`, { token: w.buyer });
    expect(detail.body.result.openingRecords[0]!.confirmations.map((c) => c.decision).sort()).toEqual([
      'CONFIRMED',
      'OBJECTED',
    ]);
    expect((await audit(id)).map((a) => a.action)).toEqual([
      'create',
      'submitApproval',
      'approve',
      'publish',
      'signup',
      'signup',
      'signup',
      'submitBid',
      'reviseBid',
      'submitBid',
      'submitBid',
      'openApprove',
      'openApprove',
      'openSingle',
      'viewBids',
      'viewBid',
      'openingConfirm',
      'openingObjection',
    ]);
    expect(await verify(id)).toMatchObject({ valid: true, brokenAtSeq: null, reason: null });
    // The trail also holds the status moves of the tender and of its participations and bids, in chain order.
    const all = await trail(id);
    expect((await verify(id)).count).toBe(all.length);
    expect(all.filter((e) => e.kind === 'TRANSITION').map((e) => `${e.docType}:${e.action}`)).toEqual(
      expect.arrayContaining([
        'TENDER:create',
        'TENDER:publish',
        'TENDER_PARTICIPATION:signup',
        'TENDER_RESPONSE:submit',
      ]),
    );
    expect(all.map((e) => e.seq)).toEqual([...all.map((e) => e.seq)].sort((a, b) => a - b));
  });

  it('two envelopes: the technical part opens first; commercial parts only of bids not rejected; a rejected bid stays sealed', async () => {
    const id = await publishedTender(w, { twoEnvelope: 1 });
    await signUpAll(w, id);
    for (const [i, t] of w.sup.entries()) await bid(w, t, id, [String(100 + i), '200'], `技术标${i + 1}`);
    expect((await post('/srm/tender/open-commercial', w.admin, { id })).body.message).toBe(
      '技术标开标后才能开启商务标',
    );
    w.travel(22 * DAY);
    await post('/srm/tender/open', w.admin, { id });
    expect((await post('/srm/tender/open', w.buyer2, { id })).body.result).toMatchObject({
      result: 'OPENED',
      envelope: 'TECHNICAL',
    });
    const rs = await responses(id);
    expect(rs.map((r) => [r.status, r.totalAmount])).toEqual([
      ['OPENED', null],
      ['OPENED', null],
      ['OPENED', null],
    ]);
    const tech = await w.s.request<{ technicalText: string; totalAmount: string | null }[]>(
      'GET',
      `/srm/tender/bids?id=${id}`,
      { token: w.buyer },
    );
    expect(tech.body.result.map((b) => [b.technicalText, b.totalAmount])).toEqual([
      ['技术标1', null],
      ['技术标2', null],
      ['技术标3', null],
    ]);
    const record = await w.s.request<{ envelope: string; entries: Record<string, unknown>[] }[]>(
      'GET',
      `/srm/tender/supplier/opening-record?id=${id}`,
      { token: w.sup[0] },
    );
    expect(record.body.result.map((r) => r.envelope)).toEqual(['TECHNICAL']);
    expect(record.body.result[0]!.entries.every((e) => e.totalAmount === undefined)).toBe(true);
    // The evaluation rejects the third bid technically (modules/tender-evaluation sets REJECTED).
    await db()
      .updateTable('sourcingResponse')
      .set({ status: 'REJECTED', rejectReason: '技术参数不满足' })
      .where('id', '=', rs[2]!.id)
      .execute();
    expect((await post('/srm/tender/open-commercial', w.buyer, { id })).body.message).toBe(
      '您不是本项目指定的开标人，不能确认开标（P2）',
    );
    expect((await post('/srm/tender/open-commercial', w.admin, { id })).body.result).toMatchObject({
      result: 'PENDING',
      envelope: 'COMMERCIAL',
      approvals: 1,
    });
    expect((await post('/srm/tender/open-commercial', w.buyer2, { id })).body).toMatchObject({
      message: '商务标已开标',
      result: { result: 'OPENED' },
    });
    expect((await responses(id)).map((r) => [r.status, r.totalAmount])).toEqual([
      ['OPENED', '1400.00'],
      ['OPENED', '1410.00'],
      ['REJECTED', null],
    ]);
    expect((await post('/srm/tender/open-commercial', w.admin, { id })).body.message).toBe('商务标已开启');
    const after = await w.s.request<{ envelope: string }[]>('GET', `/srm/tender/supplier/opening-record?id=${id}`, {
      token: w.sup[0],
    });
    expect(after.body.result.map((r) => r.envelope)).toEqual(['TECHNICAL', 'COMMERCIAL']);
    expect((await audit(id)).map((a) => a.action).filter((a) => a.startsWith('open'))).toEqual([
      'openApprove',
      'openApprove',
      'openTechnical',
      'openApprove',
      'openApprove',
      'openCommercial',
    ]);
  });
});

describe('audit chain (P4)', () => {
  it('the verifier finds an entry of the tenant chain edited directly in the database; no route changes audit rows', async () => {
    const id = await publishedTender(w);
    await post('/srm/tender/supplier/signup', w.sup[0], { id });
    expect(await verify(id)).toMatchObject({ valid: true, brokenAtSeq: null });
    const entries = await trail(id);
    // The tender's share of the tenant's chain: its moves, its events and the bidder's sign-up.
    expect(entries.filter((e) => e.kind === 'EVENT').map((e) => e.action)).toEqual([
      'create',
      'submitApproval',
      'approve',
      'publish',
      'signup',
    ]);
    expect(entries.map((e) => `${e.docType}:${e.action}`)).toEqual(
      expect.arrayContaining(['TENDER:submit', 'TENDER_PARTICIPATION:signup']),
    );
    const signup = entries.find((e) => e.kind === 'EVENT' && e.action === 'signup')!;
    const { tenantId } = await db()
      .selectFrom('sourcingEvent')
      .select('tenantId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const row = await db()
      .selectFrom('sysAuditChain')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('seq', '=', signup.seq)
      .executeTakeFirstOrThrow();
    // Security P4: the event entry names the actor, the IP and the time; the payload only as its digest.
    expect(JSON.parse(row.payload)).toMatchObject({ event: true, operatorKind: 'SUPPLIER' });
    expect(JSON.parse(row.payload)).toHaveProperty('ip');
    expect(JSON.parse(row.payload).payloadDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(row.prevHash).not.toBe(row.hash);
    await db()
      .updateTable('sysAuditChain')
      .set({ payload: row.payload.replace(/"operatorName":"[^"]*"/, '"operatorName":"篡改者"') })
      .where('tenantId', '=', tenantId)
      .where('seq', '=', signup.seq)
      .execute();
    expect(await verify(id)).toEqual({
      valid: false,
      brokenAtSeq: signup.seq,
      reason: '哈希不一致：内容被篡改',
      count: entries.length,
    });
    // Put back, the chain verifies again (the tests after this one share the tenant's chain).
    await db()
      .updateTable('sysAuditChain')
      .set({ payload: row.payload })
      .where('tenantId', '=', tenantId)
      .where('seq', '=', signup.seq)
      .execute();
    expect(await verify(id)).toMatchObject({ valid: true, brokenAtSeq: null });
    const writes = w.s
      .routes()
      .filter(
        (r) =>
          (r.url.includes('/srm/tender/audit') || r.url.includes('/sys/auditChain')) &&
          r.method !== 'GET' &&
          r.method !== 'HEAD',
      );
    expect(writes).toEqual([]);
    expect((await w.s.request('GET', `/srm/tender/audit/list?id=${id}`, { token: w.sup[0] })).status).toBe(403);
  });

  it('an RFQ is not a tender: the tender routes answer 404', async () => {
    const rfq = await publishedRfq(w, {}, false);
    expect((await w.s.request('GET', `/srm/tender/queryById?id=${rfq}`, { token: w.buyer })).status).toBe(404);
    expect((await post('/srm/tender/open', w.admin, { id: rfq })).status).toBe(404);
    w.travel(HOUR);
  });
});

describe('deadline changes, amendments, invitations and idempotency (SRC-2, TND-3, P2, P4, X-8)', () => {
  it('P2 / SRC-2: the deadline only moves later, before it passes, logged in the chain and on the portal; the RFQ route cannot move it', async () => {
    const id = await publishedTender(w);
    const row = await event(id);
    expect(
      (await post('/srm/tender/extend', w.buyer, { id, responseDeadline: w.at(20 * DAY), reason: '提前' })).body,
    ).toMatchObject({ message: '投标截止时间只能延长，不能提前', rules: ['SRC-2'] });
    expect(
      (await post('/srm/sourcing/event/extend', w.buyer, { id, responseDeadline: w.at(30 * DAY), reason: '延期' })).body
        .message,
    ).toBe('招标项目请在招标管理中延期（记入审计链，P2）');
    expect((await event(id)).responseDeadline).toBe(row.responseDeadline);
    const later = w.at(30 * DAY);
    expect(
      (await post('/srm/tender/extend', w.buyer, { id, responseDeadline: later, reason: '图纸修改' })).body.message,
    ).toBe('投标截止时间已延长');
    expect((await event(id)).responseDeadline).toBe(later);
    expect(
      (
        await db()
          .selectFrom('portalPurchaseAnnouncement')
          .select('responseDeadline')
          .where('sourcingEventId', '=', id)
          .executeTakeFirstOrThrow()
      ).responseDeadline,
    ).toBe(later);
    expect(
      (await db().selectFrom('sourcingClarification').select('kind').where('eventId', '=', id).execute()).map(
        (c) => c.kind,
      ),
    ).toEqual(['AMENDMENT']);
    expect((await audit(id)).at(-1)!.action).toBe('extend');
  });

  it('TND-3: an amendment that may affect bids with < 15 days left pushes the deadline to 15 days; one that does not, does not', async () => {
    const id = await publishedTender(w);
    w.travel(10 * DAY);
    const before = (await event(id)).responseDeadline!;
    const plain = await post('/srm/tender/amendment', w.buyer, { id, answer: '联系电话更正' });
    expect(plain.body.message).toBe('已发布');
    expect((await event(id)).responseDeadline).toBe(before);
    const pushed = await w.s.request<{ responseDeadline: string }>('POST', '/srm/tender/amendment', {
      token: w.buyer,
      body: { id, answer: '室外机数量由2台改为3台', affectsResponses: true },
    });
    expect(pushed.body).toMatchObject({
      message: expect.stringMatching(/^已发布；投标截止时间已顺延至 .+$/),
      rules: ['TND-3'],
    });
    const after = (await event(id)).responseDeadline!;
    expect(Date.parse(after) - Date.parse(w.at(0))).toBeGreaterThanOrEqual(15 * DAY - 60_000);
    expect(after > before).toBe(true);
    expect((await audit(id)).map((a) => a.action).slice(-3)).toEqual(['amendment', 'extendTnd3', 'amendment']);
  });

  it("SRC-9 / TND-3: the buyer answers a bidder's question through the tender route — published to all without the asker, the deadline pushed when it affects bids, in the audit chain; the generic clarification routes refuse tenders", async () => {
    const id = await publishedTender(w);
    for (const t of [w.sup[0], w.sup[1]])
      expect((await post('/srm/tender/supplier/signup', t, { id })).body.success).toBe(true);
    const asked = await w.s.request<{ id: string }>('POST', '/srm/sourcing/supplier/clarification/ask', {
      token: w.sup[0],
      body: { eventId: id, question: '室外机是否含安装？' },
    });
    expect(asked.body.success).toBe(true);
    const questionId = asked.body.result.id;
    expect(
      (
        await post('/srm/sourcing/clarification/answer', w.buyer, {
          id: questionId,
          answer: '含安装',
          affectsResponses: 1,
        })
      ).body,
    ).toMatchObject({
      message: '招标项目的答疑与澄清请在招标管理中发布（截止时间顺延，记入审计链）',
      rules: ['TND-3'],
    });
    expect(
      (await post('/srm/sourcing/clarification/publish', w.buyer, { eventId: id, answer: '含安装' })).body,
    ).toMatchObject({
      message: '招标项目的答疑与澄清请在招标管理中发布（截止时间顺延，记入审计链）',
      rules: ['TND-3'],
    });
    w.travel(10 * DAY);
    const before = (await event(id)).responseDeadline!;
    const answered = await post('/srm/tender/amendment', w.buyer, {
      id,
      questionId,
      answer: '含安装及调试',
      affectsResponses: true,
    });
    expect(answered.body).toMatchObject({
      message: expect.stringMatching(/^已发布；投标截止时间已顺延至 .+$/),
      rules: ['TND-3'],
    });
    expect((await event(id)).responseDeadline! > before).toBe(true);
    const rows = await db()
      .selectFrom('sourcingClarification')
      .select(['id', 'kind', 'question', 'answer', 'publishedAt'])
      .where('eventId', '=', id)
      .execute();
    expect(rows.find((r) => r.id === questionId)).toMatchObject({
      kind: 'QUESTION',
      question: '室外机是否含安装？',
      answer: expect.stringMatching(/^含安装及调试\n\n投标截止（开标）时间顺延至 .+（TND-3）$/),
      publishedAt: expect.any(String),
    });
    expect((await audit(id)).map((a) => a.action).slice(-2)).toEqual(['extendTnd3', 'answer']);
    // Another bidder reads the answer, never who asked (SRC-9).
    const seen = await w.s.request<{ records: { question: string | null; answer: string | null; mine: boolean }[] }>(
      'GET',
      `/srm/sourcing/supplier/clarification/list?eventId=${id}`,
      { token: w.sup[1] },
    );
    expect(seen.body.result.records.find((r) => r.question === '室外机是否含安装？')).toMatchObject({ mine: false });
    expect(seen.text).not.toContain('华东精密');
    // Answered once only.
    expect((await post('/srm/tender/amendment', w.buyer, { id, questionId, answer: '再答一次' })).body.message).toBe(
      '该问题已答复或不存在，请刷新后重试',
    );
  });

  it('invited suppliers accept or decline (with a reason); a bid needs an accepted invitation', async () => {
    const id = await publishedTender(w, { method: 'INVITED_TENDER' }, w.supId);
    expect((await bid(w, w.sup[0], id, ['100', '200'])).body.message).toBe('请先接受邀请再投标');
    expect((await post('/srm/tender/supplier/decline', w.sup[1], { id, reason: '' })).status).toBe(400);
    expect((await post('/srm/tender/supplier/decline', w.sup[1], { id, reason: '产能不足' })).body.message).toBe(
      '已拒绝邀请',
    );
    expect((await bid(w, w.sup[1], id, ['100', '200'])).body).toMatchObject({
      message: '贵公司未报名或未受邀参加本项目，不能投标',
      rules: ['SRC-5'],
    });
    expect((await post('/srm/tender/supplier/accept', w.sup[0], { id })).body.message).toBe('已接受邀请');
    expect((await bid(w, w.sup[0], id, ['100', '200'])).body.message).toBe('投标文件已递交');
  });

  it('X-8: the same clientRequestId returns the first receipt and stores nothing new; P4: reading opened bids is logged', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    const first = await bid(w, w.sup[0], id, ['100', '200'], '方案', { clientRequestId: 'req-tender-0001' });
    const again = await bid(w, w.sup[0], id, ['90', '190'], '方案', { clientRequestId: 'req-tender-0001' });
    expect(again.body.result).toEqual(first.body.result);
    expect(await responses(id)).toHaveLength(1);
    await bid(w, w.sup[1], id, ['100', '200']);
    await bid(w, w.sup[2], id, ['100', '200']);
    w.travel(22 * DAY);
    await post('/srm/tender/open', w.admin, { id });
    await post('/srm/tender/open', w.buyer2, { id });
    await w.s.request('GET', `/srm/tender/bids?id=${id}`, { token: w.buyer });
    expect((await audit(id)).at(-1)!.action).toBe('viewBids');
    expect(await verify(id)).toMatchObject({ valid: true });
  });
});

describe('supplier bid screen support (我的投标)', () => {
  const uploadAs = async (token: string, name: string) => {
    const form = new FormData();
    form.append('biz', 'sourcing');
    form.append(
      'file',
      new Blob([new Uint8Array(Buffer.from(`%PDF-1.4\n${name}\n`))], { type: 'application/pdf' }),
      name,
    );
    const res = await fetch(`${w.s.base}/sys/common/upload`, {
      method: 'POST',
      body: form,
      headers: { 'X-Access-Token': token },
    });
    return ((await res.json()) as { message: string }).message;
  };

  it('technical attachments as the upload widget keeps them (stored paths): own files only, opened with the technical envelope (TND-5)', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    const mine = await uploadAs(w.sup[0], '技术方案.pdf');
    const theirs = await uploadAs(w.sup[1], '他人方案.pdf');
    expect(mine).toMatch(/^sourcing\/\d{8}\/[0-9a-f]{32}\.pdf$/);
    // Another supplier's file is refused and nothing is stored.
    expect(
      (await bid(w, w.sup[0], id, ['100', '200'], '方案', { technical: { text: '方案', files: [mine, theirs] } })).body
        .message,
    ).toBe('技术标附件不存在或不是本人上传的文件');
    expect(
      (await bid(w, w.sup[0], id, ['100', '200'], '方案', { technical: { text: '方案', files: ['../etc/passwd'] } }))
        .body.message,
    ).toContain('技术标附件路径不正确');
    expect(await responses(id)).toHaveLength(0);
    expect(
      (await bid(w, w.sup[0], id, ['100', '200'], '方案', { technical: { text: '方案', files: [mine] } })).body.message,
    ).toBe('投标文件已递交');
    await bid(w, w.sup[1], id, ['110', '210']);
    await bid(w, w.sup[2], id, ['120', '220']);
    const fileId = (await db().selectFrom('sysFile').select('id').where('path', '=', mine).executeTakeFirstOrThrow())
      .id;
    const tb = await db()
      .selectFrom('tenderBid as b')
      .innerJoin('sourcingResponse as r', 'r.id', 'b.responseId')
      .select(['b.technicalFiles', 'b.technicalSealed'])
      .where('r.eventId', '=', id)
      .where('r.supplierId', '=', w.supId[0])
      .executeTakeFirstOrThrow();
    expect(tb.technicalFiles).toBeNull();
    expect(tb.technicalSealed).not.toContain(fileId);
    w.travel(22 * DAY);
    await post('/srm/tender/open', w.admin, { id });
    await post('/srm/tender/open', w.buyer2, { id });
    const opened = await db()
      .selectFrom('tenderBid as b')
      .innerJoin('sourcingResponse as r', 'r.id', 'b.responseId')
      .select('b.technicalFiles')
      .where('r.eventId', '=', id)
      .where('r.supplierId', '=', w.supId[0])
      .where('r.status', '=', 'OPENED')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(opened.technicalFiles!)).toEqual([fileId]);
  });

  it('issue 16 #5: a sealed bid’s attachment is read by its bidder only until the technical envelope is opened', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    const plan = await uploadAs(w.sup[0], '密封方案.pdf');
    const draft = await uploadAs(w.sup[0], '旧版方案.pdf');
    const read = (token: string) =>
      fetch(`${w.s.base}/sys/common/static/${plan}`, { headers: { 'X-Access-Token': token } });
    // Before it is attached the buyer side reads it by the tenant rule, as any upload.
    expect((await read(w.buyer)).status).toBe(200);
    expect(
      (await bid(w, w.sup[0], id, ['100', '200'], '方案', { technical: { text: '方案', files: [draft] } })).body
        .message,
    ).toBe('投标文件已递交');
    // A revision drops the first file and attaches the second: both stay sealed.
    expect(
      (await bid(w, w.sup[0], id, ['100', '200'], '方案二', { technical: { text: '方案二', files: [plan] } })).body
        .message,
    ).toBe('投标文件已递交');
    await bid(w, w.sup[1], id, ['110', '210']);
    await bid(w, w.sup[2], id, ['120', '220']);
    for (const token of [w.buyer, w.buyer2, w.admin, w.sup[1]]) {
      const refused = await read(token);
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain('密封方案');
    }
    const own = await read(w.sup[0]);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('密封方案.pdf');

    w.travel(22 * DAY);
    await post('/srm/tender/open', w.admin, { id });
    await post('/srm/tender/open', w.buyer2, { id });
    // Opened: the normal rules again, for the file of the opened bid; the superseded one stays sealed.
    expect((await read(w.buyer)).status).toBe(200);
    expect((await read(w.sup[1])).status).toBe(404);
    const dropped = await fetch(`${w.s.base}/sys/common/static/${draft}`, { headers: { 'X-Access-Token': w.buyer } });
    expect(dropped.status).toBe(404);
  });

  it('X-1: the supplier detail carries the server time (test clock) for the countdown, and the sign-up deadline', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    const detail = await w.s.request<{ serverTime: string; signupDeadline: string | null }>(
      'GET',
      `/srm/tender/supplier/queryById?id=${id}`,
      { token: w.sup[0] },
    );
    expect(Math.abs(Date.parse(detail.body.result.serverTime) - Date.parse(w.at(0)))).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(detail.body.result.serverTime) - Date.now())).toBeGreaterThan(DAY);
    expect(detail.body.result.signupDeadline).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('bond, rejection of the approval, termination (TND-15, X-10, SRC-10)', () => {
  it('TND-15: the bid bond is at most 2 % of the estimated amount', async () => {
    expect(
      (await submit(await draftTender(w, { estimatedAmount: '100000', bidBondAmount: '2000.01' }))).body,
    ).toMatchObject({ message: '投标保证金不得超过预算金额的2%', rules: ['TND-15'] });
    expect(
      (await submit(await draftTender(w, { estimatedAmount: '100000', bidBondAmount: '2000' }))).body.success,
    ).toBe(true);
  });

  it('X-10: a rejected approval returns the tender to DRAFT, in the chain', async () => {
    const id = await draftTender(w);
    const list = async () =>
      (
        await w.s.request<{ docType: string; definition: { version: number } | null }[]>(
          'GET',
          '/approval/definition/list',
          { token: w.admin },
        )
      ).body.result.find((t) => t.docType === 'TENDER_PUBLISH')!;
    const save = (enabled: number, version?: number) =>
      post('/approval/definition/save', w.admin, {
        docType: 'TENDER_PUBLISH',
        name: '招标发布审批',
        enabled,
        steps: [{ name: '主管审批', minAmount: null, approverType: 'USER', approverId: w.adminId }],
        version,
      });
    expect((await save(1, (await list()).definition?.version)).body.success).toBe(true);
    try {
      expect((await submit(id)).body.message).toBe('招标项目已提交审批');
      const task = await db()
        .selectFrom('approvalTask as t')
        .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
        .select('t.id')
        .where('i.docId', '=', id)
        .where('t.decision', '=', 'PENDING')
        .executeTakeFirstOrThrow();
      expect(
        (await post('/approval/task/reject', w.admin, { taskId: task.id, comment: '评标办法不完整' })).body.success,
      ).toBe(true);
    } finally {
      await save(0, (await list()).definition!.version);
    }
    expect((await event(id)).status).toBe('DRAFT');
    expect((await audit(id)).map((a) => a.action)).toEqual(['create', 'submitApproval', 'reject']);
  });

  it('SRC-10: after publish only the manager terminates a tender, with a reason; the portal announcement is withdrawn; bids are withdrawn', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    await bid(w, w.sup[0], id, ['100', '200']);
    expect((await post('/srm/sourcing/event/cancel', w.admin, { id, reason: '需求变更' })).body.message).toBe(
      '招标项目请在招标管理中终止（记入审计链）',
    );
    expect((await post('/srm/tender/cancel', w.buyer, { id, reason: '' })).status).toBe(400);
    const refused = await post('/srm/tender/cancel', w.buyer, { id, reason: '需求变更' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: '发布后的招标项目须由采购主管终止', rules: ['SRC-10'] });
    expect((await event(id)).status).toBe('PUBLISHED');
    expect((await post('/srm/tender/cancel', w.admin, { id, reason: '需求变更' })).body.message).toBe('招标项目已终止');
    expect(await event(id)).toMatchObject({ status: 'CANCELLED', cancelReason: '需求变更' });
    expect((await responses(id)).map((r) => r.status)).toEqual(['WITHDRAWN']);
    expect(
      (
        await db()
          .selectFrom('portalPurchaseAnnouncement')
          .select('status')
          .where('sourcingEventId', '=', id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('withdrawn');
    expect((await audit(id)).at(-1)!.action).toBe('cancel');
    const draft = await draftTender(w);
    expect((await post('/srm/tender/cancel', w.buyer, { id: draft, reason: '不再需要' })).body.message).toBe(
      '招标项目已终止',
    );
  });
});

describe('opening officers to pick (P2)', () => {
  it("the buyer lists active internal users by name, account or ids, without the administrator's user list; suppliers cannot", async () => {
    type Page = { records: { id: string; username: string; realname: string }[]; total: number };
    const list = async (query: string) =>
      (await w.s.request<Page>('GET', `/srm/tender/officer/list${query}`, { token: w.buyer })).body.result;
    expect((await w.s.request('GET', '/sys/user/list', { token: w.buyer })).status).toBe(403);
    const all = await list('?pageSize=100');
    expect(all.records.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'buyer', 'buyer2']));
    const supplierUsers = (
      await db().selectFrom('sysUser').select('id').where('supplierId', 'is not', null).execute()
    ).map((u) => u.id);
    expect(all.records.some((u) => supplierUsers.includes(u.id))).toBe(false);
    expect(Object.keys(all.records[0]!).sort()).toEqual(['id', 'realname', 'username']);
    expect((await list(`?realname=${encodeURIComponent('*采购员二*')}`)).records.map((u) => u.username)).toEqual([
      'buyer2',
    ]);
    expect((await list(`?id=${w.adminId},${w.buyer2Id},`)).records.map((u) => u.id).sort()).toEqual(
      [w.adminId, w.buyer2Id].sort(),
    );
    // A frozen user is no officer.
    await db().updateTable('sysUser').set({ status: 2 }).where('id', '=', w.buyer2Id).execute();
    expect((await list(`?username=buyer2`)).records).toEqual([]);
    await db().updateTable('sysUser').set({ status: 1 }).where('id', '=', w.buyer2Id).execute();
    expect((await w.s.request('GET', '/srm/tender/officer/list', { token: w.sup[0] })).status).toBe(403);
  });

  it('within a tenant: users of that tenant and users without tenants, not those of other tenants', async () => {
    await db().updateTable('sysUser').set({ relTenantIds: '3,7' }).where('id', '=', w.buyer2Id).execute();
    await db().updateTable('sysUser').set({ relTenantIds: '8' }).where('id', '=', w.adminId).execute();
    try {
      const names = async (tenantId: number) =>
        (await internalUsers(db(), tenantId).select('u.username').execute()).map((u) => u.username);
      expect(await names(7)).toEqual(expect.arrayContaining(['buyer', 'buyer2']));
      expect(await names(7)).not.toContain('admin');
      expect(await names(8)).toEqual(expect.arrayContaining(['buyer', 'admin']));
      expect(await names(8)).not.toContain('buyer2');
      expect(await names(0)).toEqual(expect.arrayContaining(['buyer', 'buyer2', 'admin']));
    } finally {
      await db().updateTable('sysUser').set({ relTenantIds: '' }).where('id', 'in', [w.buyer2Id, w.adminId]).execute();
    }
  });
});

describe('the portal on the server clock (X-1, §23)', () => {
  it('phase and sign-up window of a published tender follow the server clock, as every deadline does', async () => {
    const id = await publishedTender(w, { title: '门户阶段测试招标' });
    const item = async () =>
      (
        await w.s.request<{ records: { title: string; status: string }[] }>(
          'GET',
          `/portal/view/purchaseAnnouncements?pageSize=50&likeName=${encodeURIComponent('门户阶段测试')}`,
        )
      ).body.result.records[0]!;
    const announcementId = (
      await db()
        .selectFrom('portalPurchaseAnnouncement')
        .select('id')
        .where('sourcingEventId', '=', id)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await item()).status).toBe('报名中');
    // The documents' window (6 days) is over on the server clock: no sign-up through the portal either (SRC-4).
    w.travel(7 * DAY);
    expect((await item()).status).toBe('响应中');
    expect(
      (await w.s.request('POST', '/portal/view/signUp', { token: w.sup[0], body: { id: announcementId } })).body
        .message,
    ).toBe('不在报名时间内');
    w.travel(15 * DAY);
    expect((await item()).status).toBe('评审中');
    const detail = await w.s.request<{ status: string }>(
      'GET',
      `/portal/view/purchaseAnnouncementDetail?id=${announcementId}`,
    );
    expect(detail.body.result.status).toBe('评审中');
  });
});
