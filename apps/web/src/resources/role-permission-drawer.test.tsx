import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { roleResource } from '@procura/shared';
import { ALL_ACTIONS, codes, page, setup } from './resource-page-harness';
import { ok } from '../test/fake-server';

const ROLES = [
  { id: 'r1', roleName: '测试角色', roleCode: 'tester', description: null, createTime: '2026-01-01 09:00:00' },
  { id: 'r0', roleName: '管理员', roleCode: 'admin', description: null, createTime: '2026-01-01 08:00:00' },
];
const TREE = {
  treeList: [
    {
      key: 's',
      title: '系统管理',
      children: [
        { key: 'u', title: '用户管理', children: [{ key: 'ua', title: '添加用户', children: null }] },
        {
          key: 'p',
          title: '职务管理',
          children: [
            { key: 'pl', title: '查看', children: null },
            { key: 'pa', title: '新增职务', children: null },
          ],
        },
      ],
    },
  ],
  ids: ['s', 'u', 'ua', 'p', 'pl', 'pa'],
};

function routes(
  held: string[],
  save: () => ReturnType<typeof ok> | { status?: number; body: unknown } = () => ok(null, '保存成功！'),
) {
  return {
    'GET /sys/role/list': () => page(ROLES),
    'GET /sys/role/queryTreeList': () => ok(TREE),
    'GET /sys/permission/queryRolePermission': () => ok(held),
    'POST /sys/permission/saveRolePermission': save,
  };
}

describe('授权 on the role page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is offered only to holders of role:edit', async () => {
    setup(roleResource, routes([]), codes('role', ['list']));
    await screen.findByText('tester');
    expect(screen.queryByText('授权')).toBeNull();
  });

  it('preselects what the role holds and saves checked plus half-checked ids with the previous ones', async () => {
    const { server } = setup(roleResource, routes(['s', 'u', 'ua']), codes('role', ALL_ACTIONS));
    await screen.findByText('tester');
    fireEvent.click(screen.getAllByText('授权')[0]!);
    const drawer = within(await screen.findByTestId('role-permission-drawer'));
    await drawer.findByText('查看');
    expect(server.calls('GET /sys/permission/queryRolePermission')[0]!.url.searchParams.get('roleId')).toBe('r1');
    // 用户管理 held fully: its checkbox is checked; 职务管理 not.
    const checkboxOf = (title: string) =>
      drawer.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    expect(checkboxOf('添加用户').className).toContain('ant-tree-checkbox-checked');
    expect(checkboxOf('新增职务').className).not.toContain('ant-tree-checkbox-checked');
    // Take away 用户管理, grant only 职务管理's 查看.
    fireEvent.click(checkboxOf('用户管理'));
    fireEvent.click(checkboxOf('查看'));
    fireEvent.click(screen.getByTestId('role-permission-save'));
    expect(await screen.findByText('保存成功！')).toBeTruthy();
    const body = server.calls('POST /sys/permission/saveRolePermission')[0]!.body as {
      roleId: string;
      permissionIds: string;
      lastpermissionIds: string;
    };
    expect(body.roleId).toBe('r1');
    expect(body.permissionIds.split(',').sort()).toEqual(['p', 'pl', 's']);
    expect(body.lastpermissionIds).toBe('s,u,ua');
  });

  it('shows the refusal for the administrator role', async () => {
    setup(
      roleResource,
      routes([], () => ({
        body: {
          success: false,
          code: 500,
          message: '系统内置的管理员角色拥有全部权限，不能修改',
          result: null,
          timestamp: 0,
        },
      })),
      codes('role', ALL_ACTIONS),
    );
    await screen.findByText('admin');
    fireEvent.click(screen.getAllByText('授权')[1]!);
    const drawer = within(await screen.findByTestId('role-permission-drawer'));
    await drawer.findByText('查看');
    fireEvent.click(screen.getByTestId('role-permission-save'));
    expect(await screen.findByText('系统内置的管理员角色拥有全部权限，不能修改')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('role-permission-drawer')).toBeTruthy());
  });
});
