import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import type { ListUrls } from './list-params';
import { usePagedList } from './use-paged-list';

type Row = { id: string };

/** A custom list page on the hook: buttons for its actions. */
function CustomList({ url, select = [] }: { url: ListUrls; select?: string[] }) {
  const list = usePagedList<Row>({ url, searchFields: [] });
  return (
    <>
      <span data-testid="rows">{list.records.map((r) => r.id).join(',')}</span>
      <button onClick={() => list.setSelectedRowKeys(select)}>选择</button>
      <button onClick={() => void list.remove('r1')}>删除</button>
      <button onClick={list.removeSelected}>批量删除</button>
      <button onClick={() => list.search({})}>查询</button>
      <button onClick={list.reset}>重置</button>
    </>
  );
}

function setup(url: ListUrls, select?: string[]) {
  persistedSession.setToken('tok');
  const server = fakeServer({
    'GET /things/list': () => ok({ records: [{ id: 'r1' }, { id: 'r2' }], total: 2, size: 23, current: 1, pages: 1 }),
    'DELETE /things/delete': () => ok(null, '删除成功!'),
    'DELETE /things/deleteBatch': () => ok(null, '批量删除成功!'),
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<CustomList url={url} select={select} />, { store: createSessionStore(http) });
  return server;
}

describe('usePagedList (the list mixin)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so when the list url is missing, and loads nothing', async () => {
    const server = setup({});
    expect(await screen.findByText('请设置url.list属性!')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('says so when the delete or batch delete url is missing', async () => {
    setup({ list: '/things/list' }, ['r1']);
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('r1,r2'));
    fireEvent.click(screen.getByText('删除'));
    expect(await screen.findByText('请设置url.delete属性!')).toBeTruthy();
    fireEvent.click(screen.getByText('选择'));
    fireEvent.click(screen.getByText('批量删除'));
    expect(await screen.findByText('请设置url.deleteBatch属性!')).toBeTruthy();
  });

  it('loads the rows again on 查询 or 重置 even when the search is unchanged', async () => {
    const server = setup({ list: '/things/list' });
    await waitFor(() => expect(server.calls('GET /things/list')).toHaveLength(1));
    fireEvent.click(screen.getByText('查询'));
    await waitFor(() => expect(server.calls('GET /things/list')).toHaveLength(2));
    fireEvent.click(screen.getByText('重置'));
    await waitFor(() => expect(server.calls('GET /things/list')).toHaveLength(3));
  });

  it('deletes one row by id and reloads', async () => {
    const server = setup({ list: '/things/list', delete: '/things/delete' });
    await waitFor(() => expect(server.calls('GET /things/list')).toHaveLength(1));
    fireEvent.click(screen.getByText('删除'));
    expect(await screen.findByText('删除成功!')).toBeTruthy();
    expect(server.calls('DELETE /things/delete')[0]!.url.searchParams.get('id')).toBe('r1');
    await waitFor(() => expect(server.calls('GET /things/list')).toHaveLength(2));
  });

  it('asks for a selection, then confirms and sends the ids with a trailing comma', async () => {
    const server = setup({ list: '/things/list', deleteBatch: '/things/deleteBatch' }, ['r1', 'r2']);
    await waitFor(() => expect(server.calls('GET /things/list')).toHaveLength(1));
    fireEvent.click(screen.getByText('批量删除'));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    fireEvent.click(screen.getByText('选择'));
    fireEvent.click(screen.getByText('批量删除'));
    expect(await screen.findByText('是否删除选中数据?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('批量删除成功!')).toBeTruthy();
    expect(server.calls('DELETE /things/deleteBatch')[0]!.url.searchParams.get('ids')).toBe('r1,r2,');
  });
});
