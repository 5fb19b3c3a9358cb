import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { LEAVE_CONFIRM_MESSAGE } from '../../lib/unsaved-changes';
import { fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import DepartListPage from './depart-list-page';

const depart = (
  id: string,
  departName: string,
  orgCode: string,
  parentId: string | null,
  children: unknown[] | null = null,
) => ({
  id,
  key: id,
  value: id,
  title: departName,
  departName,
  orgCode,
  parentId,
  orgCategory: parentId ? '2' : '1',
  departOrder: 0,
  mobile: null,
  fax: null,
  address: null,
  memo: null,
  children,
});
const PURCHASE = depart('d2', '采购部', 'A01A01', 'd1');
const QUALITY = depart('d3', '质量部', 'A01A02', 'd1');
const TREE = [depart('d1', '总公司', 'A01', null, [PURCHASE, QUALITY])];
const byId: Record<string, ReturnType<typeof depart>> = { d1: TREE[0]!, d2: PURCHASE, d3: QUALITY };
const ALL = ['depart:list', 'depart:add', 'depart:edit', 'depart:delete', 'depart:permission'];

function setup(auth: string[], routes: Record<string, FakeHandler> = {}) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({
    'GET /sys/sysDepart/queryTreeList': () => ok(TREE),
    'GET /sys/sysDepart/queryById': (r) => ok(byId[r.url.searchParams.get('id')!] ?? null),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<DepartListPage />, { route: '/isystem/depart', store: createSessionStore(http) });
  return server;
}

const tree = () => within(screen.getByTestId('depart-tree'));
const nameInput = (scope: ReturnType<typeof within>) =>
  scope.getByPlaceholderText('请输入部门名称') as HTMLInputElement;
const buttonIn = (scope: ReturnType<typeof within>, label: RegExp) =>
  scope
    .getAllByText(label)
    .map((n: HTMLElement) => n.closest('button'))
    .find(Boolean)!;

describe('部门管理', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tree and an empty state; a holder of depart:list alone gets no add, delete or save', async () => {
    setup(['depart:list']);
    await screen.findByText('采购部');
    expect(within(screen.getByTestId('depart-detail')).getByTestId('depart-empty').textContent).toContain(
      '请先选择一个部门',
    );
    expect(within(screen.getByTestId('depart-page')).getByTestId('depart-tree')).toBeTruthy();
    expect(screen.queryByTestId('depart-add')).toBeNull();
    expect(screen.queryByTestId('depart-delete')).toBeNull();
    fireEvent.click(tree().getByText('采购部'));
    const form = within(await screen.findByTestId('depart-form'));
    await waitFor(() => expect(nameInput(form).value).toBe('采购部'));
    expect(nameInput(form).disabled).toBe(true);
    expect(screen.queryByTestId('depart-form-submit')).toBeNull();
    expect(screen.queryByText('部门权限')).toBeNull();
  });

  it('基本信息 saves the edited department without its code', async () => {
    const server = setup(ALL, {
      'PUT /sys/sysDepart/edit': (r) => ok({ ...PURCHASE, ...(r.body as object) }, '修改成功!'),
    });
    await screen.findByText('采购部');
    fireEvent.click(tree().getByText('采购部'));
    const form = within(await screen.findByTestId('depart-form'));
    await waitFor(() => expect(nameInput(form).value).toBe('采购部'));
    expect(server.calls('GET /sys/sysDepart/queryById')[0]!.url.searchParams.get('id')).toBe('d2');
    expect((screen.getByTestId('depart-org-code') as HTMLInputElement).value).toBe('A01A01');
    fireEvent.change(nameInput(form), { target: { value: '采购中心' } });
    fireEvent.change(form.getByPlaceholderText('请输入电话'), { target: { value: '021-1234' } });
    fireEvent.click(screen.getByTestId('depart-form-submit'));
    expect(await screen.findByText('修改成功!')).toBeTruthy();
    const body = server.calls('PUT /sys/sysDepart/edit')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 'd2',
      departName: '采购中心',
      parentId: 'd1',
      orgCategory: '2',
      departOrder: 0,
      mobile: '021-1234',
      fax: '',
    });
    expect(body).not.toHaveProperty('orgCode');
    await waitFor(() => expect(server.calls('GET /sys/sysDepart/queryTreeList').length).toBeGreaterThan(1));
    // Saved: another department opens without asking.
    fireEvent.click(tree().getByText('质量部'));
    await waitFor(() => expect(nameInput(within(screen.getByTestId('depart-form'))).value).toBe('质量部'));
  });

  it('choosing another department while edits are unsaved asks first; staying keeps the edits', async () => {
    setup(ALL);
    await screen.findByText('采购部');
    fireEvent.click(tree().getByText('采购部'));
    const form = within(await screen.findByTestId('depart-form'));
    await waitFor(() => expect(nameInput(form).value).toBe('采购部'));
    fireEvent.change(nameInput(form), { target: { value: '采购中心' } });
    fireEvent.click(tree().getByText('质量部'));
    expect(await screen.findByText(LEAVE_CONFIRM_MESSAGE)).toBeTruthy();
    fireEvent.click(buttonIn(within(document.body), /取\s*消/));
    expect(nameInput(form).value).toBe('采购中心');
    fireEvent.click(tree().getByText('质量部'));
    fireEvent.click(buttonIn(within(document.body), /确\s*定/));
    await waitFor(() => expect(nameInput(within(screen.getByTestId('depart-form'))).value).toBe('质量部'));
  });

  it('添加下级 adds under the selected department and opens the new one', async () => {
    const added = depart('d9', '采购一科', 'A01A01A01', 'd2');
    byId.d9 = added;
    const server = setup(ALL, { 'POST /sys/sysDepart/add': () => ok(added, '添加成功！') });
    await screen.findByText('采购部');
    expect((screen.getByTestId('depart-add-child') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(tree().getByText('采购部'));
    await waitFor(() => expect((screen.getByTestId('depart-add-child') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('depart-add-child'));
    const form = within(await screen.findByTestId('depart-add-form'));
    fireEvent.click(screen.getByTestId('depart-add-submit'));
    expect(await form.findByText('请输入部门名称')).toBeTruthy();
    expect(server.calls('POST /sys/sysDepart/add')).toHaveLength(0);
    fireEvent.change(nameInput(form), { target: { value: '采购一科' } });
    fireEvent.click(screen.getByTestId('depart-add-submit'));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(server.calls('POST /sys/sysDepart/add')[0]!.body).toMatchObject({
      departName: '采购一科',
      parentId: 'd2',
      orgCategory: '2',
    });
    await waitFor(() =>
      expect(server.calls('GET /sys/sysDepart/queryById').at(-1)!.url.searchParams.get('id')).toBe('d9'),
    );
  });

  it('删除 confirms, then shows the server refusal', async () => {
    const server = setup(ALL, {
      'DELETE /sys/sysDepart/delete': () => ({
        body: {
          success: false,
          code: 500,
          message: '部门「采购部」下还有用户，请先将用户移出该部门',
          result: null,
          timestamp: 0,
        },
      }),
    });
    await screen.findByText('采购部');
    fireEvent.click(tree().getByText('采购部'));
    await screen.findByTestId('depart-form');
    fireEvent.click(screen.getByTestId('depart-delete'));
    expect(await screen.findByText('确定删除该部门吗？')).toBeTruthy();
    expect(server.calls('DELETE /sys/sysDepart/delete')).toHaveLength(0);
    fireEvent.click(buttonIn(within(document.body), /确\s*定/));
    expect(await screen.findByText('部门「采购部」下还有用户，请先将用户移出该部门')).toBeTruthy();
    expect(server.calls('DELETE /sys/sysDepart/delete')[0]!.url.searchParams.get('id')).toBe('d2');
    expect(screen.getByTestId('depart-form')).toBeTruthy();
  });

  it('删除 of a deletable department clears the selection and reloads the tree', async () => {
    const server = setup(ALL, { 'DELETE /sys/sysDepart/delete': () => ok(null, '删除成功!') });
    await screen.findByText('采购部');
    fireEvent.click(tree().getByText('质量部'));
    await screen.findByTestId('depart-form');
    fireEvent.click(screen.getByTestId('depart-delete'));
    fireEvent.click(buttonIn(within(await screen.findByRole('tooltip')), /确\s*定/));
    expect(await screen.findByText('删除成功!')).toBeTruthy();
    expect(server.calls('DELETE /sys/sysDepart/delete')[0]!.url.searchParams.get('id')).toBe('d3');
    expect(await screen.findByText('请先选择一个部门')).toBeTruthy();
    expect(server.calls('GET /sys/sysDepart/queryTreeList')).toHaveLength(2);
  });

  it('部门权限 preselects what the department holds and saves checked plus half-checked ids', async () => {
    const permissions = {
      treeList: [
        {
          key: 's',
          title: '系统管理',
          children: [
            { key: 'u', title: '用户管理', children: [{ key: 'ua', title: '添加用户', children: null }] },
            { key: 'p', title: '职务管理', children: null },
          ],
        },
      ],
      ids: ['s', 'u', 'ua', 'p'],
    };
    const server = setup(ALL, {
      'GET /sys/role/queryTreeList': () => ok(permissions),
      'GET /sys/permission/queryDepartPermission': () => ok(['s', 'p']),
      'POST /sys/permission/saveDepartPermission': () => ok(null, '保存成功！'),
    });
    await screen.findByText('采购部');
    fireEvent.click(tree().getByText('采购部'));
    await screen.findByTestId('depart-form');
    expect(server.calls('GET /sys/permission/queryDepartPermission')).toHaveLength(0);
    fireEvent.click(screen.getByText('部门权限'));
    const panel = within(await screen.findByTestId('depart-permission'));
    await panel.findByText('添加用户');
    expect(server.calls('GET /sys/permission/queryDepartPermission')[0]!.url.searchParams.get('departId')).toBe('d2');
    const checkboxOf = (title: string) =>
      panel.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    expect(checkboxOf('职务管理').className).toContain('ant-tree-checkbox-checked');
    expect(checkboxOf('添加用户').className).not.toContain('ant-tree-checkbox-checked');
    fireEvent.click(checkboxOf('添加用户'));
    fireEvent.click(screen.getByTestId('depart-permission-save'));
    expect(await screen.findByText('保存成功！')).toBeTruthy();
    const body = server.calls('POST /sys/permission/saveDepartPermission')[0]!.body as {
      departId: string;
      permissionIds: string;
      lastpermissionIds: string;
    };
    expect(body.departId).toBe('d2');
    expect(body.permissionIds.split(',').sort()).toEqual(['p', 's', 'u', 'ua']);
    expect(body.lastpermissionIds).toBe('s,p');
  });

  it('查询 lists the departments matching a name', async () => {
    const server = setup(ALL, { 'GET /sys/sysDepart/searchBy': () => ok([QUALITY]) });
    await screen.findByText('采购部');
    const search = screen.getByPlaceholderText('请输入部门名称');
    fireEvent.change(search, { target: { value: '质量' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.calls('GET /sys/sysDepart/searchBy')).toHaveLength(1));
    expect(server.calls('GET /sys/sysDepart/searchBy')[0]!.url.searchParams.get('keyWord')).toBe('质量');
    await waitFor(() => expect(tree().queryByText('采购部')).toBeNull());
    expect(tree().getByText('质量部')).toBeTruthy();
  });
});
