import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { fail, ok, type FakeHandler } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { proposeErrors, type AwardView } from './award-api';
import {
  committeeErrors,
  setupErrors,
  type CommitteeCandidate,
  type CommitteeMember,
  type EvaluationReport,
  type SetupDraft,
} from './evaluation-setup-api';
import { TenderDetailDrawer } from './tender-detail';
import { BUYER, detailOf, SETTINGS, stub } from './tender-test-data';

const SETUP = 'srm:tenderEval:setup';
const AWARD = 'srm:tenderEval:award';
const OPENED = { openedAt: '2026-12-20 10:00:00' };

const CANDIDATES: AwardView['candidates'] = [
  {
    id: 'c1',
    responseId: 'r1',
    supplierId: 's1',
    supplierName: '华南钢铁',
    rank: 1,
    amount: '1200.00',
    totalScore: '90.00',
  },
  {
    id: 'c2',
    responseId: 'r2',
    supplierId: 's2',
    supplierName: '华东精密',
    rank: 2,
    amount: '1000.00',
    totalScore: '86.00',
  },
  {
    id: 'c3',
    responseId: 'r3',
    supplierId: 's3',
    supplierName: '西南五金',
    rank: 3,
    amount: '3000.00',
    totalScore: '31.00',
  },
];
const view = (extra: Partial<AwardView> = {}): AwardView => ({
  award: null,
  candidates: CANDIDATES,
  objections: [],
  mustAwardRank1: false,
  reportStatus: 'SIGNED',
  ...extra,
});
const AWARDED = (status: string): NonNullable<AwardView['award']> => ({
  id: 'a1',
  code: 'AWD-20261225-0001',
  status,
  recommendation: null,
  deviatesFromRank1: 0,
  deviationReason: null,
  totalAmount: '1200.00',
  priceValidFrom: '2026-12-25',
  priceValidTo: '2027-12-24',
  approvedAt: '2026-12-25 10:00:00',
  publicityStartAt: '2026-12-25 10:00:00',
  publicityEndAt: '2026-12-28 10:00:00',
  noticeIssuedAt: null,
  lines: [
    {
      id: 'al1',
      sourcingLineId: 'l1',
      supplierId: 's1',
      supplierName: '华南钢铁',
      qty: '2',
      unitPrice: '600',
      taxRate: '13',
      amount: '1200.00',
    },
  ],
});

/** The drawer of tender t1 (audit and bids stubbed), as the buyer with `auth`. */
function open(routes: Record<string, FakeHandler>, auth: string[]) {
  const server = stubWith(routes, auth);
  renderWithProviders(
    <TenderDetailDrawer
      id="t1"
      onClose={() => undefined}
      onEdit={() => undefined}
      onChanged={() => undefined}
      onCloned={() => undefined}
    />,
    { route: '/srm/tender', store: createSessionStore(http) },
  );
  return server;
}
const stubWith = (routes: Record<string, FakeHandler>, auth: string[]) =>
  stub({ 'GET /srm/tender/audit/list': () => ok([]), 'GET /srm/tender/bids': () => ok([]), ...routes }, auth);

const tab = async (name: string) => fireEvent.click(await screen.findByRole('tab', { name }));
/** Picks an option of the antd select inside `root` by its label text. */
async function pick(root: HTMLElement, label: RegExp) {
  fireEvent.mouseDown(within(root).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) =>
      label.test(o.textContent ?? ''),
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

describe("评标 in the buyer's tender detail (domain §11.1, TND-11..16)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("the method and criteria start from the tender's weights, are checked before sending (TND-13) and show the server's refusal as it comes", async () => {
    let refuse = true;
    const server = open(
      {
        'GET /srm/tender/queryById': () => ok(detailOf('PUBLISHED')),
        'GET /srm/tender/evaluation/setup': () =>
          ok(
            refuse
              ? { settings: null, criteria: [] }
              : {
                  settings: {
                    evaluationMethod: 'COMPREHENSIVE_SCORE',
                    priceFormula: 'LOWEST_AS_BASE',
                    publicityDays: 3,
                    mustAwardRank1: 0,
                    criteriaLockedAt: null,
                    version: 1,
                  },
                  criteria: [
                    {
                      id: 'k1',
                      criterionGroup: 'PRICE',
                      name: '投标报价',
                      maxScore: '40',
                      method: 'FORMULA',
                      guide: null,
                      sortNo: 1,
                    },
                  ],
                },
          ),
        'GET /srm/tender/evaluation/committee': () => ok([]),
        'GET /srm/tender/evaluation/committee/candidates': () => ok([]),
        'POST /srm/tender/evaluation/setup': () =>
          refuse ? fail(200, '已有评委提交评分，评标办法和评审项不能修改', 500) : ok(null, '评标办法已保存'),
      },
      [...BUYER, SETUP],
    );
    await tab('评标');
    const form = await screen.findByTestId('evaluation-setup-form');
    // SETTINGS: price 40, technical 50, business 10.
    expect((within(form).getByLabelText('投标报价满分') as HTMLInputElement).value).toBe('40');
    expect((within(form).getByLabelText('技术方案满分') as HTMLInputElement).value).toBe('50');
    expect((within(form).getByLabelText('商务条款满分') as HTMLInputElement).value).toBe('10');
    fireEvent.change(within(form).getByLabelText('技术方案满分'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('evaluation-setup-save'));
    expect(await screen.findByText('综合评估法各评审项满分合计须为100分，当前95分')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('技术方案满分'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('evaluation-setup-save'));
    expect(await screen.findByText('已有评委提交评分，评标办法和评审项不能修改')).toBeTruthy();
    expect(server.calls('POST /srm/tender/evaluation/setup')).toHaveLength(1);
    expect(server.calls('POST /srm/tender/evaluation/setup')[0]!.body).toEqual({
      eventId: 't1',
      evaluationMethod: 'COMPREHENSIVE_SCORE',
      priceFormula: 'LOWEST_AS_BASE',
      publicityDays: 3,
      mustAwardRank1: false,
      criteria: [
        { group: 'PRICE', name: '投标报价', method: 'FORMULA', maxScore: '40' },
        { group: 'TECHNICAL', name: '技术方案', method: 'MANUAL', maxScore: '50' },
        { group: 'BUSINESS', name: '商务条款', method: 'MANUAL', maxScore: '10' },
      ],
    });
    // Accepted: the saved method is shown read-only.
    refuse = false;
    fireEvent.click(screen.getByTestId('evaluation-setup-save'));
    expect(await screen.findByTestId('evaluation-setup-saved')).toBeTruthy();
    expect(screen.getByText('评标办法已保存')).toBeTruthy();
  });

  it('the committee is picked among internal users with expert and bidder-link marks; TND-11 is checked before sending; formed, it lists the members', async () => {
    const candidates: CommitteeCandidate[] = [
      ...[1, 2, 3, 4].map((i) => ({
        id: `x${i}`,
        username: `exp${i}`,
        realname: `专家${i}`,
        isExpert: true,
        linkedBidder: null,
      })),
      { id: 'x5', username: 'exp5', realname: '专家5', isExpert: true, linkedBidder: '华东精密' },
      { id: 'b1', username: 'buyer', realname: '采购员王敏', isExpert: false, linkedBidder: null },
    ];
    let members: CommitteeMember[] = [];
    const server = open(
      {
        'GET /srm/tender/queryById': () => ok(detailOf('OPENED', OPENED)),
        'GET /srm/tender/evaluation/setup': () => ok({ settings: null, criteria: [] }),
        'GET /srm/tender/evaluation/committee': () => ok(members),
        'GET /srm/tender/evaluation/committee/candidates': () => ok(candidates),
        'GET /srm/tender/evaluation/report': () => ok(null),
        'POST /srm/tender/evaluation/committee': (r) => {
          members = (r.body as { members: { userId: string; role: string }[] }).members.map((m, i) => ({
            id: `m${i}`,
            userId: m.userId,
            userName: candidates.find((c) => c.id === m.userId)!.realname,
            role: m.role,
            roleText: m.role === 'CHAIR' ? '主任委员' : '委员',
            isExpert: m.userId === 'b1' ? 0 : 1,
            declaredNoConflictAt: null,
            scoresSubmittedAt: null,
          }));
          return ok(null, '评标委员会已组建');
        },
      },
      [...BUYER, SETUP],
    );
    await tab('评标');
    const picker = await screen.findByTestId('committee-picker');
    await pick(picker.parentElement!, /专家5.*评标专家.*与华东精密有关联/);
    expect(within(screen.getByTestId('committee-seats')).getByText('与华东精密有关联')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('committee-seats')).getByRole('button', { name: /移\s*除/ }));
    for (const name of [/专家1/, /专家2/, /专家3/, /专家4/]) await pick(picker.parentElement!, name);
    expect(screen.getByTestId('committee-summary').textContent).toBe('共4人，其中评标专家4人');
    fireEvent.click(screen.getByTestId('committee-submit'));
    fireEvent.click(await screen.findByRole('button', { name: /^组\s*建$/ }));
    expect(await screen.findByText('评标委员会须为5人以上单数，当前4人')).toBeTruthy();
    expect(server.calls('POST /srm/tender/evaluation/committee')).toHaveLength(0);
    await pick(picker.parentElement!, /采购员王敏/);
    fireEvent.click(screen.getByTestId('committee-submit'));
    fireEvent.click(await screen.findByRole('button', { name: /^组\s*建$/ }));
    await waitFor(() => expect(server.calls('POST /srm/tender/evaluation/committee')).toHaveLength(1));
    expect(server.calls('POST /srm/tender/evaluation/committee')[0]!.body).toEqual({
      eventId: 't1',
      members: [
        { userId: 'x1', role: 'CHAIR' },
        { userId: 'x2', role: 'MEMBER' },
        { userId: 'x3', role: 'MEMBER' },
        { userId: 'x4', role: 'MEMBER' },
        { userId: 'b1', role: 'MEMBER' },
      ],
    });
    const table = await screen.findByTestId('committee-members');
    expect(within(table).getByText('采购员王敏')).toBeTruthy();
    expect(within(table).getAllByText('未声明')).toHaveLength(5);
    // The report is not there yet.
    expect(screen.getByText('评标报告尚未生成：全体评委提交评分后，由主任委员在“评标”页汇总生成')).toBeTruthy();
  });

  it('the report shows the ranking, the candidates and who has not signed yet (TND-16)', async () => {
    const report: EvaluationReport = {
      id: 'rep1',
      status: 'DRAFT',
      recommendation: null,
      createTime: '2026-12-22 10:00:00',
      signedAt: null,
      ranking: [
        {
          responseId: 'r1',
          supplierName: '华南钢铁',
          price: '1200.00',
          priceScore: '50.00',
          techScore: '30.00',
          businessScore: '10.00',
          total: '90.00',
          rank: 1,
          valid: true,
          rejectReason: null,
        },
      ],
      candidates: [CANDIDATES[0]!],
      signatures: [{ memberId: 'm1', userName: '专家1', signedAt: '2026-12-22 11:00:00' }],
    };
    const members = [
      { id: 'm1', userName: '专家1' },
      { id: 'm2', userName: '专家2' },
    ].map((m) => ({
      ...m,
      userId: m.id,
      role: 'MEMBER',
      roleText: '委员',
      isExpert: 1,
      declaredNoConflictAt: '2026-12-21 10:00:00',
      scoresSubmittedAt: '2026-12-21 12:00:00',
    }));
    open(
      {
        'GET /srm/tender/queryById': () => ok(detailOf('EVALUATING', OPENED)),
        'GET /srm/tender/evaluation/setup': () =>
          ok({
            settings: {
              evaluationMethod: 'COMPREHENSIVE_SCORE',
              priceFormula: 'LOWEST_AS_BASE',
              publicityDays: 3,
              mustAwardRank1: 0,
              criteriaLockedAt: '2026-12-21 12:00:00',
              version: 1,
            },
            criteria: [],
          }),
        'GET /srm/tender/evaluation/committee': () => ok(members),
        'GET /srm/tender/evaluation/report': () => ok(report),
      },
      [...BUYER, SETUP],
    );
    await tab('评标');
    const panel = await screen.findByTestId('tender-report');
    expect(within(panel).getByText('待签字')).toBeTruthy();
    expect(within(panel).getByTestId('tender-report-candidates').textContent).toBe(
      '第一中标候选人：华南钢铁（1200.00）',
    );
    expect(within(panel).getByText('专家2')).toBeTruthy();
    expect(within(screen.getByTestId('ranking-table')).getByText('90.00')).toBeTruthy();
    // Locked once a member scored: no edit of the method, no re-forming of the committee.
    expect(screen.getByText('已有评委提交评分，评标办法已锁定')).toBeTruthy();
    expect(screen.queryByTestId('evaluation-setup-edit')).toBeNull();
    expect(screen.queryByTestId('committee-edit')).toBeNull();
  });
});

describe("定标 and 异议 in the buyer's tender detail (domain §13, TND-4, TND-16..21)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('proposes rank 1 by default; another candidate needs a reason before anything is sent; then the award waits for approval', async () => {
    let current = view();
    const server = open(
      {
        'GET /srm/tender/queryById': () => ok(detailOf('EVALUATING', OPENED)),
        'GET /srm/tender/award': () => ok(current),
        'POST /srm/tender/award/propose': () => {
          current = view({ award: { ...AWARDED('PENDING_APPROVAL'), publicityStartAt: null, publicityEndAt: null } });
          return ok({ status: 'RUNNING' }, '定标已提交审批');
        },
      },
      [...BUYER, AWARD],
    );
    await tab('定标');
    expect(((await screen.findByRole('radio', { name: /第一中标候选人：华南钢铁/ })) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('radio', { name: /第二中标候选人：华东精密/ }));
    fireEvent.click(screen.getByTestId('award-propose'));
    fireEvent.click(await screen.findByRole('button', { name: /^提交审批$/ }));
    expect(await screen.findByText('未选择排名第一的中标候选人，请填写理由（§13）')).toBeTruthy();
    expect(server.calls('POST /srm/tender/award/propose')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('未选第一名的理由'), { target: { value: '报价最低且技术满足要求' } });
    fireEvent.click(screen.getByTestId('award-propose'));
    fireEvent.click(await screen.findByRole('button', { name: /^提交审批$/ }));
    await waitFor(() => expect(server.calls('POST /srm/tender/award/propose')).toHaveLength(1));
    expect(server.calls('POST /srm/tender/award/propose')[0]!.body).toEqual({
      eventId: 't1',
      responseId: 'r2',
      priceValidFrom: dayjs().format('YYYY-MM-DD'),
      priceValidTo: dayjs().add(1, 'year').subtract(1, 'day').format('YYYY-MM-DD'),
      deviationReason: '报价最低且技术满足要求',
    });
    expect(await screen.findByText('定标审批中')).toBeTruthy();
    expect(screen.getByText('定标已提交审批，请审批人在审批中心处理')).toBeTruthy();
    expect(screen.queryByTestId('award-propose-form')).toBeNull();
  });

  it('with mustAwardRank1 only the first candidate can be chosen (TND-21)', async () => {
    open(
      {
        'GET /srm/tender/queryById': () => ok(detailOf('EVALUATING', OPENED)),
        'GET /srm/tender/award': () => ok(view({ mustAwardRank1: true })),
      },
      [...BUYER, AWARD],
    );
    await tab('定标');
    expect(((await screen.findByRole('radio', { name: /第二中标候选人/ })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('本项目须确定排名第一的中标候选人为中标人。')).toBeTruthy();
  });

  it('an unsigned report offers no proposal (TND-16)', async () => {
    open(
      {
        'GET /srm/tender/queryById': () => ok(detailOf('EVALUATING', OPENED)),
        'GET /srm/tender/award': () => ok(view({ reportStatus: 'DRAFT' })),
      },
      [...BUYER, AWARD],
    );
    await tab('定标');
    expect(await screen.findByText('评标报告经全体评委签字后才能定标')).toBeTruthy();
    expect(screen.queryByTestId('award-propose-form')).toBeNull();
  });

  it("during publicity 定标生效 is confirmed first and the server's refusal is shown as it comes (TND-17, AWD-5)", async () => {
    const refusal = '公示期至2026-12-28 10:00:00结束，期满且无未答复异议后定标方可生效';
    const server = open(
      {
        'GET /srm/tender/queryById': () => ok(detailOf('PUBLICITY', OPENED)),
        'GET /srm/tender/award': () => ok(view({ award: AWARDED('PUBLICITY') })),
        'POST /srm/tender/award/finalize': () => fail(200, refusal, 500),
      },
      [...BUYER, AWARD],
    );
    await tab('定标');
    expect(await screen.findByText('中标候选人公示中')).toBeTruthy();
    expect(screen.getByText('2026-12-25 10:00:00 至 2026-12-28 10:00:00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('award-finalize'));
    expect(server.calls('POST /srm/tender/award/finalize')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: /^定标生效$/ }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(server.calls('POST /srm/tender/award/finalize')[0]!.body).toEqual({ eventId: 't1' });
  });

  it('answers an objection to the result: an answer is required; the answer is sent and the tender reloaded (TND-18)', async () => {
    let answered = false;
    const objection = {
      id: 'o1',
      stage: 'RESULT',
      supplierName: '西南五金',
      content: '技术评分不公',
      receivedAt: '2026-12-26 09:00:00',
      answer: null as string | null,
      answeredAt: null as string | null,
      status: 'RECEIVED',
    };
    const server = open(
      {
        'GET /srm/tender/queryById': () => ok(detailOf(answered ? 'PUBLICITY' : 'SUSPENDED', OPENED)),
        'GET /srm/tender/award': () =>
          ok(
            view({
              award: AWARDED(answered ? 'PUBLICITY' : 'SUSPENDED'),
              objections: [
                answered
                  ? {
                      ...objection,
                      status: 'ANSWERED',
                      answer: '经复核，评分符合评标办法',
                      answeredAt: '2026-12-26 10:00:00',
                    }
                  : objection,
              ],
            }),
          ),
        'POST /srm/tender/objection/answer': () => {
          answered = true;
          return ok(null, '异议已答复');
        },
      },
      [...BUYER, AWARD],
    );
    await tab('异议');
    const table = await screen.findByTestId('tender-objections');
    expect(within(table).getByText('评标结果')).toBeTruthy();
    expect(within(table).getByText('待答复')).toBeTruthy();
    fireEvent.click(screen.getByTestId('objection-answer-o1'));
    fireEvent.click(await screen.findByRole('button', { name: '提交答复' }));
    expect(await screen.findByText('请填写答复内容')).toBeTruthy();
    expect(server.calls('POST /srm/tender/objection/answer')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('objection-answer-text'), { target: { value: '经复核，评分符合评标办法' } });
    fireEvent.click(screen.getByRole('button', { name: '提交答复' }));
    await waitFor(() => expect(server.calls('POST /srm/tender/objection/answer')).toHaveLength(1));
    expect(server.calls('POST /srm/tender/objection/answer')[0]!.body).toEqual({
      id: 'o1',
      answer: '经复核，评分符合评标办法',
    });
    expect(await within(table).findByText('已答复')).toBeTruthy();
    await waitFor(() => expect(server.calls('GET /srm/tender/queryById').length).toBeGreaterThan(1));
  });

  it("shows a load failure with the server's message", async () => {
    open(
      {
        'GET /srm/tender/queryById': () => ok(detailOf('EVALUATING', OPENED)),
        'GET /srm/tender/award': () => fail(200, '只有招标项目有评标环节', 500),
      },
      [...BUYER, AWARD],
    );
    await tab('定标');
    expect(await screen.findByText('定标信息加载失败')).toBeTruthy();
    expect(screen.getByText('只有招标项目有评标环节')).toBeTruthy();
  });

  it('tabs follow the permissions: 评标 with srm:tenderEval:setup, 定标 and 异议 with srm:tenderEval:award, none without', async () => {
    const routes = { 'GET /srm/tender/queryById': () => ok(detailOf('EVALUATING', OPENED)) };
    open(routes, [...BUYER, SETUP]);
    expect(await screen.findByRole('tab', { name: '评标' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '定标' })).toBeNull();
    expect(screen.queryByRole('tab', { name: '异议' })).toBeNull();
    cleanup();
    open(routes, [...BUYER, AWARD]);
    expect(await screen.findByRole('tab', { name: '定标' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '异议' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '评标' })).toBeNull();
    cleanup();
    open(routes, BUYER);
    await screen.findByRole('tab', { name: '审计日志' });
    for (const name of ['评标', '定标', '异议']) expect(screen.queryByRole('tab', { name })).toBeNull();
  });
});

describe('checks before sending', () => {
  const draft = (criteria: SetupDraft['criteria'], extra: Partial<SetupDraft> = {}): SetupDraft => ({
    evaluationMethod: 'COMPREHENSIVE_SCORE',
    priceFormula: 'LOWEST_AS_BASE',
    publicityDays: 3,
    mustAwardRank1: false,
    criteria,
    ...extra,
  });
  const c = (
    group: 'PRICE' | 'TECHNICAL' | 'BUSINESS',
    name: string,
    method: 'FORMULA' | 'MANUAL' | 'PASS_FAIL',
    maxScore = '',
  ) => ({ key: name, group, name, method, maxScore, guide: '' });

  it("criteria: per-group sums equal the tender's weights, one formula price item, two decimals (TND-13, TND-17)", () => {
    const ok60 = [
      c('PRICE', '报价', 'FORMULA', '40'),
      c('TECHNICAL', '技术', 'MANUAL', '49.5'),
      c('TECHNICAL', '资格', 'PASS_FAIL'),
      c('BUSINESS', '商务', 'MANUAL', '10.5'),
    ];
    expect(setupErrors(draft(ok60), SETTINGS)).toEqual([
      '技术评审项满分合计须等于招标文件的技术权重50分，当前49.5分',
      '商务评审项满分合计须等于招标文件的商务权重10分，当前10.5分',
    ]);
    expect(
      setupErrors(
        draft([
          c('PRICE', '报价', 'FORMULA', '40'),
          c('TECHNICAL', '技术', 'MANUAL', '50'),
          c('BUSINESS', '商务', 'MANUAL', '10'),
        ]),
        SETTINGS,
      ),
    ).toEqual([]);
    expect(setupErrors(draft([c('PRICE', '报价', 'MANUAL', '40')]), SETTINGS)).toEqual([
      '价格评审项“报价”须按公式计算',
    ]);
    expect(setupErrors(draft([c('TECHNICAL', '技术', 'MANUAL', '1.234')]), SETTINGS)).toEqual([
      '评审项“技术”的满分须为大于0、最多两位小数的数字',
    ]);
    expect(setupErrors(draft([c('TECHNICAL', '技术', 'MANUAL', '100')]), SETTINGS)).toEqual([
      '综合评估法须设置且只设置一个价格评审项',
    ]);
    expect(
      setupErrors(
        draft([c('TECHNICAL', '资格', 'PASS_FAIL')], { evaluationMethod: 'LOWEST_EVALUATED_PRICE', publicityDays: 2 }),
        SETTINGS,
      ),
    ).toEqual(['中标候选人公示期不少于3天']);
    expect(
      setupErrors(
        draft([c('TECHNICAL', '技术', 'MANUAL', '10')], { evaluationMethod: 'LOWEST_EVALUATED_PRICE' }),
        SETTINGS,
      ),
    ).toEqual(['经评审的最低投标价法只设合格/不合格评审项，按评审价格排序']);
  });

  it('committee: at least 5, odd, one chair, two thirds experts, nobody linked to a bidder (TND-11)', () => {
    const seat = (i: number, isExpert = true, role = 'MEMBER', linkedBidder: string | null = null) => ({
      userId: `u${i}`,
      name: `专家${i}`,
      role,
      isExpert,
      linkedBidder,
    });
    expect(committeeErrors([seat(1, true, 'CHAIR'), seat(2), seat(3), seat(4, false), seat(5, false)])).toEqual([
      '技术、经济专家不少于成员总数的三分之二，当前3/5',
    ]);
    expect(committeeErrors([seat(1), seat(2), seat(3), seat(4), seat(5), seat(6)])).toEqual([
      '评标委员会须为5人以上单数，当前6人',
      '评标委员会须有且只有一名主任委员',
    ]);
    expect(
      committeeErrors([seat(1, true, 'CHAIR'), seat(2), seat(3), seat(4), seat(5, true, 'MEMBER', '华东精密')]),
    ).toEqual(['专家5与投标人“华东精密”存在关联，须回避']);
    expect(committeeErrors([seat(1, true, 'CHAIR'), seat(2), seat(3), seat(4), seat(5, false, 'BUYER_REP')])).toEqual(
      [],
    );
  });

  it('proposal: a candidate of the report, a reason off rank 1, never off rank 1 with mustAwardRank1, ordered dates', () => {
    const d = {
      responseId: 'r2',
      validFrom: '2027-01-01',
      validTo: '2026-12-31',
      recommendation: '',
      deviationReason: '',
    };
    expect(proposeErrors(d, CANDIDATES, false)).toEqual([
      '未选择排名第一的中标候选人，请填写理由（§13）',
      '价格失效日期不能早于生效日期',
    ]);
    expect(proposeErrors({ ...d, deviationReason: '价格低', validTo: '2027-12-31' }, CANDIDATES, true)).toEqual([
      '本项目须确定排名第一的中标候选人为中标人',
    ]);
    expect(proposeErrors({ ...d, responseId: 'x', validTo: '2027-12-31' }, CANDIDATES, false)).toEqual([
      '请选择评标报告推荐的中标候选人',
    ]);
    expect(proposeErrors({ ...d, responseId: 'r1', validTo: '' }, CANDIDATES, false)).toEqual([
      '请填写价格生效和失效日期',
    ]);
  });
});
