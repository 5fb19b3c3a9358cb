import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type PageResult } from '@procura/shared';
import { settleLogs } from '../src/modules/logs/log-service.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Tenant isolation of system data (issue 16) on the hand-written system routes: users,
 * departments, role grants, user-role links and logs. Tenant A is the demo tenant 1000
 * (`hdadmin`, `hdbuyer`); tenant B is made here with an administrator holding the same
 * permissions. Each administrator neither sees nor changes the other tenant's rows; the
 * platform administrator (`admin`, without tenants) sees all of them.
 */
type Row = Record<string, unknown> & { id: string };
type Node = { key: string; title: string; children: Node[] | null };

let s: TestServer;
let admin: string;
let hdadmin: string;
let tbadmin: string;
let tenantB: number;
type Key =
  | 'hdadmin'
  | 'hdbuyer'
  | 'tbadmin'
  | 'buyer'
  | 'hdRole'
  | 'tbRole'
  | 'adminRole'
  | 'hdCompany'
  | 'hdPurchasing'
  | 'platformDepart';
const ids = {} as Record<Key, string>;

const get = <T = unknown>(token: string, url: string) => s.request<T>('GET', url, { token });
const userId = async (username: string) =>
  (await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const roleId = async (roleCode: string) =>
  (await s.ctx.db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode).executeTakeFirstOrThrow()).id;
const departId = async (orgCode: string) =>
  (await s.ctx.db.selectFrom('sysDepart').select('id').where('orgCode', '=', orgCode).executeTakeFirstOrThrow()).id;
const usernames = async (token: string) =>
  (await get<PageResult<Row>>(token, '/sys/user/list?pageSize=1000')).body.result.records.map((r) => r.username);
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const departTitles = async (token: string) =>
  flatten((await get<Node[]>(token, '/sys/sysDepart/queryTreeList')).body.result).map((n) => n.title);
const refused = { success: false, message: '未找到对应实体' };

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  hdadmin = await s.login('hdadmin');
  tenantB = (await s.request<{ id: number }>('POST', '/sys/tenant/add', { token: admin, body: { name: '西南分公司' } }))
    .body.result.id;
  // Tenant B's administrator role: the same grants as the demo tenant's, owned by tenant B.
  const hdRole = await roleId('hd_admin');
  const tbRole = 'f'.repeat(31) + '1';
  await s.ctx.db
    .insertInto('sysRole')
    .values({
      id: tbRole,
      roleCode: 'tb_admin',
      roleName: '西南管理员',
      description: null,
      tenantId: tenantB,
      createBy: 'test',
      createTime: '2026-01-01T00:00:00.000Z',
      updateBy: null,
      updateTime: null,
    })
    .execute();
  const grants = await s.ctx.db
    .selectFrom('sysRolePermission')
    .select('permissionId')
    .where('roleId', '=', hdRole)
    .execute();
  for (const [i, g] of grants.entries())
    await s.ctx.db
      .insertInto('sysRolePermission')
      .values({ id: `${'e'.repeat(28)}${String(i).padStart(4, '0')}`, roleId: tbRole, permissionId: g.permissionId })
      .execute();
  const added = await s.request('POST', '/sys/user/add', {
    token: admin,
    body: {
      username: 'tbadmin',
      realname: '西南管理员',
      password: DEMO_PASSWORD,
      selectedroles: tbRole,
      relTenantIds: String(tenantB),
    },
  });
  expect(added.body.success, added.body.message).toBe(true);
  tbadmin = await s.login('tbadmin');
  ids.hdadmin = await userId('hdadmin');
  ids.hdbuyer = await userId('hdbuyer');
  ids.tbadmin = await userId('tbadmin');
  ids.buyer = await userId('buyer');
  ids.hdRole = hdRole;
  ids.tbRole = tbRole;
  ids.adminRole = await roleId('admin');
  ids.hdCompany = await departId('H01');
  ids.hdPurchasing = await departId('H01A01');
  ids.platformDepart = await departId('A01');
});
afterAll(async () => s?.close());

describe('users', () => {
  it("lists and shows only the tenant's own users; the platform sees all", async () => {
    const mine = await usernames(hdadmin);
    expect(mine.sort()).toEqual(['hdadmin', 'hdbuyer']);
    expect(await usernames(tbadmin)).toEqual(['tbadmin']);
    expect(await usernames(admin)).toEqual(expect.arrayContaining(['admin', 'buyer', 'hdadmin', 'hdbuyer', 'tbadmin']));
    // A filter does not reach past the tenant either.
    expect((await get<PageResult<Row>>(tbadmin, '/sys/user/list?username=hdbuyer')).body.result.total).toBe(0);
    expect((await get(hdadmin, `/sys/user/queryById?id=${ids.hdbuyer}`)).status).toBe(200);
    expect((await get(tbadmin, `/sys/user/queryById?id=${ids.hdbuyer}`)).status).toBe(404);
    expect((await get(hdadmin, `/sys/user/queryById?id=${ids.buyer}`)).status).toBe(404);
    expect((await get(admin, `/sys/user/queryById?id=${ids.hdbuyer}`)).status).toBe(200);
  });

  it("refuses another tenant's user on edit, freeze, password reset, delete and batch delete, changing nothing", async () => {
    const before = await s.ctx.db
      .selectFrom('sysUser')
      .selectAll()
      .where('id', '=', ids.hdbuyer)
      .executeTakeFirstOrThrow();
    const edit = await s.request('PUT', '/sys/user/edit', {
      token: tbadmin,
      body: { id: ids.hdbuyer, realname: '改名' },
    });
    expect(edit.body).toMatchObject(refused);
    const frozen = await s.request('PUT', '/sys/user/frozenBatch', {
      token: tbadmin,
      body: { ids: ids.hdbuyer, status: '2' },
    });
    expect(frozen.body).toMatchObject(refused);
    const password = await s.request('PUT', '/sys/user/changePassword', {
      token: tbadmin,
      body: { username: 'hdbuyer', password: 'Other#Pass2026' },
    });
    expect(password.body).toMatchObject(refused);
    expect((await s.request('DELETE', `/sys/user/delete?id=${ids.hdbuyer}`, { token: tbadmin })).body).toMatchObject(
      refused,
    );
    expect(
      (await s.request('DELETE', `/sys/user/deleteBatch?ids=${ids.hdbuyer},${ids.buyer}`, { token: tbadmin })).body,
    ).toMatchObject(refused);
    const after = await s.ctx.db
      .selectFrom('sysUser')
      .selectAll()
      .where('id', '=', ids.hdbuyer)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    await s.login('hdbuyer');
  });

  it("answers another tenant's user's roles and departments with nothing", async () => {
    expect((await get<string[]>(hdadmin, `/sys/user/queryUserRole?userid=${ids.hdbuyer}`)).body.result).toEqual([
      await roleId('hd_buyer'),
    ]);
    expect((await get(tbadmin, `/sys/user/queryUserRole?userid=${ids.hdbuyer}`)).body).toMatchObject(refused);
    expect((await get(tbadmin, `/sys/user/userDepartList?userId=${ids.hdbuyer}`)).body).toMatchObject(refused);
    expect((await get<Row[]>(tbadmin, `/sys/user/queryUserByDepId?id=${ids.hdCompany}`)).body.result).toEqual([]);
    const inCompany = (await get<Row[]>(hdadmin, `/sys/user/queryUserByDepId?id=${ids.hdCompany}`)).body.result;
    expect(inCompany.map((u) => u.username).sort()).toEqual(['hdadmin', 'hdbuyer']);
  });

  it("offers only the tenant's roles and departments to the user form, and refuses others' ids", async () => {
    const roles = (await get<{ roleCode: string }[]>(hdadmin, '/sys/role/queryall')).body.result.map((r) => r.roleCode);
    expect(roles).toEqual(['hd_admin', 'hd_buyer']);
    const platformRoles = (await get<{ roleCode: string }[]>(admin, '/sys/role/queryall')).body.result;
    expect(platformRoles.map((r) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'hd_admin', 'tb_admin']));
    const base = { realname: '新人', password: DEMO_PASSWORD };
    const foreignRole = await s.request('POST', '/sys/user/add', {
      token: hdadmin,
      body: { ...base, username: 'hd_new_1', selectedroles: ids.adminRole },
    });
    expect(foreignRole.body).toMatchObject({ success: false, message: '角色不存在' });
    const foreignDepart = await s.request('POST', '/sys/user/add', {
      token: hdadmin,
      body: { ...base, username: 'hd_new_1', selecteddeparts: ids.platformDepart },
    });
    expect(foreignDepart.body).toMatchObject({ success: false, message: '部门不存在' });
    const foreignTenant = await s.request('POST', '/sys/user/add', {
      token: hdadmin,
      body: { ...base, username: 'hd_new_1', relTenantIds: String(tenantB) },
    });
    expect(foreignTenant.body).toMatchObject({ success: false, message: '只能分配自己所属的租户' });
    expect(
      await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'hd_new_1').executeTakeFirst(),
    ).toBe(undefined);
  });

  it('keeps a user added or edited by a tenant administrator in that tenant, never in the platform', async () => {
    const added = await s.request<{ id: string }>('POST', '/sys/user/add', {
      token: hdadmin,
      body: {
        username: 'hd_new_2',
        realname: '新人',
        password: DEMO_PASSWORD,
        relTenantIds: '',
        selectedroles: ids.hdRole,
      },
    });
    expect(added.body.success, added.body.message).toBe(true);
    const rel = async () =>
      (
        await s.ctx.db
          .selectFrom('sysUser')
          .select('relTenantIds')
          .where('username', '=', 'hd_new_2')
          .executeTakeFirstOrThrow()
      ).relTenantIds;
    expect(await rel()).toBe('1000');
    const edited = await s.request('PUT', '/sys/user/edit', {
      token: hdadmin,
      body: { id: added.body.result.id, realname: '新人', relTenantIds: '' },
    });
    expect(edited.body.success, edited.body.message).toBe(true);
    expect(await rel()).toBe('1000');
    expect(await usernames(hdadmin)).toContain('hd_new_2');
    expect(await usernames(tbadmin)).not.toContain('hd_new_2');
  });

  it("keeps a shared user's links to the other tenant's roles when one tenant edits them", async () => {
    // A user of both tenants, with a role in each (set up by the platform).
    const shared = await s.request<{ id: string }>('POST', '/sys/user/add', {
      token: admin,
      body: {
        username: 'shared_user',
        realname: '共享用户',
        password: DEMO_PASSWORD,
        relTenantIds: `1000,${tenantB}`,
        selectedroles: `${ids.hdRole},${ids.tbRole}`,
      },
    });
    expect(shared.body.success, shared.body.message).toBe(true);
    const id = shared.body.result.id;
    expect((await get<string[]>(tbadmin, `/sys/user/queryUserRole?userid=${id}`)).body.result).toEqual([ids.tbRole]);
    const edit = await s.request('PUT', '/sys/user/edit', {
      token: hdadmin,
      body: { id, realname: '共享用户', selectedroles: '' },
    });
    expect(edit.body.success, edit.body.message).toBe(true);
    expect((await get<string[]>(hdadmin, `/sys/user/queryUserRole?userid=${id}`)).body.result).toEqual([]);
    expect((await get<string[]>(tbadmin, `/sys/user/queryUserRole?userid=${id}`)).body.result).toEqual([ids.tbRole]);
  });
});

describe('departments', () => {
  it("shows only the tenant's departments in the tree, search and details; the platform sees all", async () => {
    expect(await departTitles(hdadmin)).toEqual(['华东分公司', '华东采购部']);
    expect(await departTitles(tbadmin)).toEqual([]);
    expect(await departTitles(admin)).toEqual(expect.arrayContaining(['总公司', '采购部', '华东分公司', '华东采购部']));
    expect((await get<Row[]>(tbadmin, '/sys/sysDepart/searchBy?keyWord=华东')).body.result).toEqual([]);
    expect((await get<Row[]>(hdadmin, '/sys/sysDepart/searchBy?keyWord=华东')).body.result).toHaveLength(2);
    expect((await get<Row[]>(hdadmin, '/sys/sysDepart/queryIdTree')).body.result).toHaveLength(1);
    expect((await get(hdadmin, `/sys/sysDepart/queryById?id=${ids.hdCompany}`)).status).toBe(200);
    expect((await get(tbadmin, `/sys/sysDepart/queryById?id=${ids.hdCompany}`)).status).toBe(404);
    expect((await get(hdadmin, `/sys/sysDepart/queryById?id=${ids.platformDepart}`)).status).toBe(404);
  });

  it("stamps a tenant's new department with its tenant, and refuses another tenant's parent", async () => {
    const mine = await s.request<{ id: string }>('POST', '/sys/sysDepart/add', {
      token: tbadmin,
      body: { departName: '西南分公司' },
    });
    expect(mine.body.success, mine.body.message).toBe(true);
    const row = await s.ctx.db
      .selectFrom('sysDepart')
      .select('tenantId')
      .where('id', '=', mine.body.result.id)
      .executeTakeFirstOrThrow();
    expect(row.tenantId).toBe(tenantB);
    expect(await departTitles(tbadmin)).toEqual(['西南分公司']);
    expect(await departTitles(hdadmin)).not.toContain('西南分公司');
    const underForeign = await s.request('POST', '/sys/sysDepart/add', {
      token: tbadmin,
      body: { departName: '渗透部', parentId: ids.hdCompany },
    });
    expect(underForeign.body).toMatchObject({ success: false, message: '上级部门不存在' });
    // The platform adding under a tenant's department adds to that tenant.
    const byPlatform = await s.request<{ id: string }>('POST', '/sys/sysDepart/add', {
      token: admin,
      body: { departName: '华东质量部', parentId: ids.hdCompany },
    });
    expect(byPlatform.body.success, byPlatform.body.message).toBe(true);
    expect(await departTitles(hdadmin)).toContain('华东质量部');
  });

  it("refuses another tenant's department on edit, delete and its permissions, changing nothing", async () => {
    const before = await s.ctx.db
      .selectFrom('sysDepart')
      .selectAll()
      .where('id', '=', ids.hdPurchasing)
      .executeTakeFirstOrThrow();
    const edit = await s.request('PUT', '/sys/sysDepart/edit', {
      token: tbadmin,
      body: { id: ids.hdPurchasing, departName: '改名' },
    });
    expect(edit.body).toMatchObject(refused);
    expect(
      (await s.request('DELETE', `/sys/sysDepart/delete?id=${ids.hdPurchasing}`, { token: tbadmin })).body,
    ).toMatchObject(refused);
    expect(
      (await s.request('DELETE', `/sys/sysDepart/deleteBatch?ids=${ids.hdPurchasing}`, { token: tbadmin })).body,
    ).toMatchObject(refused);
    expect(
      (await get(tbadmin, `/sys/permission/queryDepartPermission?departId=${ids.hdPurchasing}`)).body,
    ).toMatchObject(refused);
    const save = await s.request('POST', '/sys/permission/saveDepartPermission', {
      token: tbadmin,
      body: { departId: ids.hdPurchasing, permissionIds: '' },
    });
    expect(save.body).toMatchObject(refused);
    const after = await s.ctx.db
      .selectFrom('sysDepart')
      .selectAll()
      .where('id', '=', ids.hdPurchasing)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('roles and their grants', () => {
  const roleCodes = async (token: string) =>
    (await get<PageResult<Row>>(token, '/sys/role/list?pageSize=1000')).body.result.records.map((r) => r.roleCode);

  it("lists only the tenant's roles; the platform sees all", async () => {
    expect((await roleCodes(hdadmin)).sort()).toEqual(['hd_admin', 'hd_buyer']);
    expect(await roleCodes(tbadmin)).toEqual(['tb_admin']);
    expect(await roleCodes(admin)).toEqual(expect.arrayContaining(['admin', 'buyer', 'hd_admin', 'tb_admin']));
    expect((await get(tbadmin, `/sys/role/queryById?id=${ids.hdRole}`)).status).toBe(404);
    expect((await get(hdadmin, `/sys/role/queryById?id=${ids.adminRole}`)).status).toBe(404);
  });

  it("refuses reading or saving another tenant's role grants and data rules", async () => {
    expect((await get(tbadmin, `/sys/permission/queryRolePermission?roleId=${ids.hdRole}`)).body).toMatchObject(
      refused,
    );
    const before = await s.ctx.db
      .selectFrom('sysRolePermission')
      .select('permissionId')
      .where('roleId', '=', ids.hdRole)
      .execute();
    const save = await s.request('POST', '/sys/permission/saveRolePermission', {
      token: tbadmin,
      body: { roleId: ids.hdRole, permissionIds: '' },
    });
    expect(save.body).toMatchObject(refused);
    const rule = await s.request('POST', '/sys/role/saveDataRule', {
      token: tbadmin,
      body: { roleId: ids.hdRole, permissionId: before[0]!.permissionId, dataRuleIds: '' },
    });
    expect(rule.body).toMatchObject(refused);
    expect((await get(tbadmin, `/sys/role/loadDataRule/${before[0]!.permissionId}/${ids.hdRole}`)).body).toMatchObject(
      refused,
    );
    const after = await s.ctx.db
      .selectFrom('sysRolePermission')
      .select('permissionId')
      .where('roleId', '=', ids.hdRole)
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it('lets a tenant administrator grant its own roles only what it holds itself', async () => {
    const held = (await get<string[]>(hdadmin, `/sys/permission/queryRolePermission?roleId=${ids.hdRole}`)).body.result;
    const buyerRole = await roleId('hd_buyer');
    const ok = await s.request('POST', '/sys/permission/saveRolePermission', {
      token: hdadmin,
      body: { roleId: buyerRole, permissionIds: held.slice(0, 3).join(',') },
    });
    expect(ok.body.success, ok.body.message).toBe(true);
    const tenantMenu = await s.ctx.db
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', 'like', 'tenant:%')
      .executeTakeFirstOrThrow();
    const beyond = await s.request('POST', '/sys/permission/saveRolePermission', {
      token: hdadmin,
      body: { roleId: buyerRole, permissionIds: [...held.slice(0, 3), tenantMenu.id].join(',') },
    });
    expect(beyond.body).toMatchObject({ success: false, message: '只能授予自己拥有的权限' });
    const kept = await s.ctx.db
      .selectFrom('sysRolePermission')
      .select('permissionId')
      .where('roleId', '=', buyerRole)
      .execute();
    expect(kept).toHaveLength(3);
  });
});

describe('logs', () => {
  it("shows a tenant administrator only its tenant's log rows; the platform sees all", async () => {
    await s.login('hdbuyer');
    await s.login('tbadmin');
    await settleLogs();
    const names = async (token: string) =>
      new Set(
        (await get<PageResult<Row>>(token, '/sys/log/list?logType=1&pageSize=1000')).body.result.records.map(
          (r) => r.username,
        ),
      );
    const hd = await names(hdadmin);
    expect(hd.has('hdbuyer')).toBe(true);
    expect(hd.has('tbadmin')).toBe(false);
    expect(hd.has('admin')).toBe(false);
    const platform = await names(admin);
    for (const name of ['admin', 'hdbuyer', 'tbadmin']) expect(platform.has(name)).toBe(true);
    const ops = (await get<PageResult<Row>>(tbadmin, '/sys/log/list?logType=2&pageSize=1000')).body.result.records;
    expect(ops.length).toBeGreaterThan(0);
    expect(new Set(ops.map((r) => r.username))).toEqual(new Set(['tbadmin']));
    const hdVisits = (await get<{ totalVisitCount: number }>(hdadmin, '/sys/loginfo')).body.result.totalVisitCount;
    const allVisits = (await get<{ totalVisitCount: number }>(admin, '/sys/loginfo')).body.result.totalVisitCount;
    expect(hdVisits).toBeGreaterThan(0);
    expect(hdVisits).toBeLessThan(allVisits);
  });
});

describe('announcements', () => {
  type Bell = { anntMsgList: { id: string }[] };
  const bell = async (token: string) =>
    (await get<Bell>(token, '/sys/annountCement/listByUser')).body.result.anntMsgList.map((a) => a.id);
  const listed = async (token: string) =>
    (await get<PageResult<Row>>(token, '/sys/annountCement/list?pageSize=1000')).body.result.records.map((r) => r.id);
  const notice = (titile: string, extra: Record<string, unknown> = {}) => ({
    titile,
    msgCategory: '1',
    priority: 'L',
    msgType: 'ALL',
    msgContent: '<p>内容</p>',
    ...extra,
  });

  it("keeps a tenant's announcements to its administrators and members; the platform's reach everyone", async () => {
    const hdbuyer = await s.login('hdbuyer');
    const buyer = await s.login('buyer');
    const added = await s.request<{ id: string }>('POST', '/sys/annountCement/add', {
      token: hdadmin,
      body: notice('华东分公司通知'),
    });
    expect(added.body.success, added.body.message).toBe(true);
    const id = added.body.result.id;
    const row = await s.ctx.db
      .selectFrom('sysAnnouncement')
      .select('tenantId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.tenantId).toBe(1000);
    expect(await listed(hdadmin)).toContain(id);
    expect(await listed(tbadmin)).not.toContain(id);
    expect(await listed(admin)).toContain(id);
    // The platform's own announcements are not the tenant's to administer.
    const platformRows = await s.ctx.db.selectFrom('sysAnnouncement').select('id').where('tenantId', '=', 0).execute();
    expect(platformRows.length).toBeGreaterThan(0);
    expect((await listed(hdadmin)).some((a) => platformRows.some((p) => p.id === a))).toBe(false);

    expect((await get(tbadmin, `/sys/annountCement/doReleaseData?id=${id}`)).body).toMatchObject(refused);
    expect((await get(hdadmin, `/sys/annountCement/doReleaseData?id=${id}`)).body.success).toBe(true);
    expect(await bell(hdbuyer)).toContain(id);
    expect(await bell(tbadmin)).not.toContain(id);
    expect(await bell(buyer)).not.toContain(id);
    expect((await get(tbadmin, `/sys/annountCement/queryById?id=${id}`)).status).toBe(404);
    expect((await get(hdbuyer, `/sys/annountCement/queryById?id=${id}`)).status).toBe(200);
    expect((await get(tbadmin, `/sys/annountCement/doReovkeData?id=${id}`)).body.success).toBe(false);

    const platform = await s.request<{ id: string }>('POST', '/sys/annountCement/add', {
      token: admin,
      body: notice('平台通知'),
    });
    await get(admin, `/sys/annountCement/doReleaseData?id=${platform.body.result.id}`);
    expect(await bell(hdbuyer)).toContain(platform.body.result.id);
    expect(await bell(buyer)).toContain(platform.body.result.id);
  });

  it("refuses another tenant's users as recipients", async () => {
    const res = await s.request<{ errors: Record<string, string> }>('POST', '/sys/annountCement/add', {
      token: hdadmin,
      body: notice('指定用户', { msgType: 'USER', userIds: `${ids.hdbuyer},${ids.buyer}` }),
    });
    expect(res.body.result.errors).toEqual({ userIds: '指定用户不存在' });
    const own = await s.request('POST', '/sys/annountCement/add', {
      token: hdadmin,
      body: notice('指定用户', { msgType: 'USER', userIds: ids.hdbuyer }),
    });
    expect(own.body.success, own.body.message).toBe(true);
  });
});

describe('online reports', () => {
  it("keeps a tenant's report definitions, columns and data to that tenant; the platform's are shared to run", async () => {
    const adminRole = ids.adminRole;
    const member = async (username: string, tenant: number) => {
      const res = await s.request('POST', '/sys/user/add', {
        token: admin,
        body: {
          username,
          realname: username,
          password: DEMO_PASSWORD,
          selectedroles: adminRole,
          relTenantIds: String(tenant),
        },
      });
      expect(res.body.success, res.body.message).toBe(true);
      return s.login(username);
    };
    const rptA = await member('rpt_a', 1000);
    const rptB = await member('rpt_b', tenantB);
    const head = await s.request<{ id: string }>('POST', '/online/cgreport/head/add', {
      token: rptA,
      body: { code: 'tenantReportA', name: '华东报表', cgrSql: 'select code, name from bd_dataorg' },
    });
    expect(head.body.success, head.body.message).toBe(true);
    const headId = head.body.result.id;
    const item = await s.request('POST', '/online/cgreport/item/add', {
      token: rptA,
      body: { cgrheadId: headId, fieldName: 'code', fieldTxt: '编码', fieldType: 'string' },
    });
    expect(item.body.success, item.body.message).toBe(true);
    const items = async (token: string) =>
      (await get<PageResult<Row>>(token, `/online/cgreport/item/list?cgrheadId=${headId}`)).body.result.total;
    expect(await items(rptA)).toBe(1);
    expect(await items(rptB)).toBe(0);
    expect(await items(admin)).toBe(1);
    const foreignItem = await s.request('POST', '/online/cgreport/item/add', {
      token: rptB,
      body: { cgrheadId: headId, fieldName: 'name', fieldTxt: '名称', fieldType: 'string' },
    });
    expect(foreignItem.body).toMatchObject({ success: false, message: '报表不存在' });
    const missing = { success: false, message: '实体不存在' };
    expect((await get(rptB, '/online/cgreport/api/getRpColumns/tenantReportA')).body).toMatchObject(missing);
    expect((await get(rptB, `/online/cgreport/api/getData/${headId}`)).body).toMatchObject(missing);
    expect((await get(rptB, `/online/cgreport/api/getQueryInfo/${headId}`)).body).toMatchObject(missing);
    expect((await get(rptA, `/online/cgreport/api/getData/${headId}`)).body.success).toBe(true);
    expect((await get(admin, `/online/cgreport/api/getData/${headId}`)).body.success).toBe(true);
    // The platform's demo report runs for every tenant.
    expect((await get(rptB, '/online/cgreport/api/getRpColumns/demo_depart')).body.success).toBe(true);
  });
});

describe('recycle bin and online users', () => {
  it("lists, restores and purges only the tenant's deleted users, and shows and ends only its sessions", async () => {
    const hdTemp = await s.request<{ id: string }>('POST', '/sys/user/add', {
      token: hdadmin,
      body: { username: 'hd_temp', realname: '临时', password: DEMO_PASSWORD },
    });
    const tempId = hdTemp.body.result.id;
    expect((await s.request('DELETE', `/sys/user/delete?id=${tempId}`, { token: hdadmin })).body.success).toBe(true);
    const bin = async (token: string) =>
      (await get<Row[]>(token, '/sys/user/recycleBin')).body.result.map((u) => u.username);
    expect(await bin(hdadmin)).toContain('hd_temp');
    expect(await bin(tbadmin)).not.toContain('hd_temp');
    expect(await bin(admin)).toContain('hd_temp');
    const delFlag = async () =>
      (await s.ctx.db.selectFrom('sysUser').select('delFlag').where('id', '=', tempId).executeTakeFirst())?.delFlag;
    await s.request('PUT', '/sys/user/putRecycleBin', { token: tbadmin, body: { userIds: tempId } });
    expect(await delFlag()).toBe(1);
    const purge = await s.request<{ deleted: number }>('DELETE', `/sys/user/deleteRecycleBin?userIds=${tempId}`, {
      token: tbadmin,
    });
    expect(purge.body.result.deleted).toBe(0);
    expect(await delFlag()).toBe(1);
    await s.request('PUT', '/sys/user/putRecycleBin', { token: hdadmin, body: { userIds: tempId } });
    expect(await delFlag()).toBe(0);

    // Online users: the platform grants the online-user pages to both tenants' administrators' roles.
    const online = await s.ctx.db.selectFrom('sysPermission').select('id').where('perms', 'like', 'online:%').execute();
    for (const role of [ids.hdRole, ids.tbRole])
      for (const [i, p] of online.entries())
        await s.ctx.db
          .insertInto('sysRolePermission')
          .values({ id: `${role.slice(0, 24)}${String(i).padStart(8, '0')}`, roleId: role, permissionId: p.id })
          .execute();
    await s.login('hdbuyer');
    type Session = { id: string; username: string };
    const sessions = async (token: string) =>
      (await get<PageResult<Session>>(token, '/sys/online/list?pageSize=1000')).body.result.records;
    const seenByTb = await sessions(tbadmin);
    expect(seenByTb.length).toBeGreaterThan(0);
    // Tenant B's members only (tbadmin, and rpt_b of the report test): never hdbuyer or the platform's admin.
    for (const r of seenByTb) expect(['tbadmin', 'rpt_b']).toContain(r.username);
    const hdSession = (await sessions(hdadmin)).find((r) => r.username === 'hdbuyer')!;
    const forced = await s.request('POST', '/sys/online/forceLogout', { token: tbadmin, body: { id: hdSession.id } });
    expect(forced.body).toMatchObject({ success: false, message: '该会话已结束' });
    expect((await sessions(hdadmin)).some((r) => r.id === hdSession.id)).toBe(true);
  });
});

describe("role members (the stock JeecgBoot client's 角色管理 → 用户)", () => {
  const links = async (roleId: string) =>
    (await s.ctx.db.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId).execute()).map(
      (r) => r.userId,
    );

  it("lists only the tenant's own roles' members, and adds or removes only its own users", async () => {
    const mine = await get<PageResult<Row>>(hdadmin, `/sys/user/userRoleList?roleId=${ids.hdRole}`);
    expect(mine.body.success, mine.body.message).toBe(true);
    const members = mine.body.result.records.map((r) => r.username);
    expect(members).toContain('hdadmin');
    expect(members.every((u) => String(u).startsWith('hd'))).toBe(true);
    // Another tenant's role, or the platform's, is not there for it.
    for (const role of [ids.tbRole, ids.adminRole]) {
      const other = await get(hdadmin, `/sys/user/userRoleList?roleId=${role}`);
      expect(other.body).toMatchObject({ success: false, message: '未找到对应角色' });
    }
    const before = await links(ids.hdRole);
    const add = await s.request('POST', '/sys/user/addSysUserRole', {
      token: hdadmin,
      body: { roleId: ids.hdRole, userIdList: [ids.buyer] },
    });
    expect(add.body).toMatchObject({ success: false, message: '用户不存在' });
    const toOther = await s.request('POST', '/sys/user/addSysUserRole', {
      token: hdadmin,
      body: { roleId: ids.tbRole, userIdList: [ids.hdbuyer] },
    });
    expect(toOther.body).toMatchObject({ success: false, message: '未找到对应角色' });
    const removeAdmin = await s.request(
      'DELETE',
      `/sys/user/deleteUserRole?roleId=${ids.adminRole}&userId=${await userId('admin')}`,
      { token: hdadmin },
    );
    expect(removeAdmin.body.success).toBe(false);
    expect(await links(ids.hdRole)).toEqual(before);
    expect(await links(ids.adminRole)).toContain(await userId('admin'));
    // Its own user into its own role: done.
    const own = await s.request('POST', '/sys/user/addSysUserRole', {
      token: hdadmin,
      body: { roleId: ids.hdRole, userIdList: [ids.hdbuyer] },
    });
    expect(own.body.success, own.body.message).toBe(true);
    expect(await links(ids.hdRole)).toContain(ids.hdbuyer);
    const removed = await s.request('DELETE', `/sys/user/deleteUserRole?roleId=${ids.hdRole}&userId=${ids.hdbuyer}`, {
      token: hdadmin,
    });
    expect(removed.body.success, removed.body.message).toBe(true);
    expect(await links(ids.hdRole)).toEqual(before);
  });
});
