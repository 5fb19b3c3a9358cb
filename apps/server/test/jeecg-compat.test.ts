import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { JEECG_VIEWS, type MenuNode, type PageResult, type UserPermissions } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

// Routes and data a stock JeecgBoot 3.4 Vue 2 client needs on its system pages (issue 16).
let s: TestServer;
let admin: string;
let buyer: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
});
afterAll(async () => s?.close());

const roleId = async (code: string) =>
  (await s.ctx.db.selectFrom('sysRole').select('id').where('roleCode', '=', code).executeTakeFirstOrThrow()).id;
const userId = async (username: string) =>
  (await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
type UserRow = { id: string; username: string; orgCodeTxt: string | null; departIds_dictText: string | null };

describe('menus for a stock JeecgBoot client', () => {
  it("names JeecgBoot's own views and antd 3 icons", async () => {
    const res = await s.request<UserPermissions>('GET', '/sys/permission/getUserPermissionByToken', { token: admin });
    const nodes = flatten(res.body.result.menu);
    const byPath = new Map(nodes.map((n) => [n.path, n]));
    expect(byPath.get('/isystem/role')?.component).toBe('system/RoleList');
    expect(byPath.get('/isystem/dict')?.component).toBe('system/DictList');
    expect(byPath.get('/isystem/position')?.component).toBe('system/SysPositionList');
    expect(byPath.get('/isystem/tenant')?.component).toBe('system/TenantList');
    expect(byPath.get('/isystem/annountCement')?.component).toBe('system/SysAnnouncementList');
    expect(byPath.get('/isystem/user')?.component).toBe('system/UserList');
    expect(byPath.get('/isystem/online')?.component).toBe('system/SysUserOnlineList');
    expect(byPath.get('/isystem')?.meta.icon).toBe('setting');
    for (const n of nodes) {
      // No page JeecgBoot has keeps our own name.
      expect(Object.keys(JEECG_VIEWS), n.path).not.toContain(n.component);
      if (n.meta.icon) expect(n.meta.icon, n.path).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it('serves an icon an administrator typed in antd 4 form as its antd 3 name', async () => {
    await s.ctx.db
      .updateTable('sysPermission')
      .set({ icon: 'FileTextOutlined' })
      .where('url', '=', '/isystem')
      .execute();
    const res = await s.request<UserPermissions>('GET', '/sys/permission/getUserPermissionByToken', { token: admin });
    expect(flatten(res.body.result.menu).find((n) => n.path === '/isystem')?.meta.icon).toBe('file-text');
    await s.ctx.db.updateTable('sysPermission').set({ icon: 'setting' }).where('url', '=', '/isystem').execute();
  });
});

describe('dictionaries', () => {
  it('answers an unknown code with HTTP 200 and an empty list', async () => {
    const res = await s.request<unknown[]>('GET', '/sys/dict/getDictItems/no_such_code', { token: buyer });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, result: [] });
  });
});

describe('user list department texts', () => {
  it('fills orgCodeTxt and departIds_dictText with the department names', async () => {
    const res = await s.request<PageResult<UserRow>>('GET', '/sys/user/list?pageNo=1&pageSize=50', { token: admin });
    const withDepart = res.body.result.records.filter((u) => u.orgCodeTxt);
    expect(withDepart.length).toBeGreaterThan(0);
    for (const u of withDepart) expect(u.departIds_dictText).toBe(u.orgCodeTxt);
    for (const u of res.body.result.records) {
      expect(u).toHaveProperty('orgCodeTxt');
      expect(u).toHaveProperty('departIds_dictText');
    }
  });
});

describe('role members', () => {
  it('lists, adds and removes the users of a role, behind permissions', async () => {
    const role = await roleId('buyer');
    const clerk = await userId('admin');
    const list = async () =>
      (
        await s.request<PageResult<UserRow>>('GET', `/sys/user/userRoleList?roleId=${role}&pageNo=1&pageSize=100`, {
          token: admin,
        })
      ).body.result;
    const before = await list();
    expect(before.records.some((u) => u.username === 'buyer')).toBe(true);
    expect(before.records.some((u) => u.username === 'admin')).toBe(false);
    expect(typeof before.total).toBe('number');

    const denied = await s.request('POST', '/sys/user/addSysUserRole', {
      token: buyer,
      body: { roleId: role, userIdList: [clerk] },
    });
    expect(denied.status).toBe(403);
    expect((await s.request('GET', `/sys/user/userRoleList?roleId=${role}`, { token: buyer })).status).toBe(403);

    const added = await s.request('POST', '/sys/user/addSysUserRole', {
      token: admin,
      body: { roleId: role, userIdList: [clerk, clerk] },
    });
    expect(added.body).toMatchObject({ success: true, message: '添加成功!' });
    // Adding again keeps one link.
    await s.request('POST', '/sys/user/addSysUserRole', { token: admin, body: { roleId: role, userIdList: [clerk] } });
    expect((await list()).records.filter((u) => u.username === 'admin')).toHaveLength(1);

    expect(
      (await s.request('DELETE', `/sys/user/deleteUserRole?roleId=${role}&userId=${clerk}`, { token: buyer })).status,
    ).toBe(403);
    const removed = await s.request('DELETE', `/sys/user/deleteUserRole?roleId=${role}&userId=${clerk}`, {
      token: admin,
    });
    expect(removed.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await list()).records.some((u) => u.username === 'admin')).toBe(false);

    await s.request('POST', '/sys/user/addSysUserRole', { token: admin, body: { roleId: role, userIdList: [clerk] } });
    const batch = await s.request('DELETE', `/sys/user/deleteUserRoleBatch?roleId=${role}&userIds=${clerk},`, {
      token: admin,
    });
    expect(batch.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await list()).total).toBe(before.total);
  });

  it('refuses unknown roles, unknown users, malformed ids and supplier accounts, changing nothing', async () => {
    const role = await roleId('buyer');
    const links = async () => (await s.ctx.db.selectFrom('sysUserRole').select('id').execute()).length;
    const count = await links();
    const unknownRole = await s.request('POST', '/sys/user/addSysUserRole', {
      token: admin,
      body: { roleId: 'f'.repeat(32), userIdList: [await userId('admin')] },
    });
    expect(unknownRole.body).toMatchObject({ success: false, message: '未找到对应角色' });
    const unknownUser = await s.request('POST', '/sys/user/addSysUserRole', {
      token: admin,
      body: { roleId: role, userIdList: ['e'.repeat(32)] },
    });
    expect(unknownUser.body).toMatchObject({ success: false, message: '用户不存在' });
    const malformed = await s.request('DELETE', `/sys/user/deleteUserRoleBatch?roleId=${role}&userIds=1%27or%271`, {
      token: admin,
    });
    expect(malformed.status).toBe(400);
    const supplier = await s.ctx.db.selectFrom('sysUser').select('id').where('userType', '=', 2).executeTakeFirst();
    if (supplier) {
      const res = await s.request('POST', '/sys/user/addSysUserRole', {
        token: admin,
        body: { roleId: role, userIdList: [supplier.id] },
      });
      expect(res.body).toMatchObject({ success: false, message: '供应商用户的角色不能在此修改' });
    }
    expect(await links()).toBe(count);
  });
});

describe('small JeecgBoot calls', () => {
  it('generateUserId gives a fresh 32-hex id to those who may add users', async () => {
    const a = await s.request<string>('GET', '/sys/user/generateUserId', { token: admin });
    const b = await s.request<string>('GET', '/sys/user/generateUserId', { token: admin });
    expect(a.body.result).toMatch(/^[0-9a-f]{32}$/);
    expect(a.body.result).not.toBe(b.body.result);
    expect((await s.request('GET', '/sys/user/generateUserId', { token: buyer })).status).toBe(403);
  });

  it('getEnabledType reports no third-party apps', async () => {
    const res = await s.request('GET', '/sys/thirdApp/getEnabledType', { token: buyer });
    expect(res.body).toMatchObject({ success: true, result: { wechatEnterprise: false, dingtalk: false } });
    expect((await s.request('GET', '/sys/thirdApp/getEnabledType')).status).toBe(401);
  });
});

describe('user export', () => {
  it('exports the filtered users as xlsx with department names, behind user:export', async () => {
    const res = await fetch(`${s.base}/sys/user/exportXls?username=admin`, { headers: { 'X-Access-Token': admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('登录账号');
    const names = [];
    for (let r = 2; r <= sheet.rowCount; r++) names.push(sheet.getRow(r).getCell(1).value);
    expect(names).toEqual(['admin']);
    expect((await s.request('GET', '/sys/user/exportXls', { token: buyer })).status).toBe(403);
  });
});
