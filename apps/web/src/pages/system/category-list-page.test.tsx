import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import CategoryListPage from './category-list-page';

type Row = { id: string; pid: string | null; name: string; code: string; hasChild: string };
const ALL = ['category:list', 'category:add', 'category:edit', 'category:delete'];

afterEach(() => {
  vi.unstubAllGlobals();
  persistedSession.clear();
});

/** A small category store answering the category routes as the server does. */
function setup(auth: string[], extra: Record<string, FakeHandler> = {}) {
  const rows: Row[] = [
    { id: 'c1', pid: null, name: '生产物资', code: 'A01', hasChild: '1' },
    { id: 'c11', pid: 'c1', name: '原材料', code: 'A01A01', hasChild: '0' },
    { id: 'c2', pid: null, name: '工程服务', code: 'A02', hasChild: '0' },
  ];
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({
    'GET /sys/category/rootList': () =>
      ok({ records: rows.filter((r) => !r.pid), total: rows.filter((r) => !r.pid).length }),
    'GET /sys/category/childList': (r) => ok(rows.filter((c) => c.pid === r.url.searchParams.get('pid'))),
    'POST /sys/category/add': (r) => {
      const body = r.body as { name: string; pid: string };
      const row = {
        id: `n${rows.length}`,
        pid: body.pid || null,
        name: body.name,
        code: body.pid ? 'A01A02' : 'A03',
        hasChild: '0',
      };
      rows.push(row);
      return ok(row, '添加成功！');
    },
    'DELETE /sys/category/delete': (r) => {
      const id = r.url.searchParams.get('id');
      if (rows.some((c) => c.pid === id))
        return {
          body: { success: false, code: 500, message: '该分类下有下级分类，不能删除', result: null, timestamp: 0 },
        };
      rows.splice(
        rows.findIndex((c) => c.id === id),
        1,
      );
      return ok(null, '删除成功!');
    },
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<CategoryListPage />, { route: '/isystem/category', store: createSessionStore(http) });
  return server;
}

const row = (name: string) => screen.getByText(name).closest('tr')!;

describe('category administration', () => {
  it('lists the top categories and loads children when a row is expanded', async () => {
    const server = setup(ALL);
    expect(await screen.findByText('生产物资')).toBeTruthy();
    expect(screen.getByText('A02')).toBeTruthy();
    expect(screen.queryByText('原材料')).toBeNull();
    fireEvent.click(within(row('生产物资')).getByRole('button'));
    expect(await screen.findByText('原材料')).toBeTruthy();
    expect(server.calls('GET /sys/category/childList')[0]!.url.searchParams.get('pid')).toBe('c1');
  });

  it('adds a sub-category under a row (the server gives its code) and refuses an empty name', async () => {
    const server = setup(ALL);
    await screen.findByText('生产物资');
    fireEvent.click(within(row('生产物资')).getByText('添加下级'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('添加下级分类（生产物资）')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入分类名称')).toBeTruthy();
    expect(server.calls('POST /sys/category/add')).toHaveLength(0);
    fireEvent.change(within(dialog).getByPlaceholderText('请输入分类名称'), { target: { value: '机械零部件' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('A01A02')).toBeTruthy();
    expect(server.calls('POST /sys/category/add')[0]!.body).toEqual({ name: '机械零部件', pid: 'c1' });
  });

  it('deletes after confirmation and shows the refusal for a category with children', async () => {
    const server = setup(ALL);
    await screen.findByText('生产物资');
    fireEvent.click(within(row('生产物资')).getByText('删除'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('该分类下有下级分类，不能删除')).toBeTruthy();
    expect(screen.getByText('生产物资')).toBeTruthy();

    fireEvent.click(within(row('工程服务')).getByText('删除'));
    const confirms = await screen.findAllByRole('button', { name: /确\s*定/ });
    fireEvent.click(confirms.at(-1)!);
    await waitFor(() => expect(screen.queryByText('工程服务')).toBeNull());
    expect(server.calls('DELETE /sys/category/delete').map((r) => r.url.searchParams.get('id'))).toEqual(['c1', 'c2']);
  });

  it('hides the buttons the user does not hold', async () => {
    setup(['category:list']);
    await screen.findByText('生产物资');
    expect(screen.queryByText('新增分类')).toBeNull();
    expect(screen.queryByText('添加下级')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });
});
