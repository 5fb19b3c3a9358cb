import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandOf, computeEvalTotal, type GradeBandInput } from '@procura/shared';
import { DEFAULT_GRADE_BANDS } from '../src/modules/evaluation/grade-bands.js';
import { toWireDateTime } from '../src/core/clock.js';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
let admin: string;
let buyer: string;
let sup1: string;
let sup2: string;
let supplier1Id: string;
let supplier2Id: string;
let templateId: string;
let buyerId: string;

const inDays = (days: number) => toWireDateTime(new Date(Date.now() + days * 86400_000).toISOString())!;
const pastIso = () => new Date(Date.now() - 60_000).toISOString();

beforeAll(async () => {
  s = await startTestServer();
  // supplier2 completes its information so it can sign in to the back office (a second supplier for X-5).
  await s.ctx.db.updateTable('sysUser').set({ isShow: 1 }).where('username', '=', 'supplier2').execute();
  await s.ctx.db
    .updateTable('supplier')
    .set({ status: 'QUALIFIED', infoStatus: 'APPROVED' })
    .where('code', '=', 'SUP-20260101-0002')
    .execute();
  [admin, buyer, sup1, sup2] = (await Promise.all(
    ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
  )) as [string, string, string, string];
  const users = await s.ctx.db.selectFrom('sysUser').select(['username', 'supplierId', 'id']).execute();
  supplier1Id = users.find((u) => u.username === 'supplier1')!.supplierId!;
  supplier2Id = users.find((u) => u.username === 'supplier2')!.supplierId!;
  buyerId = users.find((u) => u.username === 'buyer')!.id;
  templateId = (
    await s.ctx.db.selectFrom('evalTemplate').select('id').where('code', '=', 'EVT-QUARTER').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => s?.close());

const post = <T = unknown>(url: string, token: string, body: unknown) => s.request<T>('POST', url, { token, body });
const get = <T = unknown>(url: string, token: string) => s.request<T>('GET', url, { token });

describe('grade computation (§20 formula, EVA-2 band boundaries)', () => {
  const bands = DEFAULT_GRADE_BANDS;
  it.each([
    ['100', 'A'],
    ['90', 'A'],
    ['89.9', 'B'],
    ['80', 'B'],
    ['79.9', 'C'],
    ['60', 'C'],
    ['59.9', 'D'],
    ['0', 'D'],
  ])('a total of %s is grade %s (min inclusive, max exclusive except 100)', (total, grade) => {
    expect(bandOf(total, bands)?.grade).toBe(grade);
  });

  it('weights inside a dimension and across dimensions, rounded half-up to one decimal', () => {
    // D1 = (60·90 + 40·85)/100 = 88; D2 = 70; T = (40·88 + 60·70)/100 = 77.2
    const r = computeEvalTotal([
      {
        dimension: 'QUALITY',
        weight: '40',
        indicators: [
          { weight: '60', score: '90' },
          { weight: '40', score: '85' },
        ],
      },
      { dimension: 'DELIVERY', weight: '60', indicators: [{ weight: '100', score: '70' }] },
    ]);
    expect(r).toEqual({
      total: '77.2',
      dimensionScores: [
        { dimension: 'QUALITY', score: '88' },
        { dimension: 'DELIVERY', score: '70' },
      ],
    });
    // 89.95 rounds up to 90.0: grade A exactly on the boundary, no float drift.
    const edge = computeEvalTotal([
      {
        dimension: 'SERVICE',
        weight: '100',
        indicators: [
          { weight: '50', score: '89.9' },
          { weight: '50', score: '90' },
        ],
      },
    ]);
    expect(edge.total).toBe('90');
    expect(bandOf(edge.total!, bands)?.grade).toBe('A');
  });

  it('EVA-4: a not-applicable SYSTEM indicator gives its weight to the others of its dimension', () => {
    const r = computeEvalTotal([
      {
        dimension: 'QUALITY',
        weight: '50',
        indicators: [
          { weight: '60', score: null },
          { weight: '40', score: '80' },
        ],
      },
      { dimension: 'DELIVERY', weight: '50', indicators: [{ weight: '100', score: '60' }] },
    ]);
    expect(r.total).toBe('70');
  });
});

describe('templates (EVA-1)', () => {
  let draftId: string;
  const dims = (service: string) => [
    {
      dimension: 'QUALITY',
      weight: '40',
      indicators: [{ name: '来料合格率', weight: '100', method: 'SYSTEM', metricKey: 'INCOMING_PASS_RATE' }],
    },
    {
      dimension: 'DELIVERY',
      weight: '30',
      indicators: [{ name: '准时交付率', weight: '100', method: 'SYSTEM', metricKey: 'ON_TIME_DELIVERY_RATE' }],
    },
    {
      dimension: 'COST',
      weight: '20',
      indicators: [{ name: '价格竞争力', weight: '100', method: 'SYSTEM', metricKey: 'PRICE_COMPETITIVENESS' }],
    },
    { dimension: 'SERVICE', weight: service, indicators: [{ name: '服务', weight: '100', method: 'MANUAL' }] },
  ];

  it('a buyer adds a draft template', async () => {
    const res = await post<{ id: string }>('/srm/evalTemplate/add', buyer, {
      code: 'EVT-T1',
      name: '测试模板',
      periodType: 'QUARTER',
    });
    expect(res.body.success).toBe(true);
    draftId = res.body.result.id;
    const row = await s.ctx.db
      .selectFrom('evalTemplate')
      .select('status')
      .where('id', '=', draftId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('DRAFT');
  });

  it('EVA-1 refuses dimension weights 40/30/20/20 and changes nothing', async () => {
    const res = await post('/srm/evalTemplate/saveStructure', buyer, { id: draftId, dimensions: dims('20') });
    expect(res.body).toMatchObject({ success: false, message: '维度权重之和必须为100，当前为110' });
    expect(
      await s.ctx.db.selectFrom('evalDimension').select('id').where('templateId', '=', draftId).execute(),
    ).toHaveLength(0);
  });

  it('EVA-1 refuses indicator weights that do not sum to 100 inside a dimension', async () => {
    const bad = dims('10');
    bad[0]!.indicators = [
      { name: '来料合格率', weight: '60', method: 'SYSTEM', metricKey: 'INCOMING_PASS_RATE' },
      { name: '质量响应', weight: '30', method: 'MANUAL' },
    ] as never;
    const res = await post('/srm/evalTemplate/saveStructure', buyer, { id: draftId, dimensions: bad });
    expect(res.body.message).toBe('维度「质量」的指标权重之和必须为100，当前为90');
  });

  it('EVA-1 accepts 40/30/20/10; the template is then activated and frozen', async () => {
    expect(
      (await post('/srm/evalTemplate/saveStructure', buyer, { id: draftId, dimensions: dims('10') })).body.success,
    ).toBe(true);
    expect((await post('/srm/evalTemplate/activate', buyer, { id: draftId })).body.success).toBe(true);
    const again = await post('/srm/evalTemplate/saveStructure', buyer, { id: draftId, dimensions: dims('10') });
    expect(again.body.message).toBe('只有草稿状态的评估模板可以修改');
  });

  it('a supplier cannot read templates', async () => {
    expect((await get(`/srm/evalTemplate/structure?id=${templateId}`, sup1)).status).toBe(403);
    expect((await get('/srm/evalTemplate/list', sup1)).status).toBe(403);
  });
});

describe('grade bands (EVA-2)', () => {
  const save = (bands: Partial<GradeBandInput>[]) => post('/srm/gradeBand/save', admin, { bands });

  it('refuses A 90–100, B 80–90, D 0–60 (gap 60–80) and keeps the defaults', async () => {
    const res = await save([
      { grade: 'A', minScore: '90', maxScore: '100', consequence: [] },
      { grade: 'B', minScore: '80', maxScore: '90', consequence: [] },
      { grade: 'D', minScore: '0', maxScore: '60', consequence: ['BLOCK_RFQ'] },
    ]);
    expect(res.body).toMatchObject({ success: false, message: '等级区间必须覆盖0–100：60–80 未覆盖' });
    const bands = await get<GradeBandInput[]>('/srm/gradeBand/list', buyer);
    expect(bands.body.result.map((b) => `${b.grade}${b.minScore}-${b.maxScore}`)).toEqual([
      'A90-100',
      'B80-90',
      'C60-80',
      'D0-60',
    ]);
  });

  it('refuses overlapping bands and a range that stops short of 100', async () => {
    const overlap = await save([
      { grade: 'A', minScore: '85', maxScore: '100', consequence: [] },
      { grade: 'B', minScore: '0', maxScore: '90', consequence: [] },
    ]);
    expect(overlap.body.message).toBe('等级区间不能重叠：85–90 重叠');
    const short = await save([{ grade: 'A', minScore: '0', maxScore: '95', consequence: [] }]);
    expect(short.body.message).toBe('等级区间必须覆盖0–100：95–100 未覆盖');
  });

  it('only the administrator edits bands; a buyer is refused', async () => {
    const res = await s.request('POST', '/srm/gradeBand/save', { token: buyer, body: { bands: DEFAULT_GRADE_BANDS } });
    expect(res.status).toBe(403);
    expect((await save(DEFAULT_GRADE_BANDS)).body.success).toBe(true);
  });
});

describe('evaluation project: scoring, publication, consequences, appeal (EVA-3, EVA-5, EVA-6, EVA-7, X-10, X-5)', () => {
  let projectId: string;
  let manual: { id: string; name: string }[];
  let system: { id: string }[];

  const scoresFor = (supplierId: string, score: string) =>
    manual.map((i) => ({ supplierId, indicatorId: i.id, score }));
  const myResults = async (token: string) =>
    (
      await get<
        {
          id: string;
          grade: string;
          totalScore: string;
          rank: number | null;
          canAppeal: boolean;
          appealStatus: string;
        }[]
      >('/srm/myEvalResult/list', token)
    ).body.result;

  it('a buyer creates a project with the demo template, two suppliers and itself as rater', async () => {
    const inds = await s.ctx.db
      .selectFrom('evalIndicator')
      .select(['id', 'name', 'method'])
      .where('templateId', '=', templateId)
      .execute();
    manual = inds.filter((i) => i.method === 'MANUAL');
    system = inds.filter((i) => i.method === 'SYSTEM');
    const res = await post<{ id: string }>('/srm/evalProject/add', buyer, {
      name: '2026年第三季度评估',
      templateId,
      periodFrom: '2026-07-01',
      periodTo: '2026-09-30',
      scoringDeadline: inDays(3),
      supplierIds: `${supplier1Id},${supplier2Id}`,
      raterIds: buyerId,
    });
    expect(res.body.success).toBe(true);
    projectId = res.body.result.id;
    const p = await s.ctx.db
      .selectFrom('evalProject')
      .select(['code', 'status'])
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(p.status).toBe('DRAFT');
    expect(p.code).toMatch(/^EV-\d{8}-\d{4}$/);
  });

  it('refuses a draft template and an external rater', async () => {
    const draft = await s.ctx.db
      .selectFrom('evalTemplate')
      .select('id')
      .where('code', '=', 'EVT-T1')
      .executeTakeFirstOrThrow();
    await s.ctx.db.updateTable('evalTemplate').set({ status: 'INACTIVE' }).where('id', '=', draft.id).execute();
    const res = await post('/srm/evalProject/add', buyer, {
      name: 'x',
      templateId: draft.id,
      periodFrom: '2026-07-01',
      periodTo: '2026-09-30',
      scoringDeadline: inDays(3),
      supplierIds: supplier1Id,
      raterIds: buyerId,
    });
    expect(res.body.message).toBe('请选择启用状态的评估模板');
    const supplierUser = await s.ctx.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'supplier1')
      .executeTakeFirstOrThrow();
    const rater = await post('/srm/evalProject/add', buyer, {
      name: 'x',
      templateId,
      periodFrom: '2026-07-01',
      periodTo: '2026-09-30',
      scoringDeadline: inDays(3),
      supplierIds: supplier1Id,
      raterIds: supplierUser.id,
    });
    expect(rater.body.message).toBe('评分人必须是内部用户');
  });

  it('EVA-3: no scoring before the project is started', async () => {
    const res = await post('/srm/evalProject/saveScores', buyer, {
      id: projectId,
      scores: scoresFor(supplier1Id, '95'),
    });
    expect(res.body.message).toBe('评估项目不在评分阶段');
    expect((await post('/srm/evalProject/start', buyer, { id: projectId })).body.success).toBe(true);
  });

  it('EVA-3: only assigned raters score, only MANUAL indicators, only the project suppliers', async () => {
    const notRater = await post('/srm/evalProject/saveScores', admin, {
      id: projectId,
      scores: scoresFor(supplier1Id, '95'),
    });
    expect(notRater.body.message).toBe('您不是该评估项目的评分人');
    const sys = await post('/srm/evalProject/saveScores', buyer, {
      id: projectId,
      scores: [{ supplierId: supplier1Id, indicatorId: system[0]!.id, score: '90' }],
    });
    expect(sys.body.message).toBe('只能为人工评分指标打分');
    const outOfRange = await post('/srm/evalProject/saveScores', buyer, {
      id: projectId,
      scores: [{ supplierId: supplier1Id, indicatorId: manual[0]!.id, score: '101' }],
    });
    expect(outOfRange.status).toBe(400);
    // The admin, not a rater, sees no one's scores (EVA-3: raters see only their own).
    const sheet = await get<{ isRater: boolean; scores: unknown[] }>(`/srm/evalProject/sheet?id=${projectId}`, admin);
    expect(sheet.body.result).toMatchObject({ isRater: false, scores: [] });
  });

  it('calculation waits for every score before the deadline', async () => {
    await post('/srm/evalProject/saveScores', buyer, { id: projectId, scores: scoresFor(supplier1Id, '95') });
    const early = await post('/srm/evalProject/calculate', buyer, { id: projectId });
    expect(early.body.message).toBe(`评分尚未完成：还有${manual.length}项未评分`);
    await post('/srm/evalProject/saveScores', buyer, { id: projectId, scores: scoresFor(supplier2Id, '50') });
    expect((await post('/srm/evalProject/calculate', buyer, { id: projectId })).body.success).toBe(true);
    const results = await s.ctx.db
      .selectFrom('evalResult')
      .select(['supplierId', 'totalScore', 'grade', 'rank'])
      .where('projectId', '=', projectId)
      .execute();
    // SYSTEM indicators are not applicable yet (EVA-4): the manual ones carry each dimension.
    expect(results.find((r) => r.supplierId === supplier1Id)).toMatchObject({ totalScore: '95', grade: 'A', rank: 1 });
    expect(results.find((r) => r.supplierId === supplier2Id)).toMatchObject({ totalScore: '50', grade: 'D', rank: 2 });
  });

  it('suppliers see nothing before publication', async () => {
    expect(await myResults(sup1)).toEqual([]);
  });

  it('X-10: publication goes through the approval engine; the submitter never approves', async () => {
    // A one-step definition: the administrators' role approves evaluation publications.
    await s.ctx.db
      .insertInto('approvalDefinition')
      .values({
        id: 'a'.repeat(32),
        tenantId: 0,
        docType: 'EVAL_PROJECT',
        name: '绩效发布审批',
        enabled: 1,
        steps: JSON.stringify([{ name: '经理审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' }]),
        ccUserIds: null,
        version: 1,
        createBy: 'test',
        createTime: new Date().toISOString(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    // The only administrator cannot submit what only they could approve.
    const self = await post('/srm/evalProject/submit', admin, { id: projectId });
    expect(self.body.message).toContain('提交人不能审批本人的单据');
    expect(
      (await s.ctx.db.selectFrom('evalProject').select('status').where('id', '=', projectId).executeTakeFirstOrThrow())
        .status,
    ).toBe('CALCULATED');
    expect((await post('/srm/evalProject/submit', buyer, { id: projectId })).body.message).toBe('已提交审批');
    const task = await s.ctx.db
      .selectFrom('approvalTask as t')
      .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
      .select('t.id')
      .where('i.docId', '=', projectId)
      .where('t.decision', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    const byBuyer = await post('/approval/task/approve', buyer, { taskId: task.id, comment: '' });
    expect(byBuyer.body.success).toBe(false);
    expect(
      (await s.ctx.db.selectFrom('evalProject').select('status').where('id', '=', projectId).executeTakeFirstOrThrow())
        .status,
    ).toBe('PENDING_APPROVAL');
    expect((await post('/approval/task/approve', admin, { taskId: task.id, comment: '同意发布' })).body.success).toBe(
      true,
    );
  });

  it('EVA-5: approval publishes; D sets BLOCK_RFQ, leaves a pending freeze and writes the status log', async () => {
    expect(
      (await s.ctx.db.selectFrom('evalProject').select('status').where('id', '=', projectId).executeTakeFirstOrThrow())
        .status,
    ).toBe('PUBLISHED');
    const grade2 = await s.ctx.db
      .selectFrom('supplierGrade')
      .selectAll()
      .where('supplierId', '=', supplier2Id)
      .executeTakeFirstOrThrow();
    expect(grade2).toMatchObject({ grade: 'D', flags: 'BLOCK_RFQ', gradeValidTo: '2026-12-30' });
    const grade1 = await s.ctx.db
      .selectFrom('supplierGrade')
      .selectAll()
      .where('supplierId', '=', supplier1Id)
      .executeTakeFirstOrThrow();
    expect(grade1).toMatchObject({ grade: 'A', flags: '' });
    const r2 = await s.ctx.db
      .selectFrom('evalResult')
      .select('consequenceStatus')
      .where('projectId', '=', projectId)
      .where('supplierId', '=', supplier2Id)
      .executeTakeFirstOrThrow();
    expect(r2.consequenceStatus).toBe('PENDING');
    const log = await s.ctx.db
      .selectFrom('supplierStatusLog')
      .selectAll()
      .where('supplierId', '=', supplier2Id)
      .where('sourceDocType', '=', 'EVAL_PROJECT')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.reason).toContain('禁止询价');
    expect(log[0]!.reason).toContain('待经理确认：建议冻结');
    // The supplier is told.
    const supplierUser = await s.ctx.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'supplier2')
      .executeTakeFirstOrThrow();
    const notices = await s.ctx.db
      .selectFrom('sysAnnouncementSend')
      .select('id')
      .where('userId', '=', supplierUser.id)
      .execute();
    expect(notices.length).toBeGreaterThan(0);
  });

  it('the buyer lists the project results, best first, with dictionary texts', async () => {
    const res = await get<{
      records: { supplierName: string; grade: string; rank: number; appealStatus_dictText: string }[];
    }>(`/srm/evalResult/list?projectId=${projectId}&pageSize=1000`, buyer);
    expect(res.body.success).toBe(true);
    expect(res.body.result.records.map((r) => [r.rank, r.grade])).toEqual([
      [1, 'A'],
      [2, 'D'],
    ]);
    expect(res.body.result.records[0]!.appealStatus_dictText).toBe('无');
  });

  it('X-5: each supplier sees only its own result, rank hidden unless shown; internal lists are closed to suppliers', async () => {
    const mine1 = await myResults(sup1);
    expect(mine1).toHaveLength(1);
    expect(mine1[0]).toMatchObject({ grade: 'A', totalScore: '95', rank: null, canAppeal: true });
    const mine2 = await myResults(sup2);
    expect(mine2).toHaveLength(1);
    expect(mine2[0]).toMatchObject({ grade: 'D', totalScore: '50' });
    expect((await get('/srm/evalResult/list', sup1)).status).toBe(403);
    expect((await get('/srm/evalResult/exportXls', sup1)).status).toBe(403);
    expect((await get(`/srm/evalProject/sheet?id=${projectId}`, sup1)).status).toBe(403);
    // Appealing another supplier's result: as if it did not exist.
    const other = await post('/srm/myEvalResult/appeal', sup1, { id: mine2[0]!.id, reason: '不服' });
    expect(other.status).toBe(404);
    const r2 = await s.ctx.db
      .selectFrom('evalResult')
      .select('appealStatus')
      .where('id', '=', mine2[0]!.id)
      .executeTakeFirstOrThrow();
    expect(r2.appealStatus).toBe('NONE');
  });

  it('EVA-6: a supplier appeals once; the buyer rejects it with an answer and the result is unchanged', async () => {
    const [r] = await myResults(sup2);
    expect(
      (await post('/srm/myEvalResult/appeal', sup2, { id: r!.id, reason: '服务评分与实际不符' })).body.success,
    ).toBe(true);
    const twice = await post('/srm/myEvalResult/appeal', sup2, { id: r!.id, reason: '再次申诉' });
    expect(twice.body.message).toBe('该评估结果已申诉过');
    const answer = await post('/srm/evalResult/answerAppeal', buyer, {
      id: r!.id,
      decision: 'REJECT',
      answer: '评分有据，维持原结果',
    });
    expect(answer.body.success).toBe(true);
    const [after] = await myResults(sup2);
    expect(after).toMatchObject({ grade: 'D', totalScore: '50', appealStatus: 'REJECTED' });
    const log = await s.ctx.db.selectFrom('evalResultLog').select('action').where('resultId', '=', r!.id).execute();
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['APPEAL', 'APPEAL_REJECTED']));
  });

  it('EVA-6, EVA-7: an upheld appeal recalculates and republishes that result, logged', async () => {
    const [r] = await myResults(sup1);
    await post('/srm/myEvalResult/appeal', sup1, { id: r!.id, reason: '服务评分偏低' });
    const service = manual.find((i) => i.name === '服务满意度')!;
    const noScores = await post('/srm/evalResult/answerAppeal', buyer, {
      id: r!.id,
      decision: 'UPHOLD',
      answer: '更正',
    });
    expect(noScores.body.message).toBe('申诉成立时请填写更正后的评分');
    const res = await post('/srm/evalResult/answerAppeal', buyer, {
      id: r!.id,
      decision: 'UPHOLD',
      answer: '服务评分更正为85',
      scores: [{ indicatorId: service.id, score: '85' }],
    });
    expect(res.body.success).toBe(true);
    const [after] = await myResults(sup1);
    // Q 95, D 95, C 95, S 85 → (40·95 + 30·95 + 20·95 + 10·85)/100 = 94
    expect(after).toMatchObject({ totalScore: '94', grade: 'A', appealStatus: 'UPHELD' });
    const log = await s.ctx.db
      .selectFrom('evalResultLog')
      .selectAll()
      .where('resultId', '=', r!.id)
      .where('action', '=', 'APPEAL_UPHELD')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ fromTotal: '95', toTotal: '94', fromGrade: 'A', toGrade: 'A' });
  });

  it('EVA-6: no appeal once the window is over (X-1 server clock)', async () => {
    await s.ctx.db
      .updateTable('evalResult')
      .set({ appealStatus: 'NONE', appealDeadline: pastIso() })
      .where('projectId', '=', projectId)
      .where('supplierId', '=', supplier2Id)
      .execute();
    const [r] = await myResults(sup2);
    expect(r!.canAppeal).toBe(false);
    expect((await post('/srm/myEvalResult/appeal', sup2, { id: r!.id, reason: '迟到的申诉' })).body.message).toBe(
      '申诉期已过',
    );
  });

  it('EVA-5, SST-1: the proposed freeze waits for a manager; a buyer cannot confirm it; the manager freezes', async () => {
    const r = await s.ctx.db
      .selectFrom('evalResult')
      .select('id')
      .where('projectId', '=', projectId)
      .where('supplierId', '=', supplier2Id)
      .executeTakeFirstOrThrow();
    expect(
      (await s.ctx.db.selectFrom('supplier').select('status').where('id', '=', supplier2Id).executeTakeFirstOrThrow())
        .status,
    ).toBe('QUALIFIED');
    expect(
      (await post('/srm/evalResult/decideProposal', buyer, { id: r.id, confirm: true, reason: '等级D' })).status,
    ).toBe(403);
    const res = await post('/srm/evalResult/decideProposal', admin, {
      id: r.id,
      confirm: true,
      reason: '季度评估不合格',
    });
    expect(res.body.success).toBe(true);
    expect(
      (await s.ctx.db.selectFrom('supplier').select('status').where('id', '=', supplier2Id).executeTakeFirstOrThrow())
        .status,
    ).toBe('FROZEN');
    const logs = await s.ctx.db
      .selectFrom('supplierStatusLog')
      .select(['toStatus', 'sourceDocType'])
      .where('supplierId', '=', supplier2Id)
      .execute();
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sourceDocType: 'EVAL_PROJECT' }),
        expect.objectContaining({ toStatus: 'FROZEN' }),
      ]),
    );
    const again = await post('/srm/evalResult/decideProposal', admin, { id: r.id, confirm: true, reason: '再次' });
    expect(again.body.message).toBe('该评估结果没有待确认的建议');
  });

  it('EVA-3: scoring after the deadline is refused', async () => {
    const res = await post<{ id: string }>('/srm/evalProject/add', buyer, {
      name: '截止测试',
      templateId,
      periodFrom: '2026-07-01',
      periodTo: '2026-09-30',
      scoringDeadline: inDays(1),
      supplierIds: supplier1Id,
      raterIds: buyerId,
    });
    const id = res.body.result.id;
    await post('/srm/evalProject/start', buyer, { id });
    await s.ctx.db.updateTable('evalProject').set({ scoringDeadline: pastIso() }).where('id', '=', id).execute();
    const late = await post('/srm/evalProject/saveScores', buyer, { id, scores: scoresFor(supplier1Id, '80') });
    expect(late.body.message).toBe('评分已截止');
    // Past the deadline with nothing scored, there is nothing to calculate.
    expect((await post('/srm/evalProject/calculate', buyer, { id })).body.message).toMatch(/尚无评分/);
  });

  it('X-3: the generic edit cannot touch a started project or its status', async () => {
    const res = await s.request('PUT', '/srm/evalProject/edit', {
      token: buyer,
      body: { id: projectId, name: '改名' },
    });
    expect(res.body.message).toBe('只有草稿状态的评估项目可以修改');
  });
});

describe('raters per indicator (EVA-3, §20 raterRoles)', () => {
  let tplId: string;
  let projectId: string;
  let adminId: string;
  const ind: Record<string, string> = {};
  type Raters = {
    status: string;
    users: { id: string; roles: string[] }[];
    indicators: { id: string; name: string; userIds: string[] }[];
  };
  const raters = async () => (await get<Raters>(`/srm/evalProject/raters?id=${projectId}`, buyer)).body.result;
  const assignment = async () =>
    Object.fromEntries((await raters()).indicators.map((i) => [i.name, [...i.userIds].sort()]));
  const structure = (roles: string[]) => [
    {
      dimension: 'QUALITY',
      weight: '50',
      indicators: [
        { name: '来料合格率', weight: '50', method: 'SYSTEM', metricKey: 'INCOMING_PASS_RATE' },
        { name: '质量评审', weight: '50', method: 'MANUAL', raterRoles: roles },
      ],
    },
    {
      dimension: 'SERVICE',
      weight: '50',
      indicators: [
        { name: '服务配合', weight: '50', method: 'MANUAL', raterRoles: ['buyer'] },
        { name: '综合印象', weight: '50', method: 'MANUAL', raterRoles: [] },
      ],
    },
  ];

  it('a template names internal rater roles per manual indicator; a supplier role or an unknown one is refused', async () => {
    adminId = (
      await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const roles = await get<{ roleCode: string }[]>('/srm/evalTemplate/roleOptions', buyer);
    expect(roles.body.result.map((r) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'buyer']));
    expect(roles.body.result.map((r) => r.roleCode)).not.toContain('supplier');
    tplId = (
      await post<{ id: string }>('/srm/evalTemplate/add', buyer, {
        code: 'EVT-RATERS',
        name: '分工模板',
        periodType: 'QUARTER',
      })
    ).body.result.id;
    const bad = await post('/srm/evalTemplate/saveStructure', buyer, {
      id: tplId,
      dimensions: structure(['supplier']),
    });
    expect(bad.body.message).toBe('指标「质量评审」的评分角色不存在或不是内部角色：supplier');
    expect(
      await s.ctx.db.selectFrom('evalIndicator').select('id').where('templateId', '=', tplId).execute(),
    ).toHaveLength(0);
    expect(
      (await post('/srm/evalTemplate/saveStructure', buyer, { id: tplId, dimensions: structure(['admin']) })).body
        .success,
    ).toBe(true);
    const saved = await get<{ indicators: { name: string; raterRoles: string[] }[] }[]>(
      `/srm/evalTemplate/structure?id=${tplId}`,
      buyer,
    );
    expect(saved.body.result.flatMap((d) => d.indicators).map((i) => [i.name, i.raterRoles])).toEqual([
      ['来料合格率', []],
      ['质量评审', ['admin']],
      ['服务配合', ['buyer']],
      ['综合印象', []],
    ]);
    expect((await post('/srm/evalTemplate/activate', buyer, { id: tplId })).body.success).toBe(true);
    for (const i of await s.ctx.db
      .selectFrom('evalIndicator')
      .select(['id', 'name'])
      .where('templateId', '=', tplId)
      .execute())
      ind[i.name] = i.id;
  });

  it('EVA-3: a new project gives each manual indicator the chosen raters holding its roles (all of them when it names none)', async () => {
    const res = await post<{ id: string }>('/srm/evalProject/add', buyer, {
      name: '分工评估',
      templateId: tplId,
      periodFrom: '2026-07-01',
      periodTo: '2026-09-30',
      scoringDeadline: inDays(3),
      supplierIds: supplier1Id,
      raterIds: `${buyerId},${adminId}`,
    });
    expect(res.body.success).toBe(true);
    projectId = res.body.result.id;
    expect(await assignment()).toEqual({
      质量评审: [adminId],
      服务配合: [buyerId],
      综合印象: [buyerId, adminId].sort(),
    });
  });

  it('EVA-3: the buyer adjusts the assignment while DRAFT, among the chosen raters only, at least one per indicator', async () => {
    const save = (indicators: { indicatorId: string; userIds: string[] }[]) =>
      post('/srm/evalProject/saveRaters', buyer, { id: projectId, indicators });
    const supplierUser = (
      await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'supplier1').executeTakeFirstOrThrow()
    ).id;
    expect((await save([{ indicatorId: ind['服务配合']!, userIds: [supplierUser] }])).body.message).toBe(
      '评分人必须是本项目选定的评分人',
    );
    expect((await save([{ indicatorId: ind['服务配合']!, userIds: [] }])).body.message).toBe(
      '指标「服务配合」至少需要一名评分人',
    );
    expect((await save([{ indicatorId: ind['来料合格率']!, userIds: [adminId] }])).body.message).toBe(
      '只能为本项目模板的人工评分指标分配评分人',
    );
    expect(await assignment()).toEqual({
      质量评审: [adminId],
      服务配合: [buyerId],
      综合印象: [buyerId, adminId].sort(),
    });
    // 服务配合 moves from the buyer to the administrator.
    expect((await save([{ indicatorId: ind['服务配合']!, userIds: [adminId] }])).body.success).toBe(true);
    expect(await assignment()).toEqual({
      质量评审: [adminId],
      服务配合: [adminId],
      综合印象: [buyerId, adminId].sort(),
    });
    expect((await post('/srm/evalProject/start', buyer, { id: projectId })).body.success).toBe(true);
    expect((await save([{ indicatorId: ind['服务配合']!, userIds: [buyerId] }])).body.message).toBe(
      '只有草稿状态的评估项目可以调整评分分工',
    );
  });

  it('EVA-3: a rater sheet shows only the manual indicators assigned to them; an unassigned indicator is refused and nothing is stored', async () => {
    const sheet = await get<{ isRater: boolean; structure: { indicators: { name: string }[] }[] }>(
      `/srm/evalProject/sheet?id=${projectId}`,
      buyer,
    );
    expect(sheet.body.result.isRater).toBe(true);
    expect(sheet.body.result.structure.flatMap((d) => d.indicators.map((i) => i.name))).toEqual([
      '来料合格率',
      '综合印象',
    ]);
    const refused = await post('/srm/evalProject/saveScores', buyer, {
      id: projectId,
      scores: [
        { supplierId: supplier1Id, indicatorId: ind['综合印象']!, score: '80' },
        { supplierId: supplier1Id, indicatorId: ind['服务配合']!, score: '0' },
      ],
    });
    expect(refused.body.message).toBe('您不是指标「服务配合」的评分人');
    expect(
      await s.ctx.db.selectFrom('evalScore').select('id').where('projectId', '=', projectId).execute(),
    ).toHaveLength(0);
  });

  it('EVA-3: "all rated" counts assigned (indicator, rater) pairs × suppliers; the mean is over assigned raters only', async () => {
    expect(
      (
        await post('/srm/evalProject/saveScores', buyer, {
          id: projectId,
          scores: [{ supplierId: supplier1Id, indicatorId: ind['综合印象']!, score: '80' }],
        })
      ).body.success,
    ).toBe(true);
    // 4 pairs (质量评审·admin, 服务配合·admin, 综合印象·buyer, 综合印象·admin) × 1 supplier, 1 scored.
    expect((await post('/srm/evalProject/calculate', buyer, { id: projectId })).body.message).toBe(
      '评分尚未完成：还有3项未评分',
    );
    const byAdmin = [
      { supplierId: supplier1Id, indicatorId: ind['质量评审']!, score: '70' },
      { supplierId: supplier1Id, indicatorId: ind['服务配合']!, score: '60' },
      { supplierId: supplier1Id, indicatorId: ind['综合印象']!, score: '90' },
    ];
    expect((await post('/srm/evalProject/saveScores', admin, { id: projectId, scores: byAdmin })).body.success).toBe(
      true,
    );
    // A stray score of someone not assigned (e.g. left from before a reassignment) counts for nothing.
    await s.ctx.db
      .insertInto('evalScore')
      .values({
        id: 'f'.repeat(32),
        projectId,
        supplierId: supplier1Id,
        indicatorId: ind['服务配合']!,
        raterId: buyerId,
        score: '0',
        comment: null,
        updateTime: new Date().toISOString(),
      })
      .execute();
    expect((await post('/srm/evalProject/calculate', buyer, { id: projectId })).body.success).toBe(true);
    const r = await s.ctx.db
      .selectFrom('evalResult')
      .select(['totalScore', 'dimensionScores'])
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow();
    // Q = 70 (system not applicable); S = (50·60 + 50·mean(80, 90)) / 100 = 72.5; T = 71.25 → 71.3.
    expect(JSON.parse(r.dimensionScores)).toEqual([
      { dimension: 'QUALITY', score: '70' },
      { dimension: 'SERVICE', score: '72.5' },
    ]);
    expect(r.totalScore).toBe('71.3');
  });

  it('EVA-3: a project cannot start while a manual indicator has no rater', async () => {
    const res = await post<{ id: string }>('/srm/evalProject/add', buyer, {
      name: '无人评分',
      templateId: tplId,
      periodFrom: '2026-07-01',
      periodTo: '2026-09-30',
      scoringDeadline: inDays(3),
      supplierIds: supplier1Id,
      raterIds: buyerId,
    });
    // The buyer holds no admin role: 质量评审 has no rater.
    expect((await post('/srm/evalProject/start', buyer, { id: res.body.result.id })).body.message).toBe(
      '指标「质量评审」尚未分配评分人，请先调整评分分工',
    );
  });
});

describe('migration 0042: existing projects keep working (EVA-3)', () => {
  it('spreads an old project raterIds over the manual indicators of its template', async () => {
    const m = await import('../src/db/migrations/0042-eval-indicator-raters.js');
    const raw = s.ctx.db.withoutPlugins();
    await m.down(raw);
    await m.up(raw);
    const demo = await s.ctx.db
      .selectFrom('evalProject')
      .select(['raterIds', 'raters', 'templateId'])
      .where('name', '=', '2026年第三季度评估')
      .executeTakeFirstOrThrow();
    const manual = await s.ctx.db
      .selectFrom('evalIndicator')
      .select('id')
      .where('templateId', '=', demo.templateId)
      .where('method', '=', 'MANUAL')
      .execute();
    const pairs = JSON.parse(demo.raters) as { indicatorId: string; userId: string }[];
    expect(pairs).toHaveLength(manual.length);
    expect(new Set(pairs.map((p) => p.userId))).toEqual(new Set([buyerId]));
    expect(new Set(pairs.map((p) => p.indicatorId))).toEqual(new Set(manual.map((i) => i.id)));
  });
});
