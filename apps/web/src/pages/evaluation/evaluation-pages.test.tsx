import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, fail, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import GradeBandsPage from './grade-bands-page';
import MyEvalResultsPage from './my-eval-results-page';
import { EvalStructureDrawer } from './eval-structure-drawer';
import { EvalRatersDrawer } from './eval-raters-drawer';

const BANDS = [
  { grade: 'A', minScore: '90', maxScore: '100', consequence: [], colour: null },
  { grade: 'B', minScore: '80', maxScore: '90', consequence: [], colour: null },
  { grade: 'C', minScore: '60', maxScore: '80', consequence: ['WARN_RFQ', 'WARN_PO'], colour: null },
  { grade: 'D', minScore: '0', maxScore: '60', consequence: ['BLOCK_RFQ', 'PROPOSE_FREEZE'], colour: null },
];

const RESULT = {
  id: 'r1',
  code: 'EV-20261122-0001',
  name: '2026年第三季度评估',
  periodFrom: '2026-07-01',
  periodTo: '2026-09-30',
  publishedAt: '2026-11-22 10:00:00',
  totalScore: '85',
  grade: 'B',
  rank: null,
  dimensionScores: [
    { dimension: 'QUALITY', score: '85' },
    { dimension: 'DELIVERY', score: null },
  ],
  appealDeadline: '2026-11-29 10:00:00',
  appealStatus: 'NONE',
  supplierAppeal: null,
  appealAnswer: null,
  canAppeal: true,
};

const render = (ui: React.ReactElement, routes: Parameters<typeof fakeServer>[0], perms: string[] = []) => {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    perms.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(ui, { store: createSessionStore(http) });
  return server;
};

describe('绩效等级 (EVA-2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the bands, names a gap as soon as it appears and saves only a full cover', async () => {
    const server = render(
      <GradeBandsPage />,
      { 'GET /srm/gradeBand/list': () => ok(BANDS), 'POST /srm/gradeBand/save': () => ok(null, '保存成功') },
      ['gradeBand:list', 'gradeBand:edit'],
    );
    const page = await screen.findByTestId('grade-bands');
    await waitFor(() => expect(within(page).getByLabelText('C最低分')).toBeTruthy());
    fireEvent.change(within(page).getByLabelText('C最低分'), { target: { value: '65' } });
    expect(await screen.findByText('等级区间必须覆盖0–100：60–65 未覆盖')).toBeTruthy();
    expect(screen.getByTestId('grade-bands-save').hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(page).getByLabelText('C最低分'), { target: { value: '60' } });
    await waitFor(() => expect(screen.queryByTestId('grade-bands-problem')).toBeNull());
    fireEvent.click(screen.getByTestId('grade-bands-save'));
    await waitFor(() => expect(server.calls('POST /srm/gradeBand/save')).toHaveLength(1));
    expect((server.calls('POST /srm/gradeBand/save')[0]!.body as { bands: unknown[] }).bands).toHaveLength(4);
  });

  it('is read only without the edit permission', async () => {
    render(<GradeBandsPage />, { 'GET /srm/gradeBand/list': () => ok(BANDS) }, ['gradeBand:list']);
    await screen.findByLabelText('A最低分');
    expect(screen.queryByTestId('grade-bands-save')).toBeNull();
    expect((screen.getByLabelText('A最低分') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('我的评估结果 (EVA-6)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the supplier its grade and dimension scores and sends an appeal', async () => {
    let appealed = false;
    const server = render(<MyEvalResultsPage />, {
      'GET /srm/myEvalResult/list': () =>
        ok([appealed ? { ...RESULT, appealStatus: 'OPEN', supplierAppeal: '评分偏低', canAppeal: false } : RESULT]),
      'POST /srm/myEvalResult/appeal': () => ((appealed = true), ok(null, '申诉已提交')),
    });
    expect(await screen.findByTestId('eval-grade')).toHaveProperty('textContent', 'B');
    expect(screen.getByText('质量：85')).toBeTruthy();
    expect(screen.getByText('交付：不适用')).toBeTruthy();
    expect(screen.queryByText('排名')).toBeNull();
    fireEvent.click(screen.getByTestId('eval-appeal'));
    fireEvent.change(await screen.findByTestId('eval-appeal-reason'), { target: { value: '评分偏低' } });
    fireEvent.click(screen.getByTestId('eval-appeal-submit'));
    await waitFor(() =>
      expect(server.calls('POST /srm/myEvalResult/appeal')[0]?.body).toEqual({ id: 'r1', reason: '评分偏低' }),
    );
    await waitFor(() => expect(screen.getByTestId('eval-appeal-status').textContent).toBe('申诉处理中'));
    expect(screen.queryByTestId('eval-appeal')).toBeNull();
  });

  it('says when nothing is published, and shows a refusal', async () => {
    render(<MyEvalResultsPage />, { 'GET /srm/myEvalResult/list': () => ok([]) });
    expect(await screen.findByText('暂无已发布的评估结果')).toBeTruthy();
  });

  it('shows the server refusal of a late appeal', async () => {
    render(<MyEvalResultsPage />, {
      'GET /srm/myEvalResult/list': () => ok([RESULT]),
      'POST /srm/myEvalResult/appeal': () => fail(200, '申诉期已过', 500),
    });
    fireEvent.click(await screen.findByTestId('eval-appeal'));
    fireEvent.change(await screen.findByTestId('eval-appeal-reason'), { target: { value: '迟到' } });
    fireEvent.click(screen.getByTestId('eval-appeal-submit'));
    expect(await screen.findByText('申诉期已过')).toBeTruthy();
  });
});

describe('指标配置 (EVA-1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names a dimension total that is not 100 and keeps save disabled', async () => {
    const structure = [
      {
        dimension: 'QUALITY',
        weight: '60',
        indicators: [{ name: '来料合格率', weight: '100', method: 'SYSTEM', metricKey: 'INCOMING_PASS_RATE' }],
      },
      {
        dimension: 'SERVICE',
        weight: '50',
        indicators: [{ name: '服务', weight: '100', method: 'MANUAL', metricKey: null, raterRoles: ['buyer'] }],
      },
    ];
    render(
      <EvalStructureDrawer record={{ id: 't1', name: '模板', status: 'DRAFT' }} open onClose={() => undefined} />,
      {
        'GET /srm/evalTemplate/structure': () => ok(structure),
        'GET /srm/evalTemplate/roleOptions': () =>
          ok([
            { roleCode: 'admin', roleName: '管理员' },
            { roleCode: 'buyer', roleName: '采购员' },
          ]),
      },
    );
    expect(await screen.findByText('维度权重之和必须为100，当前为110')).toBeTruthy();
    expect(screen.getByTestId('eval-structure-save').hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('服务权重'), { target: { value: '40' } });
    await waitFor(() => expect(screen.queryByTestId('eval-structure-problem')).toBeNull());
    expect(screen.getByTestId('eval-structure-save').hasAttribute('disabled')).toBe(false);
    // §20 raterRoles: the manual indicator shows its rater role by name.
    expect(await screen.findByTitle('采购员')).toBeTruthy();
  });
});

describe('评分分工 (EVA-3)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const RATERS = {
    status: 'DRAFT',
    users: [
      { id: 'u1', username: 'buyer', realname: '王敏', roles: ['采购员'] },
      { id: 'u2', username: 'qa', realname: '李质', roles: ['质量工程师'] },
    ],
    indicators: [
      { id: 'i1', name: '质量问题响应', dimension: 'QUALITY', raterRoles: ['质量工程师'], userIds: ['u2'] },
      { id: 'i2', name: '服务满意度', dimension: 'SERVICE', raterRoles: [], userIds: ['u1', 'u2'] },
    ],
  };
  const option = async (title: string) =>
    (await screen.findAllByTitle(title)).find((n) => n.classList.contains('ant-select-item-option'))!;

  it('shows each manual indicator with its raters, refuses an indicator left without one and saves the whole assignment', async () => {
    const server = render(
      <EvalRatersDrawer record={{ id: 'p1', name: '季度评估', status: 'DRAFT' }} open onClose={() => undefined} />,
      {
        'GET /srm/evalProject/raters': () => ok(RATERS),
        'POST /srm/evalProject/saveRaters': () => ok(null, '评分分工已保存'),
      },
    );
    const row = (await screen.findByText('质量问题响应')).closest('tr')!;
    expect(within(row as HTMLElement).getByText('质量工程师')).toBeTruthy();
    // Remove 李质 from 质量问题响应: no rater left.
    fireEvent.mouseDown(row.querySelector('.ant-select')!.querySelector('input') ?? row.querySelector('.ant-select')!);
    fireEvent.click(await option('李质（qa） · 质量工程师'));
    expect(await screen.findByText('指标「质量问题响应」至少需要一名评分人')).toBeTruthy();
    expect(screen.getByTestId('eval-raters-save').hasAttribute('disabled')).toBe(true);
    fireEvent.click(await option('王敏（buyer） · 采购员'));
    await waitFor(() => expect(screen.queryByTestId('eval-raters-problem')).toBeNull());
    fireEvent.click(screen.getByTestId('eval-raters-save'));
    await waitFor(() => expect(server.calls('POST /srm/evalProject/saveRaters')).toHaveLength(1));
    expect(server.calls('POST /srm/evalProject/saveRaters')[0]!.body).toEqual({
      id: 'p1',
      indicators: [
        { indicatorId: 'i1', userIds: ['u1'] },
        { indicatorId: 'i2', userIds: ['u1', 'u2'] },
      ],
    });
  });

  it('is read only once scoring has started', async () => {
    render(
      <EvalRatersDrawer record={{ id: 'p1', name: '季度评估', status: 'SCORING' }} open onClose={() => undefined} />,
      { 'GET /srm/evalProject/raters': () => ok({ ...RATERS, status: 'SCORING' }) },
    );
    expect(await screen.findByText('只有草稿状态的评估项目可以调整评分分工')).toBeTruthy();
    expect(screen.queryByTestId('eval-raters-save')).toBeNull();
  });
});
