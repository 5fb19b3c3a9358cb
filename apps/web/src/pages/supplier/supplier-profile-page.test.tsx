import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { VALID_SUPPLIER_INFO } from '../../test/fixtures';
import { fakeServer, ok, type FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import SupplierProfilePage from './supplier-profile-page';

function setup(profile: unknown, routes: Record<string, FakeHandler> = {}) {
  persistedSession.setDict({
    supplier_main_category: [{ value: 'steel', text: '钢材', title: '钢材', label: '钢材' }],
    srm_supplier_info_status: [{ value: 'APPROVED', text: '已通过', title: '已通过', label: '已通过' }],
  });
  const server = fakeServer({ 'GET /supplierBaseAPI/getSupplier': () => ok(profile), ...routes });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<SupplierProfilePage />, { store: createSessionStore(http) });
  return server;
}

describe('supplier profile page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('describes the supplier with dictionary texts', async () => {
    setup({
      ...VALID_SUPPLIER_INFO,
      id: 's1',
      code: 'S0001',
      status: 'POTENTIAL',
      status_dictText: '潜在供应商',
      infoStatus: 'APPROVED',
    });
    expect(await screen.findByText('S0001')).toBeTruthy();
    expect(screen.getAllByText(VALID_SUPPLIER_INFO.name).length).toBeGreaterThan(0);
    expect(screen.getByText('潜在供应商')).toBeTruthy();
    expect(await screen.findByText('已通过')).toBeTruthy();
    expect(screen.getByText('统一社会信用代码')).toBeTruthy();
    expect(await screen.findByText('钢材')).toBeTruthy();
  });

  it('SST-4: an eliminated supplier re-applies after confirming; the server’s refusal stays shown as a warning', async () => {
    const refusal = '淘汰后须满365天方可重新申请准入，请于2027-11-24起再申请';
    const server = setup(
      { ...VALID_SUPPLIER_INFO, id: 's1', code: 'S0001', status: 'ELIMINATED', infoStatus: 'APPROVED' },
      {
        'POST /supplierBaseAPI/reapply': () => ({
          body: { success: false, code: 500, message: refusal, result: null, timestamp: 0 },
        }),
      },
    );
    fireEvent.click(await screen.findByTestId('supplier-reapply'));
    const dialog = (await screen.findByText('重新申请准入', { selector: '.ant-modal-confirm-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(server.calls('POST /supplierBaseAPI/reapply')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(server.calls('POST /supplierBaseAPI/reapply')).toHaveLength(1));
    expect((await screen.findByTestId('supplier-reapply-refusal')).textContent).toContain(refusal);
  });

  it('SST-4: a supplier that is not eliminated is not offered re-application', async () => {
    setup({ ...VALID_SUPPLIER_INFO, id: 's1', code: 'S0001', status: 'QUALIFIED', infoStatus: 'APPROVED' });
    expect(await screen.findByText('S0001')).toBeTruthy();
    expect(screen.queryByTestId('supplier-reapply')).toBeNull();
  });

  it('shows an empty state when there is no supplier', async () => {
    setup(null);
    expect(await screen.findByText('暂无企业信息')).toBeTruthy();
  });
});
