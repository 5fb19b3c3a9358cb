import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import UserListPage from './user-list-page';

const USERS = [
  {
    id: '1',
    username: 'buyer',
    realname: '采购员',
    sex_dictText: '女',
    phone: '13800000000',
    status_dictText: '正常',
    userType: 1,
    createTime: '2026-01-02 09:00:00',
  },
  {
    id: '2',
    username: 'supplier1',
    realname: '供应商一',
    sex_dictText: null,
    phone: null,
    status_dictText: '正常',
    userType: 2,
    createTime: '2026-01-01 09:00:00',
  },
];

function setup(auth: { action: string; type: string }[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(auth, []);
  const server = fakeServer({
    'GET /sys/user/list': () => ok({ records: USERS, total: 2, size: 23, current: 1, pages: 1 }),
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<UserListPage />, { store: createSessionStore(http) });
  return server;
}

describe('user list page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists users with their dictionary texts and user type', async () => {
    const server = setup([{ action: 'user:list', type: '1' }]);
    expect(await screen.findByText('采购员')).toBeTruthy();
    expect(screen.getByText('内部用户')).toBeTruthy();
    expect(screen.getByText('供应商')).toBeTruthy();
    for (const title of ['用户账号', '用户姓名', '性别', '手机号', '状态', '用户类型', '创建时间']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    const query = server.calls('GET /sys/user/list')[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      pageNo: '1',
      pageSize: '23',
      column: 'createTime',
      order: 'desc',
    });
  });

  it('shows 刷新 only to holders of user:list', async () => {
    const server = setup([{ action: 'user:list', type: '1' }]);
    await screen.findByText('采购员');
    fireEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
    await waitFor(() => expect(server.calls('GET /sys/user/list')).toHaveLength(2));
  });

  it('exports the users of the current search for holders of user:export only', async () => {
    const server = setup([
      { action: 'user:list', type: '1' },
      { action: 'user:export', type: '1' },
    ]);
    await screen.findByText('采购员');
    fireEvent.click(screen.getByTestId('user-export'));
    await waitFor(() => expect(server.calls('GET /sys/user/exportXls')).toHaveLength(1));
    expect(server.calls('GET /sys/user/exportXls')[0]!.url.searchParams.get('column')).toBe('createTime');
  });

  it('offers 导入 (JeecgBoot importExcel) to holders of user:import only', async () => {
    setup([
      { action: 'user:list', type: '1' },
      { action: 'user:import', type: '1' },
    ]);
    expect(await screen.findByRole('button', { name: /导入/ })).toBeTruthy();
  });

  it('hides 导入 from users without user:import', async () => {
    setup([{ action: 'user:list', type: '1' }]);
    await screen.findByText('采购员');
    expect(screen.queryByRole('button', { name: /导入/ })).toBeNull();
  });

  it('hides 导出 from users without user:export', async () => {
    setup([{ action: 'user:list', type: '1' }]);
    await screen.findByText('采购员');
    expect(screen.queryByTestId('user-export')).toBeNull();
  });

  it('hides 刷新 from users without user:list', async () => {
    setup([]);
    await screen.findByText('采购员');
    expect(screen.queryByRole('button', { name: /刷\s*新/ })).toBeNull();
  });

  it('searches by account and name with the like mode', async () => {
    const server = setup([]);
    await screen.findByText('采购员');
    fireEvent.change(screen.getByPlaceholderText('请输入用户账号'), { target: { value: 'buy' } });
    fireEvent.change(screen.getByPlaceholderText('请输入用户姓名'), { target: { value: '采购' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(server.calls('GET /sys/user/list').at(-1)!.url.searchParams.get('username')).toBe('*buy*'),
    );
    expect(server.calls('GET /sys/user/list').at(-1)!.url.searchParams.get('realname')).toBe('*采购*');
  });
});
