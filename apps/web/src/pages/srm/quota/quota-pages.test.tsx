import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayCell, typeDate } from '../../../test/dates';
import { DEFAULT_PAGE_SIZE, quotaResource } from '@procura/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { persistedSession } from '../../../lib/session-persistence';
import { ADMIN_MENU, menuNode, userInfo } from '../../../test/fixtures';
import { fakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { renderApp, renderWithProviders } from '../../../test/render';
import { resourceOverrides } from '../../../resources/overrides';
import { ResourcePage } from '../../../resources/resource-page';
import type { QuotaDetail } from './quota-api';
import { quotaDraftErrors } from './quota-form';

const ALL = ['srm:quota:list', 'srm:quota:edit', 'srm:quota:submit'];

/** A list row as the generic list sends it: the fields, their dictionary texts, the shares and the source event code. */
type QuotaRow = Omit<
  QuotaDetail,
  'lines' | 'sourceEventTitle' | 'sourceAwardCode' | 'sourceAwardApprovedAt' | 'sourceLine'
> &
  Record<string, unknown> & { shares: string; allocated: string };
const STATUS = { DRAFT: '草稿', PENDING_APPROVAL: '审批中', ACTIVE: '生效' } as Record<string, string>;
const STATUS_ITEMS = Object.entries(STATUS).map(([value, text]) => ({ value, text, title: text, label: text }));

const ROW: QuotaRow = {
  id: 'q1',
  code: 'QA-20261125-0001',
  status: 'DRAFT',
  statusText: '草稿',
  status_dictText: '草稿',
  materialId: 'm1',
  materialCode: 'MAT-0001',
  materialName: '冷轧钢板',
  validFrom: '2026-12-01',
  validTo: '2027-11-30',
  basis: 'QUANTITY',
  minSplitQty: null,
  versionNo: 1,
  adjustReason: 'NEW_AWARD',
  adjustReason_dictText: '新定标',
  basis_dictText: '按数量',
  sourceEventId: 'e1',
  sourceEventCode: 'RFQ-20261120-0003',
  activatedAt: null,
  remark: 'RFQ-20261120-0003 定标拆分',
  createTime: '2026-11-25 09:00:00',
  version: 3,
  shares: '华东精密机械有限公司 60% / 华南钢铁贸易有限公司 40%',
  allocated: '华东精密机械有限公司 0 / 华南钢铁贸易有限公司 0',
};
const LINES: QuotaDetail['lines'] = [
  {
    id: 'l1',
    supplierId: 's1',
    supplierName: '华东精密机械有限公司',
    quotaPct: 60,
    baseQty: '0',
    allocatedQty: '0',
    active: 1,
  },
  {
    id: 'l2',
    supplierId: 's2',
    supplierName: '华南钢铁贸易有限公司',
    quotaPct: 40,
    baseQty: '5',
    allocatedQty: '0',
    active: 1,
  },
];
const detailOf = (extra: Partial<QuotaDetail> & Record<string, unknown> = {}): QuotaDetail => {
  const { shares: _, allocated: __, ...row } = ROW;
  return {
    ...row,
    sourceEventTitle: '钢板年度询价',
    sourceAwardCode: 'AWD-20261124-0002',
    sourceAwardApprovedAt: '2026-11-24 16:30:00',
    sourceLine: { lineNo: 1, qty: '100', unit: 'TON' },
    lines: LINES,
    ...extra,
  };
};
const page = (records: QuotaRow[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
/** A business refusal as the server answers it (HTTP 200, success false). */
const refusal = (message: string, code = 500) => ({
  body: { success: false, code, message, result: null, timestamp: 0 },
});

function setup({
  auth = ALL,
  records = [ROW],
  detail = detailOf(),
  routes = {},
}: { auth?: string[]; records?: QuotaRow[]; detail?: QuotaDetail; routes?: Record<string, FakeHandler> } = {}) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({
    'GET /srm/quota/list': () => page(records),
    'GET /srm/quota/statusCount': () => ok({ DRAFT: records.length }),
    'GET /sys/dict/getDictItems/srm_quota_status': () => ok(STATUS_ITEMS),
    'GET /srm/quota/queryById': () => ok(detail),
    'GET /srm/quota/logs': () =>
      ok([
        {
          id: 'g1',
          action: 'submit',
          fromStatus: 'DRAFT',
          toStatus: 'PENDING_APPROVAL',
          actorName: '采购员',
          actorKind: 'INTERNAL',
          reason: null,
          at: '2026-11-25 09:00:00',
          sourceDocType: null,
          sourceDocId: null,
        },
      ]),
    'GET /supplier/list': () =>
      ok({
        records: [
          { id: 's1', code: 'SUP-1', name: '华东精密机械有限公司' },
          { id: 's3', code: 'SUP-3', name: '西南五金制品有限公司' },
        ],
        total: 2,
        size: 20,
        current: 1,
        pages: 1,
      }),
    'PUT /srm/quota/edit': () => ok(null, '配额已保存'),
    'POST /srm/quota/submit': () => ok({ instanceId: 'i1', status: 'RUNNING' }, '配额已提交审批'),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<ResourcePage def={quotaResource} override={resourceOverrides[quotaResource.key]} />, {
    route: '/srm/quota',
    store: createSessionStore(http),
  });
  return server;
}

/** The row of the arrangement in the list. */
const rowOf = async (code = ROW.code) =>
  within((await within(await screen.findByTestId('resource-table')).findByText(code)).closest('tr')!);
/** 详情 of the row: the generic detail drawer, with the fields, the actions, the shares, the timeline and the source. */
const openDetail = async () => {
  fireEvent.click((await rowOf()).getByText('详情'));
  await screen.findByTestId('workflow-detail');
  return screen.getByRole('dialog');
};
/** The confirmation's OK button (the popover renders last, after the button that opened it). */
const confirmWith = async (name: RegExp) => {
  await waitFor(() => expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(0));
  fireEvent.click(screen.getAllByRole('button', { name }).at(-1)!);
};
const openForm = async () => {
  fireEvent.click((await rowOf()).getByText('编辑'));
  return screen.findByTestId('quota-form');
};

describe('配额管理 (domain §14)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the menu component resource/srmQuotaArrangement opens the generic page', async () => {
    persistedSession.setToken('tok');
    persistedSession.setUserInfo(userInfo());
    const server = fakeServer({
      'GET /sys/permission/getUserPermissionByToken': () =>
        ok({
          menu: [...ADMIN_MENU, menuNode('/srm/quota', 'resource/srmQuotaArrangement')],
          auth: [{ action: 'srm:quota:list', type: '1' }],
          allAuth: [],
        }),
      'GET /srm/quota/list': () => page([ROW]),
      'GET /srm/quota/statusCount': () => ok({ DRAFT: 1 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/srm/quota', createSessionStore(http));
    expect(await screen.findByText(ROW.code)).toBeTruthy();
    expect(screen.queryByText('页面组件不存在')).toBeNull();
  });

  it('lists arrangements with material, shares, validity, source event and the status in Chinese; the search sends status and material and goes back to page 1', async () => {
    const server = setup({
      records: [
        ROW,
        {
          ...ROW,
          id: 'q2',
          code: 'QA-20261125-0002',
          status: 'ACTIVE',
          statusText: '生效',
          status_dictText: '生效',
          allocated: '华东精密机械有限公司 30 / 华南钢铁贸易有限公司 20',
        },
      ],
    });
    const table = await screen.findByTestId('resource-table');
    expect(await within(table).findByText(ROW.code)).toBeTruthy();
    expect(within(table).getAllByText('MAT-0001 冷轧钢板')).toHaveLength(2);
    expect(within(table).getAllByText(ROW.shares)).toHaveLength(2);
    // QUO-6: the quantities approved orders took so far.
    expect(within(table).getByText('华东精密机械有限公司 30 / 华南钢铁贸易有限公司 20')).toBeTruthy();
    expect(within(table).getAllByText('2026-12-01 至 2027-11-30')).toHaveLength(2);
    expect(within(table).getAllByText('RFQ-20261120-0003')).toHaveLength(2);
    expect(within(table).getByText('草稿')).toBeTruthy();
    expect(within(table).getByText('生效')).toBeTruthy();
    expect(within(table).queryByText('ACTIVE')).toBeNull();
    const search = screen.getByTestId('resource-search');
    fireEvent.change(within(search).getByLabelText('物料'), { target: { value: ' 钢板 ' } });
    fireEvent.mouseDown(within(search).getByRole('combobox'));
    fireEvent.click(await screen.findByText('审批中', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(search).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(
        server.calls('GET /srm/quota/list').some((c) => c.url.searchParams.get('status') === 'PENDING_APPROVAL'),
      ).toBe(true),
    );
    const last = server.calls('GET /srm/quota/list').at(-1)!;
    // The generic search matches a text field's value anywhere (the server matches the code too).
    expect(last.url.searchParams.get('materialName')).toBe('*钢板*');
    expect(last.url.searchParams.get('pageNo')).toBe('1');
    expect(last.url.searchParams.get('pageSize')).toBe(String(DEFAULT_PAGE_SIZE));
  });

  it('pages through the list', async () => {
    const records = Array.from({ length: 10 }, (_, i) => ({
      ...ROW,
      id: `q${i}`,
      code: `QA-20261125-${String(i).padStart(4, '0')}`,
    }));
    const server = setup({
      routes: { 'GET /srm/quota/list': () => ok({ records, total: 25, size: 10, current: 1, pages: 3 }) },
    });
    await screen.findByText(`1-${DEFAULT_PAGE_SIZE} 共 25 条`);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(server.calls('GET /srm/quota/list').some((c) => c.url.searchParams.get('pageNo') === '2')).toBe(true),
    );
  });

  it('shows the empty state', async () => {
    setup({ records: [] });
    expect(await screen.findByText('暂无配额，按数量拆分定标后会生成配额草稿')).toBeTruthy();
  });

  it('a failing list shows 配额加载失败 with the server message and retries', async () => {
    let fail = true;
    const server = setup({
      routes: { 'GET /srm/quota/list': () => (fail ? refusal('数据库繁忙', 510) : page([ROW])) },
    });
    expect(await screen.findByText('配额加载失败')).toBeTruthy();
    expect(screen.getByText('数据库繁忙')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText(ROW.code)).toBeTruthy();
    expect(server.calls('GET /srm/quota/list').length).toBeGreaterThanOrEqual(2);
  });

  it('the detail shows the lines with their shares and sum, the source event, award and line, and the validity', async () => {
    setup();
    const detail = await openDetail();
    expect(within(detail).getByText('RFQ-20261120-0003 钢板年度询价')).toBeTruthy();
    expect(within(detail).getByText('AWD-20261124-0002（2026-11-24 16:30:00 批准）')).toBeTruthy();
    expect(within(detail).getByText('第1行（100 TON）')).toBeTruthy();
    expect(within(detail).getByText('2026-12-01 至 2027-11-30')).toBeTruthy();
    expect(within(detail).getByText('新定标')).toBeTruthy();
    const lines = screen.getByTestId('quota-lines');
    expect(within(lines).getByText('华东精密机械有限公司')).toBeTruthy();
    expect(within(lines).getByText('60%')).toBeTruthy();
    expect(within(lines).getByText('40%')).toBeTruthy();
    expect(screen.getByTestId('quota-detail-sum').textContent).toBe('100%');
  });

  it('the detail shows the status timeline of GET /srm/quota/logs', async () => {
    const server = setup();
    await openDetail();
    const log = await screen.findByTestId('workflow-timeline');
    expect(within(log).getByText(/采购员 提交审批/)).toBeTruthy();
    expect(within(log).getByText('草稿 → 审批中')).toBeTruthy();
    expect(server.calls('GET /srm/quota/logs')).toHaveLength(1);
  });

  it('a failing detail shows 配额加载失败', async () => {
    setup({
      routes: {
        'GET /srm/quota/queryById': () => ({
          status: 404,
          body: { success: false, code: 404, message: '配额不存在', result: null, timestamp: 0 },
        }),
      },
    });
    fireEvent.click((await rowOf()).getByText('详情'));
    expect(await screen.findByText('配额加载失败')).toBeTruthy();
  });

  it('a draft is submitted after confirmation; the server’s refusal (QUO-2) is shown as it comes', async () => {
    let refuse = true;
    const server = setup({
      routes: {
        'POST /srm/quota/submit': () =>
          refuse
            ? refusal('供应商“华南钢铁贸易有限公司”未取得该物料分类的准入资格，不能生效配额')
            : ok({ instanceId: 'i1', status: 'RUNNING' }, '配额已提交审批'),
      },
    });
    await openDetail();
    fireEvent.click(screen.getByTestId('detail-quota-submit'));
    expect(server.calls('POST /srm/quota/submit')).toHaveLength(0);
    await confirmWith(/^提\s*交$/);
    await waitFor(() => expect(server.calls('POST /srm/quota/submit')).toHaveLength(1));
    expect(server.calls('POST /srm/quota/submit')[0]!.body).toEqual({ id: 'q1' });
    expect(
      await screen.findByText('供应商“华南钢铁贸易有限公司”未取得该物料分类的准入资格，不能生效配额'),
    ).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByTestId('detail-quota-submit'));
    await confirmWith(/^提\s*交$/);
    expect(await screen.findByText('配额已提交审批')).toBeTruthy();
    expect(server.calls('POST /srm/quota/submit')).toHaveLength(2);
  });

  it('QUO-1 before sending: a draft whose shares do not sum to 100 is not submitted', async () => {
    const server = setup({ detail: detailOf({ lines: [LINES[0]!, { ...LINES[1]!, quotaPct: 50 }] }) });
    await openDetail();
    expect(screen.getByTestId('quota-detail-sum').textContent).toBe('110%');
    fireEvent.click(screen.getByTestId('detail-quota-submit'));
    await confirmWith(/^提\s*交$/);
    expect(await screen.findByText('各供应商配额比例合计须为100%，当前110%')).toBeTruthy();
    expect(server.calls('POST /srm/quota/submit')).toHaveLength(0);
  });

  it('a pending arrangement points to 审批中心 and offers no edit or submit', async () => {
    setup({
      records: [{ ...ROW, status: 'PENDING_APPROVAL', statusText: '审批中', status_dictText: '审批中' }],
      detail: detailOf({ status: 'PENDING_APPROVAL', statusText: '审批中' }),
    });
    const detail = await openDetail();
    expect(within(detail).getByText('审批中心 › 我的待办')).toBeTruthy();
    // Neither in the detail nor in the row: 编辑 and 提交审批 are offered on drafts, to holders of their codes.
    expect(screen.queryByTestId('detail-quota-submit')).toBeNull();
    const row = await rowOf();
    expect(row.queryByText('编辑')).toBeNull();
    expect(row.queryByText('提交审批')).toBeNull();
  });

  it('without the edit and submit permissions a draft offers no commands', async () => {
    setup({ auth: ['srm:quota:list'] });
    await openDetail();
    // Neither in the detail nor in the row: 编辑 and 提交审批 are offered on drafts, to holders of their codes.
    expect(screen.queryByTestId('detail-quota-submit')).toBeNull();
    const row = await rowOf();
    expect(row.queryByText('编辑')).toBeNull();
    expect(row.queryByText('提交审批')).toBeNull();
  });

  it('editing shows the live sum; a changed share, validity and minimum split quantity are saved with the version', async () => {
    const server = setup();
    const form = await openForm();
    expect(screen.getByTestId('quota-sum').textContent).toBe('合计：100%');
    const b = within(form).getByLabelText('华南钢铁贸易有限公司配额比例');
    fireEvent.change(b, { target: { value: '50' } });
    await waitFor(() => expect(screen.getByTestId('quota-sum').textContent).toBe('合计：110%'));
    expect(
      within(form).getByText('各供应商配额比例合计须为100%，当前110%；可先保存草稿，提交审批前须调整'),
    ).toBeTruthy();
    fireEvent.change(b, { target: { value: '40' } });
    await waitFor(() => expect(screen.getByTestId('quota-sum').textContent).toBe('合计：100%'));
    typeDate(within(form).getByLabelText('生效日期'), '2099-12-01');
    typeDate(within(form).getByLabelText('失效日期'), '2100-06-30');
    fireEvent.change(within(form).getByLabelText('最小拆分数量'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('quota-save'));
    await waitFor(() => expect(server.calls('PUT /srm/quota/edit')).toHaveLength(1));
    expect(server.calls('PUT /srm/quota/edit')[0]!.body).toEqual({
      id: 'q1',
      version: 3,
      validFrom: '2099-12-01',
      validTo: '2100-06-30',
      minSplitQty: '20',
      remark: 'RFQ-20261120-0003 定标拆分',
      lines: [
        { supplierId: 's1', quotaPct: 60, baseQty: '0' },
        { supplierId: 's2', quotaPct: 40, baseQty: '5' },
      ],
    });
    expect(await screen.findByText('配额已保存')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('quota-form')).toBeNull());
  });

  it('a supplier is replaced: removed, another one added from the search (those already in the quota are not offered), its share filled in', async () => {
    const server = setup();
    const form = await openForm();
    fireEvent.click(within(form).getAllByRole('button', { name: /移\s*除/ })[1]!);
    await waitFor(() => expect(screen.getByTestId('quota-sum').textContent).toBe('合计：60%'));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: '添加供应商' }));
    expect(
      await screen.findByText('SUP-3 西南五金制品有限公司', { selector: '.ant-select-item-option-content' }),
    ).toBeTruthy();
    expect(
      screen.queryByText('SUP-1 华东精密机械有限公司', { selector: '.ant-select-item-option-content' }),
    ).toBeNull();
    fireEvent.click(screen.getByText('SUP-3 西南五金制品有限公司', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(form).getByRole('button', { name: /添\s*加/ }));
    const share = await within(form).findByLabelText('西南五金制品有限公司配额比例');
    // A blank share is refused before sending (QUO-1).
    fireEvent.click(screen.getByTestId('quota-save'));
    const lines = within(form).getByTestId('quota-form-lines');
    expect(await within(lines).findByText('配额比例须为1到100之间的整数')).toBeTruthy();
    expect(server.calls('PUT /srm/quota/edit')).toHaveLength(0);
    fireEvent.change(share, { target: { value: '40' } });
    await waitFor(() => expect(screen.getByTestId('quota-sum').textContent).toBe('合计：100%'));
    // The share is filled in: its message goes before any new save.
    await waitFor(() => expect(within(lines).queryByText('配额比例须为1到100之间的整数')).toBeNull());
    fireEvent.click(screen.getByTestId('quota-save'));
    await waitFor(() => expect(server.calls('PUT /srm/quota/edit')).toHaveLength(1));
    expect((server.calls('PUT /srm/quota/edit')[0]!.body as { lines: unknown[] }).lines).toEqual([
      { supplierId: 's1', quotaPct: 60, baseQty: '0' },
      { supplierId: 's3', quotaPct: 40, baseQty: '0' },
    ]);
  });

  it('a validity ending before it starts is refused in the form and nothing is sent; a server refusal keeps the form open', async () => {
    const server = setup({ routes: { 'PUT /srm/quota/edit': () => refusal('配额已被他人修改，请刷新后重试') } });
    const form = await openForm();
    // antd pickers in zh_CN; a day before today cannot be picked (QUO-3, X-1).
    const validFrom = within(form).getByLabelText<HTMLInputElement>('生效日期');
    expect(validFrom.type).not.toBe('date');
    typeDate(validFrom, '2000-01-03');
    await waitFor(() => expect(dayCell('2000-01-03')?.className).toContain('ant-picker-cell-disabled'));
    typeDate(validFrom, '2099-12-01');
    typeDate(within(form).getByLabelText('失效日期'), '2099-11-01');
    fireEvent.change(within(form).getByLabelText('最小拆分数量'), { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('quota-save'));
    // Every message at once, each under its field.
    expect(await within(form).findByText('失效日期不能早于生效日期')).toBeTruthy();
    expect(within(form).getByText('最小拆分数量必须是不小于0的数字（最多4位小数）')).toBeTruthy();
    expect(server.calls('PUT /srm/quota/edit')).toHaveLength(0);
    typeDate(within(form).getByLabelText('失效日期'), '2100-11-30');
    await waitFor(() => expect(within(form).queryByText('失效日期不能早于生效日期')).toBeNull());
    expect(within(form).getByText('最小拆分数量必须是不小于0的数字（最多4位小数）')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('最小拆分数量'), { target: { value: '' } });
    await waitFor(() => expect(within(form).queryByText('最小拆分数量必须是不小于0的数字（最多4位小数）')).toBeNull());
    fireEvent.click(screen.getByTestId('quota-save'));
    expect(await screen.findByText('配额已被他人修改，请刷新后重试')).toBeTruthy();
    expect(screen.getByTestId('quota-form')).toBeTruthy();
  });
});

describe('quotaDraftErrors', () => {
  const valid = {
    validFrom: '2026-12-01',
    validTo: '2027-11-30',
    minSplitQty: '',
    lines: [
      { supplierId: 's1', supplierName: 'A', quotaPct: 60, baseQty: '0' },
      { supplierId: 's2', supplierName: 'B', quotaPct: 50, baseQty: '0' },
    ],
  };
  it('lets a draft whose sum is not 100 be saved, refuses bad dates, quantities and shares', () => {
    expect(quotaDraftErrors(valid)).toEqual({});
    expect(quotaDraftErrors({ ...valid, validTo: '' })).toEqual({ validTo: '请选择失效日期' });
    expect(quotaDraftErrors({ ...valid, validFrom: '', validTo: '' })).toEqual({
      validFrom: '请选择生效日期',
      validTo: '请选择失效日期',
    });
    expect(quotaDraftErrors({ ...valid, minSplitQty: '1.23456' })).toEqual({
      minSplitQty: '最小拆分数量必须是不小于0的数字（最多4位小数）',
    });
    expect(quotaDraftErrors({ ...valid, validTo: '2026-01-01', minSplitQty: '-1' })).toEqual({
      validTo: '失效日期不能早于生效日期',
      minSplitQty: '最小拆分数量必须是不小于0的数字（最多4位小数）',
    });
    expect(quotaDraftErrors({ ...valid, lines: [] })).toEqual({ lines: '请至少添加一家供应商' });
    expect(quotaDraftErrors({ ...valid, lines: [{ ...valid.lines[0]!, quotaPct: null }] })).toEqual({
      lines: '配额比例须为1到100之间的整数',
    });
  });
});
