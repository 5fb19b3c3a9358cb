import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sampleRequestResource, type ResourceDef } from '@procura/shared';
import { codes, page, setup } from './resource-page-harness';
import { ok } from '../test/fake-server';
import { userInfo } from '../test/fixtures';
import { persistedSession } from '../lib/session-persistence';

/** The generic page of a workflow document (issue 17): status tabs with counts, detail buttons, timeline, print view. */
const record = {
  id: 'id-1',
  code: 'SMP-20261203-0001',
  supplierId: 's1',
  supplierName: '华东精密机械有限公司',
  materialName: '六角螺栓 M8',
  purpose: 'ADMISSION',
  qty: '7',
  unit: 'PCS',
  requiredBy: '2026-12-10',
  receiveAddress: '上海市浦东新区张江路1号',
  status: 'SENT',
  status_dictText: '已发送',
  createBy: 'buyer',
  createTime: '2026-12-03 09:00:00',
};
const SUPPLIER = codes('sampleRequest', ['list', 'export', 'confirm', 'refuse', 'ship']);
const COUNTS = {
  DRAFT: 0,
  SENT: 2,
  CONFIRMED: 1,
  REFUSED: 0,
  SHIPPED: 0,
  RECEIVED: 0,
  TESTED: 0,
  CLOSED: 0,
  CANCELLED: 3,
};

function open(def: ResourceDef = sampleRequestResource, values: Record<string, unknown> = record) {
  return setup(
    def,
    {
      'GET /srm/sampleRequest/list': () => page([values]),
      'GET /srm/sampleRequest/statusCount': () => ok(COUNTS),
      'GET /srm/sampleRequest/queryById': () => ok(values),
      'GET /srm/sampleRequest/logs': () =>
        ok([
          {
            id: 'l1',
            action: 'send',
            fromStatus: 'DRAFT',
            toStatus: 'SENT',
            actorName: '采购员',
            actorKind: 'INTERNAL',
            reason: null,
            at: '2026-12-03 09:05:00',
            sourceDocType: null,
            sourceDocId: null,
          },
        ]),
    },
    SUPPLIER,
  );
}

describe('a workflow document on the generic page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows 全部 and one tab per state with its count; a tab narrows the list, never the counts', async () => {
    const { server, lastList } = open();
    const tabs = await screen.findByTestId('status-tabs');
    expect(await within(tabs).findByText('全部 (6)')).toBeTruthy();
    expect(within(tabs).getByText('已发送 (2)')).toBeTruthy();
    expect(within(tabs).getByText('已取消 (3)')).toBeTruthy();
    expect(within(tabs).getByText('草稿 (0)')).toBeTruthy();
    fireEvent.click(within(tabs).getByText('已发送 (2)'));
    await waitFor(() => expect(lastList().get('status')).toBe('SENT'));
    for (const call of server.calls('GET /srm/sampleRequest/statusCount'))
      expect(call.url.searchParams.get('status')).toBeNull();
  });

  it('a supplier gets no tab for the states it never sees (X-5: no 草稿)', async () => {
    persistedSession.setUserInfo(userInfo({ username: 'supplier1', userType: 2, supplierId: 's1' }));
    try {
      open();
      const tabs = await screen.findByTestId('status-tabs');
      expect(await within(tabs).findByText('已发送 (2)')).toBeTruthy();
      expect(within(tabs).queryByText(/草稿/)).toBeNull();
    } finally {
      persistedSession.clear();
    }
  });

  it('the detail offers the transitions of the state, the timeline, and a print view with header and fields', async () => {
    open();
    fireEvent.click(await screen.findByText('详情'));
    const detail = await screen.findByTestId('workflow-detail');
    expect(within(detail).getByTestId('detail-sample-confirm').textContent).toContain('确认送样');
    expect(within(detail).getByTestId('detail-sample-refuse')).toBeTruthy();
    expect(within(detail).queryByTestId('detail-sample-ship')).toBeNull();
    expect(await within(detail).findByText(/采购员 发送/)).toBeTruthy();
    fireEvent.click(within(detail).getByTestId('detail-print'));
    const sheet = await screen.findByTestId('print-sheet');
    expect(within(sheet).getByTestId('print-header').textContent).toContain('单号：SMP-20261203-0001');
    expect(within(sheet).getByTestId('print-header').textContent).toContain('状态：已发送');
    const qty = within(within(sheet).getByTestId('print-fields')).getByText('样品数量').closest('tr')!;
    expect(qty.textContent).toContain('7');
  });

  it('a definition naming an amount field prints the amount in Chinese capitals', async () => {
    // A document with an amount (orders, invoices…): the sample's definition, its quantity read as the amount.
    const def: ResourceDef = {
      ...sampleRequestResource,
      workflow: { ...sampleRequestResource.workflow!, amountField: 'qty' },
    };
    open(def, { ...record, qty: '1234.50' });
    fireEvent.click(await screen.findByText('详情'));
    fireEvent.click(await screen.findByTestId('detail-print'));
    expect((await screen.findByTestId('print-amount-capital')).textContent).toBe('壹仟贰佰叁拾肆元伍角');
  });
});
