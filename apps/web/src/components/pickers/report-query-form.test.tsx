import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import type { ReportQueryItem } from './report-api';
import { ReportPopupModal } from './report-popup-modal';

const ID = 'b'.repeat(32);
// As getQueryInfo answers them: the third and later items are hidden ('1').
const ITEMS: ReportQueryItem[] = [
  { field: 'name', label: '部门名称', view: 'string', mode: 'single' },
  { field: 'sort_no', label: '排序', view: 'integer', mode: 'group' },
  { field: 'code', label: '部门编码', view: 'string', mode: 'single', hidden: '1' },
];

function serve() {
  const server = fakeServer({
    'GET /online/cgreport/api/getRpColumns/demo_depart': () =>
      ok({
        cgRpConfigId: ID,
        cgRpConfigName: '部门列表',
        dictOptions: {},
        columns: [
          { title: '部门编码', dataIndex: 'code' },
          { title: '部门名称', dataIndex: 'name' },
        ],
      }),
    [`GET /online/cgreport/api/getQueryInfo/${ID}`]: () => ok(ITEMS),
    [`GET /online/cgreport/api/getData/${ID}`]: () => ok({ records: [{ code: 'A01', name: '总公司' }], total: 1 }),
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const lastQuery = (server: ReturnType<typeof serve>) =>
  Object.fromEntries(server.calls(`GET /online/cgreport/api/getData/${ID}`).at(-1)!.url.searchParams);
const open = () =>
  renderWithProviders(<ReportPopupModal code="demo_depart" open onOk={vi.fn()} onCancel={vi.fn()} />, {
    store: createSessionStore(http),
  });

describe('the report popup search', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a range item as one from–to pair bound to <field>_begin and <field>_end', async () => {
    const server = serve();
    const user = userEvent.setup();
    open();
    const pair = await screen.findByTestId('report-range-sort_no');
    expect(within(pair).getByText('排序')).toBeTruthy();
    // Both ends inside the one labelled item, not two items 排序起 / 排序止.
    await user.type(within(pair).getByPlaceholderText('排序起'), '1');
    await user.type(within(pair).getByPlaceholderText('排序止'), '2');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ sort_no_begin: '1', sort_no_end: '2', pageNo: '1' }));
    expect(lastQuery(server)).not.toHaveProperty('sort_no');

    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastQuery(server)).not.toHaveProperty('sort_no_begin'));
    expect(within(pair).getByPlaceholderText<HTMLInputElement>('排序起').value).toBe('');
  });

  it('keeps hidden items behind 展开 / 收起; a value typed there still searches once folded away', async () => {
    const server = serve();
    const user = userEvent.setup();
    open();
    await screen.findByPlaceholderText('请输入部门名称');
    expect(screen.queryByPlaceholderText('请输入部门编码')).toBeNull();
    await user.click(screen.getByRole('button', { name: /展\s*开/ }));
    await user.type(await screen.findByPlaceholderText('请输入部门编码'), 'A01');
    await user.click(screen.getByRole('button', { name: /收\s*起/ }));
    expect(screen.queryByPlaceholderText('请输入部门编码')).toBeNull();
    expect(screen.getByRole('button', { name: /展\s*开/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ code: 'A01' }));
  });

  it('offers no toggle when no item is hidden', async () => {
    const server = fakeServer({
      'GET /online/cgreport/api/getRpColumns/demo_depart': () =>
        ok({
          cgRpConfigId: ID,
          cgRpConfigName: '部门列表',
          dictOptions: {},
          columns: [{ title: '部门名称', dataIndex: 'name' }],
        }),
      [`GET /online/cgreport/api/getQueryInfo/${ID}`]: () => ok(ITEMS.slice(0, 1)),
      [`GET /online/cgreport/api/getData/${ID}`]: () => ok({ records: [], total: 0 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    open();
    await screen.findByPlaceholderText('请输入部门名称');
    expect(screen.queryByRole('button', { name: /展\s*开/ })).toBeNull();
  });
});
