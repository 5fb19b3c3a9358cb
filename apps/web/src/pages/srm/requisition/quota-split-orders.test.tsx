import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { persistedSession } from '../../../lib/session-persistence';
import { fakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { missingPrices, type QuotaSplit } from './quota-split-orders';
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

const SPLIT: QuotaSplit = {
  arrangementId: 'qa1',
  arrangementCode: 'QA-20261125-0001',
  status: 'ACTIVE',
  minSplitQty: '20',
  orderMultiple: null,
  qty: '100',
  whole: false,
  parts: [
    {
      supplierId: 's1',
      supplierName: '华东精密机械有限公司',
      quotaPct: 60,
      allocatedQty: '30',
      qty: '60',
      unitPrice: '4550',
      taxRate: '13',
    },
    {
      supplierId: 's2',
      supplierName: '华南钢铁贸易有限公司',
      quotaPct: 40,
      allocatedQty: '20',
      qty: '40',
      unitPrice: null,
      taxRate: '13',
    },
  ],
  skipped: [],
};

const open = async () => {
  renderRequisitionPage();
  await openRequisitionDetail(PR.code);
};

describe('按配额拆分 on the requisition detail (QUO-4, QUO-5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the prices no price record gives', () => {
    expect(missingPrices(SPLIT, {})).toEqual(['请填写供应商“华南钢铁贸易有限公司”的单价和税率']);
    expect(missingPrices(SPLIT, { s2: { unitPrice: '4700', taxRate: '13' } })).toEqual([]);
    expect(missingPrices(SPLIT, { s2: { unitPrice: 'abc', taxRate: '13' } })).toHaveLength(1);
  });

  it('QUO-4: offered on the line whose material has an arrangement in force; shows the split and converts it with the given prices', async () => {
    const server = stub(
      {
        'GET /srm/requisition/queryById': () => ok(PR),
        'GET /srm/order/quotaSplit': (req) => ok(req.url.searchParams.get('requisitionLineId') === 'l1' ? SPLIT : null),
        'POST /srm/order/fromRequisitionByQuota': () =>
          ok(
            { ids: ['o1', 'o2'], arrangementCode: SPLIT.arrangementCode },
            '已按配额 QA-20261125-0001 生成 2 张采购订单草稿',
          ),
      },
      ['srm:requisition:list', 'purchaseOrder:add'],
    );
    await open();
    fireEvent.click(await screen.findByTestId('quota-split-1'));
    // Line 3 has no arrangement; line 2 has nothing left (never asked).
    expect(screen.queryByTestId('quota-split-3')).toBeNull();
    expect(screen.queryByTestId('quota-split-2')).toBeNull();
    expect(
      server
        .calls('GET /srm/order/quotaSplit')
        .map((c) => c.url.searchParams.get('requisitionLineId'))
        .sort(),
    ).toEqual(['l1', 'l3']);
    const modal = await screen.findByTestId('quota-split-modal');
    const parts = within(screen.getByTestId('quota-split-parts'));
    expect(parts.getByText('华东精密机械有限公司')).toBeTruthy();
    expect(parts.getByText('60')).toBeTruthy();
    expect(parts.getByText('4550（价格库）')).toBeTruthy();
    expect(parts.getByText('40')).toBeTruthy();
    fireEvent.click(screen.getByTestId('quota-split-ok'));
    expect(await within(modal).findByText('请填写供应商“华南钢铁贸易有限公司”的单价和税率')).toBeTruthy();
    expect(server.calls('POST /srm/order/fromRequisitionByQuota')).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText('华南钢铁贸易有限公司单价'), { target: { value: '4700' } });
    fireEvent.click(screen.getByTestId('quota-split-ok'));
    await waitFor(() => expect(server.calls('POST /srm/order/fromRequisitionByQuota')).toHaveLength(1));
    expect(server.calls('POST /srm/order/fromRequisitionByQuota')[0]!.body).toEqual({
      requisitionLineId: 'l1',
      prices: [{ supplierId: 's2', unitPrice: '4700', taxRate: '13' }],
    });
    expect(await screen.findByText('已按配额 QA-20261125-0001 生成 2 张采购订单草稿')).toBeTruthy();
  });

  it('QUO-5: a demand below minSplitQty says it goes wholly to one supplier', async () => {
    stub(
      {
        'GET /srm/requisition/queryById': () => ok(PR),
        'GET /srm/order/quotaSplit': (req) =>
          ok(
            req.url.searchParams.get('requisitionLineId') === 'l3'
              ? {
                  ...SPLIT,
                  qty: '5.5',
                  whole: true,
                  parts: [
                    { ...SPLIT.parts[0]!, qty: '5.5' },
                    { ...SPLIT.parts[1]!, qty: '0' },
                  ],
                }
              : null,
          ),
      },
      ['srm:requisition:list', 'purchaseOrder:add'],
    );
    await open();
    fireEvent.click(await screen.findByTestId('quota-split-3'));
    expect(await screen.findByTestId('quota-split-whole')).toBeTruthy();
  });

  it('is not offered without purchaseOrder:add (and the split is never asked)', async () => {
    const server = stub(
      { 'GET /srm/requisition/queryById': () => ok(PR), 'GET /srm/order/quotaSplit': () => ok(SPLIT) },
      ['srm:requisition:list'],
    );
    await open();
    expect(await screen.findByTestId('requisition-lines')).toBeTruthy();
    expect(screen.queryByTestId('quota-split-1')).toBeNull();
    expect(server.calls('GET /srm/order/quotaSplit')).toHaveLength(0);
  });
});
