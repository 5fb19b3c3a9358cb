import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumnsType } from 'antd';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { fail, fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { PagedTable } from './paged-table';

type Row = { id: string; name: string; createTime: string };

const columns: TableColumnsType<Row> = [
  { title: '名称', dataIndex: 'name', sorter: true },
  { title: '创建时间', dataIndex: 'createTime', sorter: true },
];

function rows(count: number, offset = 0): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(offset + i),
    name: `行${offset + i}`,
    createTime: '2026-01-01 10:00:00',
  }));
}

function setup(answer: Parameters<typeof fakeServer>[0][string]) {
  const server = fakeServer({ 'GET /things/list': answer });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(
    <PagedTable<Row>
      url="/things/list"
      rowKey="id"
      columns={columns}
      searchFields={[{ name: 'name', label: '名称' }]}
      toolbar={({ refresh }) => <button onClick={refresh}>刷新</button>}
    />,
    { store: createSessionStore(http) },
  );
  const lastQuery = () => server.calls('GET /things/list').at(-1)!.url.searchParams;
  return { server, lastQuery };
}

describe('<PagedTable>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the first page with 23 rows sorted by createTime descending', async () => {
    const { lastQuery } = setup(() => ok({ records: rows(23), total: 40, size: 23, current: 1, pages: 2 }));
    expect(await screen.findByText('行0')).toBeTruthy();
    expect(Object.fromEntries(lastQuery())).toMatchObject({
      pageNo: '1',
      pageSize: '23',
      column: 'createTime',
      order: 'desc',
    });
    expect(screen.getByText('1-23 共 40 条')).toBeTruthy();
  });

  it('searches with the like mode from page 1 and resets', async () => {
    const user = userEvent.setup();
    const { lastQuery, server } = setup(() => ok({ records: rows(1), total: 1, size: 23, current: 1, pages: 1 }));
    await screen.findByText('行0');
    await user.type(screen.getByPlaceholderText('请输入名称'), '华为');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastQuery().get('name')).toBe('*华为*'));
    const before = server.calls('GET /things/list').length;
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(server.calls('GET /things/list').length).toBeGreaterThan(before));
    expect(lastQuery().has('name')).toBe(false);
  });

  it('pages and sorts on the server', async () => {
    const { lastQuery } = setup((request) => {
      const page = Number(request.url.searchParams.get('pageNo'));
      return ok({ records: rows(23, (page - 1) * 23), total: 40, size: 23, current: page, pages: 2 });
    });
    await screen.findByText('行0');
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('行23')).toBeTruthy();
    expect(lastQuery().get('pageNo')).toBe('2');
    fireEvent.click(within(document.querySelector('thead')!).getByText('名称'));
    await waitFor(() => expect(lastQuery().get('column')).toBe('name'));
    expect(lastQuery().get('order')).toBe('asc');
    expect(lastQuery().get('pageNo')).toBe('1');
  });

  it('shows a refused load (code 510) as a warning with the server message and an empty table', async () => {
    setup(() => fail(200, '没有权限，请联系管理员授权', 510));
    expect(await screen.findByText('没有权限，请联系管理员授权')).toBeTruthy();
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
  });

  it('refreshes on demand', async () => {
    const { server } = setup(() => ok({ records: rows(1), total: 1, size: 23, current: 1, pages: 1 }));
    await screen.findByText('行0');
    fireEvent.click(screen.getByText('刷新'));
    await waitFor(() => expect(server.calls('GET /things/list')).toHaveLength(2));
  });
});
