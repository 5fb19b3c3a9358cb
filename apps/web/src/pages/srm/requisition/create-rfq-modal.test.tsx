import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { persistedSession } from '../../../lib/session-persistence';
import { fakeServer, fail, ok, type FakeHandler } from '../../../test/fake-server';
import { rfqPickErrors } from './create-rfq-modal';
import { openRequisitionDetail, renderRequisitionPage, requisitionPageRoutes } from './requisition-test-page';
import type { RequisitionDetail, RequisitionLineRow } from './requisition-api';

const line = (id: string, lineNo: number, extra: Partial<RequisitionLineRow>): RequisitionLineRow => ({
  id,
  lineNo,
  materialId: 'm1',
  materialCode: 'EL000001',
  materialName: '六角螺栓',
  description: null,
  spec: null,
  categoryId: 'c1',
  categoryName: '紧固件',
  qty: '100',
  unit: 'PCS',
  needByDate: '2099-01-01',
  estimatedUnitPrice: null,
  amount: '0.00',
  suggestedSupplierId: null,
  suggestedSupplierName: null,
  suggestionReason: null,
  deliveryPlace: null,
  qtyInSourcing: '0',
  qtyOrdered: '0',
  qtyCancelled: '0',
  qtyRemaining: '100',
  lineStatus: 'OPEN',
  lineStatus_dictText: '待处理',
  remark: null,
  ...extra,
});
const PR = {
  id: 'r1',
  code: 'PR-20261125-0001',
  title: '二季度钢材采购',
  status: 'PARTIALLY_PROCESSED',
  status_dictText: '部分处理',
  purchaseType: 'GOODS',
  urgency: 'NORMAL',
  budgetAmount: '0.00',
  currency: 'CNY',
  requesterName: '采购员',
  departmentCode: null,
  submittedAt: null,
  createTime: '2026-11-25 09:00:00',
  version: 3,
  urgentReason: null,
  reason: null,
  deliveryPlace: null,
  buyerId: null,
  buyerName: null,
  approvedAt: '2026-11-25 10:00:00',
  cancelledAt: null,
  cancelReason: null,
  remark: null,
  lines: [
    line('l1', 1, { qty: '100', qtyRemaining: '100' }),
    line('l2', 2, {
      materialName: '法兰',
      qty: '20',
      qtyInSourcing: '20',
      qtyRemaining: '0',
      lineStatus: 'IN_SOURCING',
    }),
    line('l3', 3, { materialName: '垫片', qty: '5.5', qtyRemaining: '5.5' }),
  ],
  approval: null,
  approvalHistory: [],
  logs: [],
} as unknown as RequisitionDetail;

function stub(routes: Record<string, FakeHandler>, auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({ ...requisitionPageRoutes([PR as unknown as Record<string, unknown>]), ...routes });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

describe('创建询价 from a requisition (PR-3, PR-6a)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the picked quantities against what is left', () => {
    expect(rfqPickErrors([])).toEqual(['请至少选择一行']);
    expect(
      rfqPickErrors([
        { lineNo: 1, qty: '100', remaining: '100' },
        { lineNo: 3, qty: '5.5', remaining: '5.5' },
      ]),
    ).toEqual([]);
    expect(rfqPickErrors([{ lineNo: 1, qty: '100.0001', remaining: '100' }])).toEqual([
      '第1行询价数量不能超过剩余数量 100',
    ]);
    expect(
      rfqPickErrors([
        { lineNo: 1, qty: '0', remaining: '100' },
        { lineNo: 2, qty: 'abc', remaining: '1' },
      ]),
    ).toEqual(['第1行询价数量必须大于0（最多4位小数）', '第2行询价数量必须大于0（最多4位小数）']);
  });

  it('offers the lines with quantity left, refuses too much before sending, sends the links and opens the draft in 询价管理, closing itself and the detail first', async () => {
    const server = stub(
      {
        'GET /srm/requisition/queryById': () => ok(PR),
        'POST /srm/sourcing/event/fromRequisition': () => ok({ id: 'e9' }, '已由采购申请创建询价单草稿'),
      },
      ['srm:requisition:list', 'srm:sourcing:add'],
    );
    renderRequisitionPage();
    await openRequisitionDetail(PR.code);
    fireEvent.click(await screen.findByTestId('detail-requisition-create-rfq'));
    const modal = await screen.findByTestId('create-rfq');
    // The fully reserved line 2 is not offered.
    expect(within(modal).queryByText('EL000001 法兰')).toBeNull();
    expect(within(modal).getByText('EL000001 垫片')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('第1行询价数量'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('create-rfq-submit'));
    expect((await screen.findByTestId('create-rfq-errors')).textContent).toContain('第1行询价数量不能超过剩余数量 100');
    expect(server.calls('POST /srm/sourcing/event/fromRequisition')).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText('第1行询价数量'), { target: { value: '60' } });
    // Fixed, the error goes at once (issue 19 item 10: no stale red message before the next submit).
    expect(screen.queryByTestId('create-rfq-errors')).toBeNull();
    fireEvent.click(screen.getByTestId('create-rfq-submit'));
    await waitFor(() => expect(server.calls('POST /srm/sourcing/event/fromRequisition')).toHaveLength(1));
    expect(server.calls('POST /srm/sourcing/event/fromRequisition')[0]!.body).toEqual({
      title: '二季度钢材采购 询价',
      lines: [
        { requisitionLineId: 'l1', qty: '60' },
        { requisitionLineId: 'l3', qty: '5.5' },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/srm/sourcing?open=e9'));
    // The requisition page stays alive in its tab: its dialog must not cover 询价管理.
    await waitFor(() => expect(screen.queryByTestId('create-rfq')).toBeNull());
  });

  it('shows a server refusal and stays', async () => {
    stub(
      {
        'GET /srm/requisition/queryById': () => ok(PR),
        'POST /srm/sourcing/event/fromRequisition': () =>
          fail(200, '采购申请 PR-20261125-0001 第1行询价数量 100 超过剩余可用数量 40', 500),
      },
      ['srm:requisition:list', 'srm:sourcing:add'],
    );
    renderRequisitionPage();
    await openRequisitionDetail(PR.code);
    fireEvent.click(await screen.findByTestId('detail-requisition-create-rfq'));
    fireEvent.click(await screen.findByTestId('create-rfq-submit'));
    expect(await screen.findByText('采购申请 PR-20261125-0001 第1行询价数量 100 超过剩余可用数量 40')).toBeTruthy();
    // Still on the requisition, its detail open (in the address).
    expect(screen.getByTestId('location').textContent).toBe('/srm/requisition?open=r1');
  });

  it('is not offered without srm:sourcing:add', async () => {
    stub({ 'GET /srm/requisition/queryById': () => ok(PR) }, ['srm:requisition:list']);
    renderRequisitionPage();
    await openRequisitionDetail(PR.code);
    expect(screen.queryByTestId('detail-requisition-create-rfq')).toBeNull();
    expect(screen.getByTestId('detail-print')).toBeTruthy();
  });
});
