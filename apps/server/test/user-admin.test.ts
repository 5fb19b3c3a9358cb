import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MenuNode, type PageResult, type UserInfo, type UserPermissions } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one lookup over two tables
const anyDb = () => s.ctx.db as any;
const idOf = async (table: 'sysRole' | 'sysDepart', column: 'roleCode' | 'orgCode', value: string) =>
  ((await anyDb().selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()) as { id: string })
    .id;
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('user administration', () => {
  let userId: string;

  it('adds a user with roles and departments; the new user can log in', async () => {
    const res = await s.request<{ id: string }>('POST', '/sys/user/add', {
      token: admin,
      body: {
        id: '',
        username: 'clerk1',
        realname: '文员一',
        password: 'Clerk#2026',
        confirmpassword: 'Clerk#2026',
        phone: '13711112222',
        sex: '2',
        selectedroles: `${await idOf('sysRole', 'roleCode', 'buyer')},`,
        selecteddeparts: await idOf('sysDepart', 'orgCode', 'A01A03'),
      },
    });
    expect(res.body).toMatchObject({ success: true, message: '添加成功！' });
    userId = res.body.result.id;
    const roles = await s.request<string[]>('GET', `/sys/user/queryUserRole?userid=${userId}`, { token: admin });
    expect(roles.body.result).toEqual([await idOf('sysRole', 'roleCode', 'buyer')]);
    const detail = await s.request<UserInfo>('GET', `/sys/user/queryById?id=${userId}`, { token: admin });
    expect(detail.body.result).toMatchObject({
      username: 'clerk1',
      realname: '文员一',
      sex: 2,
      orgCode: 'A01A03',
      workNo: null,
    });
    const departs = await s.request<{ key: string; title: string }[]>(
      'GET',
      `/sys/user/userDepartList?userId=${userId}`,
      { token: admin },
    );
    expect(departs.body.result).toEqual([
      {
        key: await idOf('sysDepart', 'orgCode', 'A01A03'),
        value: await idOf('sysDepart', 'orgCode', 'A01A03'),
        title: '财务部',
        orgCode: 'A01A03',
        children: [],
      },
    ]);
    expect(detail.text).not.toMatch(/password/i);
    expect(await s.login('clerk1', 'Clerk#2026')).toBeTruthy();
  });

  it('refuses a taken username, a weak password, unknown roles and unknown fields', async () => {
    const base = { username: 'clerk2', realname: '文员二', password: 'Clerk#2026' };
    expect(
      (
        await s.request<{ errors: Record<string, string> }>('POST', '/sys/user/add', {
          token: admin,
          body: { ...base, username: 'clerk1' },
        })
      ).body.result.errors,
    ).toEqual({ username: '用户账号已存在' });
    expect(
      (await s.request('POST', '/sys/user/add', { token: admin, body: { ...base, password: 'weak' } })).body.message,
    ).toBe('密码必须包含字母、数字、特殊字符，长度8到16位');
    expect(
      (await s.request('POST', '/sys/user/add', { token: admin, body: { ...base, selectedroles: 'f'.repeat(32) } }))
        .body.message,
    ).toBe('角色不存在');
    expect(
      (await s.request('POST', '/sys/user/add', { token: admin, body: { ...base, userType: 2, isShow: 1 } })).status,
    ).toBe(400);
    expect(
      await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'clerk2').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('lists chosen users by id (the user picker shows stored ids by name)', async () => {
    const ids = await s.ctx.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', 'in', ['buyer', 'supplier1'])
      .execute();
    const res = await s.request<{ records: { username: string }[] }>(
      'GET',
      `/sys/user/list?id=${ids.map((r) => r.id).join(',')},`,
      { token: admin },
    );
    expect(res.body.result.records.map((r) => r.username).sort()).toEqual(['buyer', 'supplier1']);
  });

  it('checkOnlyUser tells nobody but a user administrator whether a username exists (issue 16 #7)', async () => {
    // Anonymous and supplier callers get the same refusal for a taken and a free name.
    for (const username of ['clerk1', 'nobody-yet']) {
      const anon = await s.request('GET', `/sys/user/checkOnlyUser?username=${username}`);
      expect(anon.status).toBe(401);
      expect(anon.body.result ?? null).toBeNull();
      const supplier = await s.request('GET', `/sys/user/checkOnlyUser?username=${username}`, {
        token: await s.login('supplier1'),
      });
      expect(supplier.status).toBe(403);
      expect(supplier.body.result ?? null).toBeNull();
    }
  });

  it('checkOnlyUser answers an administrator only whether a username is free', async () => {
    expect((await s.request('GET', '/sys/user/checkOnlyUser?username=clerk1', { token: admin })).body).toMatchObject({
      success: false,
      message: '用户账号已存在',
      result: false,
    });
    const free = await s.request('GET', '/sys/user/checkOnlyUser?username=nobody-yet', { token: admin });
    expect(free.body).toMatchObject({ success: true, result: true });
  });

  it('edits a user without touching the password, and replaces roles when given', async () => {
    const res = await s.request('PUT', '/sys/user/edit', {
      token: admin,
      body: { id: userId, realname: '文员一号', selectedroles: '', password: 'ignored' },
    });
    expect(res.body).toMatchObject({ success: true, message: '修改成功!' });
    // Fields the request leaves out keep their values.
    const kept = await s.request<UserInfo>('GET', `/sys/user/queryById?id=${userId}`, { token: admin });
    expect(kept.body.result).toMatchObject({ realname: '文员一号', phone: '13711112222', sex: 2 });
    expect(
      (await s.request<string[]>('GET', `/sys/user/queryUserRole?userid=${userId}`, { token: admin })).body.result,
    ).toEqual([]);
    expect(await s.login('clerk1', 'Clerk#2026')).toBeTruthy();
  });

  it('freezes in batch (sessions end at once) and unfreezes; never oneself', async () => {
    const token = await s.login('clerk1', 'Clerk#2026');
    expect(
      (await s.request('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: `${userId},`, status: '2' } })).body
        .success,
    ).toBe(true);
    expect((await s.request('GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(401);
    expect(
      (await s.request('POST', '/sys/login', { body: { username: 'clerk1', password: 'Clerk#2026' } })).body.message,
    ).toBe('该用户已冻结');
    await s.request('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: userId, status: '1' } });
    expect(await s.login('clerk1', 'Clerk#2026')).toBeTruthy();
    const self = await idOf('sysRole', 'roleCode', 'admin');
    expect(self).toBeTruthy();
    const adminId = (
      await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    expect(
      (await s.request('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: adminId, status: '2' } })).body
        .message,
    ).toBe('不能冻结自己的账号');
  });

  it('an administrator resets a password; the old sessions end', async () => {
    const token = await s.login('clerk1', 'Clerk#2026');
    expect(
      (
        await s.request('PUT', '/sys/user/changePassword', {
          token: admin,
          body: { username: 'clerk1', password: 'Reset#2026' },
        })
      ).body.message,
    ).toBe('密码修改成功!');
    expect((await s.request('GET', '/sys/user/getCurrentUserDeparts', { token })).status).toBe(401);
    expect(await s.login('clerk1', 'Reset#2026')).toBeTruthy();
  });

  it('lists the users of a department and its sub-departments', async () => {
    const res = await s.request<UserInfo[]>(
      'GET',
      `/sys/user/queryUserByDepId?id=${await idOf('sysDepart', 'orgCode', 'A01')}`,
      { token: admin },
    );
    expect(res.body.result.map((u) => u.username).sort()).toEqual(['admin', 'buyer', 'clerk1']);
  });

  it('deletes to the recycle bin: gone from lists, cannot log in, not oneself', async () => {
    expect((await s.request('DELETE', `/sys/user/delete?id=${userId}`, { token: admin })).body.message).toBe(
      '删除用户成功',
    );
    const list = await s.request<PageResult<UserInfo>>('GET', '/sys/user/list?username=clerk1', { token: admin });
    expect(list.body.result.total).toBe(0);
    expect(
      (await s.request('POST', '/sys/login', { body: { username: 'clerk1', password: 'Reset#2026' } })).body.success,
    ).toBe(false);
    const row = await s.ctx.db
      .selectFrom('sysUser')
      .select('delFlag')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.delFlag).toBe(1);
  });

  it('refuses every action to a user without the permission codes (AUTHZ-2)', async () => {
    const buyer = await s.login('buyer');
    for (const [method, url] of [
      ['GET', '/sys/user/list'],
      ['GET', `/sys/user/queryById?id=${userId}`],
      ['POST', '/sys/user/add'],
      ['PUT', '/sys/user/edit'],
      ['PUT', '/sys/user/frozenBatch'],
      ['PUT', '/sys/user/changePassword'],
      ['DELETE', `/sys/user/delete?id=${userId}`],
      ['GET', '/sys/role/queryTreeList'],
      ['POST', '/sys/permission/saveRolePermission'],
    ] as const) {
      expect(
        (await s.request(method, url, { token: buyer, body: method === 'GET' || method === 'DELETE' ? undefined : {} }))
          .status,
        `${method} ${url}`,
      ).toBe(403);
    }
  });
});

describe('role permissions', () => {
  it('a new role with a subset of menus and buttons gives its users exactly those', async () => {
    const role = await s.request<{ id: string }>('POST', '/sys/role/add', {
      token: admin,
      body: { roleName: '查看员', roleCode: 'viewer' },
    });
    const roleId = role.body.result.id;
    const tree = await s.request<{
      treeList: { key: string; title: string; children: unknown[] | null }[];
      ids: string[];
    }>('GET', '/sys/role/queryTreeList', { token: admin });
    expect(tree.body.result.treeList.map((n) => n.title)).toContain('系统管理');
    const pick = async (name: string) =>
      (await s.ctx.db.selectFrom('sysPermission').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const chosen = [await pick('系统管理'), await pick('职务管理'), await pick('查看职务'), await pick('导出职务')];
    const saved = await s.request('POST', '/sys/permission/saveRolePermission', {
      token: admin,
      body: { roleId, permissionIds: chosen.join(','), lastpermissionIds: '' },
    });
    expect(saved.body).toMatchObject({ success: true });
    expect(
      (
        await s.request<string[]>('GET', `/sys/permission/queryRolePermission?roleId=${roleId}`, { token: admin })
      ).body.result.sort(),
    ).toEqual([...chosen].sort());

    await s.request('POST', '/sys/user/add', {
      token: admin,
      body: { username: 'viewer1', realname: '查看员一', password: 'Viewer#2026', selectedroles: roleId },
    });
    const token = await s.login('viewer1', 'Viewer#2026');
    const perms = (await s.request<UserPermissions>('GET', '/sys/permission/getUserPermissionByToken', { token })).body
      .result;
    expect(flatten(perms.menu).map((n) => n.meta.title)).toEqual(['首页', '系统管理', '职务管理']);
    expect(perms.auth.map((a) => a.action).sort()).toEqual(['position:export', 'position:list']);
    expect((await s.request('GET', '/sys/position/list', { token })).status).toBe(200);
    expect((await s.request('POST', '/sys/position/add', { token, body: { code: 'X1', name: 'x' } })).status).toBe(403);
  });

  it('the administrator role cannot be narrowed, and unknown permissions are refused', async () => {
    const adminRole = await idOf('sysRole', 'roleCode', 'admin');
    expect(
      (
        await s.request('POST', '/sys/permission/saveRolePermission', {
          token: admin,
          body: { roleId: adminRole, permissionIds: '' },
        })
      ).body.message,
    ).toBe('系统内置的管理员角色拥有全部权限，不能修改');
    const buyerRole = await idOf('sysRole', 'roleCode', 'buyer');
    expect(
      (
        await s.request('POST', '/sys/permission/saveRolePermission', {
          token: admin,
          body: { roleId: buyerRole, permissionIds: 'f'.repeat(32) },
        })
      ).status,
    ).toBe(400);
  });
});

describe('online users and the recycle bin', () => {
  it('lists live sessions and forces one out; never the current one', async () => {
    const victim = await s.login('buyer');
    type Online = { id: string; username: string; current: boolean };
    const list = await s.request<PageResult<Online>>('GET', '/sys/online/list?username=buyer&pageSize=50', {
      token: admin,
    });
    const session = list.body.result.records.find((r) => !r.current && r.username === 'buyer')!;
    expect(session).toBeTruthy();
    const all = await s.request<PageResult<Online>>('GET', '/sys/online/list?pageSize=100', { token: admin });
    const mine = all.body.result.records.find((r) => r.current)!;
    expect(mine.username).toBe('admin');
    expect(
      (await s.request('POST', '/sys/online/forceLogout', { token: admin, body: { id: mine.id } })).body.success,
    ).toBe(false);
    // Each buyer session in the list is ended; the victim's token stops working.
    for (const r of list.body.result.records)
      await s.request('POST', '/sys/online/forceLogout', { token: admin, body: { id: r.id } });
    expect((await s.request('GET', '/sys/user/getCurrentUserDeparts', { token: victim })).status).toBe(401);
    expect((await s.request('GET', '/sys/online/list', { token: await s.login('buyer') })).status).toBe(403);
  });

  it('restores a deleted user, or purges them for good', async () => {
    const add = await s.request<{ id: string }>('POST', '/sys/user/add', {
      token: admin,
      body: { username: 'temp1', realname: '临时', password: 'Temp#2026x' },
    });
    const id = add.body.result.id;
    await s.request('DELETE', `/sys/user/delete?id=${id}`, { token: admin });
    const bin = await s.request<UserInfo[]>('GET', '/sys/user/recycleBin', { token: admin });
    expect(bin.body.result.map((u) => u.username)).toContain('temp1');
    expect(
      (await s.request('PUT', '/sys/user/putRecycleBin', { token: admin, body: { userIds: `${id},` } })).body.message,
    ).toBe('还原成功');
    expect(await s.login('temp1', 'Temp#2026x')).toBeTruthy();
    await s.request('DELETE', `/sys/user/delete?id=${id}`, { token: admin });
    const purge = await s.request<{ deleted: number }>('DELETE', `/sys/user/deleteRecycleBin?userIds=${id}`, {
      token: admin,
    });
    expect(purge.body.result.deleted).toBe(1);
    expect(await s.ctx.db.selectFrom('sysUser').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    // A live user is never purged.
    const adminId = (
      await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await s.request<{ deleted: number }>('DELETE', `/sys/user/deleteRecycleBin?userIds=${adminId}`, {
          token: admin,
        })
      ).body.result.deleted,
    ).toBe(0);
  });
});
