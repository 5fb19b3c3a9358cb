import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { persistedSession } from '../../../lib/session-persistence';
import { fail, fakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import SourcingListPage from './sourcing-list-page';
import MySourcingPage from './my-sourcing-page';
import { awardErrors, quoteErrors, type EventRow, type MyEventDetail } from './sourcing-api';

const ROW: EventRow = { id: 'e1', code: 'RFQ-20261125-0001', type: 'RFQ', method: 'RFQ', title: '轴承询价', visibility: 'INVITED', status: 'PUBLISHED', statusText: '已发布', responseDeadline: '2026-12-01 17:00:00', awardMode: 'SINGLE', sealed: 1, publishedAt: null, openedAt: null, createTime: '2026-11-25 09:00:00' };

function stub(routes: Record<string, FakeHandler>, auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(auth.map((action) => ({ action, type: '1' })), []);
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

describe('询价管理 (domain §10)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists RFQs with status tags; the search sends the title and status and only RFQs', async () => {
    const server = stub({ 'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }) }, ['srm:sourcing:list']);
    renderWithProviders(<SourcingListPage />, { route: '/srm/sourcing', store: createSessionStore(http) });
    expect(await screen.findByText(ROW.code)).toBeTruthy();
    expect(within(screen.getByTestId('sourcing-table')).getByText('已发布')).toBeTruthy();
    fireEvent.change(within(screen.getByTestId('sourcing-search')).getByLabelText('标题'), { target: { value: '轴承' } });
    fireEvent.click(within(screen.getByTestId('sourcing-search')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(server.calls('GET /srm/sourcing/event/list').some((c) => c.url.searchParams.get('title') === '轴承')).toBe(true));
    expect(server.calls('GET /srm/sourcing/event/list').at(-1)!.url.searchParams.get('type')).toBe('RFQ');
  });

  it('shows the empty state', async () => {
    stub({ 'GET /srm/sourcing/event/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }) }, ['srm:sourcing:list']);
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

describe('award form share check (RFQ-10)', () => {
  const lines = [{ id: 'l1', lineNo: 1 }, { id: 'l2', lineNo: 2 }];
  it('split by quantity: shares per line must sum to 100%', () => {
    expect(awardErrors('SPLIT_BY_QTY', lines, [
      { sourcingLineId: 'l1', lineNo: 1, supplierId: 's1', sharePct: 60 },
      { sourcingLineId: 'l1', lineNo: 1, supplierId: 's2', sharePct: 40 },
      { sourcingLineId: 'l2', lineNo: 2, supplierId: 's1', sharePct: 100 },
    ])).toEqual([]);
    expect(awardErrors('SPLIT_BY_QTY', lines, [
      { sourcingLineId: 'l1', lineNo: 1, supplierId: 's1', sharePct: 60 },
      { sourcingLineId: 'l1', lineNo: 1, supplierId: 's2', sharePct: 30 },
      { sourcingLineId: 'l2', lineNo: 2, supplierId: 's1', sharePct: 100 },
    ])).toEqual(['第1行份额合计须为100%（当前90%，RFQ-10）']);
  });
  it('every line is awarded; a single award has one supplier', () => {
    expect(awardErrors('SPLIT_BY_LINE', lines, [{ sourcingLineId: 'l1', lineNo: 1, supplierId: 's1' }])).toEqual(['第2行未选择中标供应商（RFQ-10）']);
    expect(awardErrors('SINGLE', lines, [{ sourcingLineId: 'l1', lineNo: 1, supplierId: 's1' }, { sourcingLineId: 'l2', lineNo: 2, supplierId: 's2' }])).toContain('整单授予只能选择一家中标供应商');
  });
});

describe('quote form validation (domain §10)', () => {
  it('needs a validity date, at least one priced line, numeric price and a tax rate', () => {
    expect(quoteErrors([{ sourcingLineId: 'l1', lineNo: 1, unitPrice: '', taxRate: '13' }], undefined, '2026-11-25')).toEqual(['请填写报价有效期', '请至少报价一行']);
    expect(quoteErrors([{ sourcingLineId: 'l1', lineNo: 1, unitPrice: 'abc', taxRate: '' }], '2026-11-24', '2026-11-25')).toEqual(['报价有效期不能早于今天', '第1行单价必须是不小于0的数字', '第1行请填写税率']);
    expect(quoteErrors([{ sourcingLineId: 'l1', lineNo: 1, unitPrice: '12.50', taxRate: '13', leadTimeDays: 7 }], '2026-12-31', '2026-11-25')).toEqual([]);
  });

  const EVENT: MyEventDetail = {
    id: 'e1', code: ROW.code, title: '轴承询价', currency: 'CNY', status: 'PUBLISHED', statusText: '已发布', responseStartAt: null, responseDeadline: '2099-12-01 17:00:00', allowRevision: 1, allowWithdraw: 1, contactName: null, contactPhone: null, content: null,
    lines: [{ id: 'l1', lineNo: 1, materialId: null, materialCode: null, materialName: '深沟球轴承', spec: '6204', qty: '100', unit: '个', needByDate: null, deliveryPlace: null, targetPrice: null, remark: null }],
    participation: { status: 'ACCEPTED', declineReason: null, respondedAt: null },
    responses: [],
  };

  it('the supplier page refuses an unpriced quote without calling the server, then submits and shows the receipt (server time + hash)', async () => {
    const server = stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([{ id: 'e1', code: ROW.code, title: '轴承询价', status: 'PUBLISHED', statusText: '已发布', responseStartAt: null, responseDeadline: '2099-12-01 17:00:00', currency: 'CNY', participationStatus: 'ACCEPTED', myResponseStatus: null, myVersionNo: null, mySubmittedAt: null }]),
      'GET /srm/sourcing/supplier/event/queryById': () => ok(EVENT),
      'POST /srm/sourcing/supplier/quote/submit': () => ok({ responseId: 'r1', code: 'RSP-1', versionNo: 1, submittedAt: '2026-11-25 11:00:00', serverTime: '2026-11-25T03:00:00.000Z', payloadHash: 'ab12cd34' }, '报价已提交'),
    }, ['srm:sourcing:supplier']);
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
    fireEvent.change(screen.getByLabelText('报价有效期'), { target: { value: '2099-12-31' } });
    await confirm();
    expect(await screen.findByTestId('quote-receipt')).toBeTruthy();
    expect(screen.getByText('ab12cd34')).toBeTruthy();
    const body = server.calls('POST /srm/sourcing/supplier/quote/submit')[0]!.body as { lines: { unitPrice: string; taxRate: string }[] };
    expect(body.lines).toEqual([{ sourcingLineId: 'l1', unitPrice: '12.50', taxRate: '13' }]);
  });
});
