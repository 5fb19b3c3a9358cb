import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USE_SQL_RULES_MESSAGE, type MenuNode, type UserPermissions } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

/**
 * 菜单管理 (issue 4): the menu/button tree with its flags, and data rules that narrow a
 * generic list for the roles that apply them (jeecg-api.md §3, §4.2 @PermissionData;
 * security R1: no SQL or column names from a request, R8: no audit fields from a request).
 */

type Node = {
  id: string;
  key: string;
  title: string;
  name: string;
  parentId: string | null;
  menuType: number;
  url: string | null;
  component: string | null;
  perms: string | null;
  icon: string | null;
  sortNo: number;
  route: boolean;
  hidden: boolean;
  keepAlive: boolean;
  internalOrExternal: boolean;
  leaf: boolean;
  ruleFlag: number;
  createBy: string | null;
  children?: Node[];
};
type Rule = {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
  createBy: string | null;
};
type Errors = { errors: Record<string, string> };

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

const tree = async () => (await s.request<Node[]>('GET', '/sys/permission/list', { token: admin })).body.result;
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const byName = async (name: string) => flatten(await tree()).find((n) => n.name === name)!;
const add = (body: Record<string, unknown>, token = admin) =>
  s.request<{ id: string } & Errors>('POST', '/sys/permission/add', { token, body });
const edit = (body: Record<string, unknown>) =>
  s.request<Errors>('PUT', '/sys/permission/edit', { token: admin, body });

describe('the menu tree', () => {
  it('lists every row as a tree with all columns; children only on parents', async () => {
    const roots = await tree();
    const sys = roots.find((n) => n.name === '系统管理')!;
    expect(sys).toMatchObject({
      menuType: 0,
      url: '/isystem',
      component: 'layouts/RouteView',
      leaf: false,
      key: sys.id,
      title: '系统管理',
    });
    const menu = sys.children!.find((n) => n.name === '菜单管理')!;
    expect(menu).toMatchObject({
      menuType: 1,
      url: '/isystem/permission',
      component: 'system/PermissionList',
      perms: 'permission:list',
      parentId: sys.id,
      keepAlive: true,
      route: true,
      hidden: false,
    });
    expect(menu.children!.map((b) => b.perms)).toEqual([
      'permission:list',
      'permission:add',
      'permission:edit',
      'permission:delete',
    ]);
    const button = menu.children![1]!;
    expect(button).toMatchObject({ menuType: 2, leaf: true });
    expect(button).not.toHaveProperty('children');
    // Sorted by sortNo at every level.
    expect(sys.children!.map((c) => c.sortNo)).toEqual([...sys.children!.map((c) => c.sortNo)].sort((a, b) => a - b));
  });

  it('adds a sub-menu and a button under it (audit fields from the session, not the request); both reach the admin menu', async () => {
    const sys = await byName('系统管理');
    const sub = await add({
      name: '测试子菜单',
      menuType: 1,
      parentId: sys.id,
      url: '/isystem/t-sub',
      component: 'resource/sysPosition',
      icon: 'AppstoreOutlined',
      sortNo: 50,
      keepAlive: true,
      hidden: false,
      createBy: 'intruder',
    });
    expect(sub.body).toMatchObject({ success: true, message: '添加成功！' });
    const btn = await add({
      name: '测试按钮',
      menuType: 2,
      parentId: sub.body.result.id,
      perms: 'tsub:do,tsub:other',
      permsType: '1',
      url: '/ignored',
    });
    expect(btn.body.success).toBe(true);

    const node = await byName('测试子菜单');
    expect(node).toMatchObject({
      parentId: sys.id,
      url: '/isystem/t-sub',
      component: 'resource/sysPosition',
      icon: 'AppstoreOutlined',
      keepAlive: true,
      createBy: 'admin',
      leaf: false,
    });
    expect(node.children!.map((c) => [c.name, c.perms, c.url, c.route])).toEqual([
      ['测试按钮', 'tsub:do,tsub:other', null, false],
    ]);

    const perms = (
      await s.request<UserPermissions>('GET', '/sys/permission/getUserPermissionByToken', { token: admin })
    ).body.result;
    const find = (nodes: MenuNode[]): MenuNode | undefined =>
      nodes.map((n) => (n.meta.title === '测试子菜单' ? n : find(n.children ?? []))).find(Boolean);
    expect(find(perms.menu)).toMatchObject({ path: '/isystem/t-sub', component: 'resource/sysPosition' });
    expect(perms.auth.map((a) => a.action)).toContain('tsub:do,tsub:other');
  });

  it('refuses rows that break the rules of their type', async () => {
    const sys = await byName('系统管理');
    const button = (await byName('菜单管理')).children![0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '无上级', menuType: 1, url: '/x', component: 'system/X' }, 'parentId'],
      [{ name: '无标识', menuType: 2, parentId: sys.id }, 'perms'],
      [{ name: '坏标识', menuType: 2, parentId: sys.id, perms: "a:b' or 1=1" }, 'perms'],
      [{ name: '无路径', menuType: 0, component: 'system/X' }, 'url'],
      [{ name: '脚本', menuType: 0, url: 'javascript:alert(1)', component: 'system/X' }, 'url'],
      [{ name: '模板', menuType: 0, url: "{{ window.alert('x') }}", component: 'layouts/IframePageView' }, 'url'],
      [{ name: '外部内链', menuType: 0, url: '/inner', component: 'system/X', internalOrExternal: true }, 'url'],
      [{ name: '无组件', menuType: 1, parentId: sys.id, url: '/isystem/nc' }, 'component'],
      [{ name: '按钮下', menuType: 2, parentId: button.id, perms: 'x:y' }, 'parentId'],
      [{ name: '无上级', menuType: 1, parentId: 'f'.repeat(32), url: '/x', component: 'system/X' }, 'parentId'],
      [{ name: '', menuType: 0, url: '/x', component: 'system/X' }, 'name'],
      [{ name: '类型', menuType: 3, url: '/x', component: 'system/X' }, 'menuType'],
    ];
    for (const [body, field] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.result.errors), JSON.stringify(body)).toContain(field);
    }
    const unknown = await add({ name: '多余', menuType: 0, url: '/x', component: 'system/X', delFlagX: 1 });
    expect(unknown.status).toBe(400);
    // An external link needs no component; a top-level menu drops any parent it was sent.
    const link = await add({
      name: '外部链接',
      menuType: 0,
      url: 'https://example.com/help',
      internalOrExternal: true,
      parentId: sys.id,
    });
    expect(link.body.success).toBe(true);
    expect(await byName('外部链接')).toMatchObject({ parentId: null, internalOrExternal: true, component: null });
  });

  it('edits a row, refusing a parent inside its own subtree and turning a parent into a button', async () => {
    const sub = await byName('测试子菜单');
    const child = sub.children![0]!;
    const base = {
      id: sub.id,
      name: '测试子菜单',
      menuType: 1,
      parentId: sub.parentId,
      url: '/isystem/t-sub',
      component: 'resource/sysPosition',
    };
    expect((await edit({ ...base, parentId: child.id })).status).toBe(400);
    expect((await edit({ ...base, parentId: sub.id })).body.result.errors.parentId).toBe(
      '上级菜单不能是自己或自己的下级',
    );
    expect((await edit({ ...base, menuType: 2, perms: 'x:y' })).body.result.errors.menuType).toBe(
      '有下级的菜单不能改为按钮',
    );
    // JeecgBoot sends the whole row back: the tree keys are accepted and ignored.
    const ok = await edit({
      ...sub,
      ...base,
      name: '测试子菜单改',
      hidden: true,
      keepAlive: false,
      sortNo: 51,
      createBy: 'intruder',
      children: undefined,
    });
    expect(ok.body).toMatchObject({ success: true, message: '修改成功！' });
    expect(await byName('测试子菜单改')).toMatchObject({
      hidden: true,
      keepAlive: false,
      sortNo: 51,
      createBy: 'admin',
    });
    expect((await edit({ ...base, id: 'e'.repeat(32) })).body).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
  });

  it('refuses to delete the menu administration itself or a group holding it, and changes nothing', async () => {
    const rows = await s.ctx.db
      .selectFrom('sysPermission')
      .select(['id', 'name', 'perms', 'parentId'])
      .where('delFlag', '=', 0)
      .execute();
    const page = rows.find((r) => r.perms === 'permission:list' && rows.some((c) => c.parentId === r.id))!;
    const group = rows.find((r) => r.id === page.parentId)!;
    const before = rows.length;
    for (const url of [
      `/sys/permission/delete?id=${page.id}`,
      `/sys/permission/delete?id=${group.id}`,
      `/sys/permission/deleteBatch?ids=${group.id}`,
    ]) {
      const res = await s.request('DELETE', url, { token: admin });
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/是菜单管理自身的菜单或按钮，不能删除$/);
    }
    expect((await s.ctx.db.selectFrom('sysPermission').select('id').where('delFlag', '=', 0).execute()).length).toBe(
      before,
    );
  });

  it('delete removes the row, everything under it, and their role links', async () => {
    const sub = await byName('测试子菜单改');
    const ids = [sub.id, sub.children![0]!.id];
    expect(
      (await s.ctx.db.selectFrom('sysRolePermission').select('id').where('permissionId', 'in', ids).execute()).length,
    ).toBe(2);
    const res = await s.request('DELETE', `/sys/permission/delete?id=${sub.id}`, { token: admin });
    expect(res.body).toMatchObject({ success: true, message: '删除成功!' });
    const left = flatten(await tree()).map((n) => n.id);
    expect(left).not.toContain(ids[0]);
    expect(left).not.toContain(ids[1]);
    expect(
      await s.ctx.db.selectFrom('sysRolePermission').select('id').where('permissionId', 'in', ids).execute(),
    ).toEqual([]);
    expect((await s.request('DELETE', `/sys/permission/delete?id=${sub.id}`, { token: admin })).body).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });

    const link = await byName('外部链接');
    expect(
      (await s.request('DELETE', `/sys/permission/deleteBatch?ids=${link.id},`, { token: admin })).body.success,
    ).toBe(true);
    expect(flatten(await tree()).some((n) => n.id === link.id)).toBe(false);
  });

  it('refuses every action to users without its code (403)', async () => {
    const buyer = await s.login('buyer');
    const sys = await byName('系统管理');
    const id = sys.id;
    for (const [method, url, body] of [
      ['GET', '/sys/permission/list'],
      ['GET', `/sys/permission/queryById?id=${id}`],
      ['POST', '/sys/permission/add', { name: 'x', menuType: 0, url: '/x', component: 'system/X' }],
      ['PUT', '/sys/permission/edit', { id, name: 'x', menuType: 0, url: '/x', component: 'system/X' }],
      ['DELETE', `/sys/permission/delete?id=${id}`],
      ['DELETE', `/sys/permission/deleteBatch?ids=${id}`],
      ['GET', `/sys/permission/getPermRuleListByPermId?permissionId=${id}`],
      ['GET', `/sys/permission/queryPermissionRule?permissionId=${id}`],
      [
        'POST',
        '/sys/permission/addPermissionRule',
        { permissionId: id, ruleName: 'x', ruleColumn: 'code', ruleConditions: '=', ruleValue: 'x' },
      ],
      [
        'PUT',
        '/sys/permission/editPermissionRule',
        { id, permissionId: id, ruleName: 'x', ruleColumn: 'code', ruleConditions: '=', ruleValue: 'x' },
      ],
      ['DELETE', `/sys/permission/deletePermissionRule?id=${id}`],
      ['GET', `/sys/role/loadDataRule/${id}/${id}`],
      ['POST', '/sys/role/saveDataRule', { permissionId: id, roleId: id, dataRuleIds: '' }],
    ] as [string, string, unknown?][]) {
      expect((await s.request(method, url, { token: buyer, body })).status, `${method} ${url}`).toBe(403);
    }
    expect(await byName('系统管理')).toBeTruthy();
  });
});

describe('data rules', () => {
  let positionMenu: string;
  const rule = (body: Record<string, unknown>) =>
    s.request<{ id: string } & Errors>('POST', '/sys/permission/addPermissionRule', {
      token: admin,
      body: { permissionId: positionMenu, ...body },
    });

  beforeAll(async () => {
    positionMenu = (await byName('职务管理')).id;
  });

  it('adds, lists, searches, edits and deletes the rules of a menu', async () => {
    const a = await rule({
      ruleName: '只看P1',
      ruleColumn: 'postRank',
      ruleConditions: '=',
      ruleValue: 'P1',
      status: '1',
      createBy: 'intruder',
    });
    expect(a.body).toMatchObject({ success: true, message: '添加成功!' });
    const b = await rule({
      ruleName: '本人编码',
      ruleColumn: 'code',
      ruleConditions: 'LIKE',
      ruleValue: '#{sys_user_code}',
    });
    expect(b.body.success).toBe(true);

    const list = (
      await s.request<Rule[]>('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${positionMenu}`, {
        token: admin,
      })
    ).body.result;
    expect(list.map((r) => [r.ruleName, r.ruleColumn, r.ruleConditions, r.ruleValue, r.status, r.createBy])).toEqual([
      ['只看P1', 'postRank', '=', 'P1', '1', 'admin'],
      ['本人编码', 'code', 'LIKE', '#{sys_user_code}', '1', 'admin'],
    ]);
    const search = async (q: string) =>
      (
        await s.request<Rule[]>('GET', `/sys/permission/queryPermissionRule?permissionId=${positionMenu}&${q}`, {
          token: admin,
        })
      ).body.result.map((r) => r.ruleName);
    expect(await search(`ruleName=${encodeURIComponent('P1')}`)).toEqual(['只看P1']);
    expect(await search(`ruleValue=${encodeURIComponent('sys_user')}`)).toEqual(['本人编码']);
    expect(await search('ruleName=%25')).toEqual([]);
    expect((await byName('职务管理')).ruleFlag).toBe(1);
    // The role authorisation tree marks menus with rules to choose from.
    type TreeNode = { key: string; ruleFlag: boolean; children: TreeNode[] | null };
    const roleTree = (await s.request<{ treeList: TreeNode[] }>('GET', '/sys/role/queryTreeList', { token: admin }))
      .body.result.treeList;
    const flat = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    expect(
      flat(roleTree)
        .filter((n) => n.ruleFlag)
        .map((n) => n.key),
    ).toEqual([positionMenu]);

    const edited = await s.request('PUT', '/sys/permission/editPermissionRule', {
      token: admin,
      body: {
        id: b.body.result.id,
        permissionId: positionMenu,
        ruleName: '本人编码',
        ruleColumn: 'code',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
        status: '0',
      },
    });
    expect(edited.body).toMatchObject({ success: true, message: '修改成功!' });
    const removed = await s.request('DELETE', `/sys/permission/deletePermissionRule?id=${b.body.result.id}`, {
      token: admin,
    });
    expect(removed.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(
      (
        await s.request<Rule[]>('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${positionMenu}`, {
          token: admin,
        })
      ).body.result.map((r) => r.ruleName),
    ).toEqual(['只看P1']);
  });

  it('refuses a column that is not a field of the list, SQL rules, unknown conditions and variables, and rules on buttons or custom pages', async () => {
    const refused = async (body: Record<string, unknown>, field: string, message?: string) => {
      const res = await rule({ ruleName: '坏规则', ruleColumn: 'code', ruleConditions: '=', ruleValue: 'x', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.result.errors), JSON.stringify(body)).toContain(field);
      if (message) expect(res.body.message).toBe(message);
    };
    await refused({ ruleColumn: 'password_hash' }, 'ruleColumn');
    await refused({ ruleColumn: 'create_by' }, 'ruleColumn');
    await refused({ ruleColumn: 'code or 1' }, 'ruleColumn');
    await refused({ ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' }, 'ruleConditions', USE_SQL_RULES_MESSAGE);
    await refused(
      { ruleConditions: 'use_sql_rules', ruleValue: 'code in (select username from sys_user)' },
      'ruleConditions',
      USE_SQL_RULES_MESSAGE,
    );
    await refused({ ruleConditions: 'BETWEEN' }, 'ruleConditions');
    await refused({ ruleValue: '#{sys_password}' }, 'ruleValue');
    const button = (await byName('职务管理')).children![0]!;
    await refused({ permissionId: button.id }, 'permissionId');
    await refused({ permissionId: (await byName('用户管理')).id }, 'permissionId');
    // Column names are accepted in snake_case too.
    expect(
      (await rule({ ruleName: '列名', ruleColumn: 'post_rank', ruleConditions: '!=', ruleValue: 'P9' })).body.success,
    ).toBe(true);
    // A numeric field takes numbers only, and no LIKE (数据字典 governs 字典项 through dict:list).
    const dictMenu = (await byName('数据字典')).id;
    const numeric = (body: Record<string, unknown>) =>
      rule({ permissionId: dictMenu, ruleName: '排序', ruleColumn: 'sortOrder', ...body });
    expect((await numeric({ ruleConditions: 'LIKE', ruleValue: '1' })).status).toBe(400);
    expect((await numeric({ ruleConditions: '>', ruleValue: '#{sys_user_code}' })).status).toBe(400);
    expect((await numeric({ ruleConditions: 'IN', ruleValue: '1,x' })).status).toBe(400);
    const fine = await numeric({ ruleConditions: 'IN', ruleValue: '1,2' });
    expect(fine.body.success).toBe(true);
    await s.request('DELETE', `/sys/permission/deletePermissionRule?id=${fine.body.result.id}`, { token: admin });
    const all = (
      await s.request<Rule[]>('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${positionMenu}`, {
        token: admin,
      })
    ).body.result;
    for (const r of all.filter((r) => r.ruleName === '列名'))
      await s.request('DELETE', `/sys/permission/deletePermissionRule?id=${r.id}`, { token: admin });
  });
});

describe('data rules narrow the list and the export of the roles that apply them', () => {
  const password = 'Rules#2026x';
  let roleId: string;
  let positionMenu: string;
  let token: string;
  const codesOf = async (who: string, query = '') =>
    (
      await s.request<{ records: { code: string; postRank: string }[] }>(
        'GET',
        `/sys/position/list?pageSize=100${query}`,
        { token: who },
      )
    ).body.result.records
      .map((r) => r.code)
      .sort();
  const exported = async (who: string) => {
    const res = await fetch(`${s.base}/sys/position/exportXls`, { headers: { 'X-Access-Token': who } });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const col = (sheet.getRow(1).values as unknown[]).indexOf('职务编码');
    const out: string[] = [];
    sheet.eachRow((row, n) => n > 1 && out.push(String(row.getCell(col).value)));
    return out.sort();
  };
  const addRule = async (body: Record<string, unknown>) =>
    (
      await s.request<{ id: string }>('POST', '/sys/permission/addPermissionRule', {
        token: admin,
        body: { permissionId: positionMenu, ruleName: '规则', status: '1', ...body },
      })
    ).body.result.id;
  const apply = (dataRuleIds: string) =>
    s.request('POST', '/sys/role/saveDataRule', {
      token: admin,
      body: { permissionId: positionMenu, roleId, dataRuleIds },
    });

  beforeAll(async () => {
    for (const [code, postRank] of [
      ['R_P1_A', 'P1'],
      ['R_P1_B', 'P1'],
      ['R_P2_A', 'P2'],
      ['ruleclerk', 'P3'],
      ['R_ORG_A01A01', 'P4'],
    ]) {
      const res = await s.request('POST', '/sys/position/add', {
        token: admin,
        body: { code, name: `职务${code}`, postRank },
      });
      expect(res.body.success).toBe(true);
    }
    positionMenu = (await byName('职务管理')).id;
    const role = await s.request<{ id: string }>('POST', '/sys/role/add', {
      token: admin,
      body: { roleName: '规则角色', roleCode: 'rule_role' },
    });
    roleId = role.body.result.id;
    const ids = (
      await s.ctx.db
        .selectFrom('sysPermission')
        .select('id')
        .where('perms', 'in', ['position:list', 'position:export'])
        .execute()
    ).map((p) => p.id);
    expect(
      (
        await s.request('POST', '/sys/permission/saveRolePermission', {
          token: admin,
          body: { roleId, permissionIds: ids.join(',') },
        })
      ).body.success,
    ).toBe(true);
    const user = await s.request('POST', '/sys/user/add', {
      token: admin,
      body: { username: 'ruleclerk', realname: '规则员', password, selectedroles: roleId },
    });
    expect(user.body.success).toBe(true);
    await s.ctx.db.updateTable('sysUser').set({ orgCode: 'A01A01' }).where('username', '=', 'ruleclerk').execute();
    token = await s.login('ruleclerk', password);
  });

  it('a role without chosen rules, and the administrator, see every row', async () => {
    await addRule({ ruleColumn: 'postRank', ruleConditions: '=', ruleValue: 'P1' });
    const all = await codesOf(admin, '&code=R_*');
    expect(all).toEqual(['R_ORG_A01A01', 'R_P1_A', 'R_P1_B', 'R_P2_A']);
    expect(await codesOf(token, '&code=R_*')).toEqual(all);
  });

  it('postRank = P1: the role sees only P1 rows, in the list and in the export; the admin still sees all', async () => {
    const rules = (
      await s.request<{ datarule: Rule[]; drChecked?: string }>(
        'GET',
        `/sys/role/loadDataRule/${positionMenu}/${roleId}`,
        { token: admin },
      )
    ).body.result;
    const p1 = rules.datarule.find((r) => r.ruleValue === 'P1')!;
    expect(rules.drChecked).toBeUndefined();
    expect((await apply(p1.id)).body).toMatchObject({ success: true, message: '保存成功!' });
    expect(
      (await s.request<{ drChecked: string }>('GET', `/sys/role/datarule/${positionMenu}/${roleId}`, { token: admin }))
        .body.result.drChecked,
    ).toBe(p1.id);

    expect(await codesOf(token)).toEqual(['R_P1_A', 'R_P1_B']);
    expect(await exported(token)).toEqual(['R_P1_A', 'R_P1_B']);
    // The user's own filters still apply on top.
    expect(await codesOf(token, '&code=*B')).toEqual(['R_P1_B']);
    expect((await codesOf(admin)).length).toBeGreaterThanOrEqual(5);
    expect((await exported(admin)).length).toBeGreaterThanOrEqual(5);

    // Re-saving the role's menus keeps the rules it applies.
    const held = (
      await s.request<string[]>('GET', `/sys/permission/queryRolePermission?roleId=${roleId}`, { token: admin })
    ).body.result;
    await s.request('POST', '/sys/permission/saveRolePermission', {
      token: admin,
      body: { roleId, permissionIds: held.join(',') },
    });
    expect(await codesOf(token)).toEqual(['R_P1_A', 'R_P1_B']);

    // An inactive rule does not apply.
    await s.request('PUT', '/sys/permission/editPermissionRule', {
      token: admin,
      body: {
        id: p1.id,
        permissionId: positionMenu,
        ruleName: '规则',
        ruleColumn: 'postRank',
        ruleConditions: '=',
        ruleValue: 'P1',
        status: '0',
      },
    });
    expect((await codesOf(token)).length).toBeGreaterThanOrEqual(5);
    await s.request('PUT', '/sys/permission/editPermissionRule', {
      token: admin,
      body: {
        id: p1.id,
        permissionId: positionMenu,
        ruleName: '规则',
        ruleColumn: 'postRank',
        ruleConditions: '=',
        ruleValue: 'P1',
        status: '1',
      },
    });
    expect(await codesOf(token)).toEqual(['R_P1_A', 'R_P1_B']);
  });

  it('code = #{sys_user_code} and LIKE #{sys_org_code} use the signed-in user; IN and != bind values', async () => {
    const mine = await addRule({ ruleColumn: 'code', ruleConditions: '=', ruleValue: '#{sys_user_code}' });
    await apply(mine);
    expect(await codesOf(token)).toEqual(['ruleclerk']);
    expect(await exported(token)).toEqual(['ruleclerk']);

    const org = await addRule({ ruleColumn: 'code', ruleConditions: 'LIKE', ruleValue: 'ORG_#{sys_org_code}' });
    await apply(org);
    expect(await codesOf(token)).toEqual(['R_ORG_A01A01']);

    const inList = await addRule({ ruleColumn: 'post_rank', ruleConditions: 'IN', ruleValue: 'P2, P3' });
    const notA = await addRule({ ruleColumn: 'code', ruleConditions: '!=', ruleValue: "R_P2_A' OR '1'='1" });
    await apply(`${inList},${notA}`);
    expect(await codesOf(token)).toEqual(['R_P2_A', 'ruleclerk']);

    // Several rules of the role all apply.
    const notMe = await addRule({ ruleColumn: 'code', ruleConditions: '!=', ruleValue: '#{sys_user_code}' });
    await apply(`${inList},${notMe}`);
    expect(await codesOf(token)).toEqual(['R_P2_A']);
    await apply('');
    expect((await codesOf(token)).length).toBeGreaterThanOrEqual(5);
  });

  it('a rule whose column is not a field (written straight into the table) is ignored; a SQL rule matches nothing', async () => {
    const now = new Date().toISOString();
    const row = (id: string, ruleColumn: string, ruleConditions: string, ruleValue: string) => ({
      id,
      permissionId: positionMenu,
      ruleName: '直写',
      ruleColumn,
      ruleConditions,
      ruleValue,
      status: '1',
      createBy: 'x',
      createTime: now,
      updateBy: null,
      updateTime: null,
    });
    await s.ctx.db
      .insertInto('sysPermissionDataRule')
      .values(row('a'.repeat(32), 'id = id or 1', '=', 'x'))
      .execute();
    await apply('a'.repeat(32));
    expect((await codesOf(token)).length).toBeGreaterThanOrEqual(5);
    await s.ctx.db
      .insertInto('sysPermissionDataRule')
      .values(row('b'.repeat(32), 'code', 'USE_SQL_RULES', '1=1'))
      .execute();
    await apply('b'.repeat(32));
    expect(await codesOf(token)).toEqual([]);
    await apply('');
  });

  it('saveDataRule checks the role, its link to the menu and the rules', async () => {
    const adminRole = await s.ctx.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    const rules = (
      await s.request<Rule[]>('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${positionMenu}`, {
        token: admin,
      })
    ).body.result;
    const save = (body: Record<string, unknown>) =>
      s.request('POST', '/sys/role/saveDataRule', {
        token: admin,
        body: { permissionId: positionMenu, roleId, dataRuleIds: rules[0]!.id, ...body },
      });
    expect((await save({ roleId: adminRole.id })).body).toMatchObject({
      success: false,
      message: '系统内置的管理员角色拥有全部权限，不能修改',
    });
    const dictMenu = (await byName('数据字典')).id;
    expect((await save({ permissionId: dictMenu })).body).toMatchObject({
      success: false,
      message: '请先保存角色菜单权限!',
    });
    expect((await save({ dataRuleIds: 'c'.repeat(32) })).status).toBe(400);
    expect(
      (await s.request('GET', `/sys/role/loadDataRule/${dictMenu}/${roleId}`, { token: admin })).body,
    ).toMatchObject({ success: false, message: '未找到权限配置信息' });
  });

  it('deleting a menu deletes its data rules', async () => {
    const count = async () =>
      (
        await s.ctx.db
          .selectFrom('sysPermissionDataRule')
          .select('id')
          .where('permissionId', '=', positionMenu)
          .execute()
      ).length;
    expect(await count()).toBeGreaterThan(0);
    expect(
      (await s.request('DELETE', `/sys/permission/delete?id=${positionMenu}`, { token: admin })).body.success,
    ).toBe(true);
    expect(await count()).toBe(0);
    expect((await s.request('GET', '/sys/position/list', { token })).status).toBe(403);
  });
});
