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
  {
    key: 'tender.minBidPeriodDays',
    label: '最短投标期(天)',
    group: '招标',
    type: 'json',
    dict: null,
    value: { mandatory: 20, other: 5 },
    defaultValue: { mandatory: 20, other: 5 },
    isDefault: true,
    updatedBy: null,
    updatedAt: null,
  },
  {
    key: 'contract.templates',
    label: '合同文本模板',
    group: '合同',
    type: 'json',
    dict: null,
    value: { STANDARD: '<h2>{{title}}</h2>', FRAMEWORK: '<p>框架</p>', SERVICE: '' },
    defaultValue: { STANDARD: '', FRAMEWORK: '', SERVICE: '' },
    isDefault: false,
    updatedBy: 'admin',
    updatedAt: '2026-12-01 10:00:00',
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

  it('shows structured values in words and edits quota presets as rows: a wrong sum is refused before sending', async () => {
    const server = setup(() => ok(null, '保存成功'));
    expect(await screen.findByText('2家：70/30')).toBeTruthy();
    expect(screen.getByTestId('purchase-settings-table').textContent).not.toContain('{');
    fireEvent.click(screen.getByTestId('setting-edit-quota.presets'));
    const second = await screen.findByLabelText('方案1第2家比例');
    expect(screen.queryByRole('textbox', { name: /json/i })).toBeNull();
    fireEvent.change(second, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('每个配额方案的供应商数量与比例个数一致，且比例合计为 100')).toBeTruthy();
    expect(server.calls('POST /srm/purchaseSetting/save')).toHaveLength(0);
    // A second preset of three suppliers, then one more share for it.
    fireEvent.change(second, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: /添加方案/ }));
    fireEvent.click(screen.getAllByRole('button', { name: /加一家/ })[1]!);
    fireEvent.change(screen.getByLabelText('方案2第1家比例'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('方案2第2家比例'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('方案2第3家比例'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.calls('POST /srm/purchaseSetting/save')).toHaveLength(1));
    expect(server.calls('POST /srm/purchaseSetting/save')[0]!.body).toEqual({
      key: 'quota.presets',
      value: { 2: [70, 30], 3: [50, 30, 20] },
    });
    await waitFor(() => expect(server.calls('GET /srm/purchaseSetting/list')).toHaveLength(2));
  });

  it('edits a setting of named parts with numbers and switches; the statutory minimum is refused in Chinese', async () => {
    const server = setup(() => ok(null, '保存成功'));
    fireEvent.click(await screen.findByTestId('setting-edit-tender.minBidPeriodDays'));
    const mandatory = await screen.findByLabelText('依法必须招标的项目');
    fireEvent.change(mandatory, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('依法必须招标的项目不少于20天')).toBeTruthy();
    expect(server.calls('POST /srm/purchaseSetting/save')).toHaveLength(0);
    fireEvent.change(mandatory, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.calls('POST /srm/purchaseSetting/save')).toHaveLength(1));
    expect(server.calls('POST /srm/purchaseSetting/save')[0]!.body).toEqual({
      key: 'tender.minBidPeriodDays',
      value: { mandatory: 25, other: 5 },
    });
  });

  it('shows the contract templates in words (no HTML or JSON) and edits each type in its own text area', async () => {
    const server = setup(() => ok(null, '保存成功'));
    expect(
      await screen.findByText('标准采购合同：已设置（18字）；框架协议：已设置（9字）；服务合同：未设置'),
    ).toBeTruthy();
    expect(screen.getByTestId('purchase-settings-table').textContent).not.toContain('<h2>');
    fireEvent.click(screen.getByTestId('setting-edit-contract.templates'));
    const service = await screen.findByLabelText('服务合同');
    expect((screen.getByLabelText('标准采购合同') as HTMLTextAreaElement).value).toBe('<h2>{{title}}</h2>');
    fireEvent.change(service, { target: { value: '<p>服务</p>' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.calls('POST /srm/purchaseSetting/save')).toHaveLength(1));
    expect(server.calls('POST /srm/purchaseSetting/save')[0]!.body).toEqual({
      key: 'contract.templates',
      value: { STANDARD: '<h2>{{title}}</h2>', FRAMEWORK: '<p>框架</p>', SERVICE: '<p>服务</p>' },
    });
  });

  it('shows the server refusal of a value', async () => {
    setup(() => fail(400, '最少有效报价数：不能大于100'));
    fireEvent.click(await screen.findByTestId('setting-edit-rfq.minQuotes'));
    fireEvent.click(await screen.findByRole('button', { name: /保\s*存/ }));
    expect((await screen.findAllByText('最少有效报价数：不能大于100')).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
