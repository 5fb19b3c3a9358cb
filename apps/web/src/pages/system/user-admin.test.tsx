import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PASSWORD_RULE_MESSAGE } from '@procura/shared';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fail, fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import UserListPage from './user-list-page';

const USERS = [
  {
    id: 'u1',
    username: 'buyer',
    realname: '采购员',
    sex: 2,
    sex_dictText: '女',
    phone: '13800000000',
    workNo: 'G007',
    status: 1,
    status_dictText: '正常',
    userType: 1,
    createTime: '2026-01-02 09:00:00',
  },
  {
    id: 'u2',
    username: 'clerk',
    realname: '文员',
    sex: null,
    sex_dictText: null,
    phone: null,
    status: 1,
    status_dictText: '正常',
    userType: 1,
    createTime: '2026-01-01 09:00:00',
  },
];
const ALL = ['user:list', 'user:add', 'user:edit', 'user:delete'];

function setup(auth: string[], routes: Record<string, FakeHandler> = {}) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  persistedSession.setDict({
    sex: [
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ],
  });
  const server = fakeServer({
    'GET /sys/user/list': () => ok({ records: USERS, total: 2, size: 23, current: 1, pages: 1 }),
    'GET /sys/role/queryall': () =>
      ok([
        { id: 'r1', roleName: '采购角色', roleCode: 'buyer' },
        { id: 'r2', roleName: '审计角色', roleCode: 'audit' },
      ]),
    'GET /sys/sysDepart/queryTreeList': () =>
      ok([
        {
          key: 'd1',
          value: 'd1',
          title: '总部',
          children: [{ key: 'd2', value: 'd2', title: '采购部', children: null }],
        },
      ]),
    'GET /sys/tenant/queryList': () => ok([]),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<UserListPage />, { route: '/isystem/user', store: createSessionStore(http) });
  return server;
}

const buttonByText = (label: RegExp) =>
  screen
    .getAllByText(label)
    .map((n) => n.closest('button'))
    .find(Boolean)!;
const pick = async (scope: ReturnType<typeof within>, label: string, option: string) => {
  const item = scope.getByText(label, { selector: 'label' }).closest('.ant-form-item')!;
  fireEvent.mouseDown(item.querySelector('.ant-select')!.querySelector('input') ?? item.querySelector('.ant-select')!);
  fireEvent.click(await screen.findByTitle(option));
};

describe('user administration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows no administration to a user with only user:list', async () => {
    setup(['user:list']);
    await screen.findByText('采购员');
    for (const label of ['新增用户', '冻结', '解冻', '编辑', '重置密码', '删除'])
      expect(screen.queryByText(label)).toBeNull();
  });

  it('新增用户 checks the password rule, sends roles and departments comma-joined, and puts server field errors on the fields', async () => {
    let answer: () => ReturnType<typeof ok> | ReturnType<typeof fail> = () =>
      fail(400, '用户账号已存在', 400, { errors: { username: '用户账号已存在' } });
    const server = setup(ALL, { 'POST /sys/user/add': () => answer() });
    await screen.findByText('采购员');
    fireEvent.click(buttonByText(/新增用户/));
    const form = within(await screen.findByTestId('user-form'));
    fireEvent.change(form.getByPlaceholderText('请输入用户账号'), { target: { value: 'buyer' } });
    fireEvent.change(form.getByPlaceholderText('请输入用户姓名'), { target: { value: '新用户' } });
    fireEvent.change(form.getByPlaceholderText('请输入密码'), { target: { value: 'weak' } });
    fireEvent.change(form.getByPlaceholderText('请重新输入登录密码'), { target: { value: 'weak' } });
    fireEvent.change(form.getByPlaceholderText('请输入手机号'), { target: { value: '12345' } });
    fireEvent.change(form.getByPlaceholderText('请输入邮箱'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    // Every field error at once, beside its field.
    expect(await form.findByText(PASSWORD_RULE_MESSAGE)).toBeTruthy();
    expect(form.getByText('请输入正确的手机号码')).toBeTruthy();
    expect(form.getByText('请输入正确的电子邮箱')).toBeTruthy();
    expect(server.calls('POST /sys/user/add')).toHaveLength(0);
    fireEvent.change(form.getByPlaceholderText('请输入手机号'), { target: { value: '' } });
    fireEvent.change(form.getByPlaceholderText('请输入邮箱'), { target: { value: '' } });
    // A fixed field loses its red error at once (no stale errors).
    // Each field's error leaves on its own (antd animates it out), so each is awaited.
    await waitFor(() => expect(form.queryByText('请输入正确的手机号码')).toBeNull());
    await waitFor(() => expect(form.queryByText('请输入正确的电子邮箱')).toBeNull());

    fireEvent.change(form.getByPlaceholderText('请输入密码'), { target: { value: 'Procura@2026' } });
    fireEvent.change(form.getByPlaceholderText('请重新输入登录密码'), { target: { value: 'Procura@2026' } });
    await pick(form, '角色', '审计角色');
    await pick(form, '性别', '男');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await form.findByText('用户账号已存在')).toBeTruthy();
    expect(server.calls('POST /sys/user/add')[0]!.body).toMatchObject({
      username: 'buyer',
      realname: '新用户',
      password: 'Procura@2026',
      confirmpassword: 'Procura@2026',
      sex: '1',
      selectedroles: 'r2',
      selecteddeparts: '',
      phone: null,
    });

    answer = () => ok({ id: 'u3' }, '添加成功！');
    fireEvent.change(form.getByPlaceholderText('请输入用户账号'), { target: { value: 'newbie' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    await waitFor(() => expect(server.calls('GET /sys/user/list').length).toBeGreaterThan(1));
  });

  it('新增供应商用户 picks the company from the supplier list and sends no roles or departments', async () => {
    const server = setup(ALL, {
      'GET /supplier/list': (req) =>
        ok({
          records:
            req.url.searchParams.get('name') === '*华东*'
              ? [{ id: 's1', name: '华东钢材', code: 'SUP001' }]
              : [
                  { id: 's1', name: '华东钢材', code: 'SUP001' },
                  { id: 's2', name: '新材科技', code: 'SUP002' },
                ],
          total: 2,
        }),
      'POST /sys/user/addSupplierUser': () => ok({ id: 'u9' }, '添加成功！'),
    });
    await screen.findByText('采购员');
    fireEvent.click(screen.getByTestId('add-supplier-user'));
    expect(await screen.findByText('新增供应商用户', { selector: '.ant-drawer-title' })).toBeTruthy();
    const form = within(await screen.findByTestId('user-form'));
    expect(form.queryByText('角色', { selector: 'label' })).toBeNull();
    fireEvent.change(form.getByPlaceholderText('请输入用户账号'), { target: { value: 'sales1' } });
    fireEvent.change(form.getByPlaceholderText('请输入用户姓名'), { target: { value: '销售一' } });
    fireEvent.change(form.getByPlaceholderText('请输入密码'), { target: { value: 'Procura@2026' } });
    fireEvent.change(form.getByPlaceholderText('请重新输入登录密码'), { target: { value: 'Procura@2026' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await form.findByText('请选择供应商')).toBeTruthy();
    expect(server.calls('POST /sys/user/addSupplierUser')).toHaveLength(0);

    const picker = form
      .getByText('所属供应商', { selector: 'label' })
      .closest('.ant-form-item')!
      .querySelector('input')!;
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '华东' } });
    await waitFor(() =>
      expect(server.calls('GET /supplier/list').some((c) => c.url.searchParams.get('name') === '*华东*')).toBe(true),
    );
    fireEvent.click(await screen.findByTitle('华东钢材（SUP001）'));
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    const body = server.calls('POST /sys/user/addSupplierUser')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'sales1', realname: '销售一', password: 'Procura@2026', supplierId: 's1' });
    expect(body).not.toHaveProperty('selectedroles');
    expect(body).not.toHaveProperty('selecteddeparts');
  });

  it('编辑 of a supplier account goes to editSupplierUser with the company fixed', async () => {
    const supplierRow = {
      id: 'u5',
      username: 'sales5',
      realname: '销售五',
      status: 1,
      userType: 2,
      userType_dictText: '供应商',
      createTime: '2026-01-03 09:00:00',
    };
    const server = setup(ALL, {
      'GET /sys/user/list': () => ok({ records: [supplierRow], total: 1, size: 23, current: 1, pages: 1 }),
      'GET /sys/user/queryById': () => ok({ id: 'u5', username: 'sales5', realname: '销售五', supplierId: 's1' }),
      'GET /sys/user/queryUserRole': () => ok(['rs']),
      'GET /sys/user/userDepartList': () => ok([]),
      'GET /supplier/list': () => ok({ records: [{ id: 's1', name: '华东钢材', code: 'SUP001' }], total: 1 }),
      'PUT /sys/user/editSupplierUser': () => ok(null, '修改成功!'),
    });
    await screen.findByText('销售五');
    fireEvent.click(screen.getByText('编辑'));
    const form = within(await screen.findByTestId('user-form'));
    expect(await form.findByText('华东钢材（SUP001）')).toBeTruthy();
    expect(server.calls('GET /supplier/list')[0]!.url.searchParams.get('id')).toBe('s1');
    expect(
      form
        .getByText('所属供应商', { selector: 'label' })
        .closest('.ant-form-item')!
        .querySelector('.ant-select-disabled'),
    ).not.toBeNull();
    fireEvent.change(form.getByPlaceholderText('请输入用户姓名'), { target: { value: '销售五号' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('修改成功!')).toBeTruthy();
    expect(server.calls('PUT /sys/user/editSupplierUser')[0]!.body).toMatchObject({
      id: 'u5',
      realname: '销售五号',
      supplierId: 's1',
    });
    expect(server.calls('PUT /sys/user/edit')).toHaveLength(0);
  });

  it('编辑 prefills the user, its roles and departments and saves without account or password', async () => {
    const server = setup(ALL, {
      'GET /sys/user/queryById': () =>
        ok({ id: 'u1', username: 'buyer', realname: '采购员', sex: 2, phone: '13800000000', email: null }),
      'GET /sys/user/queryUserRole': () => ok(['r1']),
      'GET /sys/user/userDepartList': () => ok([{ key: 'd1', value: 'd1', title: '采购部', children: [] }]),
      'PUT /sys/user/edit': () => ok(null, '修改成功!'),
    });
    await screen.findByText('采购员');
    fireEvent.click(screen.getAllByText('编辑')[0]!);
    const form = within(await screen.findByTestId('user-form'));
    await waitFor(() => expect((form.getByPlaceholderText('请输入用户姓名') as HTMLInputElement).value).toBe('采购员'));
    expect(server.calls('GET /sys/user/queryUserRole')[0]!.url.searchParams.get('userid')).toBe('u1');
    expect(server.calls('GET /sys/user/userDepartList')[0]!.url.searchParams.get('userId')).toBe('u1');
    expect(form.queryByPlaceholderText('请输入用户账号')).toBeNull();
    expect(form.queryByPlaceholderText('请输入密码')).toBeNull();
    fireEvent.change(form.getByPlaceholderText('请输入用户姓名'), { target: { value: '采购员甲' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('修改成功!')).toBeTruthy();
    const body = server.calls('PUT /sys/user/edit')[0]!.body as Record<string, unknown>;
    // queryById has no 工号: the list row's is kept, not wiped.
    expect(body).toMatchObject({
      id: 'u1',
      realname: '采购员甲',
      sex: '2',
      phone: '13800000000',
      workNo: 'G007',
      selectedroles: 'r1',
      selecteddeparts: 'd1',
    });
    expect(body).not.toHaveProperty('username');
    expect(body).not.toHaveProperty('password');
  });

  it('冻结 asks for a selection, confirms, then freezes the selected rows; 解冻 sends status 1', async () => {
    const server = setup(ALL, { 'PUT /sys/user/frozenBatch': () => ok(null, '操作成功!') });
    await screen.findByText('采购员');
    fireEvent.click(buttonByText(/冻\s*结/));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    const row = screen.getByText('文员').closest('tr')!;
    fireEvent.click(row.querySelector('input[type="checkbox"]')!);
    fireEvent.click(buttonByText(/冻\s*结/));
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() => expect(server.calls('PUT /sys/user/frozenBatch')).toHaveLength(1));
    expect(server.calls('PUT /sys/user/frozenBatch')[0]!.body).toEqual({ ids: 'u2,', status: '2' });
    expect(await screen.findByText('操作成功!')).toBeTruthy();

    await waitFor(() => expect(server.calls('GET /sys/user/list').length).toBeGreaterThan(1));
    fireEvent.click(screen.getByText('采购员').closest('tr')!.querySelector('input[type="checkbox"]')!);
    fireEvent.click(buttonByText(/解\s*冻/));
    fireEvent.click(await screen.findByText('确定解冻选中的1个账号吗？'));
    fireEvent.click(
      screen
        .getAllByText(/确\s*定/)
        .map((n) => n.closest('button'))
        .filter(Boolean)
        .at(-1)!,
    );
    await waitFor(() => expect(server.calls('PUT /sys/user/frozenBatch')).toHaveLength(2));
    expect(server.calls('PUT /sys/user/frozenBatch')[1]!.body).toEqual({ ids: 'u1,', status: '1' });
  });

  it('重置密码 checks the rule and sends the username with the new password', async () => {
    const server = setup(ALL, { 'PUT /sys/user/changePassword': () => ok(null, '密码修改成功!') });
    await screen.findByText('采购员');
    fireEvent.click(screen.getAllByText('重置密码')[1]!);
    const form = within(await screen.findByTestId('reset-password-form'));
    fireEvent.change(form.getByPlaceholderText('请输入新密码'), { target: { value: 'Procura@2027' } });
    fireEvent.change(form.getByPlaceholderText('请重新输入新密码'), { target: { value: 'Procura@2027' } });
    fireEvent.click(buttonByText(/确\s*定/));
    expect(await screen.findByText('密码修改成功!')).toBeTruthy();
    expect(server.calls('PUT /sys/user/changePassword')[0]!.body).toEqual({
      username: 'clerk',
      password: 'Procura@2027',
    });
  });

  it('删除 confirms, then deletes the row by id', async () => {
    const server = setup(ALL, { 'DELETE /sys/user/delete': () => ok(null, '删除用户成功') });
    await screen.findByText('采购员');
    fireEvent.click(screen.getAllByText('删除')[0]!);
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() => expect(server.calls('DELETE /sys/user/delete')).toHaveLength(1));
    expect(server.calls('DELETE /sys/user/delete')[0]!.url.searchParams.get('id')).toBe('u1');
  });
});
