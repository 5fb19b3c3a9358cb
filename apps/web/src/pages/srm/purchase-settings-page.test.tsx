import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fail, fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import PurchaseSettingsPage from './purchase-settings-page';

const SETTINGS = [
  {
    key: 'rfq.minQuotes',
    label: '最少有效报价数',
    group: '询价',
    type: 'int',
    dict: null,
    value: 3,
    defaultValue: 3,
    isDefault: true,
    updatedBy: null,
    updatedAt: null,
  },
  {
    key: 'quota.presets',
    label: '配额预设比例',
    group: '配额',
    type: 'json',
    dict: null,
    value: { 2: [70, 30] },
    defaultValue: { 2: [70, 30] },
    isDefault: true,
    updatedBy: null,
    updatedAt: null,
  },
];

function setup(save: () => ReturnType<typeof ok>) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth([{ action: 'purchaseSetting:edit', type: '1' }], []);
  const server = fakeServer({
    'GET /srm/purchaseSetting/list': () => ok(SETTINGS),
    'POST /srm/purchaseSetting/save': save,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<PurchaseSettingsPage />, { route: '/base/purchaseSetting', store: createSessionStore(http) });
  return server;
}

describe('采购设置 (§21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives every column a width (long labels and values no longer squeeze the others to one character)', async () => {
    setup(() => ok(null));
    await screen.findByText('最少有效报价数');
    const cols = [...screen.getByTestId('purchase-settings-table').querySelectorAll('colgroup col')];
    expect(cols.length).toBeGreaterThanOrEqual(7);
    for (const col of cols) expect((col as HTMLElement).style.width).toMatch(/px$/);
  });

  it('refuses text that is not JSON before sending, and shows the server refusal of a bad value', async () => {
    const server = setup(() => fail(400, '配额预设比例：每个配额方案的供应商数量与比例个数一致，且比例合计为 100'));
    fireEvent.click(await screen.findByTestId('setting-edit-quota.presets'));
    fireEvent.change(await screen.findByTestId('setting-value'), { target: { value: '{2: [60' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入正确的 JSON')).toBeTruthy();
    expect(server.calls('POST /srm/purchaseSetting/save')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('setting-value'), { target: { value: '{"2": [60, 30]}' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(/比例合计为 100/)).toBeTruthy();
    expect(server.calls('POST /srm/purchaseSetting/save')[0]!.body).toEqual({
      key: 'quota.presets',
      value: { 2: [60, 30] },
    });
  });

  it('saves a valid value and reloads the list', async () => {
    const server = setup(() => ok(null, '保存成功'));
    fireEvent.click(await screen.findByTestId('setting-edit-quota.presets'));
    fireEvent.change(await screen.findByTestId('setting-value'), { target: { value: '{"2": [60, 40]}' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.calls('GET /srm/purchaseSetting/list')).toHaveLength(2));
  });
});
