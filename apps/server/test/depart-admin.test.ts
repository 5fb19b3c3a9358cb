import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

/** Department administration (issue 4): the tree's add / edit / delete and department permissions. */
type Depart = {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  departOrder: number;
  mobile: string | null;
  memo: string | null;
  createBy: string | null;
  updateBy: string | null;
};
type Node = { key: string; title: string; orgCode: string; children: Node[] | null };
type Errors = { errors: Record<string, string> };

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

const departId = async (orgCode: string) =>
  (await s.ctx.db.selectFrom('sysDepart').select('id').where('orgCode', '=', orgCode).executeTakeFirstOrThrow()).id;
const row = (id: string) => s.ctx.db.selectFrom('sysDepart').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const add = (body: Record<string, unknown>, token = admin) =>
  s.request<Depart>('POST', '/sys/sysDepart/add', { token, body });
const edit = (body: Record<string, unknown>, token = admin) =>
  s.request<Depart>('PUT', '/sys/sysDepart/edit', { token, body });
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const treeTitles = async () =>
  flatten((await s.request<Node[]>('GET', '/sys/sysDepart/queryTreeList', { token: admin })).body.result).map(
    (n) => n.title,
  );

describe('adding departments', () => {
  it('generates the orgCode from the parent: the first free segment A01, A02, … under it', async () => {
    const purchase = await departId('A01A01');
    const first = await add({
      departName: '采购一科',
      parentId: purchase,
      departOrder: 2,
      mobile: '021-5555 0101',
      memo: '华东片区',
    });
    expect(first.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(first.body.result).toMatchObject({
      parentId: purchase,
      departName: '采购一科',
      orgCode: 'A01A01A01',
      orgCategory: '2',
      departOrder: 2,
      mobile: '021-5555 0101',
      memo: '华东片区',
      createBy: 'admin',
    });
    const second = await add({ departName: '采购二科', parentId: purchase });
    expect(second.body.result.orgCode).toBe('A01A01A02');
    // A root takes the next free top-level segment and defaults to a company.
    const root = await add({ departName: '华南分公司', parentId: '' });
    expect(root.body.result).toMatchObject({ parentId: null, orgCode: 'A02', orgCategory: '1' });
    const grandchild = await add({ departName: '招标组', parentId: first.body.result.id, orgCategory: 2 });
    expect(grandchild.body.result.orgCode).toBe('A01A01A01A01');
    expect(await treeTitles()).toEqual(expect.arrayContaining(['采购一科', '采购二科', '华南分公司', '招标组']));
  });

  it('writes only allow-listed fields: orgCode and audit fields come from the server (MASS-1)', async () => {
    const res = await add({
      departName: '稽核组',
      parentId: await departId('A01A03'),
      orgCode: 'Z99',
      createBy: 'mallory',
      delFlag: 1,
      status: '0',
    });
    expect(res.body.success).toBe(true);
    const stored = await row(res.body.result.id);
    expect(stored).toMatchObject({ orgCode: 'A01A03A01', createBy: 'admin', delFlag: 0, status: '1' });
  });

  it('refuses bad input with 400 field errors and stores nothing', async () => {
    const before = (await s.ctx.db.selectFrom('sysDepart').select('id').execute()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ departName: '' }, 'departName'],
      [{ departName: '长'.repeat(101) }, 'departName'],
      [{ departName: '甲', orgCategory: '9' }, 'orgCategory'],
      [{ departName: '甲', departOrder: 'abc' }, 'departOrder'],
      [{ departName: '甲', departOrder: 1.5 }, 'departOrder'],
      [{ departName: '甲', mobile: '<script>' }, 'mobile'],
      [{ departName: '甲', parentId: "1' or '1'='1" }, 'parentId'],
      [{ departName: '甲', parentId: 'f'.repeat(32) }, 'parentId'],
      [{ departName: '甲', tenantId: 2 }, 'tenantId'],
    ];
    for (const [body, field] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((res.body.result as unknown as Errors).errors), JSON.stringify(body)).toContain(field);
    }
    // A name a sibling already has.
    const dup = await s.request<Errors>('POST', '/sys/sysDepart/add', {
      token: admin,
      body: { departName: '采购部', parentId: await departId('A01') },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.result.errors).toEqual({ departName: '同一上级下已有同名部门' });
    expect((await s.ctx.db.selectFrom('sysDepart').select('id').execute()).length).toBe(before);
  });
});

describe('editing departments', () => {
  it('changes the allow-listed fields, keeps those the request leaves out, never the orgCode', async () => {
    const id = await departId('A01A01A02');
    const res = await edit({ id, departName: '采购二科（新）', orgCode: 'B01', memo: '已调整', createBy: 'mallory' });
    expect(res.body).toMatchObject({ success: true, message: '修改成功!' });
    const detail = await s.request<Depart>('GET', `/sys/sysDepart/queryById?id=${id}`, { token: admin });
    expect(detail.body.result).toMatchObject({
      departName: '采购二科（新）',
      orgCode: 'A01A01A02',
      memo: '已调整',
      parentId: await departId('A01A01'),
      createBy: 'admin',
      updateBy: 'admin',
    });
    // An empty value clears a field.
    await edit({ id, memo: '' });
    expect((await row(id)).memo).toBeNull();
  });

  it('refuses a parent that is the department itself or one of its sub-departments (no cycles)', async () => {
    const id = await departId('A01A01A01');
    const child = await departId('A01A01A01A01');
    for (const parentId of [id, child]) {
      const res = await s.request<Errors>('PUT', '/sys/sysDepart/edit', {
        token: admin,
        body: { id, departName: '采购一科', parentId },
      });
      expect(res.status).toBe(400);
      expect(res.body.result.errors).toEqual({ parentId: '上级部门不能是本部门或其下级部门' });
    }
    expect(await row(id)).toMatchObject({ parentId: await departId('A01A01'), orgCode: 'A01A01A01' });
    // The whole purchase department under its own sub-department: refused as well.
    const purchase = await departId('A01A01');
    expect((await edit({ id: purchase, parentId: child })).status).toBe(400);
    expect((await row(purchase)).parentId).toBe(await departId('A01'));
  });

  it('moving a department recodes it, its sub-departments and its users’ current department', async () => {
    const id = await departId('A01A01A01');
    const grandchild = await departId('A01A01A01A01');
    const user = await s.request<{ id: string }>('POST', '/sys/user/add', {
      token: admin,
      body: { username: 'tender1', realname: '招标员', password: 'Tender#2026', selecteddeparts: grandchild },
    });
    expect(user.body.success).toBe(true);
    const res = await edit({ id, parentId: await departId('A01A02') });
    expect(res.body.result).toMatchObject({ orgCode: 'A01A02A01', parentId: await departId('A01A02') });
    expect((await row(grandchild)).orgCode).toBe('A01A02A01A01');
    const stored = await s.ctx.db
      .selectFrom('sysUser')
      .select('orgCode')
      .where('id', '=', user.body.result.id)
      .executeTakeFirstOrThrow();
    expect(stored.orgCode).toBe('A01A02A01A01');
    // Back under 采购部: its old segment there is free again.
    expect((await edit({ id, parentId: await departId('A01A01') })).body.result.orgCode).toBe('A01A01A01');
  });
});

describe('deleting departments', () => {
  it('refuses a department with sub-departments, and one with users, with a clear message', async () => {
    const withChild = await departId('A01A01A01');
    const res = await s.request('DELETE', `/sys/sysDepart/delete?id=${withChild}`, { token: admin });
    expect(res.body).toMatchObject({ success: false, message: '部门「采购一科」下还有下级部门，请先删除下级部门' });
    const withUser = await departId('A01A01A01A01');
    const res2 = await s.request('DELETE', `/sys/sysDepart/delete?id=${withUser}`, { token: admin });
    expect(res2.body).toMatchObject({ success: false, message: '部门「招标组」下还有用户，请先将用户移出该部门' });
    expect((await row(withChild)).delFlag).toBe(0);
    expect((await row(withUser)).delFlag).toBe(0);
  });

  it('deletes a leaf (del_flag): it leaves the tree, its code stays taken', async () => {
    const id = await departId('A01A01A02');
    const res = await s.request('DELETE', `/sys/sysDepart/delete?id=${id}`, { token: admin });
    expect(res.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await row(id)).delFlag).toBe(1);
    expect(await treeTitles()).not.toContain('采购二科（新）');
    expect((await s.request('GET', `/sys/sysDepart/queryById?id=${id}`, { token: admin })).status).toBe(404);
    expect((await add({ departName: '采购三科', parentId: await departId('A01A01') })).body.result.orgCode).toBe(
      'A01A01A03',
    );
    // Deleting it again finds nothing.
    expect((await s.request('DELETE', `/sys/sysDepart/delete?id=${id}`, { token: admin })).body.success).toBe(false);
  });

  it('deletes a department together with its sub-departments in one batch, once the users are gone', async () => {
    const root = await departId('A02');
    const branch = (await add({ departName: '广州办事处', parentId: root })).body.result.id;
    expect((await s.request('DELETE', `/sys/sysDepart/deleteBatch?ids=${root}`, { token: admin })).body.success).toBe(
      false,
    );
    const res = await s.request('DELETE', `/sys/sysDepart/deleteBatch?ids=${root},${branch},`, { token: admin });
    expect(res.body).toMatchObject({ success: true });
    expect((await row(root)).delFlag).toBe(1);
    expect((await row(branch)).delFlag).toBe(1);
    expect((await s.request('DELETE', '/sys/sysDepart/deleteBatch?ids=,', { token: admin })).body.message).toBe(
      '请选择一条记录！',
    );
    expect((await s.request('DELETE', '/sys/sysDepart/deleteBatch?ids=1) or (1=1', { token: admin })).status).toBe(400);
  });
});

describe('department permissions', () => {
  const permissionIds = async (...perms: string[]) =>
    (await s.ctx.db.selectFrom('sysPermission').select('id').where('perms', 'in', perms).orderBy('id').execute()).map(
      (p) => p.id,
    );

  it('saves and returns the set of menus and buttons a department holds', async () => {
    const id = await departId('A01A01');
    expect(
      (await s.request<string[]>('GET', `/sys/permission/queryDepartPermission?departId=${id}`, { token: admin })).body
        .result,
    ).toEqual([]);
    const wanted = await permissionIds('supplier:list', 'position:add');
    const res = await s.request('POST', '/sys/permission/saveDepartPermission', {
      token: admin,
      body: { departId: id, permissionIds: `${wanted.join(',')},`, lastpermissionIds: '' },
    });
    expect(res.body).toMatchObject({ success: true, message: '保存成功！' });
    const held = (
      await s.request<string[]>('GET', `/sys/permission/queryDepartPermission?departId=${id}`, { token: admin })
    ).body.result;
    expect([...held].sort()).toEqual([...wanted].sort());
    // Another department is untouched; an empty set clears.
    expect(
      (
        await s.request<string[]>('GET', `/sys/permission/queryDepartPermission?departId=${await departId('A01A02')}`, {
          token: admin,
        })
      ).body.result,
    ).toEqual([]);
    await s.request('POST', '/sys/permission/saveDepartPermission', {
      token: admin,
      body: { departId: id, permissionIds: wanted[0]!, lastpermissionIds: wanted.join(',') },
    });
    expect(
      (await s.request<string[]>('GET', `/sys/permission/queryDepartPermission?departId=${id}`, { token: admin })).body
        .result,
    ).toEqual([wanted[0]]);
  });

  it('refuses unknown or malformed permissions and unknown departments, keeping the set', async () => {
    const id = await departId('A01A01');
    const before = (
      await s.request<string[]>('GET', `/sys/permission/queryDepartPermission?departId=${id}`, { token: admin })
    ).body.result;
    const unknown = await s.request('POST', '/sys/permission/saveDepartPermission', {
      token: admin,
      body: { departId: id, permissionIds: 'f'.repeat(32) },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('权限不存在');
    expect(
      (
        await s.request('POST', '/sys/permission/saveDepartPermission', {
          token: admin,
          body: { departId: id, permissionIds: "x' or 1=1" },
        })
      ).status,
    ).toBe(400);
    const noDepart = await s.request('POST', '/sys/permission/saveDepartPermission', {
      token: admin,
      body: { departId: 'e'.repeat(32), permissionIds: '' },
    });
    expect(noDepart.body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(
      (await s.request<string[]>('GET', `/sys/permission/queryDepartPermission?departId=${id}`, { token: admin })).body
        .result,
    ).toEqual(before);
  });
});

describe('access', () => {
  const CODES = ['depart:list', 'depart:add', 'depart:edit', 'depart:delete', 'depart:permission'] as const;

  it('refuses each action to a user whose role lacks its code (403), and allows it with the code', async () => {
    const role = await s.request<{ id: string }>('POST', '/sys/role/add', {
      token: admin,
      body: { roleName: '部门探针', roleCode: 'depart_probe' },
    });
    expect(role.body.success).toBe(true);
    const roleId = role.body.result.id;
    const user = await s.request('POST', '/sys/user/add', {
      token: admin,
      body: { username: 'departprobe', realname: '探针', password: 'Probe#2026x', selectedroles: roleId },
    });
    expect(user.body.success).toBe(true);
    const token = await s.login('departprobe', 'Probe#2026x');
    const leaf = await departId('A01A03A01');
    const calls: Record<(typeof CODES)[number], [string, string, unknown?][]> = {
      'depart:list': [['GET', `/sys/sysDepart/queryById?id=${leaf}`]],
      'depart:add': [['POST', '/sys/sysDepart/add', { departName: '探针部门', parentId: leaf }]],
      'depart:edit': [['PUT', '/sys/sysDepart/edit', { id: leaf, departOrder: 3 }]],
      'depart:delete': [
        ['DELETE', `/sys/sysDepart/delete?id=${'0'.repeat(32)}`],
        ['DELETE', `/sys/sysDepart/deleteBatch?ids=${'0'.repeat(32)}`],
      ],
      'depart:permission': [
        ['GET', `/sys/permission/queryDepartPermission?departId=${leaf}`],
        ['POST', '/sys/permission/saveDepartPermission', { departId: leaf, permissionIds: '' }],
      ],
    };
    const grant = async (codes: readonly string[]) => {
      const ids = (
        await s.ctx.db
          .selectFrom('sysPermission')
          .select('id')
          .where('perms', 'in', [...codes])
          .execute()
      ).map((p) => p.id);
      const res = await s.request('POST', '/sys/permission/saveRolePermission', {
        token: admin,
        body: { roleId, permissionIds: ids.join(',') },
      });
      expect(res.body.success).toBe(true);
    };
    for (const missing of CODES) {
      await grant(CODES.filter((c) => c !== missing));
      for (const [method, url, body] of calls[missing]) {
        expect((await s.request(method, url, { token, body })).status, `${method} ${url} without ${missing}`).toBe(403);
      }
    }
    await grant(CODES);
    for (const [method, url, body] of Object.values(calls).flat()) {
      expect((await s.request(method, url, { token, body })).status, `${method} ${url} with every code`).not.toBe(403);
    }
  });

  it('the 部门管理 menu and its buttons are the administrator’s', async () => {
    const menu = await s.ctx.db
      .selectFrom('sysPermission')
      .select(['url', 'component'])
      .where('perms', '=', 'depart:list')
      .where('menuType', '=', 1)
      .executeTakeFirstOrThrow();
    expect(menu).toEqual({ url: '/isystem/depart', component: 'system/DepartList' });
    const buyer = await s.login('buyer');
    expect(
      (await s.request('POST', '/sys/sysDepart/add', { token: buyer, body: { departName: '越权部门' } })).status,
    ).toBe(403);
    expect(
      (
        await s.request('GET', `/sys/permission/queryDepartPermission?departId=${await departId('A01')}`, {
          token: await s.login('supplier1'),
        })
      ).status,
    ).toBe(403);
  });
});
