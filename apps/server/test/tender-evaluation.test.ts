import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { verifyTenderAudit } from '../src/modules/tender/audit.js';
import { finalizeDueAwards } from '../src/modules/tender-evaluation/index.js';
import { HOUR, sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';
import { makeExperts, openedTender, tenderAwardFlow, type Experts, type OpenedTender } from './tender-fixture.js';

/** Tender evaluation and award (domain §11 after opening, §13, §23): TND-11..19, TND-21, TND-24, AWD-5/6/7. */
let w: SourcingWorld;
let x: Experts;
beforeAll(async () => {
  w = await sourcingWorld();
  x = await makeExperts(w, 6);
});
afterAll(async () => w?.close());

type Criterion = { id: string; criterionGroup: string; method: string; name: string };
const post = <T = unknown>(url: string, token: string, body: unknown) => w.s.request<T>('POST', url, { token, body });
const get = <T = unknown>(url: string, token: string) => w.s.request<T>('GET', url, { token });
const event = (id: string) =>
  w.s.ctx.db.selectFrom('sourcingEvent').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const notices = (eventId: string) =>
  w.s.ctx.db
    .selectFrom('sysAnnouncement')
    .select(['titile', 'userIds', 'createTime'])
    .where('busType', '=', 'sourcing')
    .where('busId', '=', eventId)
    .execute();
const DAY = 24 * HOUR;

const CRITERIA = [
  { group: 'PRICE', name: '投标报价', method: 'FORMULA', maxScore: '60' },
  { group: 'TECHNICAL', name: '技术方案', method: 'MANUAL', maxScore: '30' },
  { group: 'BUSINESS', name: '商务条款', method: 'MANUAL', maxScore: '10' },
  { group: 'TECHNICAL', name: '资格审查', method: 'PASS_FAIL' },
];
const setup = (eventId: string, extra: Record<string, unknown> = {}) =>
  post('/srm/tender/evaluation/setup', w.buyer, {
    eventId,
    evaluationMethod: 'COMPREHENSIVE_SCORE',
    priceFormula: 'LOWEST_AS_BASE',
    publicityDays: 3,
    criteria: CRITERIA,
    ...extra,
  });
/** exp1 chairs, exp2–exp4 and the buyer (representative): 4 of 5 are experts. */
const committee = (eventId: string) =>
  post('/srm/tender/evaluation/committee', w.buyer, {
    eventId,
    members: [
      { userId: x.ids[0], role: 'CHAIR' },
      { userId: x.ids[1], role: 'MEMBER' },
      { userId: x.ids[2], role: 'MEMBER' },
      { userId: x.ids[3], role: 'MEMBER' },
      { userId: x.buyerId, role: 'BUYER_REP' },
    ],
  });
const memberTokens = () => [x.tokens[0]!, x.tokens[1]!, x.tokens[2]!, x.tokens[3]!, w.buyer];
const criteriaOf = async (eventId: string) =>
  (await get<{ criteria: Criterion[] }>(`/srm/tender/evaluation/setup?eventId=${eventId}`, w.buyer)).body.result
    .criteria;

/** One member's full score sheet: per bid [technical, business, passed]. */
async function sheet(eventId: string, perBid: Record<string, [string, string, boolean]>) {
  const criteria = await criteriaOf(eventId);
  return Object.entries(perBid).flatMap(([responseId, [tech, biz, passed]]) =>
    criteria
      .filter((c) => c.method !== 'FORMULA')
      .map((c) =>
        c.method === 'PASS_FAIL'
          ? { responseId, criterionId: c.id, passed }
          : { responseId, criterionId: c.id, score: c.criterionGroup === 'TECHNICAL' ? tech : biz },
      ),
  );
}

describe('committee (TND-11)', () => {
  let t: OpenedTender;
  beforeAll(async () => {
    t = await openedTender(w, ['100', '120', '300']);
  });

  it('refuses fewer than 5, an even number, fewer than 2/3 experts, no chair, supplier users and members linked to a bidder; stores nothing', async () => {
    const form = (members: { userId: string; role: string }[]) =>
      post('/srm/tender/evaluation/committee', w.buyer, { eventId: t.eventId, members });
    const m = (i: number, role = 'MEMBER') => ({ userId: x.ids[i]!, role });
    expect((await form([m(0, 'CHAIR'), m(1), m(2), m(3)])).body).toMatchObject({
      message: '评标委员会须为5人以上单数，当前4人',
      rules: ['TND-11'],
    });
    expect((await form([m(0, 'CHAIR'), m(1), m(2), m(3), m(4), m(5)])).body).toMatchObject({
      message: '评标委员会须为5人以上单数，当前6人',
      rules: ['TND-11'],
    });
    expect((await form([m(0), m(1), m(2), m(3), m(4)])).body.message).toBe('评标委员会须有且只有一名主任委员');
    const admin = (
      await w.s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    // 3 experts of 5 is below two thirds.
    expect(
      (
        await form([
          m(0, 'CHAIR'),
          m(1),
          m(2),
          { userId: x.buyerId, role: 'BUYER_REP' },
          { userId: admin, role: 'MEMBER' },
        ])
      ).body,
    ).toMatchObject({ message: '技术、经济专家不少于成员总数的三分之二，当前3/5', rules: ['TND-11'] });
    const supplierUser = (
      await w.s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'supplier1').executeTakeFirstOrThrow()
    ).id;
    expect(
      (await form([m(0, 'CHAIR'), m(1), m(2), m(3), { userId: supplierUser, role: 'MEMBER' }])).body,
    ).toMatchObject({ message: '华东精密联系人是供应商用户，不能担任评委', rules: ['TND-11'] });
    // exp6 shares a mobile number with a contact of the first bidder.
    await w.s.ctx.db.updateTable('sysUser').set({ phone: '13900000001' }).where('id', '=', x.ids[5]!).execute();
    expect((await form([m(0, 'CHAIR'), m(1), m(2), m(3), m(5)])).body).toMatchObject({
      message: '专家6与投标人“华东精密机械有限公司”存在关联，须回避',
      rules: ['TND-11'],
    });
    expect(
      await w.s.ctx.db.selectFrom('tenderCommitteeMember').select('id').where('eventId', '=', t.eventId).execute(),
    ).toEqual([]);
    expect((await event(t.eventId)).status).toBe('OPENED');
  });

  it('offers the buyer internal users to pick, experts first, each marked expert or linked to a bidder (TND-11); suppliers cannot list them', async () => {
    type Candidate = { id: string; username: string; realname: string; isExpert: boolean; linkedBidder: string | null };
    const list = async (keyword?: string) =>
      (
        await get<Candidate[]>(
          `/srm/tender/evaluation/committee/candidates?eventId=${t.eventId}${keyword === undefined ? '' : `&keyword=${encodeURIComponent(keyword)}`}`,
          w.buyer,
        )
      ).body.result;
    const all = await list();
    expect(all.slice(0, 6).map((c) => [c.username, c.isExpert])).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => [`exp${i}`, true]),
    );
    expect(all.slice(6).every((c) => !c.isExpert)).toBe(true);
    expect(all.map((c) => c.username)).toEqual(expect.arrayContaining(['admin', 'buyer']));
    // No supplier user is offered.
    const supplierUsers = (
      await w.s.ctx.db.selectFrom('sysUser').select('id').where('supplierId', 'is not', null).execute()
    ).map((u) => u.id);
    expect(all.some((c) => supplierUsers.includes(c.id))).toBe(false);
    // exp6 shares a mobile number with a contact of the first bidder (set above).
    expect(all.find((c) => c.username === 'exp6')!.linkedBidder).toBe('华东精密机械有限公司');
    expect(all.filter((c) => c.linkedBidder !== null).map((c) => c.username)).toEqual(['exp6']);
    // By name or account; LIKE wildcards are taken literally.
    expect((await list('专家3')).map((c) => c.username)).toEqual(['exp3']);
    expect((await list('EXP')).map((c) => c.username)).toEqual(['exp1', 'exp2', 'exp3', 'exp4', 'exp5', 'exp6']);
    // A platform (tenant 0) tender offers the users of every tenant, the second demo tenant's buyer too.
    expect((await list('buy')).map((c) => [c.username, c.isExpert])).toEqual([
      ['buyer', false],
      ['hdbuyer', false],
    ]);
    expect(await list('%')).toEqual([]);
    expect((await get(`/srm/tender/evaluation/committee/candidates?eventId=${t.eventId}`, w.sup[0])).status).toBe(403);
  });

  it('forms a committee of 5 with 4 experts; the event is EVALUATING; suppliers cannot reach the routes', async () => {
    expect((await committee(t.eventId)).body.message).toBe('评标委员会已组建');
    expect((await event(t.eventId)).status).toBe('EVALUATING');
    const members = (
      await get<{ userName: string; role: string; isExpert: number }[]>(
        `/srm/tender/evaluation/committee?eventId=${t.eventId}`,
        w.buyer,
      )
    ).body.result;
    expect(members.map((mm) => [mm.role, mm.isExpert])).toEqual([
      ['CHAIR', 1],
      ['MEMBER', 1],
      ['MEMBER', 1],
      ['MEMBER', 1],
      ['BUYER_REP', 0],
    ]);
    expect((await get(`/srm/tender/evaluation/committee?eventId=${t.eventId}`, w.sup[0])).status).toBe(403);
    expect((await get(`/srm/tender/evaluation/bids?eventId=${t.eventId}`, w.sup[0])).status).toBe(403);
  });

  it('a member sees the bids only after declaring no conflict; a linked member cannot declare; a non-member sees nothing', async () => {
    expect((await get(`/srm/tender/evaluation/bids?eventId=${t.eventId}`, x.tokens[0]!)).body).toMatchObject({
      message: '请先声明与投标人无利害关系，再查看投标文件',
      rules: ['TND-11'],
    });
    expect(
      (await post('/srm/tender/evaluation/declare', x.tokens[0]!, { eventId: t.eventId, noConflict: false })).status,
    ).toBe(400);
    expect(
      (await post('/srm/tender/evaluation/declare', x.tokens[0]!, { eventId: t.eventId, noConflict: true })).body
        .message,
    ).toBe('已声明无利害关系');
    const bids = (
      await get<{ bids: { supplierName: string; totalAmount: string }[] }>(
        `/srm/tender/evaluation/bids?eventId=${t.eventId}`,
        x.tokens[0]!,
      )
    ).body.result.bids;
    expect(bids.map((b) => b.totalAmount)).toEqual(['1000.00', '1200.00', '3000.00']);
    // exp2 became linked to a bidder after the committee was formed (same e-mail as a contact).
    await w.s.ctx.db.updateTable('sysUser').set({ email: 'sales@hdjm.example' }).where('id', '=', x.ids[1]!).execute();
    expect(
      (await post('/srm/tender/evaluation/declare', x.tokens[1]!, { eventId: t.eventId, noConflict: true })).body,
    ).toMatchObject({
      message: '您与投标人“华东精密机械有限公司”存在关联，须回避，请联系采购人更换评委',
      rules: ['TND-11'],
    });
    expect(
      (
        await w.s.ctx.db
          .selectFrom('tenderCommitteeMember')
          .select('declaredNoConflictAt')
          .where('eventId', '=', t.eventId)
          .where('userId', '=', x.ids[1]!)
          .executeTakeFirstOrThrow()
      ).declaredNoConflictAt,
    ).toBeNull();
    await w.s.ctx.db.updateTable('sysUser').set({ email: null }).where('id', '=', x.ids[1]!).execute();
    expect((await get(`/srm/tender/evaluation/bids?eventId=${t.eventId}`, x.tokens[4]!)).body.message).toBe(
      '您不是本项目评标委员会成员',
    );
  });
});

describe('method, criteria and scores (TND-12, TND-13, TND-14, TND-16)', () => {
  let t: OpenedTender;
  let A: string, B: string, C: string;
  beforeAll(async () => {
    t = await openedTender(w, ['100', '120', '300'], { visibility: 'PUBLIC', title: '钢板公开招标' });
    [A, B, C] = t.responseIds as [string, string, string];
  });

  it('refuses criteria that do not add up to 100, a publicity shorter than 3 days (TND-17) and manual items under the lowest evaluated price method', async () => {
    expect(
      (await setup(t.eventId, { criteria: CRITERIA.map((c) => (c.name === '商务条款' ? { ...c, maxScore: '5' } : c)) }))
        .body.message,
    ).toBe('综合评估法各评审项满分合计须为100分，当前95.00分');
    expect((await setup(t.eventId, { publicityDays: 2 })).body).toMatchObject({
      message: '中标候选人公示期不少于3天',
      rules: ['TND-17'],
    });
    expect((await setup(t.eventId, { evaluationMethod: 'LOWEST_EVALUATED_PRICE' })).body.message).toBe(
      '经评审的最低投标价法只设合格/不合格评审项，按评审价格排序',
    );
    expect(
      (await setup(t.eventId, { criteria: [{ ...CRITERIA[0], method: 'MANUAL' }, ...CRITERIA.slice(1)] })).body,
    ).toMatchObject({ message: '价格评审项“投标报价”须按公式计算', rules: ['TND-13'] });
    expect(
      await w.s.ctx.db.selectFrom('tenderCriterion').select('id').where('eventId', '=', t.eventId).execute(),
    ).toEqual([]);
    // The tender's own settings (0046) give the weights the criteria must match, and the defaults.
    await w.s.ctx.db
      .insertInto('tenderSettings')
      .values({
        eventId: t.eventId,
        qualificationMode: 'POST',
        docIssueStartAt: null,
        docIssueEndAt: null,
        docFee: null,
        bidBondAmount: null,
        bidBondDeadline: null,
        clarificationDeadline: null,
        objectionDeadline: null,
        bidValidityDays: 90,
        evaluationMethod: 'COMPREHENSIVE_SCORE',
        priceWeight: 50,
        techWeight: 40,
        businessWeight: 10,
        priceFormula: 'LOWEST_AS_BASE',
        publicityDays: 4,
        mustAwardRank1: 0,
        openingOfficerIds: '[]',
        openingQuorum: 2,
        previousEventId: null,
        approvalInstanceId: null,
      })
      .execute();
    const defaults = { evaluationMethod: undefined, priceFormula: undefined, publicityDays: undefined };
    expect((await setup(t.eventId, defaults)).body.message).toBe(
      '价格评审项满分合计须等于招标文件的价格权重50分，当前60.00分',
    );
    await w.s.ctx.db
      .updateTable('tenderSettings')
      .set({ priceWeight: 60, techWeight: 30 })
      .where('eventId', '=', t.eventId)
      .execute();
    expect((await setup(t.eventId, defaults)).body.message).toBe('评标办法已保存');
    expect(
      await w.s.ctx.db
        .selectFrom('tenderEvaluation')
        .select(['evaluationMethod', 'priceFormula', 'publicityDays', 'mustAwardRank1'])
        .where('eventId', '=', t.eventId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      evaluationMethod: 'COMPREHENSIVE_SCORE',
      priceFormula: 'LOWEST_AS_BASE',
      publicityDays: 4,
      mustAwardRank1: 0,
    });
    expect(await criteriaOf(t.eventId)).toHaveLength(4);
  });

  it("TND-12: a member submits every manual item of every valid bid at once, within the maximum; others' scores stay hidden until then", async () => {
    expect((await committee(t.eventId)).body.success).toBe(true);
    for (const token of memberTokens())
      expect(
        (await post('/srm/tender/evaluation/declare', token, { eventId: t.eventId, noConflict: true })).body.success,
      ).toBe(true);
    const full = await sheet(t.eventId, { [A]: ['20', '5', true], [B]: ['30', '10', true], [C]: ['10', '1', true] });
    expect(
      (await post('/srm/tender/evaluation/score/submit', x.tokens[0]!, { eventId: t.eventId, scores: full.slice(1) }))
        .body,
    ).toMatchObject({ message: '请对每个有效投标的每个评审项打分后再提交，还差1项', rules: ['TND-12'] });
    const tooHigh = full.map((s) => ('score' in s && s.responseId === B ? { ...s, score: '31' } : s));
    const nameB = (
      await w.s.ctx.db.selectFrom('supplier').select('name').where('id', '=', w.supId[1]).executeTakeFirstOrThrow()
    ).name;
    expect(
      (await post('/srm/tender/evaluation/score/submit', x.tokens[0]!, { eventId: t.eventId, scores: tooHigh })).body
        .message,
    ).toBe(`${nameB}的“技术方案”得分不能超过满分30`);
    expect(
      (
        await post('/srm/tender/evaluation/score/submit', x.tokens[0]!, {
          eventId: t.eventId,
          scores: full.map((s) => ('score' in s ? { ...s, score: '1.234' } : s)),
        })
      ).status,
    ).toBe(400);
    expect(await w.s.ctx.db.selectFrom('tenderScore').select('id').where('eventId', '=', t.eventId).execute()).toEqual(
      [],
    );

    // exp2 submits first; exp1 cannot see exp2's scores before submitting its own.
    expect(
      (await post('/srm/tender/evaluation/score/submit', x.tokens[1]!, { eventId: t.eventId, scores: full })).body
        .message,
    ).toBe('评分已提交');
    const before = (
      await get<{ submitted: boolean; mine: unknown[]; others: unknown[] | null }>(
        `/srm/tender/evaluation/scores?eventId=${t.eventId}`,
        x.tokens[0]!,
      )
    ).body.result;
    expect(before).toEqual({ submitted: false, mine: [], others: null });
    expect(
      (await post('/srm/tender/evaluation/score/submit', x.tokens[1]!, { eventId: t.eventId, scores: full })).body,
    ).toMatchObject({ message: '您已提交评分，不能修改', rules: ['TND-12'] });
    // The chair cannot rank while members are still scoring.
    expect(
      (await post('/srm/tender/evaluation/report/generate', x.tokens[0]!, { eventId: t.eventId })).body,
    ).toMatchObject({ message: '专家1、专家3、专家4、采购员王敏尚未提交评分，不能汇总排名', rules: ['TND-12'] });
    // Criteria are locked once a member submitted.
    expect((await setup(t.eventId)).body).toMatchObject({
      message: '已有评委提交评分，评标办法和评审项不能修改',
      rules: ['TND-12'],
    });

    expect(
      (await post('/srm/tender/evaluation/score/submit', x.tokens[0]!, { eventId: t.eventId, scores: full })).body
        .success,
    ).toBe(true);
    const after = (
      await get<{ submitted: boolean; mine: unknown[]; others: unknown[] }>(
        `/srm/tender/evaluation/scores?eventId=${t.eventId}`,
        x.tokens[0]!,
      )
    ).body.result;
    expect(after.submitted).toBe(true);
    expect(after.mine).toHaveLength(full.length);
    expect(after.others).toHaveLength(full.length);
    // exp3 gives A a higher technical score: A's mean technical score becomes (20×4 + 25) ÷ 5 = 21.
    const exp3 = await sheet(t.eventId, { [A]: ['25', '5', true], [B]: ['30', '10', true], [C]: ['10', '1', true] });
    expect(
      (await post('/srm/tender/evaluation/score/submit', x.tokens[2]!, { eventId: t.eventId, scores: exp3 })).body
        .success,
    ).toBe(true);
    for (const token of [x.tokens[3]!, w.buyer])
      expect(
        (await post('/srm/tender/evaluation/score/submit', token, { eventId: t.eventId, scores: full })).body.success,
      ).toBe(true);
  });

  it('TND-13/16: only the chair ranks; price by formula, means of the members, three ranked candidates; responses VALID', async () => {
    expect(
      (await post('/srm/tender/evaluation/report/generate', x.tokens[1]!, { eventId: t.eventId })).body.message,
    ).toBe('只有评标委员会主任委员可以汇总评标结果');
    expect(
      (
        await post('/srm/tender/evaluation/report/generate', x.tokens[0]!, {
          eventId: t.eventId,
          recommendation: '推荐第一名',
        })
      ).body.message,
    ).toBe('评标报告已生成，请全体评委签字');
    const report = (
      await get<{
        status: string;
        ranking: {
          responseId: string;
          priceScore: string;
          techScore: string;
          businessScore: string;
          total: string;
          rank: number;
        }[];
        candidates: { responseId: string; rank: number; amount: string }[];
      }>(`/srm/tender/evaluation/report?eventId=${t.eventId}`, w.buyer)
    ).body.result;
    expect(report.status).toBe('DRAFT');
    // A: 60 + 21 + 5 = 86; B: 50 + 30 + 10 = 90; C: 20 + 10 + 1 = 31.
    expect(
      report.ranking.map((r) => [r.responseId, r.priceScore, r.techScore, r.businessScore, r.total, r.rank]),
    ).toEqual([
      [B, '50.00', '30.00', '10.00', '90.00', 1],
      [A, '60.00', '21.00', '5.00', '86.00', 2],
      [C, '20.00', '10.00', '1.00', '31.00', 3],
    ]);
    expect(report.candidates.map((c) => [c.responseId, c.rank, c.amount])).toEqual([
      [B, 1, '1200.00'],
      [A, 2, '1000.00'],
      [C, 3, '3000.00'],
    ]);
    const statuses = await w.s.ctx.db
      .selectFrom('sourcingResponse')
      .select('status')
      .where('eventId', '=', t.eventId)
      .execute();
    expect(statuses.every((s) => s.status === 'VALID')).toBe(true);
  });

  it('the report is SIGNED once every member signed; an award before that is refused (TND-16)', async () => {
    const propose = () =>
      post('/srm/tender/award/propose', w.buyer, {
        eventId: t.eventId,
        priceValidFrom: w.day(1),
        priceValidTo: w.day(365),
      });
    for (const token of memberTokens().slice(0, 4))
      expect((await post('/srm/tender/evaluation/report/sign', token, { eventId: t.eventId })).body.message).toBe(
        '已签字',
      );
    expect((await propose()).body).toMatchObject({
      message: '评标报告尚未经全体评委签字，不能定标',
      rules: ['TND-16'],
    });
    expect((await post('/srm/tender/evaluation/report/sign', x.tokens[0]!, { eventId: t.eventId })).body.message).toBe(
      '您已在评标报告上签字',
    );
    expect((await post('/srm/tender/evaluation/report/sign', w.buyer, { eventId: t.eventId })).body.message).toBe(
      '评标报告已全体签字',
    );
    expect(
      (
        await w.s.ctx.db
          .selectFrom('tenderEvaluationReport')
          .select('status')
          .where('eventId', '=', t.eventId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('SIGNED');
  });

  it('award (TND-21, §13): rank 1 by default; another candidate needs a reason, and never with mustAwardRank1; only candidates', async () => {
    const propose = (extra: Record<string, unknown>) =>
      post<{ status: string; instanceId: string }>('/srm/tender/award/propose', w.buyer, {
        eventId: t.eventId,
        priceValidFrom: w.day(1),
        priceValidTo: w.day(365),
        ...extra,
      });
    type AwardView = {
      award: unknown;
      candidates: { responseId: string; rank: number }[];
      mustAwardRank1: boolean;
      reportStatus: string | null;
    };
    const view = async () => (await get<AwardView>(`/srm/tender/award?eventId=${t.eventId}`, w.buyer)).body.result;
    // What the proposal form shows before anything is sent: the signed report's candidates and TND-21.
    expect(await view()).toMatchObject({ award: null, mustAwardRank1: false, reportStatus: 'SIGNED' });
    expect((await view()).candidates.map((c) => [c.responseId, c.rank])).toEqual([
      [B, 1],
      [A, 2],
      [C, 3],
    ]);
    await w.s.ctx.db
      .updateTable('tenderEvaluation')
      .set({ mustAwardRank1: 1 })
      .where('eventId', '=', t.eventId)
      .execute();
    expect((await view()).mustAwardRank1).toBe(true);
    expect((await propose({ responseId: A, deviationReason: '价格更低' })).body).toMatchObject({
      message: '本项目须确定排名第一的中标候选人为中标人',
      rules: ['TND-21'],
    });
    await w.s.ctx.db
      .updateTable('tenderEvaluation')
      .set({ mustAwardRank1: 0 })
      .where('eventId', '=', t.eventId)
      .execute();
    expect((await propose({ responseId: A })).body.message).toBe('未选择排名第一的中标候选人，请填写理由（§13）');
    expect((await propose({ responseId: t.lineId })).body).toMatchObject({
      message: '只能从评标报告推荐的中标候选人中确定中标人',
      rules: ['TND-16'],
    });
    expect(
      await w.s.ctx.db.selectFrom('sourcingAward').select('id').where('eventId', '=', t.eventId).execute(),
    ).toEqual([]);
    // The RFQ award path cannot bypass the evaluation.
    expect(
      (
        await post('/srm/sourcing/award/save', w.buyer, {
          eventId: t.eventId,
          priceValidFrom: w.day(1),
          priceValidTo: w.day(365),
          lines: [{ sourcingLineId: t.lineId, supplierId: w.supId[0] }],
        })
      ).body,
    ).toMatchObject({ message: '招标项目须经评标委员会评审后在招标定标中定标', rules: ['TND-16'] });

    await tenderAwardFlow(w, 'admin');
    const proposed = await propose({ recommendation: '综合得分第一' });
    expect(proposed.body.message).toBe('定标已提交审批');
    expect((await event(t.eventId)).status).toBe('AWARD_PENDING_APPROVAL');
    const todo = (
      await w.s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
    ).body.result.records.find((r) => r.id === proposed.body.result.instanceId)!;
    expect((await post('/approval/task/approve', w.buyer, { taskId: todo.taskId })).body.success).toBe(false);
    expect((await post('/approval/task/approve', w.admin, { taskId: todo.taskId })).body.success).toBe(true);

    // TND-17 / AWD-5: approval starts the publicity (4 days from the tender's settings) with the candidates on the portal.
    const award = await w.s.ctx.db
      .selectFrom('sourcingAward')
      .selectAll()
      .where('eventId', '=', t.eventId)
      .executeTakeFirstOrThrow();
    expect(award.status).toBe('PUBLICITY');
    expect(Date.parse(award.publicityEndAt!) - Date.parse(award.publicityStartAt!)).toBe(4 * DAY);
    expect((await event(t.eventId)).status).toBe('PUBLICITY');
    const lines = await w.s.ctx.db
      .selectFrom('sourcingAwardLine')
      .select(['supplierId', 'unitPrice', 'qty', 'amount'])
      .where('awardId', '=', award.id)
      .execute();
    expect(lines).toEqual([{ supplierId: w.supId[1], unitPrice: '120', qty: '10', amount: '1200.00' }]);
    const publicity = await w.s.ctx.db
      .selectFrom('portalResultAnnouncement')
      .selectAll()
      .where('sourcingEventId', '=', t.eventId)
      .execute();
    expect(publicity).toHaveLength(1);
    expect(publicity[0]).toMatchObject({ type: 'tender', status: 'published', title: '钢板公开招标 中标候选人公示' });
    expect(JSON.parse(publicity[0]!.supplierList!).map((s: { title: string }) => s.title)).toEqual([
      '第一中标候选人',
      '第二中标候选人',
      '第三中标候选人',
    ]);
    // PORTAL-2: no prices.
    expect(`${publicity[0]!.content}${publicity[0]!.supplierList}`).not.toMatch(/1200|1000|3000/);
    expect((await notices(t.eventId)).filter((n) => n.titile.startsWith('中标候选人公示'))).toHaveLength(1);
    // Bidders see the candidates, not yet the committee (TND-11).
    const seen = (
      await get<{ status: string; candidates: unknown[]; committee: unknown }>(
        `/srm/tender/supplier/result?eventId=${t.eventId}`,
        w.sup[2],
      )
    ).body.result;
    expect(seen.status).toBe('PUBLICITY');
    expect(seen.candidates).toHaveLength(3);
    expect(seen.committee).toBeNull();
  });

  it('TND-18: an objection during publicity suspends the award; answered, publicity resumes; FINAL only after the period', async () => {
    expect((await post('/srm/tender/award/finalize', w.buyer, { eventId: t.eventId })).body).toMatchObject({
      message: expect.stringMatching(/^公示期至.+结束，期满且无未答复异议后定标方可生效$/),
      rules: ['TND-17', 'AWD-5'],
    });
    expect(
      (await post('/srm/tender/supplier/objection/add', w.sup[2], { eventId: t.eventId, content: '' })).status,
    ).toBe(400);
    expect(
      (await post('/srm/tender/supplier/objection/add', w.sup[2], { eventId: t.eventId, content: '技术评分不公' })).body
        .message,
    ).toBe('异议已提交，定标暂停至采购人答复');
    expect(
      (
        await w.s.ctx.db
          .selectFrom('sourcingAward')
          .select('status')
          .where('eventId', '=', t.eventId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('SUSPENDED');
    expect((await event(t.eventId)).status).toBe('SUSPENDED');
    // The period passes while suspended: nothing becomes final.
    w.travel(4 * DAY + HOUR);
    expect((await post('/srm/tender/award/finalize', w.buyer, { eventId: t.eventId })).body).toMatchObject({
      message: '有异议尚未答复，定标暂停',
      rules: ['TND-18'],
    });
    const view = (
      await get<{ award: { status: string }; objections: { id: string; status: string }[] }>(
        `/srm/tender/award?eventId=${t.eventId}`,
        w.buyer,
      )
    ).body.result;
    expect(view.award.status).toBe('SUSPENDED');
    expect((await notices(t.eventId)).some((n) => n.titile.startsWith('中标通知书'))).toBe(false);
    expect(
      (await post('/srm/tender/objection/answer', w.buyer, { id: view.objections[0]!.id, answer: '' })).status,
    ).toBe(400);
    expect(
      (
        await post('/srm/tender/objection/answer', w.buyer, {
          id: view.objections[0]!.id,
          answer: '经复核，评分符合评标办法',
        })
      ).body.message,
    ).toBe('异议已答复');
    expect(
      (await post('/srm/tender/objection/answer', w.buyer, { id: view.objections[0]!.id, answer: '再答' })).body
        .message,
    ).toBe('该异议已答复');
    expect(
      (await post('/srm/tender/supplier/objection/add', w.sup[0], { eventId: t.eventId, content: '补充异议' })).body,
    ).toMatchObject({ message: '公示期已结束，不能再提出异议', rules: ['TND-18'] });
  });

  it('FINAL on read after the period (TND-19, AWD-7): award and result notices together, AWARDED / NOT_AWARDED, price record, portal result; then no edit (AWD-6)', async () => {
    // The bidder's read finalises it (server clock, lazily).
    const result = (
      await get<{ status: string; winner: string; committee: { name: string; role: string }[] }>(
        `/srm/tender/supplier/result?eventId=${t.eventId}`,
        w.sup[0],
      )
    ).body.result;
    expect(result.status).toBe('FINAL');
    expect(result.committee.map((m) => m.role)).toEqual(['主任委员', '委员', '委员', '委员', '采购人代表']);
    const award = await w.s.ctx.db
      .selectFrom('sourcingAward')
      .selectAll()
      .where('eventId', '=', t.eventId)
      .executeTakeFirstOrThrow();
    expect(award.status).toBe('FINAL');
    expect(award.noticeIssuedAt).not.toBeNull();
    expect((await event(t.eventId)).status).toBe('AWARDED');
    const statuses = Object.fromEntries(
      (
        await w.s.ctx.db
          .selectFrom('sourcingResponse')
          .select(['id', 'status'])
          .where('eventId', '=', t.eventId)
          .execute()
      ).map((r) => [r.id, r.status]),
    );
    expect(statuses).toEqual({ [A]: 'NOT_AWARDED', [B]: 'AWARDED', [C]: 'NOT_AWARDED' });
    const sent = await notices(t.eventId);
    const winnerNotice = sent.filter((n) => n.titile.startsWith('中标通知书'));
    const resultNotice = sent.filter((n) => n.titile.startsWith('中标结果通知书'));
    expect(winnerNotice).toHaveLength(1);
    expect(resultNotice).toHaveLength(1);
    const winnerUsers = (
      await w.s.ctx.db.selectFrom('sysUser').select('id').where('supplierId', '=', w.supId[1]).execute()
    ).map((u) => u.id);
    expect(winnerUsers.every((u) => winnerNotice[0]!.userIds!.includes(u))).toBe(true);
    expect(winnerUsers.some((u) => resultNotice[0]!.userIds!.includes(u))).toBe(false);
    const prices = await w.s.ctx.db
      .selectFrom('srmPriceRecord')
      .select(['supplierId', 'unitPrice', 'sourceType'])
      .where('sourceId', '=', award.id)
      .execute();
    expect(prices).toEqual([{ supplierId: w.supId[1], unitPrice: '120', sourceType: 'AWARD' }]);
    const portal = await w.s.ctx.db
      .selectFrom('portalResultAnnouncement')
      .selectAll()
      .where('sourcingEventId', '=', t.eventId)
      .orderBy('createTime')
      .execute();
    expect(portal.map((p) => [p.title, p.status])).toEqual([
      ['钢板公开招标 中标候选人公示', 'closed'],
      ['钢板公开招标 结果公示', 'published'],
    ]);
    const winnerName = (
      await w.s.ctx.db.selectFrom('supplier').select('name').where('id', '=', w.supId[1]).executeTakeFirstOrThrow()
    ).name;
    expect(portal[1]).toMatchObject({
      company: winnerName,
      bidCode: (await event(t.eventId)).code,
      projectName: '钢板公开招标',
    });
    // AWD-6: a FINAL award is not changed.
    expect(
      (
        await post('/srm/tender/award/propose', w.buyer, {
          eventId: t.eventId,
          responseId: A,
          deviationReason: 'x',
          priceValidFrom: w.day(1),
          priceValidTo: w.day(365),
        })
      ).body,
    ).toMatchObject({ message: '定标已生效，不能修改', rules: ['AWD-6'] });
    expect((await post('/srm/tender/award/finalize', w.buyer, { eventId: t.eventId })).body.message).toBe('定标已生效');
    expect(
      (
        await w.s.ctx.db
          .selectFrom('sourcingAward')
          .select('version')
          .where('id', '=', award.id)
          .executeTakeFirstOrThrow()
      ).version,
    ).toBe(award.version);
    // P4: committee, scores, report, award and objection events are the tender's entries of the tenant's chain, which verifies.
    const tenderEvent = await w.s.ctx.db
      .selectFrom('sourcingEvent')
      .select('tenantId')
      .where('id', '=', t.eventId)
      .executeTakeFirstOrThrow();
    const actions = (
      await w.s.ctx.db
        .selectFrom('sysAuditChain')
        .select(['action', 'payload'])
        .where('tenantId', '=', tenderEvent.tenantId)
        .where('docType', '=', 'TENDER')
        .where('docId', '=', t.eventId)
        .orderBy('seq')
        .execute()
    )
      .filter((a) => (JSON.parse(a.payload) as { event?: boolean }).event)
      .map((a) => a.action);
    expect(actions.filter((a) => a === 'evaluation.score')).toHaveLength(5);
    expect(actions).toEqual(
      expect.arrayContaining([
        'evaluation.formCommittee',
        'evaluation.declareNoConflict',
        'evaluation.report',
        'evaluation.signReport',
        'evaluation.propose',
        'evaluation.publicity',
        'evaluation.objection',
        'evaluation.answerObjection',
        'evaluation.final',
      ]),
    );
    expect(actions.indexOf('evaluation.final')).toBe(actions.length - 1);
    expect(await verifyTenderAudit(w.s.ctx.db, { id: t.eventId, tenantId: tenderEvent.tenantId })).toMatchObject({
      valid: true,
      brokenAtSeq: null,
    });
  });
});

describe('rejections (TND-14, TND-24)', () => {
  it('the chair rejects with a reason; a bid above the ceiling and one failed by the majority on a pass/fail item are rejected at ranking', async () => {
    // Ceiling 2500 per bid: the 3000 bid is above it.
    const t = await openedTender(w, ['100', '120', '300'], { ceilingPrice: '2500' });
    const [A, B, C] = t.responseIds as [string, string, string];
    expect((await setup(t.eventId)).body.success).toBe(true);
    expect((await committee(t.eventId)).body.success).toBe(true);
    for (const token of memberTokens())
      await post('/srm/tender/evaluation/declare', token, { eventId: t.eventId, noConflict: true });
    expect(
      (
        await post('/srm/tender/evaluation/reject', x.tokens[1]!, {
          eventId: t.eventId,
          responseId: A,
          reason: '未盖章',
        })
      ).body.message,
    ).toBe('只有评标委员会主任委员可以否决投标');
    expect(
      (await post('/srm/tender/evaluation/reject', x.tokens[0]!, { eventId: t.eventId, responseId: A, reason: '' }))
        .status,
    ).toBe(400);
    // Only 2 of 5 members fail A on 资格审查 (no majority): A stays valid.
    for (const [i, token] of memberTokens().entries()) {
      const scores = await sheet(t.eventId, {
        [A]: ['20', '5', i >= 2],
        [B]: ['30', '10', true],
        [C]: ['10', '1', true],
      });
      expect(
        (await post('/srm/tender/evaluation/score/submit', token, { eventId: t.eventId, scores })).body.success,
      ).toBe(true);
    }
    expect(
      (await post('/srm/tender/evaluation/report/generate', x.tokens[0]!, { eventId: t.eventId })).body.success,
    ).toBe(true);
    const rows = await w.s.ctx.db
      .selectFrom('sourcingResponse')
      .select(['id', 'status', 'rejectReason'])
      .where('eventId', '=', t.eventId)
      .execute();
    const by = Object.fromEntries(rows.map((r) => [r.id, [r.status, r.rejectReason]]));
    expect(by[B]).toEqual(['VALID', null]);
    expect(by[A]).toEqual(['VALID', null]);
    expect(by[C]).toEqual(['REJECTED', '投标报价3000.00超过最高投标限价2500（TND-14）']);
    const report = (
      await get<{ candidates: { responseId: string }[] }>(`/srm/tender/evaluation/report?eventId=${t.eventId}`, w.buyer)
    ).body.result;
    expect(report.candidates.map((c) => c.responseId)).toEqual([B, A]);
  });

  it('a pass/fail item failed by the majority rejects the bid at ranking (TND-14)', async () => {
    const t = await openedTender(w, ['100', '120', '300']);
    const [A, B, C] = t.responseIds as [string, string, string];
    await setup(t.eventId);
    await committee(t.eventId);
    for (const [i, token] of memberTokens().entries()) {
      await post('/srm/tender/evaluation/declare', token, { eventId: t.eventId, noConflict: true });
      const scores = await sheet(t.eventId, {
        [A]: ['20', '5', i < 2],
        [B]: ['30', '10', true],
        [C]: ['10', '1', true],
      });
      expect(
        (await post('/srm/tender/evaluation/score/submit', token, { eventId: t.eventId, scores })).body.success,
      ).toBe(true);
    }
    await post('/srm/tender/evaluation/report/generate', x.tokens[0]!, { eventId: t.eventId });
    const a = await w.s.ctx.db
      .selectFrom('sourcingResponse')
      .select(['status', 'rejectReason'])
      .where('id', '=', A)
      .executeTakeFirstOrThrow();
    expect(a).toEqual({ status: 'REJECTED', rejectReason: '未通过评审项“资格审查”（多数评委判定不合格，TND-14）' });
  });

  it('TND-24: every bid rejected → FAILED with reason ALL_REJECTED, bidders told, a public tender gets a failure notice', async () => {
    const t = await openedTender(w, ['100', '120', '300'], { visibility: 'PUBLIC', title: '流标测试招标' });
    await committee(t.eventId);
    await post('/srm/tender/evaluation/declare', x.tokens[0]!, { eventId: t.eventId, noConflict: true });
    const reject = (responseId: string, reason: string) =>
      post<{ failed: boolean }>('/srm/tender/evaluation/reject', x.tokens[0]!, {
        eventId: t.eventId,
        responseId,
        reason,
      });
    expect((await reject(t.responseIds[0]!, '投标文件未盖章')).body.message).toBe('已否决该投标');
    expect((await reject(t.responseIds[0]!, '再次')).body.message).toBe('该投标已被否决');
    expect((await reject(t.responseIds[1]!, '低于成本')).body.result.failed).toBe(false);
    const last = await reject(t.responseIds[2]!, '不满足实质性要求');
    expect(last.body).toMatchObject({
      success: true,
      message: '所有投标均被否决，本次招标失败',
      rules: ['TND-24'],
      result: { failed: true },
    });
    expect(await event(t.eventId)).toMatchObject({ status: 'FAILED', failReason: 'ALL_REJECTED' });
    expect(
      (
        await w.s.ctx.db.selectFrom('sourcingResponse').select('status').where('eventId', '=', t.eventId).execute()
      ).every((r) => r.status === 'REJECTED'),
    ).toBe(true);
    expect((await notices(t.eventId)).filter((n) => n.titile.startsWith('招标失败（流标）'))).toHaveLength(2);
    expect(
      (
        await w.s.ctx.db
          .selectFrom('portalResultAnnouncement')
          .select('title')
          .where('sourcingEventId', '=', t.eventId)
          .executeTakeFirstOrThrow()
      ).title,
    ).toBe('流标测试招标 流标公告');
    expect(
      (await post('/srm/tender/evaluation/report/generate', x.tokens[0]!, { eventId: t.eventId })).body.success,
    ).toBe(false);
  });
});

/** Setup, committee, declarations, full scores (B best), report and every signature. */
async function signedReport(t: OpenedTender) {
  const [A, B, C] = t.responseIds as [string, string, string];
  expect((await setup(t.eventId)).body.success).toBe(true);
  expect((await committee(t.eventId)).body.success).toBe(true);
  for (const token of memberTokens()) {
    await post('/srm/tender/evaluation/declare', token, { eventId: t.eventId, noConflict: true });
    const scores = await sheet(t.eventId, { [A]: ['20', '5', true], [B]: ['30', '10', true], [C]: ['10', '1', true] });
    expect(
      (await post('/srm/tender/evaluation/score/submit', token, { eventId: t.eventId, scores })).body.success,
    ).toBe(true);
  }
  expect(
    (await post('/srm/tender/evaluation/report/generate', x.tokens[0]!, { eventId: t.eventId })).body.success,
  ).toBe(true);
  for (const token of memberTokens())
    expect((await post('/srm/tender/evaluation/report/sign', token, { eventId: t.eventId })).body.success).toBe(true);
}

describe('award approval and the publicity job (X-10, AWD-5)', () => {
  it('a rejected award goes back to a draft and the event to EVALUATING; proposed again and approved, the job finalises it once the period is over', async () => {
    const t = await openedTender(w, ['100', '120', '300']);
    await signedReport(t);
    await tenderAwardFlow(w, 'admin');
    const propose = (extra: Record<string, unknown> = {}) =>
      post<{ instanceId: string }>('/srm/tender/award/propose', w.buyer, {
        eventId: t.eventId,
        priceValidFrom: w.day(1),
        priceValidTo: w.day(365),
        ...extra,
      });
    const task = async (instanceId: string) =>
      (
        await w.s.request<PageResult<{ id: string; taskId: string }>>('GET', '/approval/todo/list', { token: w.admin })
      ).body.result.records.find((r) => r.id === instanceId)!.taskId;
    const first = await propose();
    expect((await propose()).body.message).toBe('定标审批或公示中，不能修改');
    expect(
      (
        await post('/approval/task/reject', w.admin, {
          taskId: await task(first.body.result.instanceId),
          comment: '请说明推荐理由',
        })
      ).body.success,
    ).toBe(true);
    expect(
      (
        await w.s.ctx.db
          .selectFrom('sourcingAward')
          .select('status')
          .where('eventId', '=', t.eventId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('DRAFT');
    expect((await event(t.eventId)).status).toBe('EVALUATING');

    // Proposed again (another candidate, with a reason): the same award, a new version.
    const second = await propose({
      responseId: t.responseIds[0],
      deviationReason: '报价最低且技术满足要求',
      recommendation: '综合考虑',
    });
    expect(second.body.message).toBe('定标已提交审批');
    const awards = await w.s.ctx.db
      .selectFrom('sourcingAward')
      .select(['status', 'version', 'deviatesFromRank1', 'deviationReason'])
      .where('eventId', '=', t.eventId)
      .execute();
    expect(awards).toEqual([
      { status: 'PENDING_APPROVAL', version: 2, deviatesFromRank1: 1, deviationReason: '报价最低且技术满足要求' },
    ]);
    expect(
      (await post('/approval/task/approve', w.admin, { taskId: await task(second.body.result.instanceId) })).body
        .success,
    ).toBe(true);
    expect((await event(t.eventId)).status).toBe('PUBLICITY');

    expect(await finalizeDueAwards(w.s.ctx.db)).toBe(0);
    w.travel(3 * DAY + HOUR);
    expect(await finalizeDueAwards(w.s.ctx.db)).toBe(1);
    expect(await finalizeDueAwards(w.s.ctx.db)).toBe(0);
    expect((await event(t.eventId)).status).toBe('AWARDED');
    const winner = await w.s.ctx.db
      .selectFrom('sourcingResponse')
      .select('status')
      .where('id', '=', t.responseIds[0]!)
      .executeTakeFirstOrThrow();
    expect(winner.status).toBe('AWARDED');
  });
});

describe('objections to the tender documents (TND-4)', () => {
  it('accepted until 10 days before the deadline; the tender is SUSPENDED until every one is answered', async () => {
    const t = await openedTender(w, ['100', '120', '300']);
    const db = w.s.ctx.db;
    // Back to a published tender whose bid deadline is 20 days away.
    await db
      .updateTable('sourcingEvent')
      .set({ status: 'PUBLISHED', openedAt: null, responseDeadline: w.at(20 * DAY) })
      .where('id', '=', t.eventId)
      .execute();
    const object = (token: string, content = '技术参数指向特定品牌') =>
      post('/srm/tender/supplier/objection/add', token, { eventId: t.eventId, stage: 'DOCUMENTS', content });
    expect((await object(w.sup[0])).body.message).toBe('异议已提交，招标活动暂停至采购人答复');
    expect((await event(t.eventId)).status).toBe('SUSPENDED');
    expect((await object(w.sup[1], '评分标准不明确')).body.success).toBe(true);
    expect((await notices(t.eventId)).filter((n) => n.titile.startsWith('收到招标文件异议'))).toHaveLength(2);
    const open = (
      await get<{ objections: { id: string; stage: string; status: string }[] }>(
        `/srm/tender/award?eventId=${t.eventId}`,
        w.buyer,
      )
    ).body.result.objections;
    expect(open.map((o) => [o.stage, o.status])).toEqual([
      ['DOCUMENTS', 'RECEIVED'],
      ['DOCUMENTS', 'RECEIVED'],
    ]);
    expect(
      (await post('/srm/tender/objection/answer', w.buyer, { id: open[0]!.id, answer: '参数已修改，见澄清' })).body
        .success,
    ).toBe(true);
    expect((await event(t.eventId)).status).toBe('SUSPENDED');
    expect(
      (await post('/srm/tender/objection/answer', w.buyer, { id: open[1]!.id, answer: '评分标准见附件' })).body.success,
    ).toBe(true);
    expect((await event(t.eventId)).status).toBe('PUBLISHED');
    // 9 days before the deadline: too late (TND-4); nothing stored, nothing suspended.
    await db
      .updateTable('sourcingEvent')
      .set({ responseDeadline: w.at(9 * DAY) })
      .where('id', '=', t.eventId)
      .execute();
    expect((await object(w.sup[2])).body).toMatchObject({
      message: expect.stringMatching(/^对招标文件的异议应在投标截止10日前（.+前）提出$/),
      rules: ['TND-4'],
    });
    expect(await db.selectFrom('tenderObjection').select('id').where('eventId', '=', t.eventId).execute()).toHaveLength(
      2,
    );
    expect((await event(t.eventId)).status).toBe('PUBLISHED');
    // A result objection before any publicity is refused.
    expect(
      (await post('/srm/tender/supplier/objection/add', w.sup[0], { eventId: t.eventId, content: '结果异议' })).body,
    ).toMatchObject({ message: '当前不在中标候选人公示期，不能提出异议', rules: ['TND-18'] });
  });
});
