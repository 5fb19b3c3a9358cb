import { afterEach, describe, expect, it, vi } from 'vitest';
import { unitRoute } from '../../../test/units';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { persistedSession } from '../../../lib/session-persistence';
import { fail, fakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { dayCell, typeDate } from '../../../test/dates';
import { LEAVE_CONFIRM_MESSAGE } from '../../../lib/unsaved-changes';
import { renderWithProviders } from '../../../test/render';
import SourcingListPage from './sourcing-list-page';
import MySourcingPage from './my-sourcing-page';
import {
  awardDeviates,
  awardErrors,
  quoteErrors,
  type EventDetail,
  type EventRow,
  type Matrix,
  type MyEventDetail,
} from './sourcing-api';

const ROW: EventRow = {
  id: 'e1',
  code: 'RFQ-20261125-0001',
  type: 'RFQ',
  method: 'RFQ',
  title: '轴承询价',
  visibility: 'INVITED',
  status: 'PUBLISHED',
  statusText: '已发布',
  responseDeadline: '2026-12-01 17:00:00',
  awardMode: 'SINGLE',
  sealed: 1,
  publishedAt: null,
  openedAt: null,
  createTime: '2026-11-25 09:00:00',
};

function stub(routes: Record<string, FakeHandler>, auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({ ...unitRoute, ...routes });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

describe('询价管理 (domain §10)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists RFQs with status tags; the search sends the title and status and only RFQs', async () => {
    const server = stub(
      { 'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }) },
      ['srm:sourcing:list'],
    );
    renderWithProviders(<SourcingListPage />, { route: '/srm/sourcing', store: createSessionStore(http) });
    expect(await screen.findByText(ROW.code)).toBeTruthy();
    expect(within(screen.getByTestId('sourcing-table')).getByText('已发布')).toBeTruthy();
    fireEvent.change(within(screen.getByTestId('sourcing-search')).getByLabelText('标题'), {
      target: { value: '轴承' },
    });
    fireEvent.click(within(screen.getByTestId('sourcing-search')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(server.calls('GET /srm/sourcing/event/list').some((c) => c.url.searchParams.get('title') === '轴承')).toBe(
        true,
      ),
    );
    expect(server.calls('GET /srm/sourcing/event/list').at(-1)!.url.searchParams.get('type')).toBe('RFQ');
  });

  it('shows the empty state', async () => {
    stub({ 'GET /srm/sourcing/event/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }) }, [
      'srm:sourcing:list',
    ]);
    renderWithProviders(<SourcingListPage />, { route: '/srm/sourcing', store: createSessionStore(http) });
    expect(await screen.findByText('暂无询价单')).toBeTruthy();
  });

  it('shows a refusal as the server words it', async () => {
    stub({ 'GET /srm/sourcing/event/list': () => fail(200, '没有权限访问寻源单', 403) }, ['srm:sourcing:list']);
    renderWithProviders(<SourcingListPage />, { route: '/srm/sourcing', store: createSessionStore(http) });
    expect(await screen.findByText('没有权限访问寻源单')).toBeTruthy();
    expect(screen.getByText('询价单加载失败')).toBeTruthy();
  });
});

const LINE = {
  id: 'l1',
  lineNo: 1,
  materialId: null,
  materialCode: null,
  materialName: '深沟球轴承',
  spec: '6204',
  qty: '100',
  unit: '个',
  needByDate: '2026-12-20',
  deliveryPlace: null,
  targetPrice: null,
  remark: null,
};
const detailOf = (status: string, extra: Partial<EventDetail> = {}): EventDetail => ({
  ...ROW,
  status,
  version: 1,
  currency: 'CNY',
  purchaseType: 'GOODS',
  responseStartAt: null,
  minInvited: 1,
  minQuotes: 2,
  currentRound: 1,
  estimatedAmount: null,
  contactName: null,
  contactPhone: null,
  remark: null,
  lines: [LINE],
  participants: [
    {
      id: 'p1',
      supplierId: 's1',
      supplierName: '甲轴承厂',
      origin: 'INVITED',
      status: 'ACCEPTED',
      declineReason: null,
      responded: true,
      respondedAt: null,
    },
  ],
  openingRecords: [],
  ...extra,
});
const MATRIX: Matrix = {
  eventId: 'e1',
  round: 1,
  lines: [
    {
      ...LINE,
      lowestPrice: '9.50',
      quotes: [
        {
          supplierId: 's1',
          supplierName: '甲轴承厂',
          responseId: 'r1',
          unitPrice: '9.50',
          taxRate: '13',
          amount: '950.00',
          leadTimeDays: 7,
          lowest: true,
        },
        {
          supplierId: 's2',
          supplierName: '乙轴承厂',
          responseId: 'r2',
          unitPrice: '10.20',
          taxRate: '13',
          amount: '1020.00',
          leadTimeDays: 5,
          lowest: false,
        },
      ],
    },
  ],
  suppliers: [
    {
      id: 'r1',
      supplierId: 's1',
      supplierName: '甲轴承厂',
      code: 'RSP-1',
      round: 1,
      versionNo: 2,
      status: 'OPENED',
      submittedAt: '2026-11-25 10:00:00',
      totalAmount: '950.00',
    },
    {
      id: 'r2',
      supplierId: 's2',
      supplierName: '乙轴承厂',
      code: 'RSP-2',
      round: 1,
      versionNo: 1,
      status: 'OPENED',
      submittedAt: '2026-11-25 10:05:00',
      totalAmount: '1020.00',
    },
  ],
  history: [],
};
const BUYER = [
  'srm:sourcing:list',
  'srm:sourcing:open',
  'srm:sourcing:fail',
  'srm:sourcing:award',
  'srm:sourcing:cancel',
  'srm:sourcing:publish',
];
const confirmWith = async (name: RegExp) => {
  await waitFor(() => expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(1));
  fireEvent.click(screen.getAllByRole('button', { name }).at(-1)!);
};

describe('询价单 detail (domain §10, §13)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a new draft sends the header and its lines (name + unit, qty, need-by date); a line without unit is refused first', async () => {
    const server = stub(
      {
        'GET /srm/sourcing/event/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
        'GET /srm/requisition/materials': () => ok([]),
        'POST /srm/sourcing/event/add': () => ok({ id: 'e9', code: 'RFQ-9' }, '询价单已保存'),
        'GET /srm/sourcing/event/queryById': () => ok(detailOf('DRAFT', { id: 'e9' })),
      },
      ['srm:sourcing:list', 'srm:sourcing:add'],
    );
    renderWithProviders(<SourcingListPage />, { route: '/srm/sourcing', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId('sourcing-new'));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('标题'), { target: { value: '轴承询价' } });
    fireEvent.change(screen.getByLabelText('物料名称'), { target: { value: '深沟球轴承' } });
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '100' } });
    // An antd picker (no native mm/dd/yyyy box) that greys out the days before today.
    const needBy = screen.getByLabelText<HTMLInputElement>('需求日期');
    expect(needBy.type).not.toBe('date');
    typeDate(needBy, '2099-12-20');
    await waitFor(() => expect(dayCell('2099-12-20')).not.toBeNull());
    typeDate(needBy, '2000-01-03');
    await waitFor(() => expect(dayCell('2000-01-03')?.className).toContain('ant-picker-cell-disabled'));
    typeDate(needBy, '2099-12-20');
    fireEvent.click(screen.getByTestId('sourcing-form-add-line'));
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    // Each line's errors beside its fields, all at once: line 1 lacks its unit, line 2 everything.
    const unitErrors = '[data-testid^="line-error-unit"]';
    expect(await screen.findAllByText('请选择单位', { selector: unitErrors })).toHaveLength(2);
    expect(screen.getAllByText('请填写物料名称', { selector: '[data-testid^="line-error"]' })).toHaveLength(1);
    expect(screen.getAllByText('数量必须大于0', { selector: '[data-testid^="line-error"]' })).toHaveLength(1);
    expect(server.calls('POST /srm/sourcing/event/add')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /删\s*除/ }).at(-1)!);
    fireEvent.mouseDown(screen.getByLabelText('单位'));
    fireEvent.click(await screen.findByText('个', { selector: '.ant-select-item-option-content' }));
    // The fixed field's error is gone at once.
    await waitFor(() => expect(document.querySelector(unitErrors)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(server.calls('POST /srm/sourcing/event/add')).toHaveLength(1));
    const body = server.calls('POST /srm/sourcing/event/add')[0]!.body as Record<string, unknown>;
    expect(body.title).toBe('轴承询价');
    expect(body.lines).toEqual([{ materialName: '深沟球轴承', unit: 'PCS', qty: '100', needByDate: '2099-12-20' }]);
  });

  it('a half-typed RFQ draft asks before a reload or closing drops it', async () => {
    stub(
      {
        'GET /srm/sourcing/event/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
        'GET /srm/requisition/materials': () => ok([]),
      },
      ['srm:sourcing:list', 'srm:sourcing:add'],
    );
    renderWithProviders(<SourcingListPage />, { route: '/srm/sourcing', store: createSessionStore(http) });
    const reloadAsks = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    fireEvent.click(await screen.findByTestId('sourcing-new'));
    await screen.findByRole('dialog');
    expect(reloadAsks()).toBe(false);
    fireEvent.change(screen.getByLabelText('物料名称'), { target: { value: '深沟球轴承' } });
    await waitFor(() => expect(reloadAsks()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /^取\s*消$/ }));
    expect(await screen.findByText(LEAVE_CONFIRM_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /^确\s*定$/ }).at(-1)!);
    await waitFor(() => expect(reloadAsks()).toBe(false));
  });

  it('a draft made from a requisition shows its lines read-only and is saved without them (PR-3); the award mode is sent', async () => {
    const linked = { ...LINE, materialName: '冷轧钢板', requisitionLineId: 'prl1' };
    const server = stub(
      {
        'GET /srm/sourcing/event/list': () =>
          ok({ records: [{ ...ROW, status: 'DRAFT' }], total: 1, size: 10, current: 1, pages: 1 }),
        'GET /srm/sourcing/event/queryById': () => ok(detailOf('DRAFT', { lines: [linked], participants: [] })),
        'GET /srm/requisition/materials': () => ok([]),
        'PUT /srm/sourcing/event/edit': () => ok(null, '询价单已保存'),
      },
      ['srm:sourcing:list', 'srm:sourcing:edit'],
    );
    renderWithProviders(<SourcingListPage />, { route: '/srm/sourcing', store: createSessionStore(http) });
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      await dialog.findByText('物料行来自采购申请，在此不能修改；如需调整，请修改采购申请后重新创建询价。'),
    ).toBeTruthy();
    expect(within(screen.getByTestId('sourcing-form-lines')).getByText('冷轧钢板')).toBeTruthy();
    expect(dialog.queryByLabelText('数量')).toBeNull();
    expect(dialog.queryByRole('button', { name: '添加物料行' })).toBeNull();
    fireEvent.mouseDown(dialog.getByLabelText('定标方式'));
    fireEvent.click(await screen.findByText('按数量拆分', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(server.calls('PUT /srm/sourcing/event/edit')).toHaveLength(1));
    const body = server.calls('PUT /srm/sourcing/event/edit')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 'e1', version: 1, title: ROW.title, awardMode: 'SPLIT_BY_QTY' });
    expect(body).not.toHaveProperty('lines');
  });

  it('opening with too few quotes shows the INSUFFICIENT outcome (RFQ-7)', async () => {
    let status = 'PUBLISHED';
    const server = stub(
      {
        'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
        'GET /srm/sourcing/event/queryById': () => ok(detailOf(status)),
        'POST /srm/sourcing/event/open': () => {
          status = 'INSUFFICIENT';
          return ok('INSUFFICIENT', '有效报价不足，询价单转为响应不足');
        },
      },
      BUYER,
    );
    renderWithProviders(<SourcingListPage />, { route: '/srm/sourcing', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`sourcing-open-${ROW.code}`));
    fireEvent.click(await screen.findByTestId('sourcing-open'));
    await confirmWith(/开\s*标/);
    expect((await screen.findAllByText('有效报价不足')).length).toBeGreaterThan(0);
    expect(await screen.findByTestId('sourcing-insufficient')).toBeTruthy();
    expect(server.calls('POST /srm/sourcing/event/open')).toHaveLength(1);
  });

  it('after opening: the matrix marks the lowest price; a split award whose shares do not sum to 100% is refused before sending (RFQ-10)', async () => {
    const server = stub(
      {
        'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
        'GET /srm/sourcing/event/queryById': () =>
          ok(detailOf('OPENED', { openedAt: '2026-11-25 12:00:00', awardMode: 'SPLIT_BY_QTY' })),
        'GET /srm/sourcing/event/matrix': () => ok(MATRIX),
        'GET /srm/sourcing/award/queryByEventId': () => ok(null),
        'POST /srm/sourcing/award/save': () => ok({ id: 'a1' }, '定标建议已保存'),
        'POST /srm/sourcing/award/submit': () => ok({ status: 'PENDING' }, '定标已提交审批'),
      },
      BUYER,
    );
    renderWithProviders(<SourcingListPage />, { route: '/srm/sourcing', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`sourcing-open-${ROW.code}`));
    fireEvent.click(await screen.findByRole('tab', { name: '比价' }));
    expect((await screen.findByTestId('lowest-price')).textContent).toBe('9.50（最低）');
    fireEvent.click(screen.getByRole('tab', { name: '定标' }));
    await screen.findByTestId('sourcing-award-form');
    fireEvent.change(screen.getByLabelText('第1行甲轴承厂份额'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('第1行乙轴承厂份额'), { target: { value: '30' } });
    // The price validity is picked in zh_CN antd pickers; days before today are greyed out (MAT-4, X-1).
    const validFrom = screen.getByLabelText<HTMLInputElement>('价格生效日期');
    expect(validFrom.type).not.toBe('date');
    typeDate(validFrom, '2000-01-03');
    await waitFor(() => expect(dayCell('2000-01-03')?.className).toContain('ant-picker-cell-disabled'));
    typeDate(validFrom, '2099-12-01');
    typeDate(screen.getByLabelText('价格失效日期'), '2100-11-30');
    fireEvent.click(screen.getByTestId('sourcing-award-submit'));
    await confirmWith(/提交审批/);
    expect(await screen.findByText(/第1行份额合计须为100%（当前90%/)).toBeTruthy();
    expect(server.calls('POST /srm/sourcing/award/save')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('第1行乙轴承厂份额'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('sourcing-award-submit'));
    await confirmWith(/提交审批/);
    await waitFor(() => expect(server.calls('POST /srm/sourcing/award/submit')).toHaveLength(1));
    expect((server.calls('POST /srm/sourcing/award/save')[0]!.body as { lines: unknown[] }).lines).toEqual([
      { sourcingLineId: 'l1', supplierId: 's1', sharePct: 60 },
      { sourcingLineId: 'l1', supplierId: 's2', sharePct: 40 },
    ]);
  });
});

describe('award form share check (RFQ-10)', () => {
  const lines = [
    { id: 'l1', lineNo: 1 },
    { id: 'l2', lineNo: 2 },
  ];
  it('split by quantity: shares per line must sum to 100%', () => {
    expect(
      awardErrors('SPLIT_BY_QTY', lines, [
        { sourcingLineId: 'l1', lineNo: 1, supplierId: 's1', sharePct: 60 },
        { sourcingLineId: 'l1', lineNo: 1, supplierId: 's2', sharePct: 40 },
        { sourcingLineId: 'l2', lineNo: 2, supplierId: 's1', sharePct: 100 },
      ]),
    ).toEqual([]);
    expect(
      awardErrors('SPLIT_BY_QTY', lines, [
        { sourcingLineId: 'l1', lineNo: 1, supplierId: 's1', sharePct: 60 },
        { sourcingLineId: 'l1', lineNo: 1, supplierId: 's2', sharePct: 30 },
        { sourcingLineId: 'l2', lineNo: 2, supplierId: 's1', sharePct: 100 },
      ]),
    ).toEqual(['第1行份额合计须为100%（当前90%）']);
  });
  it('every line is awarded; a single award has one supplier', () => {
    expect(awardErrors('SPLIT_BY_LINE', lines, [{ sourcingLineId: 'l1', lineNo: 1, supplierId: 's1' }])).toEqual([
      '第2行未选择中标供应商',
    ]);
    expect(
      awardErrors('SINGLE', lines, [
        { sourcingLineId: 'l1', lineNo: 1, supplierId: 's1' },
        { sourcingLineId: 'l2', lineNo: 2, supplierId: 's2' },
      ]),
    ).toContain('整单授予只能选择一家中标供应商');
  });
});

describe('award deviation (§13, AUC-14)', () => {
  const lines = [
    {
      id: 'l1',
      quotes: [
        { supplierId: 's1', lowest: true },
        { supplierId: 's2', lowest: false },
      ],
    },
  ];
  it('an RFQ award deviates off the lowest quote, an auction award off its rank 1, a quantity split never', () => {
    expect(awardDeviates('SINGLE', lines, [{ sourcingLineId: 'l1', lineNo: 1, supplierId: 's1' }])).toBe(false);
    expect(awardDeviates('SINGLE', lines, [{ sourcingLineId: 'l1', lineNo: 1, supplierId: 's2' }])).toBe(true);
    // The auction's rank 1 decides, not the lowest unit price (an earlier equal bid ranks first, AUC-6).
    expect(awardDeviates('SINGLE', lines, [{ sourcingLineId: 'l1', lineNo: 1, supplierId: 's2' }], 's2')).toBe(false);
    expect(awardDeviates('SINGLE', lines, [{ sourcingLineId: 'l1', lineNo: 1, supplierId: 's1' }], 's2')).toBe(true);
    expect(
      awardDeviates('SPLIT_BY_QTY', lines, [{ sourcingLineId: 'l1', lineNo: 1, supplierId: 's2', sharePct: 100 }]),
    ).toBe(false);
  });
});

describe('quote form validation (domain §10)', () => {
  it('needs a validity date, at least one priced line, numeric price and a tax rate', () => {
    expect(
      quoteErrors([{ sourcingLineId: 'l1', lineNo: 1, unitPrice: '', taxRate: '13' }], undefined, '2026-11-25'),
    ).toEqual(['请填写报价有效期', '请至少报价一行']);
    expect(
      quoteErrors([{ sourcingLineId: 'l1', lineNo: 1, unitPrice: 'abc', taxRate: '' }], '2026-11-24', '2026-11-25'),
    ).toEqual(['报价有效期不能早于今天', '第1行单价必须是不小于0的数字', '第1行请填写税率']);
    expect(
      quoteErrors(
        [{ sourcingLineId: 'l1', lineNo: 1, unitPrice: '12.50', taxRate: '13', leadTimeDays: 7 }],
        '2026-12-31',
        '2026-11-25',
      ),
    ).toEqual([]);
  });

  const EVENT: MyEventDetail = {
    id: 'e1',
    code: ROW.code,
    title: '轴承询价',
    currency: 'CNY',
    status: 'PUBLISHED',
    statusText: '已发布',
    responseStartAt: null,
    responseDeadline: '2099-12-01 17:00:00',
    allowRevision: 1,
    allowWithdraw: 1,
    contactName: null,
    contactPhone: null,
    content: null,
    lines: [
      {
        id: 'l1',
        lineNo: 1,
        materialId: null,
        materialCode: null,
        materialName: '深沟球轴承',
        spec: '6204',
        qty: '100',
        unit: '个',
        needByDate: null,
        deliveryPlace: null,
        targetPrice: null,
        remark: null,
      },
    ],
    participation: { status: 'ACCEPTED', declineReason: null, respondedAt: null },
    responses: [],
  };

  it('我的询价 lists inquiries only: the tenders and auctions the supplier takes part in have their own pages', async () => {
    const row = (id: string, type: string, title: string) => ({
      id,
      code: `${type}-${id}`,
      type,
      title,
      status: 'PUBLISHED',
      statusText: '已发布',
      responseStartAt: null,
      responseDeadline: '2099-12-01 17:00:00',
      currency: 'CNY',
      participationStatus: 'ACCEPTED',
      myResponseStatus: null,
      myVersionNo: null,
      mySubmittedAt: null,
    });
    stub(
      {
        'GET /srm/sourcing/supplier/event/list': () =>
          ok([row('a', 'RFQ', '轴承询价'), row('b', 'TENDER', '钢板招标'), row('c', 'AUCTION', '螺栓竞价')]),
      },
      ['srm:sourcing:supplier'],
    );
    renderWithProviders(<MySourcingPage />, { route: '/srm/my-sourcing', store: createSessionStore(http) });
    await screen.findByText('轴承询价');
    expect(screen.queryByText('钢板招标')).toBeNull();
    expect(screen.queryByText('螺栓竞价')).toBeNull();
  });

  it('the supplier page refuses an unpriced quote without calling the server, then submits and shows the receipt (server time + hash)', async () => {
    const server = stub(
      {
        'GET /srm/sourcing/supplier/event/list': () =>
          ok([
            {
              id: 'e1',
              code: ROW.code,
              type: 'RFQ',
              title: '轴承询价',
              status: 'PUBLISHED',
              statusText: '已发布',
              responseStartAt: null,
              responseDeadline: '2099-12-01 17:00:00',
              currency: 'CNY',
              participationStatus: 'ACCEPTED',
              myResponseStatus: null,
              myVersionNo: null,
              mySubmittedAt: null,
            },
          ]),
        'GET /srm/sourcing/supplier/event/queryById': () => ok(EVENT),
        'POST /srm/sourcing/supplier/quote/submit': () =>
          ok(
            {
              responseId: 'r1',
              code: 'RSP-1',
              versionNo: 1,
              submittedAt: '2026-11-25 11:00:00',
              serverTime: '2026-11-25T03:00:00.000Z',
              payloadHash: 'ab12cd34',
            },
            '报价已提交',
          ),
      },
      ['srm:sourcing:supplier'],
    );
    renderWithProviders(<MySourcingPage />, { route: '/srm/my-sourcing', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`my-sourcing-open-${ROW.code}`));
    await screen.findByTestId('quote-form');
    const confirm = async () => {
      fireEvent.click(screen.getByTestId('quote-submit'));
      await waitFor(() => expect(screen.getAllByRole('button', { name: /提\s*交/ }).length).toBeGreaterThan(1));
      fireEvent.click(screen.getAllByRole('button', { name: /提\s*交/ }).at(-1)!);
    };
    await confirm();
    expect(await screen.findByText(/请填写报价有效期/)).toBeTruthy();
    expect(server.calls('POST /srm/sourcing/supplier/quote/submit')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('第1行单价'), { target: { value: '12.50' } });
    expect(screen.getByLabelText<HTMLInputElement>('报价有效期').type).not.toBe('date');
    typeDate(screen.getByLabelText('报价有效期'), '2099-12-31');
    await confirm();
    expect(await screen.findByTestId('quote-receipt')).toBeTruthy();
    expect(screen.getByText('ab12cd34')).toBeTruthy();
    const body = server.calls('POST /srm/sourcing/supplier/quote/submit')[0]!.body as {
      lines: { unitPrice: string; taxRate: string }[];
    };
    expect(body.lines).toEqual([{ sourcingLineId: 'l1', unitPrice: '12.50', taxRate: '13' }]);
  });
  it('an invited supplier declines only with a reason, sent as typed', async () => {
    const server = stub(
      {
        'GET /srm/sourcing/supplier/event/list': () =>
          ok([
            {
              id: 'e1',
              code: ROW.code,
              type: 'RFQ',
              title: '轴承询价',
              status: 'PUBLISHED',
              statusText: '已发布',
              responseStartAt: null,
              responseDeadline: '2099-12-01 17:00:00',
              currency: 'CNY',
              participationStatus: 'INVITED',
              myResponseStatus: null,
              myVersionNo: null,
              mySubmittedAt: null,
            },
          ]),
        'GET /srm/sourcing/supplier/event/queryById': () =>
          ok({ ...EVENT, participation: { status: 'INVITED', declineReason: null, respondedAt: null } }),
        'POST /srm/sourcing/supplier/event/decline': () => ok(null, '已拒绝邀请'),
      },
      ['srm:sourcing:supplier'],
    );
    renderWithProviders(<MySourcingPage />, { route: '/srm/my-sourcing', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`my-sourcing-open-${ROW.code}`));
    expect(screen.queryByTestId('quote-form')).toBeNull();
    fireEvent.click(await screen.findByTestId('my-sourcing-decline'));
    fireEvent.click(await screen.findByRole('button', { name: /确定拒绝/ }));
    expect(await screen.findByText('请填写拒绝原因')).toBeTruthy();
    expect(server.calls('POST /srm/sourcing/supplier/event/decline')).toHaveLength(0);
    fireEvent.change(screen.getByPlaceholderText('拒绝原因（必填）'), { target: { value: '产能已满' } });
    fireEvent.click(screen.getByRole('button', { name: /确定拒绝/ }));
    await waitFor(() => expect(server.calls('POST /srm/sourcing/supplier/event/decline')).toHaveLength(1));
    expect(server.calls('POST /srm/sourcing/supplier/event/decline')[0]!.body).toEqual({
      id: 'e1',
      reason: '产能已满',
    });
  });
});
