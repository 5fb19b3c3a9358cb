import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { AwardFollowUp, ORDER_PAGE, type AwardSupplierFollowUp } from './award-follow-up';

const SUPPLIER: AwardSupplierFollowUp = {
  supplierId: 's1',
  supplierName: '华东精密机械有限公司',
  lines: [
    {
      id: 'al1',
      lineNo: 1,
      materialName: '六角螺栓',
      qty: '10',
      unitPrice: '98',
      taxRate: '13',
      qtyOrdered: '4',
      remaining: '6',
    },
  ],
  contract: { id: 'c1', code: 'CT-20261125-0001', status: 'DRAFT' },
  orders: [{ id: 'o1', code: 'PO-20261125-0001', status: 'DRAFT' }],
  contractDraft: { title: '螺栓询价（华东精密机械有限公司）', supplierId: 's1', sourceAwardId: 'a1' },
  canOrder: true,
};

function stub(auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({
    'GET /srm/contract/awardFollowUp': () => ok({ awardId: 'a1', code: 'AW-1', suppliers: [SUPPLIER] }),
    'POST /srm/order/fromAward': () => ok({ id: 'o2' }, '已生成采购订单草稿'),
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const open = () =>
  renderWithProviders(<AwardFollowUp awardId="a1" />, { route: '/srm/sourcing', store: createSessionStore(http) });

describe('the award follow-up panel (生成合同 / 生成订单, CON-1, PO-3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('order rights only: 生成订单 and the orders, no 生成合同 and no contract link', async () => {
    const server = stub(['purchaseOrder:list', 'purchaseOrder:add']);
    open();
    const card = within(await screen.findByTestId('award-follow-up-s1'));
    expect(card.getByText('订单 PO-20261125-0001')).toBeTruthy();
    expect(card.queryByText('合同 CT-20261125-0001')).toBeNull();
    expect(card.queryByTestId('award-make-contract')).toBeNull();
    fireEvent.click(card.getByTestId('award-make-order'));
    await waitFor(() => expect(server.calls('POST /srm/order/fromAward')).toHaveLength(1));
    expect(server.calls('POST /srm/order/fromAward')[0]!.body).toEqual({ awardId: 'a1', supplierId: 's1' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`${ORDER_PAGE}?open=o2`));
  });

  it('contract rights only: 生成合同 and the contract, no 生成订单 and no order links', async () => {
    stub(['contract:list', 'contract:add']);
    open();
    const card = within(await screen.findByTestId('award-follow-up-s1'));
    expect(card.getByTestId('award-make-contract')).toBeTruthy();
    expect(card.getByText('合同 CT-20261125-0001')).toBeTruthy();
    expect(card.queryByTestId('award-make-order')).toBeNull();
    expect(card.queryByText('订单 PO-20261125-0001')).toBeNull();
  });

  it('list rights without the add rights: the documents are linked, no button', async () => {
    stub(['contract:list', 'purchaseOrder:list']);
    open();
    const card = within(await screen.findByTestId('award-follow-up-s1'));
    expect(card.getByText('合同 CT-20261125-0001')).toBeTruthy();
    expect(card.getByText('订单 PO-20261125-0001')).toBeTruthy();
    expect(card.queryByTestId('award-make-contract')).toBeNull();
    expect(card.queryByTestId('award-make-order')).toBeNull();
  });
});
