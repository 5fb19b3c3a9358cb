import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SupplierStatusLogRow } from '@procura/shared';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { StatusLogTable } from './status-log-table';

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (sourceDocType: string | null): SupplierStatusLogRow => ({
  id: `l-${sourceDocType ?? 'none'}`,
  at: '2026-12-01 10:00:00',
  scope: 'COMPANY',
  categoryCode: null,
  fromStatus: 'POTENTIAL',
  toStatus: 'QUALIFIED',
  reason: null,
  sourceDocType,
  sourceDocId: 's1',
  actorName: '王敏',
  actorKind: 'INTERNAL',
});

describe('the supplier status log', () => {
  it('names the source document in words, not its code', async () => {
    vi.stubGlobal('fetch', fakeServer({ 'GET /sys/dict/getDictItems/srm_supplier_status': () => ok([]) }).fetch);
    renderWithProviders(<StatusLogTable rows={[row('SUPPLIER_INFO'), row('BLACKLIST_REQUEST')]} loading={false} />, {
      store: createSessionStore(http),
    });
    const table = await screen.findByTestId('status-log-table');
    expect(within(table).getByText('供应商信息审核')).toBeTruthy();
    expect(within(table).getByText('列入黑名单申请')).toBeTruthy();
    expect(table.textContent).not.toMatch(/SUPPLIER_INFO|BLACKLIST_REQUEST/);
  });
});
