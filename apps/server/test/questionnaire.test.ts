import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWireDateTime } from '../src/core/clock.js';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
let buyer: string;
let sup1: string;
let sup2: string;
let supplier1Id: string;
let supplier2Id: string;

const inDays = (days: number) => toWireDateTime(new Date(Date.now() + days * 86400_000).toISOString())!;
const post = <T = unknown>(url: string, token: string, body: unknown) => s.request<T>('POST', url, { token, body });
const get = <T = unknown>(url: string, token: string) => s.request<T>('GET', url, { token });

type Question = { id: string; kind: string; text: string };
type Detail = {
  questionnaire: { id: string; status: string; score: string | null };
  questions: Question[];
  answers: { questionId: string; value: unknown; score?: string | null }[];
};

beforeAll(async () => {
  s = await startTestServer();
  await s.ctx.db.updateTable('sysUser').set({ isShow: 1 }).where('username', '=', 'supplier2').execute();
  [buyer, sup1, sup2] = (await Promise.all(['buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)))) as [
    string,
    string,
    string,
  ];
  const users = await s.ctx.db.selectFrom('sysUser').select(['username', 'supplierId']).execute();
  supplier1Id = users.find((u) => u.username === 'supplier1')!.supplierId!;
  supplier2Id = users.find((u) => u.username === 'supplier2')!.supplierId!;
});
afterAll(async () => s?.close());

describe('question templates (QT-1, QT-2)', () => {
  let id: string;
  const questions = (maxA: string) => [
    {
      text: '是否通过ISO 9001认证？',
      kind: 'SINGLE',
      required: true,
      maxScore: maxA,
      options: [
        { value: 'Y', label: '是', score: '60' },
        { value: 'N', label: '否', score: '0' },
      ],
    },
    { text: '简述质量体系', kind: 'TEXT', required: false, maxScore: '40' },
  ];

  it('a buyer adds a scored draft and saves its questions', async () => {
    const res = await post<{ id: string }>('/srm/questionTemplate/add', buyer, {
      code: 'QT-T1',
      name: '质量体系问卷',
      purpose: 'ADMISSION',
      scored: 1,
      totalScore: '100',
    });
    expect(res.body.success).toBe(true);
    id = res.body.result.id;
    expect(
      (await post('/srm/questionTemplate/saveQuestions', buyer, { id, questions: questions('50') })).body.success,
    ).toBe(true);
  });

  it('QT-2: an option scoring above its question refuses activation', async () => {
    const res = await post('/srm/questionTemplate/activate', buyer, { id });
    expect(res.body.message).toBe('第1题选项「是」的分值不能超过该题满分50');
  });

  it('QT-2: Σ maxScore must equal totalScore', async () => {
    await post('/srm/questionTemplate/saveQuestions', buyer, {
      id,
      questions: [{ ...questions('60')[0] }, { ...questions('60')[1], maxScore: '30' }],
    });
    const res = await post('/srm/questionTemplate/activate', buyer, { id });
    expect(res.body.message).toBe('各题满分之和（90）必须等于总分（100）');
  });

  it('refuses a choice question with one option', async () => {
    const res = await post('/srm/questionTemplate/saveQuestions', buyer, {
      id,
      questions: [{ text: '单选', kind: 'SINGLE', required: true, options: [{ value: 'A', label: 'A' }] }],
    });
    expect(res.body.message).toBe('第1题至少需要两个选项');
  });

  it('QT-1: an active template is immutable; a new version is a draft copy', async () => {
    await post('/srm/questionTemplate/saveQuestions', buyer, { id, questions: questions('60') });
    expect((await post('/srm/questionTemplate/activate', buyer, { id })).body.success).toBe(true);
    const edit = await post('/srm/questionTemplate/saveQuestions', buyer, { id, questions: questions('60') });
    expect(edit.body.message).toBe('启用后的问卷模板不能修改，请创建新版本');
    const header = await s.request('PUT', '/srm/questionTemplate/edit', { token: buyer, body: { id, name: '改名' } });
    expect(header.body.message).toBe('启用后的问卷模板不能修改，请创建新版本');
    expect((await post('/srm/questionTemplate/newVersion', buyer, { id })).body.message).toBe('已创建第2版草稿');
    const versions = await s.ctx.db
      .selectFrom('questionTemplate')
      .select(['versionNo', 'status'])
      .where('code', '=', 'QT-T1')
      .orderBy('versionNo')
      .execute();
    expect(versions).toEqual([
      { versionNo: 1, status: 'ACTIVE' },
      { versionNo: 2, status: 'DRAFT' },
    ]);
    expect((await post('/srm/questionTemplate/newVersion', buyer, { id })).body.message).toBe('该模板已有草稿版本');
  });

  it('suppliers cannot reach templates', async () => {
    expect((await get('/srm/questionTemplate/list', sup1)).status).toBe(403);
  });
});

describe('questionnaires (QT-3, QT-4, QT-5, X-5)', () => {
  let templateId: string;
  let q1: string;
  let q2: string;
  let questions: Question[];
  const byKind = (kind: string) => questions.find((q) => q.kind === kind)!.id;

  it('a buyer sends the demo survey to two suppliers; a draft template cannot be sent', async () => {
    templateId = (
      await s.ctx.db
        .selectFrom('questionTemplate')
        .select('id')
        .where('code', '=', 'QT-SURVEY')
        .executeTakeFirstOrThrow()
    ).id;
    const draft = await s.ctx.db
      .selectFrom('questionTemplate')
      .select('id')
      .where('code', '=', 'QT-T1')
      .where('status', '=', 'DRAFT')
      .executeTakeFirstOrThrow();
    expect(
      (
        await post('/srm/questionnaire/send', buyer, {
          templateId: draft.id,
          supplierIds: [supplier1Id],
          dueAt: inDays(5),
        })
      ).body.message,
    ).toBe('只能发送启用状态的问卷模板');
    const past = await post('/srm/questionnaire/send', buyer, {
      templateId,
      supplierIds: [supplier1Id],
      dueAt: inDays(-1),
    });
    expect(past.body.message).toBe('截止时间必须晚于当前时间');
    const res = await post<{ count: number }>('/srm/questionnaire/send', buyer, {
      templateId,
      supplierIds: [supplier1Id, supplier2Id],
      dueAt: inDays(5),
    });
    expect(res.body.result.count).toBe(2);
    const rows = await s.ctx.db
      .selectFrom('questionnaire')
      .select(['id', 'supplierId', 'status', 'templateVersion'])
      .execute();
    q1 = rows.find((r) => r.supplierId === supplier1Id)!.id;
    q2 = rows.find((r) => r.supplierId === supplier2Id)!.id;
    expect(rows.every((r) => r.status === 'SENT' && r.templateVersion === 1)).toBe(true);
  });

  it('the buyer lists every questionnaire sent, with its supplier snapshot and status text', async () => {
    const res = await get<{ records: { supplierName: string; status_dictText: string }[] }>(
      '/srm/questionnaire/list?pageSize=100',
      buyer,
    );
    expect(res.body.success).toBe(true);
    expect(res.body.result.records.map((r) => r.supplierName).sort()).toEqual([
      '华东精密机械有限公司',
      '苏州新材科技有限公司',
    ]);
    expect(res.body.result.records[0]!.status_dictText).toBe('已发送');
  });

  it('X-5: each supplier lists and opens only its own questionnaire; opening moves it to IN_PROGRESS', async () => {
    const list1 = await get<{ id: string }[]>('/srm/myQuestionnaire/list', sup1);
    expect(list1.body.result.map((r) => r.id)).toEqual([q1]);
    expect((await get(`/srm/myQuestionnaire/detail?id=${q2}`, sup1)).status).toBe(404);
    expect((await post('/srm/myQuestionnaire/save', sup1, { id: q2, answers: [] })).status).toBe(404);
    expect((await get('/srm/questionnaire/list', sup1)).status).toBe(403);
    expect((await get('/srm/questionnaire/exportXls', sup1)).status).toBe(403);
    const detail = await get<Detail>(`/srm/myQuestionnaire/detail?id=${q1}`, sup1);
    questions = detail.body.result.questions;
    expect(detail.body.result.questionnaire.status).toBe('IN_PROGRESS');
    // Option scores stay with the buyer.
    expect(JSON.stringify(detail.body.result.questions)).not.toContain('score":"40');
  });

  it('QT-3: MULTI selections, NUMBER bounds and required questions are checked', async () => {
    const many = await post('/srm/myQuestionnaire/save', sup1, {
      id: q1,
      answers: [{ questionId: byKind('MULTI'), value: ['RD', 'MFG', 'LAB'] }],
    });
    expect(many.body.message).toBe('第2题最多选择2项');
    const neg = await post('/srm/myQuestionnaire/save', sup1, {
      id: q1,
      answers: [{ questionId: byKind('NUMBER'), value: '-5' }],
    });
    expect(neg.body.message).toBe('第4题不能小于0');
    expect(
      (
        await post('/srm/myQuestionnaire/save', sup1, {
          id: q1,
          answers: [{ questionId: byKind('SINGLE'), value: 'Y' }],
        })
      ).body.success,
    ).toBe(true);
    const incomplete = await post('/srm/myQuestionnaire/submit', sup1, { id: q1, answers: [] });
    expect(incomplete.body.message).toBe('第2题为必答题');
    const status = await s.ctx.db
      .selectFrom('questionnaire')
      .select('status')
      .where('id', '=', q1)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('IN_PROGRESS');
  });

  it('QT-3, QT-4: a complete questionnaire is submitted and then frozen for the supplier', async () => {
    const answers = [
      { questionId: byKind('MULTI'), value: ['RD', 'LAB'] },
      { questionId: byKind('TEXT'), value: '来料检验、过程检验、出厂检验三级控制' },
      { questionId: byKind('NUMBER'), value: '5200' },
    ];
    expect((await post('/srm/myQuestionnaire/submit', sup1, { id: q1, answers })).body.message).toBe('问卷已提交');
    const again = await post('/srm/myQuestionnaire/save', sup1, { id: q1, answers });
    expect(again.body.message).toBe('问卷已提交或已关闭，不能修改');
  });

  it('QT-5: the reviewer scores the text answer; the score sums option and manual scores', async () => {
    const missing = await post('/srm/questionnaire/review', buyer, { id: q1, scores: [] });
    expect(missing.body.message).toBe('请为第3题评分');
    const over = await post('/srm/questionnaire/review', buyer, {
      id: q1,
      scores: [
        { questionId: byKind('TEXT'), score: '25' },
        { questionId: byKind('NUMBER'), score: '0' },
      ],
    });
    expect(over.body.message).toBe('第3题的得分不能超过满分20');
    const ok = await post('/srm/questionnaire/review', buyer, {
      id: q1,
      comment: '体系完整',
      scores: [
        { questionId: byKind('TEXT'), score: '15' },
        { questionId: byKind('NUMBER'), score: '0' },
      ],
    });
    expect(ok.body.success).toBe(true);
    // Y 40 + (RD 20 + LAB 20) + 15
    const row = await s.ctx.db
      .selectFrom('questionnaire')
      .select(['status', 'score'])
      .where('id', '=', q1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'REVIEWED', score: '95' });
    const mine = await get<Detail>(`/srm/myQuestionnaire/detail?id=${q1}`, sup1);
    expect(mine.body.result.questionnaire.score).toBe('95');
  });

  it('QT-4: a submitted questionnaire is returned once with a new due date', async () => {
    const answers = [
      { questionId: byKind('SINGLE'), value: 'N' },
      { questionId: byKind('MULTI'), value: ['MFG'] },
      { questionId: byKind('TEXT'), value: '抽检' },
      { questionId: byKind('NUMBER'), value: '300' },
    ];
    expect((await post('/srm/myQuestionnaire/submit', sup2, { id: q2, answers })).body.success).toBe(true);
    expect(
      (await post('/srm/questionnaire/return', buyer, { id: q2, dueAt: inDays(3), comment: '请补充质量体系说明' })).body
        .success,
    ).toBe(true);
    expect(
      (
        await post('/srm/myQuestionnaire/submit', sup2, {
          id: q2,
          answers: [{ questionId: byKind('TEXT'), value: '全检加抽检' }],
        })
      ).body.success,
    ).toBe(true);
    const twice = await post('/srm/questionnaire/return', buyer, { id: q2, dueAt: inDays(3), comment: '再补充' });
    expect(twice.body.message).toBe('问卷只能退回一次');
  });

  it('QT-4, X-1, X-2: past the due date answers are refused and the questionnaire reads as EXPIRED', async () => {
    const res = await post<{ count: number }>('/srm/questionnaire/send', buyer, {
      templateId,
      supplierIds: [supplier1Id],
      dueAt: inDays(1),
    });
    expect(res.body.success).toBe(true);
    const q = await s.ctx.db
      .selectFrom('questionnaire')
      .select('id')
      .where('supplierId', '=', supplier1Id)
      .where('status', '=', 'SENT')
      .executeTakeFirstOrThrow();
    await s.ctx.db
      .updateTable('questionnaire')
      .set({ dueAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', q.id)
      .execute();
    const late = await post('/srm/myQuestionnaire/save', sup1, { id: q.id, answers: [] });
    expect(late.body.message).toMatch(/问卷已过截止时间|不能修改/);
    const list = await get<{ id: string; status: string }[]>('/srm/myQuestionnaire/list', sup1);
    expect(list.body.result.find((r) => r.id === q.id)!.status).toBe('EXPIRED');
  });
});
