import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import UserListPage from './user-list-page';
import type { DeletedUser } from './user-recycle-bin-modal';

const LIVE = [
  {
    id: 'u1',
    username: 'buyer',
    realname: '采购员',
    status: 1,
    status_dictText: '正常',
    userType: 1,
    createTime: '2026-01-02 09:00:00',
  },
];

function setup(auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  let bin: DeletedUser[] = [
    {
      id: 'd1',
      username: 'gone1',
      realname: '离职一',
      phone: '13700000001',
      userType: 1,
      updateTime: '2026-03-01 10:00:00',
    },
    { id: 'd2', username: 'gone2', realname: '离职二', phone: null, userType: 2, updateTime: '2026-03-02 10:00:00' },
  ];
  const without = (raw: string | null | undefined) => {
    const ids = String(raw ?? '')
      .split(',')
      .filter(Boolean);
    bin = bin.filter((u) => !ids.includes(u.id));
  };
  const server = fakeServer({
    'GET /sys/user/list': () => ok({ records: LIVE, total: LIVE.length, size: 23, current: 1, pages: 1 }),
    'GET /sys/user/recycleBin': () => ok(bin),
    'PUT /sys/user/putRecycleBin': (request) => {
      without((request.body as { userIds: string }).userIds);
      return ok(null, '还原成功');
    },
    'DELETE /sys/user/deleteRecycleBin': (request) => {
      without(request.url.searchParams.get('userIds'));
      return ok({ deleted: 2 }, '删除成功');
    },
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<UserListPage />, { route: '/isystem/user', store: createSessionStore(http) });
  return server;
}

const confirmDialog = async () => {
  const dialog = (await screen.findAllByRole('dialog')).find((d) => d.querySelector('.ant-modal-confirm-btns'))!;
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
};

describe('用户回收站', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is offered only to holders of user:delete (what the recycle bin API requires)', async () => {
    setup(['user:list', 'user:edit']);
    await screen.findByText('采购员');
    expect(screen.queryByTestId('user-recycle-bin')).toBeNull();
  });

  it('lists deleted users; 还原 asks, restores one and refreshes the user list', async () => {
    const server = setup(['user:list', 'user:delete']);
    await screen.findByText('采购员');
    fireEvent.click(screen.getByTestId('user-recycle-bin'));
    const modal = within(await screen.findByTestId('recycle-bin-modal'));
    expect(await modal.findByText('gone1')).toBeTruthy();
    expect(modal.getByText('离职二')).toBeTruthy();
    expect(modal.getByText('2026-03-01 10:00:00')).toBeTruthy();
    expect(modal.getByText('供应商')).toBeTruthy();
    const listLoads = server.calls('GET /sys/user/list').length;

    fireEvent.click(modal.getAllByTestId('recycle-bin-restore-row')[0]!);
    expect(await screen.findByText('确定还原用户 gone1 吗？')).toBeTruthy();
    expect(server.calls('PUT /sys/user/putRecycleBin')).toHaveLength(0);
    await confirmDialog();
    expect(await screen.findByText('还原成功')).toBeTruthy();
    expect(server.calls('PUT /sys/user/putRecycleBin')[0]!.body).toEqual({ userIds: 'd1,' });
    await waitFor(() => expect(modal.queryByText('gone1')).toBeNull());
    expect(modal.getByText('gone2')).toBeTruthy();
    await waitFor(() => expect(server.calls('GET /sys/user/list').length).toBeGreaterThan(listLoads));
  }, 40_000);

  it('彻底删除 in batch: asks for a selection, warns that it cannot be undone, purges the selected users', async () => {
    const server = setup(['user:list', 'user:delete']);
    await screen.findByText('采购员');
    fireEvent.click(screen.getByTestId('user-recycle-bin'));
    const modal = within(await screen.findByTestId('recycle-bin-modal'));
    await modal.findByText('gone1');
    const listLoads = server.calls('GET /sys/user/list').length;

    fireEvent.click(modal.getByTestId('recycle-bin-purge'));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    expect(server.calls('DELETE /sys/user/deleteRecycleBin')).toHaveLength(0);

    // The header checkbox selects both rows.
    fireEvent.click(modal.getAllByRole('checkbox')[0]!);
    fireEvent.click(modal.getByTestId('recycle-bin-purge'));
    expect(await screen.findByText(/彻底删除后无法恢复/)).toBeTruthy();
    await confirmDialog();
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(server.calls('DELETE /sys/user/deleteRecycleBin')[0]!.url.searchParams.get('userIds')).toBe('d1,d2,');
    await waitFor(() => expect(modal.queryByText('gone2')).toBeNull());
    // Purging changes nothing in the live list.
    expect(server.calls('GET /sys/user/list')).toHaveLength(listLoads);
  }, 40_000);
});
