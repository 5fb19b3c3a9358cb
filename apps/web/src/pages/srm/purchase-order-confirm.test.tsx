import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { dayCell, typeDate } from '../../test/dates';
import { fail, fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { OrderConfirmModal, promiseReasonRule } from './purchase-order-confirm';

const line = (lineNo: number, needByDate: string, lineStatus = 'OPEN') => ({
  id: `l${lineNo}`,
  lineNo,
  materialName: `物料${lineNo}`,
  qty: '200',
  unit: '吨',
  needByDate,
  lineStatus,
});

function renderConfirm(routes: Parameters<typeof fakeServer>[0]) {
  persistedSession.setToken('tok');
  const server = fakeServer({
    'GET /srm/order/lines': () =>
      ok([line(1, '2099-03-01'), line(2, '2099-04-01'), line(3, '2099-05-01', 'CANCELLED')]),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  const onDone = vi.fn();
  renderWithProviders(
    <OrderConfirmModal record={{ id: 'po1', code: 'PO-1', status: 'SENT' }} open onClose={() => {}} onDone={onDone} />,
    { store: createSessionStore(http) },
  );
  return { server, onDone };
}

/** 确认订单 (PO-5): promised dates per line, a reason when later than needed. */
describe('OrderConfirmModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('PO-5: a date later than needed takes a reason', () => {
    expect(promiseReasonRule('2099-03-01', '2099-03-01', '')).toBeNull();
    expect(promiseReasonRule('2099-03-01', '2099-02-20', undefined)).toBeNull();
    expect(promiseReasonRule('2099-03-01', '2099-03-02', ' ')).toBe('承诺交期晚于需求日期 2099-03-01，请填写原因');
    expect(promiseReasonRule('2099-03-01', '2099-03-02', '原料紧张')).toBeNull();
  });

  it('PO-5: each open line defaults to its needed date; a later one needs its reason beside it, then all are posted', async () => {
    const { server, onDone } = renderConfirm({ 'POST /srm/order/confirm': () => ok(null, '订单已确认') });
    const first = await screen.findByLabelText<HTMLInputElement>('第1行承诺交期');
    expect(first.value).toBe('2099-03-01');
    expect(first.type).not.toBe('date');
    expect(screen.getByLabelText<HTMLInputElement>('第2行承诺交期').value).toBe('2099-04-01');
    expect(screen.queryByTestId('order-confirm-line-3')).toBeNull();
    // A day before today cannot be picked (antd zh_CN picker).
    typeDate(first, '2000-01-03');
    await waitFor(() => expect(dayCell('2000-01-03')?.className).toContain('ant-picker-cell-disabled'));
    typeDate(first, '2099-03-10');
    fireEvent.click(screen.getByTestId('order-confirm-submit'));
    const row1 = within(screen.getByTestId('order-confirm-line-1'));
    expect(await row1.findByText('承诺交期晚于需求日期 2099-03-01，请填写原因')).toBeTruthy();
    expect(within(screen.getByTestId('order-confirm-line-2')).queryByText(/请填写原因/)).toBeNull();
    expect(server.calls('POST /srm/order/confirm')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('order-confirm-reason-1'), { target: { value: '原料紧张' } });
    await waitFor(() => expect(row1.queryByText(/请填写原因/)).toBeNull());
    fireEvent.click(screen.getByTestId('order-confirm-submit'));
    await waitFor(() => expect(server.calls('POST /srm/order/confirm')).toHaveLength(1));
    expect(server.calls('POST /srm/order/confirm')[0]!.body).toEqual({
      id: 'po1',
      promises: [
        { lineId: 'l1', promisedDate: '2099-03-10', reason: '原料紧张' },
        { lineId: 'l2', promisedDate: '2099-04-01' },
      ],
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it("the server's refusal is shown and the dialog stays open", async () => {
    const { onDone } = renderConfirm({
      'POST /srm/order/confirm': () => fail(400, '第1行的承诺交期不能早于今天', 400),
    });
    await screen.findByLabelText('第1行承诺交期');
    fireEvent.click(screen.getByTestId('order-confirm-submit'));
    expect(await screen.findByText('第1行的承诺交期不能早于今天')).toBeTruthy();
    expect(screen.getByTestId('order-confirm-form')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
