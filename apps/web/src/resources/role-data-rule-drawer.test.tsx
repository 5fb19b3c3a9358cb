import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { roleResource } from '@procura/shared';
import { ALL_ACTIONS, codes, page, setup } from './resource-page-harness';
import { fail, ok } from '../test/fake-server';
import type { FakeHandler } from '../test/fake-server';

const ROLES = [
  { id: 'r1', roleName: '测试角色', roleCode: 'tester', description: null, createTime: '2026-01-01 09:00:00' },
];
const TREE = {
  treeList: [
    {
      key: 's',
      title: '系统管理',
      ruleFlag: false,
      children: [
        {
          key: 'p',
          title: '职务管理',
          ruleFlag: true,
          children: [{ key: 'pl', title: '查看', ruleFlag: false, children: null }],
        },
        { key: 'u', title: '用户管理', ruleFlag: false, children: null },
      ],
    },
  ],
  ids: ['s', 'p', 'pl', 'u'],
};
const RULES = [
  { id: 'd1', ruleName: '只看P1', ruleColumn: 'postRank', ruleConditions: '=', ruleValue: 'P1', status: '1' },
  { id: 'd2', ruleName: '本人', ruleColumn: 'code', ruleConditions: '=', ruleValue: '#{sys_user_code}', status: '1' },
];

function open(save: FakeHandler) {
  const { server } = setup(
    roleResource,
    {
      'GET /sys/role/list': () => page(ROLES),
      'GET /sys/role/queryTreeList': () => ok(TREE),
      'GET /sys/permission/queryRolePermission': () => ok(['s', 'p', 'pl']),
      'GET /sys/role/loadDataRule/p/r1': () => ok({ datarule: RULES, drChecked: 'd1' }),
      'POST /sys/role/saveDataRule': save,
    },
    codes('role', ALL_ACTIONS),
  );
  return server;
}

describe('数据规则 in the role authorisation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks menus with rules; clicking one shows its rules with the role’s choice and saves the checked ids', async () => {
    const server = open(() => ok(null, '保存成功!'));
    await screen.findByText('tester');
    fireEvent.click(screen.getAllByText('授权')[0]!);
    const drawer = within(await screen.findByTestId('role-permission-drawer'));
    await drawer.findByText('查看');
    expect(drawer.getAllByText('数据规则')).toHaveLength(1);
    // A menu without rules opens nothing.
    fireEvent.click(drawer.getByText('用户管理'));
    expect(screen.queryByTestId('role-data-rule-drawer')).toBeNull();

    fireEvent.click(drawer.getByText('职务管理'));
    const rules = within(await screen.findByTestId('role-data-rule-drawer'));
    const box = (name: string) => rules.getByText(new RegExp(name)).closest('label')!.querySelector('input')!;
    await rules.findByText(/只看P1/);
    expect(box('只看P1').checked).toBe(true);
    expect(box('本人').checked).toBe(false);
    fireEvent.click(box('本人'));
    fireEvent.click(screen.getByTestId('role-data-rule-save'));
    expect(await screen.findByText('保存成功!')).toBeTruthy();
    expect(server.calls('POST /sys/role/saveDataRule')[0]!.body).toEqual({
      permissionId: 'p',
      roleId: 'r1',
      dataRuleIds: 'd1,d2',
    });
    await waitFor(() => expect(screen.queryByTestId('role-data-rule-drawer')).toBeNull());
  });

  it('shows the server’s refusal (menu not saved for the role yet)', async () => {
    open(() => fail(200, '请先保存角色菜单权限!', 500));
    await screen.findByText('tester');
    fireEvent.click(screen.getAllByText('授权')[0]!);
    const drawer = within(await screen.findByTestId('role-permission-drawer'));
    fireEvent.click(await drawer.findByText('职务管理'));
    await within(await screen.findByTestId('role-data-rule-drawer')).findByText(/只看P1/);
    fireEvent.click(screen.getByTestId('role-data-rule-save'));
    expect(await screen.findByText('请先保存角色菜单权限!')).toBeTruthy();
    expect(screen.getByTestId('role-data-rule-drawer')).toBeTruthy();
  });
});
