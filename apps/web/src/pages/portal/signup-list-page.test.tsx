import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import SignupListPage from './signup-list-page';

const SIGNUPS = [
  {
    id: 's1',
    announcementId: 'a1',
    title: '2026年度钢板 Q235 集中采购招标公告',
    code: 'ZB-20261101-0001',
    type: 'tender',
    supplierId: 'sup1',
    supplierName: '华东精密机械有限公司',
    username: 'supplier1',
    realname: '华东精密联系人',
    status: 'SIGNED_UP',
    status_dictText: '已报名',
    createTime: '2026-11-20 10:00:00',
  },
];

describe('报名记录 (SRC-4 sign-ups)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists sign-ups with supplier, account, type and time, and searches by supplier', async () => {
    persistedSession.setToken('tok');
    persistedSession.setButtonAuth([{ action: 'portalPurchase:list', type: '1' }], []);
    const server = fakeServer({
      'GET /portal/signup/list': () => ok({ records: SIGNUPS, total: 1, size: 10, current: 1, pages: 1 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<SignupListPage />, { route: '/portal-admin/signup', store: createSessionStore(http) });
    const table = within(await screen.findByTestId('portal-signup-list'));
    expect(await table.findByText('华东精密机械有限公司')).toBeTruthy();
    expect(table.getByText('招标')).toBeTruthy();
    expect(table.getByText('华东精密联系人（supplier1）')).toBeTruthy();
    expect(table.getByText('已报名')).toBeTruthy();
    expect(table.getByText('2026-11-20 10:00:00')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('请输入供应商'), { target: { value: '华东' } });
    fireEvent.click(
      screen
        .getAllByText(/查\s*询/)
        .map((n) => n.closest('button'))
        .find((b) => b !== null)!,
    );
    await waitFor(() =>
      expect(server.calls('GET /portal/signup/list').at(-1)!.url.searchParams.get('supplierName')).toBe('*华东*'),
    );
  });
});
