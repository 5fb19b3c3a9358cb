import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocLogEntry } from '@procura/shared';
import { unitRoute } from '../../../test/units';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { persistedSession } from '../../../lib/session-persistence';
import { fakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { dayCell, typeDate } from '../../../test/dates';
import { LEAVE_CONFIRM_MESSAGE } from '../../../lib/unsaved-changes';
import { openRequisitionDetail, renderRequisitionPage, requisitionPageRoutes } from './requisition-test-page';
import { businessToday, type RequisitionDetail, type RequisitionRow } from './requisition-api';

const ALL = [
  'srm:requisition:list',
  'srm:requisition:add',
  'srm:requisition:edit',
  'srm:requisition:delete',
  'srm:requisition:submit',
  'srm:requisition:cancel',
];

const ROW: RequisitionRow = {
  id: 'r1',
  code: 'PR-20261125-0001',
  title: '生产线备件采购',
  status: 'DRAFT',
  status_dictText: '草稿',
  purchaseType: 'GOODS',
  urgency: 'NORMAL',
  budgetAmount: '124.46',
  currency: 'CNY',
  requesterName: '采购员',
  departmentCode: 'A01A01',
  departmentName: '采购部',
  submittedAt: null,
  createTime: '2026-11-25 09:00:00',
  version: 1,
};
const LINE = {
  id: 'l1',
  lineNo: 1,
  materialId: 'm1',
  materialCode: 'EL000001',
  materialName: '六角螺栓',
  description: null,
  spec: 'M8×30',
  categoryId: 'c1',
  categoryName: '紧固件',
  qty: '10',
  unit: 'PCS',
  needByDate: '2099-01-01',
  estimatedUnitPrice: '12.345',
  amount: '123.45',
  suggestedSupplierId: null,
  suggestedSupplierName: null,
  suggestionReason: null,
  deliveryPlace: null,
  qtyInSourcing: '0',
  qtyOrdered: '0',
  qtyCancelled: '0',
  qtyRemaining: '10',
  lineStatus: 'OPEN',
  lineStatus_dictText: '待处理',
  remark: null,
};
const detailOf = (status: string, extra: Partial<RequisitionDetail> = {}): RequisitionDetail => ({
  ...ROW,
  status,
  urgentReason: null,
  reason: '二季度生产备件',
  deliveryPlace: null,
  buyerId: null,
  buyerName: null,
  approvedAt: null,
  cancelledAt: null,
  cancelReason: null,
  remark: null,
  lines: [LINE],
  approval: null,
  approvalHistory: [],
  logs: [
    {
      id: 'g1',
      action: 'create',
      fromStatus: null,
      toStatus: 'DRAFT',
      actorName: '采购员',
      reason: null,
      at: '2026-11-25 09:00:00',
    },
  ],
  ...extra,
});

/** The status log as `GET /srm/requisition/logs` answers it (sys_doc_log, issue 17). */
const LOGS: DocLogEntry[] = [
  {
    id: 'g1',
    action: 'create',
    fromStatus: null,
    toStatus: 'DRAFT',
    actorName: '采购员',
    actorKind: 'INTERNAL',
    reason: null,
    at: '2026-11-25 09:00:00',
    sourceDocType: null,
    sourceDocId: null,
  },
  {
    id: 'g2',
    action: 'sourcing',
    fromStatus: 'APPROVED',
    toStatus: 'PARTIALLY_PROCESSED',
    actorName: '系统',
    actorKind: 'SYSTEM',
    reason: null,
    at: '2026-11-26 10:00:00',
    sourceDocType: null,
    sourceDocId: null,
  },
];

function setup({
  auth = ALL,
  records = [ROW],
  detail = detailOf('DRAFT'),
  routes = {},
}: {
  auth?: string[];
  records?: RequisitionRow[];
  detail?: RequisitionDetail;
  routes?: Record<string, FakeHandler>;
} = {}) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({
    ...unitRoute,
    ...requisitionPageRoutes(records),
    'GET /srm/requisition/queryById': () => ok(detail),
    'GET /srm/requisition/logs': () => ok(LOGS),
    'GET /srm/requisition/options': () =>
      ok({
        categories: [{ id: 'c1', code: 'A0101', name: '紧固件' }],
        buyers: [{ id: 'u2', username: 'buyer', realname: '采购员' }],
      }),
    'GET /srm/requisition/materials': () =>
      ok([{ id: 'm1', code: 'EL000001', name: '六角螺栓', spec: 'M8×30', unit: 'PCS', categoryId: 'c1' }]),
    'POST /srm/requisition/add': () => ok({ id: 'r9', code: 'PR-20261125-0009' }, '采购申请已保存'),
    'POST /srm/requisition/edit': () => ok(null, '采购申请已保存'),
    'POST /srm/requisition/submit': () => ok({ status: 'PENDING_APPROVAL' }, '已提交审批'),
    'POST /srm/requisition/withdraw': () => ok(null, '采购申请已撤回'),
    'POST /srm/requisition/cancel': () => ok(null, '剩余数量已取消'),
    'DELETE /srm/requisition/delete': () => ok(null, '删除成功!'),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderRequisitionPage();
  return server;
}

const pick = async (testId: string, option: string) => {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
};
/** The confirmation's OK button (the popover renders last, after the button that opened it). */
const confirmWith = async (name: RegExp) => {
  await waitFor(() => expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(0));
  fireEvent.click(screen.getAllByRole('button', { name }).at(-1)!);
};
const openDetail = () => openRequisitionDetail(ROW.code);

describe('采购申请 (domain §8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists requisitions with status and budget; the search sends code and title as like filters and the status as is', async () => {
    const server = setup();
    expect(await screen.findByText(ROW.code)).toBeTruthy();
    expect(screen.getByText('124.46 CNY')).toBeTruthy();
    const search = screen.getByTestId('resource-search');
    fireEvent.change(within(search).getByLabelText('申请单号'), { target: { value: 'PR-2026' } });
    fireEvent.change(within(search).getByLabelText('标题'), { target: { value: '备件' } });
    fireEvent.click(within(search).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(
        server.calls('GET /srm/requisition/list').some((c) => c.url.searchParams.get('code') === '*PR-2026*'),
      ).toBe(true),
    );
    const last = server.calls('GET /srm/requisition/list').at(-1)!;
    expect(last.url.searchParams.get('title')).toBe('*备件*');
    expect(last.url.searchParams.get('pageNo')).toBe('1');
  });

  it('shows the empty state', async () => {
    setup({ records: [] });
    expect(await screen.findByText('暂无采购申请')).toBeTruthy();
  });

  it('a failing list shows 采购申请加载失败 and retries', async () => {
    let fail = true;
    const server = setup({
      routes: {
        'GET /srm/requisition/list': () =>
          fail
            ? { body: { success: false, code: 510, message: '数据库繁忙', result: null, timestamp: 0 } }
            : ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
      },
    });
    expect(await screen.findByText('采购申请加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText(ROW.code)).toBeTruthy();
    expect(server.calls('GET /srm/requisition/list').length).toBeGreaterThanOrEqual(2);
  });

  it('without the add permission there is no 新建 button', async () => {
    setup({ auth: ['srm:requisition:list'] });
    expect(await screen.findByText(ROW.code)).toBeTruthy();
    expect(screen.queryByTestId('requisition-new')).toBeNull();
  });

  it('PR-1 in the form: missing title, qty ≤ 0, a past date and a non-catalogue line without description keep it unsent', async () => {
    const server = setup();
    fireEvent.click(await screen.findByTestId('requisition-new'));
    await screen.findByTestId('requisition-form');
    fireEvent.change(screen.getByTestId('line-qty-0'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('requisition-save'));
    expect(await screen.findByText('请填写申请标题')).toBeTruthy();
    expect(screen.getByText('数量必须大于0（最多4位小数）')).toBeTruthy();
    expect(screen.getByText('请选择需求日期')).toBeTruthy();
    expect(screen.getByText('非目录物料须填写物料描述')).toBeTruthy();
    expect(server.calls('POST /srm/requisition/add')).toHaveLength(0);
  });

  it('PR-1: the need-by date is an antd picker that greys out the days before today and does not take one typed', async () => {
    const server = setup();
    fireEvent.click(await screen.findByTestId('requisition-new'));
    await screen.findByTestId('requisition-form');
    const input = screen.getByTestId<HTMLInputElement>('line-date-0');
    expect(input.type).not.toBe('date');
    typeDate(input, '2000-01-01');
    const yesterday = new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    typeDate(input, yesterday);
    await waitFor(() => expect(dayCell(yesterday)).not.toBeNull());
    expect(dayCell(yesterday)!.className).toContain('ant-picker-cell-disabled');
    expect(dayCell(businessToday())!.className).not.toContain('ant-picker-cell-disabled');
    fireEvent.click(screen.getByTestId('requisition-save'));
    expect(await screen.findByText('请选择需求日期')).toBeTruthy();
    expect(server.calls('POST /srm/requisition/add')).toHaveLength(0);
  });

  it('typed data is not lost without a warning: a reload asks, closing the form asks, and after saving nothing asks', async () => {
    const server = setup();
    const reloadAsks = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    fireEvent.click(await screen.findByTestId('requisition-new'));
    const form = await screen.findByTestId('requisition-form');
    expect(reloadAsks()).toBe(false);
    fireEvent.change(within(form).getByLabelText('申请标题'), { target: { value: '未保存的申请' } });
    await waitFor(() => expect(reloadAsks()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(await screen.findByText(LEAVE_CONFIRM_MESSAGE)).toBeTruthy();
    // Staying keeps what was typed.
    fireEvent.click(screen.getAllByRole('button', { name: /^取\s*消$/ }).at(-1)!);
    expect(within(form).getByLabelText<HTMLInputElement>('申请标题').value).toBe('未保存的申请');
    // Saved, nothing is left unsaved.
    await pick('line-material-0', 'EL000001 六角螺栓 M8×30');
    fireEvent.change(screen.getByTestId('line-qty-0'), { target: { value: '1' } });
    typeDate(screen.getByTestId('line-date-0'), businessToday());
    fireEvent.click(screen.getByTestId('requisition-save'));
    await waitFor(() => expect(server.calls('POST /srm/requisition/add')).toHaveLength(1));
    await screen.findByTestId('workflow-detail');
    expect(reloadAsks()).toBe(false);
  });

  it('saves a draft with a catalogue line from the material picker and a non-catalogue line; then opens its detail', async () => {
    const server = setup();
    fireEvent.click(await screen.findByTestId('requisition-new'));
    const form = await screen.findByTestId('requisition-form');
    fireEvent.change(within(form).getByLabelText('申请标题'), { target: { value: '生产线备件采购' } });
    await pick('line-material-0', 'EL000001 六角螺栓 M8×30');
    fireEvent.change(screen.getByTestId('line-qty-0'), { target: { value: '10' } });
    typeDate(screen.getByTestId('line-date-0'), '2099-01-01');
    fireEvent.change(screen.getByTestId('line-price-0'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByTestId('line-add'));
    fireEvent.change(await screen.findByTestId('line-description-1'), { target: { value: '定制工装夹具' } });
    await pick('line-category-1', 'A0101 紧固件');
    await pick('line-unit-1', '套');
    fireEvent.change(screen.getByTestId('line-qty-1'), { target: { value: '3' } });
    typeDate(screen.getByTestId('line-date-1'), businessToday());
    fireEvent.click(screen.getByTestId('requisition-save'));
    await waitFor(() => expect(server.calls('POST /srm/requisition/add')).toHaveLength(1));
    const body = server.calls('POST /srm/requisition/add')[0]!.body as {
      title: string;
      purchaseType: string;
      lines: Record<string, unknown>[];
    };
    expect(body).toMatchObject({ title: '生产线备件采购', purchaseType: 'GOODS', urgency: 'NORMAL' });
    expect(body.lines[0]).toMatchObject({
      materialId: 'm1',
      qty: '10',
      unit: 'PCS',
      needByDate: '2099-01-01',
      estimatedUnitPrice: '12.345',
    });
    expect(body.lines[1]).toMatchObject({
      materialId: null,
      description: '定制工装夹具',
      categoryId: 'c1',
      unit: 'SET',
      qty: '3',
      needByDate: businessToday(),
    });
    expect(await screen.findByTestId('workflow-detail')).toBeTruthy();
    await waitFor(() =>
      expect(server.calls('GET /srm/requisition/queryById').some((c) => c.url.searchParams.get('id') === 'r9')).toBe(
        true,
      ),
    );
  });

  it('a field error from the server (400) lands on its line', async () => {
    const server = setup({
      routes: {
        'POST /srm/requisition/add': () => ({
          status: 400,
          body: {
            success: false,
            code: 400,
            message: '第1行：需求日期不能早于今天',
            result: { errors: { 'lines.0.needByDate': '需求日期不能早于今天' } },
            timestamp: 0,
          },
        }),
      },
    });
    fireEvent.click(await screen.findByTestId('requisition-new'));
    const form = await screen.findByTestId('requisition-form');
    fireEvent.change(within(form).getByLabelText('申请标题'), { target: { value: '跨日提交' } });
    await pick('line-material-0', 'EL000001 六角螺栓 M8×30');
    fireEvent.change(screen.getByTestId('line-qty-0'), { target: { value: '1' } });
    typeDate(screen.getByTestId('line-date-0'), businessToday());
    fireEvent.click(screen.getByTestId('requisition-save'));
    await waitFor(() => expect(server.calls('POST /srm/requisition/add')).toHaveLength(1));
    expect(await screen.findByText('需求日期不能早于今天')).toBeTruthy();
  });

  it('a rejected requisition opens in the form with its lines and is saved with its version', async () => {
    const server = setup({ records: [{ ...ROW, status: 'REJECTED' }], detail: detailOf('REJECTED') });
    await openDetail();
    fireEvent.click(screen.getByTestId('detail-requisition-edit'));
    const form = await screen.findByTestId('requisition-form');
    const title = within(form).getByLabelText('申请标题') as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('生产线备件采购'));
    expect((screen.getByTestId('line-qty-0') as HTMLInputElement).value).toBe('10');
    fireEvent.change(title, { target: { value: '生产线备件采购（修订）' } });
    fireEvent.change(screen.getByTestId('line-qty-0'), { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('requisition-save'));
    await waitFor(() => expect(server.calls('POST /srm/requisition/edit')).toHaveLength(1));
    expect(server.calls('POST /srm/requisition/edit')[0]!.body).toMatchObject({
      id: 'r1',
      version: 1,
      title: '生产线备件采购（修订）',
      lines: [{ materialId: 'm1', qty: '8', unit: 'PCS', needByDate: '2099-01-01', estimatedUnitPrice: '12.345' }],
    });
  });

  it('a draft is submitted after confirmation with its version; the detail shows its lines', async () => {
    const server = setup();
    await openDetail();
    const detail = screen.getByRole('dialog');
    expect(within(detail).getByText('EL000001 六角螺栓')).toBeTruthy();
    // The department by its name, never its code (issue 19 #5).
    expect(within(detail).getByText('采购部')).toBeTruthy();
    expect(within(detail).queryByText('A01A01')).toBeNull();
    fireEvent.click(screen.getByTestId('detail-requisition-submit'));
    fireEvent.click(await screen.findByTestId('requisition-submit-ok'));
    await waitFor(() => expect(server.calls('POST /srm/requisition/submit')).toHaveLength(1));
    expect(server.calls('POST /srm/requisition/submit')[0]!.body).toEqual({ id: 'r1', version: 1 });
    expect(await screen.findByText('已提交审批')).toBeTruthy();
  });

  it('the 状态记录 is the timeline of GET /srm/requisition/logs, its actions and states in Chinese', async () => {
    const server = setup({ routes: { 'GET /srm/requisition/logs': () => ok(LOGS) } });
    await openDetail();
    const log = await screen.findByTestId('workflow-timeline');
    expect(within(log).getByText(/采购员 创建/)).toBeTruthy();
    expect(within(log).getByText(/系统 寻源占用/)).toBeTruthy();
    expect(within(log).getByText('已审批 → 部分处理')).toBeTruthy();
    expect(server.calls('GET /srm/requisition/logs')[0]!.url.searchParams.get('id')).toBe('r1');
  });

  it('a pending requisition shows its approval history and is withdrawn after confirmation; no edit or delete', async () => {
    const server = setup({
      records: [{ ...ROW, status: 'PENDING_APPROVAL' }],
      detail: detailOf('PENDING_APPROVAL', {
        approvalHistory: [
          { id: 'h1', action: 'SUBMIT', step: null, comment: null, at: '2026-11-25 09:10:00', actorName: '采购员' },
        ],
      }),
    });
    await openDetail();
    expect(screen.queryByTestId('detail-requisition-edit')).toBeNull();
    expect(screen.queryByTestId('detail-requisition-submit')).toBeNull();
    const history = await screen.findByTestId('requisition-approval-history');
    expect(within(history).getByText('提交')).toBeTruthy();
    fireEvent.click(screen.getByTestId('detail-requisition-withdraw'));
    expect((await screen.findAllByText('确定撤回吗？审批将被取消，申请回到草稿。')).length).toBeGreaterThan(0);
    await confirmWith(/^确\s*定$/);
    await waitFor(() => expect(server.calls('POST /srm/requisition/withdraw')).toHaveLength(1));
  });

  it('PR-5: cancelling the remaining quantity of an approved requisition needs a reason', async () => {
    const server = setup({ records: [{ ...ROW, status: 'APPROVED' }], detail: detailOf('APPROVED') });
    await openDetail();
    expect(screen.queryByTestId('detail-requisition-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('detail-requisition-cancel'));
    fireEvent.click(await screen.findByTestId('requisition-cancel-submit'));
    expect(await screen.findByText('请填写取消原因')).toBeTruthy();
    expect(server.calls('POST /srm/requisition/cancel')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('requisition-cancel-reason'), { target: { value: '项目取消' } });
    fireEvent.click(screen.getByTestId('requisition-cancel-submit'));
    await waitFor(() => expect(server.calls('POST /srm/requisition/cancel')).toHaveLength(1));
    expect(server.calls('POST /srm/requisition/cancel')[0]!.body).toEqual({ id: 'r1', reason: '项目取消' });
  });

  it('without the submit and cancel permissions the commands are not offered', async () => {
    setup({ auth: ['srm:requisition:list'], records: [ROW] });
    await openDetail();
    expect(screen.queryByTestId('detail-requisition-submit')).toBeNull();
    expect(screen.queryByTestId('detail-requisition-edit')).toBeNull();
    expect(screen.queryByTestId('detail-requisition-cancel')).toBeNull();
  });
});
