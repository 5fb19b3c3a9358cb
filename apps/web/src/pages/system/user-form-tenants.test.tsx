import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { parseTenantIds, tenantOptions } from './user-form-drawer';
import UserListPage from './user-list-page';

const USER = {
  id: 'u1',
  username: 'buyer',
  realname: '采购员',
  status: 1,
  status_dictText: '正常',
  userType: 1,
  createTime: '2026-01-02 09:00:00',
};
const TENANTS = [
  { id: 1001, name: '华东分公司', status: 1 },
  { id: 1002, name: '华南分公司', status: 1 },
];

function setup(routes: Record<string, FakeHandler>) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    ['user:list', 'user:add', 'user:edit'].map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({
    'GET /sys/user/list': () => ok({ records: [USER], total: 1, size: 23, current: 1, pages: 1 }),
    'GET /sys/role/queryall': () => ok([]),
    'GET /sys/sysDepart/queryTreeList': () => ok([]),
    'GET /sys/tenant/queryList': () => ok(TENANTS),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<UserListPage />, { route: '/isystem/user', store: createSessionStore(http) });
  return server;
}

const tenantSelect = (form: ReturnType<typeof within>) =>
  form.getByText('租户', { selector: 'label' }).closest('.ant-form-item')!;

describe('the tenants of a user (relTenantIds)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads a comma list into tenant ids and keeps tenants no longer listed as options by id', () => {
    expect(parseTenantIds(' 1001,1002,,x,1001,0 ')).toEqual([1001, 1002]);
    expect(parseTenantIds(null)).toEqual([]);
    expect(tenantOptions(TENANTS, [1002, 1005])).toEqual([
      { value: 1001, label: '华东分公司' },
      { value: 1002, label: '华南分公司' },
      { value: 1005, label: '租户1005（已冻结）' },
    ]);
  });

  it('新增用户 offers the normal tenants and sends the chosen ones comma-joined', async () => {
    const server = setup({ 'POST /sys/user/add': () => ok({ id: 'u3' }, '添加成功！') });
    await screen.findByText('采购员');
    fireEvent.click(
      screen
        .getAllByText(/新增用户/)
        .map((n) => n.closest('button'))
        .find(Boolean)!,
    );
    const form = within(await screen.findByTestId('user-form'));
    fireEvent.change(form.getByPlaceholderText('请输入用户账号'), { target: { value: 'member' } });
    fireEvent.change(form.getByPlaceholderText('请输入用户姓名'), { target: { value: '成员' } });
    fireEvent.change(form.getByPlaceholderText('请输入密码'), { target: { value: 'Procura@2026' } });
    fireEvent.change(form.getByPlaceholderText('请重新输入登录密码'), { target: { value: 'Procura@2026' } });
    fireEvent.mouseDown(tenantSelect(form).querySelector('.ant-select')!.querySelector('input')!);
    fireEvent.click(await screen.findByTitle('华南分公司'));
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(server.calls('POST /sys/user/add')[0]!.body).toMatchObject({ username: 'member', relTenantIds: '1002' });
  });

  it("编辑 shows the user's tenants, frozen ones by id, and sends them back with the change", async () => {
    const server = setup({
      'GET /sys/user/queryById': () =>
        ok({ id: 'u1', username: 'buyer', realname: '采购员', relTenantIds: '1001,1005' }),
      'GET /sys/user/queryUserRole': () => ok([]),
      'GET /sys/user/userDepartList': () => ok([]),
      'PUT /sys/user/edit': () => ok(null, '修改成功!'),
    });
    await screen.findByText('采购员');
    fireEvent.click(screen.getByText('编辑'));
    const form = within(await screen.findByTestId('user-form'));
    expect(await within(tenantSelect(form) as HTMLElement).findByText('华东分公司')).toBeTruthy();
    expect(within(tenantSelect(form) as HTMLElement).getByText('租户1005（已冻结）')).toBeTruthy();
    fireEvent.mouseDown(tenantSelect(form).querySelector('.ant-select')!.querySelector('input')!);
    fireEvent.click(await screen.findByTitle('华南分公司'));
    fireEvent.click(screen.getByTestId('user-form-submit'));
    await waitFor(() => expect(server.calls('PUT /sys/user/edit')).toHaveLength(1));
    expect(server.calls('PUT /sys/user/edit')[0]!.body).toMatchObject({ id: 'u1', relTenantIds: '1001,1005,1002' });
  });
});
