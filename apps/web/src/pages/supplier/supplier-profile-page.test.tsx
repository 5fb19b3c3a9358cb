import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { VALID_SUPPLIER_INFO } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import SupplierProfilePage from './supplier-profile-page';

function setup(profile: unknown) {
  persistedSession.setDict({
    supplier_main_category: [{ value: 'steel', text: '钢材', title: '钢材', label: '钢材' }],
    srm_supplier_info_status: [{ value: 'APPROVED', text: '已通过', title: '已通过', label: '已通过' }],
  });
  vi.stubGlobal('fetch', fakeServer({ 'GET /supplierBaseAPI/getSupplier': () => ok(profile) }).fetch);
  renderWithProviders(<SupplierProfilePage />, { store: createSessionStore(http) });
}

describe('supplier profile page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('describes the supplier with dictionary texts', async () => {
    setup({ ...VALID_SUPPLIER_INFO, id: 's1', code: 'S0001', status: 'POTENTIAL', status_dictText: '潜在供应商', infoStatus: 'APPROVED' });
    expect(await screen.findByText('S0001')).toBeTruthy();
    expect(screen.getAllByText(VALID_SUPPLIER_INFO.name).length).toBeGreaterThan(0);
    expect(screen.getByText('潜在供应商')).toBeTruthy();
    expect(await screen.findByText('已通过')).toBeTruthy();
    expect(screen.getByText('统一社会信用代码')).toBeTruthy();
    expect(await screen.findByText('钢材')).toBeTruthy();
  });

  it('shows an empty state when there is no supplier', async () => {
    setup(null);
    expect(await screen.findByText('暂无企业信息')).toBeTruthy();
  });
});
