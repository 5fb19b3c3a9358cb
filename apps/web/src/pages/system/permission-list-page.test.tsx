import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fail, fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import PermissionListPage from './permission-list-page';

const button = (id: string, parentId: string, name: string, perms: string, sortNo: number) => ({
  id,
  parentId,
  name,
  menuType: 2,
  url: null,
  component: null,
  perms,
  icon: null,
  sortNo,
  ruleFlag: 0,
  leaf: true,
});
const TREE = [
  {
    id: 'sys',
    parentId: null,
    name: '系统管理',
    menuType: 0,
    url: '/isystem',
    component: 'layouts/RouteView',
    perms: null,
    icon: 'SettingOutlined',
    sortNo: 90,
    ruleFlag: 0,
    leaf: false,
    children: [
      {
        id: 'pos',
        parentId: 'sys',
        name: '职务管理',
        menuType: 1,
        url: '/isystem/position',
        component: 'resource/sysPosition',
        perms: 'position:list',
        icon: null,
        sortNo: 3,
        ruleFlag: 1,
        keepAlive: true,
        leaf: false,
        children: [
          button('pos.view', 'pos', '查看职务', 'position:list', 1),
          button('pos.add', 'pos', '新增职务', 'position:add', 2),
        ],
      },
    ],
  },
];
const ALL = ['permission:list', 'permission:add', 'permission:edit', 'permission:delete'];
const RULES = [
  {
    id: 'r1',
    permissionId: 'pos',
    ruleName: '只看P1',
    ruleColumn: 'postRank',
    ruleConditions: '=',
    ruleValue: 'P1',
    status: '1',
  },
];

function setup(auth: string[], routes: Record<string, FakeHandler> = {}) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({
    'GET /sys/permission/list': () => ok(TREE),
    'GET /sys/permission/getPermRuleListByPermId': () => ok(RULES),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<PermissionListPage />, { route: '/isystem/permission', store: createSessionStore(http) });
  return server;
}

const buttonByText = (label: RegExp) =>
  screen
    .getAllByText(label)
    .map((n) => n.closest('button'))
    .find(Boolean)!;
const expandAll = async () => {
  await screen.findByText('系统管理');
  fireEvent.click(screen.getByTestId('permission-expand'));
  await screen.findByText('新增职务');
};

describe('菜单管理', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tree with type, icon, component, path and sort; no actions with permission:list only', async () => {
    setup(['permission:list']);
    await expandAll();
    const row = screen.getByText('职务管理').closest('tr')!;
    expect(within(row).getByText('子菜单')).toBeTruthy();
    expect(within(row).getByText('resource/sysPosition')).toBeTruthy();
    expect(within(row).getByText('/isystem/position')).toBeTruthy();
    expect(within(screen.getByText('系统管理').closest('tr')!).getByText('SettingOutlined')).toBeTruthy();
    expect(within(screen.getByText('新增职务').closest('tr')!).getByText('按钮/权限')).toBeTruthy();
    for (const label of ['新增菜单', '编辑', '添加下级', '删除', '数据规则'])
      expect(screen.queryByText(label)).toBeNull();
  });

  it('新增菜单 as a button shows 授权标识 instead of path and component, and requires it and a parent', async () => {
    const server = setup(ALL, { 'POST /sys/permission/add': () => ok({ id: 'n1' }, '添加成功！') });
    await expandAll();
    fireEvent.click(screen.getByTestId('permission-add'));
    const form = within(await screen.findByTestId('permission-form'));
    expect(form.getByPlaceholderText('例如 /isystem/user')).toBeTruthy();
    expect(form.queryByPlaceholderText('请输入授权标识')).toBeNull();
    fireEvent.click(form.getByText('按钮/权限'));
    expect(await form.findByPlaceholderText('请输入授权标识')).toBeTruthy();
    expect(form.queryByPlaceholderText('例如 /isystem/user')).toBeNull();
    expect(form.queryByText('缓存路由')).toBeNull();
    fireEvent.change(form.getByPlaceholderText('请输入按钮/权限名称'), { target: { value: '导出职务' } });
    fireEvent.click(screen.getByTestId('permission-form-submit'));
    expect(await form.findByText('请输入授权标识')).toBeTruthy();
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toContain(
        '请选择上级菜单',
      ),
    );
    fireEvent.change(form.getByPlaceholderText('请输入授权标识'), { target: { value: "position:export' or 1" } });
    expect(await form.findByText(/授权标识只能包含/)).toBeTruthy();
    expect(server.calls('POST /sys/permission/add')).toHaveLength(0);
  });

  it('a button added under a menu (添加下级) sends its parent and codes only', async () => {
    const server = setup(ALL, { 'POST /sys/permission/add': () => ok({ id: 'n1' }, '添加成功！') });
    await expandAll();
    fireEvent.click(within(screen.getByText('职务管理').closest('tr')!).getByText('添加下级'));
    const sub = within(await screen.findByTestId('permission-form'));
    fireEvent.click(sub.getByText('按钮/权限'));
    fireEvent.change(await sub.findByPlaceholderText('请输入授权标识'), { target: { value: 'position:export' } });
    fireEvent.change(sub.getByPlaceholderText('请输入按钮/权限名称'), { target: { value: '导出职务' } });
    fireEvent.click(screen.getByTestId('permission-form-submit'));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    const body = server.calls('POST /sys/permission/add')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      menuType: 2,
      parentId: 'pos',
      name: '导出职务',
      perms: 'position:export',
      permsType: '1',
      status: '1',
    });
    for (const key of ['url', 'component', 'icon', 'keepAlive']) expect(body).not.toHaveProperty(key);
  });

  it('添加下级 preselects the parent as a sub-menu, checks the path, and sends the menu fields', async () => {
    const server = setup(ALL, { 'POST /sys/permission/add': () => ok({ id: 'n1' }, '添加成功！') });
    await expandAll();
    fireEvent.click(within(screen.getByText('系统管理').closest('tr')!).getByText('添加下级'));
    const form = within(await screen.findByTestId('permission-form'));
    expect(form.getByText('上级菜单')).toBeTruthy();
    fireEvent.change(form.getByPlaceholderText('请输入菜单名称'), { target: { value: '岗位清单' } });
    fireEvent.change(form.getByPlaceholderText('例如 /isystem/user'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('permission-form-submit'));
    expect(await form.findByText('菜单路径必须以 / 开头，外部链接以 http:// 或 https:// 开头')).toBeTruthy();
    expect(await form.findByText('请输入前端组件')).toBeTruthy();
    fireEvent.change(form.getByPlaceholderText('例如 /isystem/user'), { target: { value: '/isystem/posts' } });
    fireEvent.change(form.getByPlaceholderText('请输入前端组件'), { target: { value: 'resource/sysPosition' } });
    fireEvent.click(within(form.getByText('缓存路由').closest('.ant-form-item')!).getByRole('switch'));
    fireEvent.click(screen.getByTestId('permission-form-submit'));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    const body = server.calls('POST /sys/permission/add')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      menuType: 1,
      parentId: 'sys',
      name: '岗位清单',
      url: '/isystem/posts',
      component: 'resource/sysPosition',
      keepAlive: true,
      hidden: false,
      internalOrExternal: false,
      route: true,
    });
    expect(body).not.toHaveProperty('id');
    await waitFor(() => expect(server.calls('GET /sys/permission/list').length).toBeGreaterThan(1));
  });

  it('编辑 prefills the row and puts the server field errors on the fields', async () => {
    const server = setup(ALL, {
      'PUT /sys/permission/edit': () =>
        fail(400, '上级菜单不能是自己或自己的下级', 400, { errors: { parentId: '上级菜单不能是自己或自己的下级' } }),
    });
    await expandAll();
    fireEvent.click(within(screen.getByText('职务管理').closest('tr')!).getByText('编辑'));
    const form = within(await screen.findByTestId('permission-form'));
    expect((form.getByPlaceholderText('请输入菜单名称') as HTMLInputElement).value).toBe('职务管理');
    expect((form.getByPlaceholderText('请输入前端组件') as HTMLInputElement).value).toBe('resource/sysPosition');
    fireEvent.click(screen.getByTestId('permission-form-submit'));
    expect(await form.findByText('上级菜单不能是自己或自己的下级')).toBeTruthy();
    expect(server.calls('PUT /sys/permission/edit')[0]!.body).toMatchObject({
      id: 'pos',
      menuType: 1,
      parentId: 'sys',
      keepAlive: true,
      perms: 'position:list',
    });
  });

  it('删除 says the rows below go too, then deletes by id', async () => {
    const server = setup(ALL, { 'DELETE /sys/permission/delete': () => ok(null, '删除成功!') });
    await expandAll();
    fireEvent.click(within(screen.getByText('职务管理').closest('tr')!).getByText('删除'));
    expect(await screen.findByText('确定删除吗？其下 2 个菜单/按钮及数据规则也会一并删除')).toBeTruthy();
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() => expect(server.calls('DELETE /sys/permission/delete')).toHaveLength(1));
    expect(server.calls('DELETE /sys/permission/delete')[0]!.url.searchParams.get('id')).toBe('pos');
  });

  it('数据规则 lists the rules of a menu and adds one on a field of its list; a refused column shows on the field', async () => {
    let answer: FakeHandler = () =>
      fail(400, '规则字段不是该菜单列表的字段', 400, { errors: { ruleColumn: '规则字段不是该菜单列表的字段' } });
    const server = setup(ALL, { 'POST /sys/permission/addPermissionRule': (r) => answer(r) });
    await expandAll();
    fireEvent.click(within(screen.getByText('职务管理').closest('tr')!).getByText(/数据规则/));
    const drawer = within(await screen.findByTestId('data-rule-drawer'));
    expect(await drawer.findByText('只看P1')).toBeTruthy();
    expect(server.calls('GET /sys/permission/getPermRuleListByPermId')[0]!.url.searchParams.get('permissionId')).toBe(
      'pos',
    );
    fireEvent.click(screen.getByTestId('data-rule-add'));
    const form = within(await screen.findByTestId('data-rule-form'));
    fireEvent.change(form.getByPlaceholderText('请输入规则名称'), { target: { value: '本人' } });
    const column = form.getByText('规则字段', { selector: 'label' }).closest('.ant-form-item')!;
    fireEvent.mouseDown(
      column.querySelector('.ant-select')!.querySelector('input') ?? column.querySelector('.ant-select')!,
    );
    fireEvent.click(await screen.findByTitle('职务编码（code / code）'));
    fireEvent.change(form.getByPlaceholderText('请输入规则值'), { target: { value: '#{sys_user_code}' } });
    fireEvent.click(screen.getByTestId('data-rule-form-submit'));
    expect(await form.findByText('规则字段不是该菜单列表的字段')).toBeTruthy();
    expect(server.calls('POST /sys/permission/addPermissionRule')[0]!.body).toEqual({
      permissionId: 'pos',
      ruleName: '本人',
      ruleColumn: 'code',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
    });

    answer = () => ok({ id: 'r2' }, '添加成功!');
    fireEvent.click(screen.getByTestId('data-rule-form-submit'));
    expect(await screen.findByText('添加成功!')).toBeTruthy();
    await waitFor(() => expect(server.calls('GET /sys/permission/getPermRuleListByPermId').length).toBeGreaterThan(1));
  });
});
