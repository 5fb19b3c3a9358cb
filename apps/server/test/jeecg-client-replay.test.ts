import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Replays the calls the stock JeecgBoot 3.4 Vue 2 client (ant-design-vue-jeecg) makes on sign-in
 * and on its system pages, with its headers and parameters, as recorded in
 * shared/reference/jeecg-api.md (§2, §3, §7, §10, §12), and checks the response shapes it reads.
 */
let s: TestServer;
let token: string;
// What the stock client's request.js sends on every call.
const stock = () => ({ 'X-Access-Token': token, 'tenant-id': '0', 'X-TIMESTAMP': '1700000000000' });
const get = async <T = Record<string, unknown>>(url: string) => {
  const sep = url.includes('?') ? '&' : '?';
  const res = await s.request<T>('GET', url.startsWith('/sys/dict/getDictItems') ? url : `${url}${sep}_t=1700000000`, {
    headers: stock(),
  });
  expect(res.status, url).toBe(200);
  expect(res.body, url).toMatchObject({ success: true });
  expect(typeof res.body.timestamp, url).toBe('number');
  return res.body.result;
};
const page = (result: unknown) => {
  expect(result).toMatchObject({ records: expect.any(Array), total: expect.any(Number) });
  return (result as { records: Record<string, unknown>[] }).records;
};

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('stock JeecgBoot client replay', () => {
  it('signs in with the stock login form fields', async () => {
    const res = await s.request<Record<string, unknown>>('POST', '/sys/login', {
      body: {
        username: 'admin',
        password: DEMO_PASSWORD,
        captcha: 'abcd',
        checkKey: '1700000000000',
        remember_me: true,
      },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.result).toMatchObject({
      token: expect.any(String),
      userInfo: { id: expect.any(String), username: 'admin' },
      multi_depart: expect.any(Number),
      departs: expect.any(Array),
      sysAllDictItems: expect.any(Object),
    });
    token = res.body.result.token as string;
  });

  it('builds the menu: every node a string component and meta, JeecgBoot views, antd 3 icons', async () => {
    const result = await get<{ menu: Record<string, unknown>[]; auth: unknown[]; allAuth: unknown[] }>(
      '/sys/permission/getUserPermissionByToken',
    );
    expect(result.menu.length).toBeGreaterThan(0);
    expect(result.auth).toEqual(expect.any(Array));
    expect(result.allAuth).toEqual(expect.any(Array));
    const walk = (nodes: Record<string, unknown>[]): Record<string, unknown>[] =>
      nodes.flatMap((n) => [n, ...walk((n.children as Record<string, unknown>[] | undefined) ?? [])]);
    const nodes = walk(result.menu);
    for (const n of nodes) {
      expect(typeof n.component, String(n.path)).toBe('string');
      expect(n.route).toBe('1');
      expect(n.meta).toMatchObject({ title: expect.any(String) });
    }
    // The first node is the home: our to-do workbench, under a view name the stock client has
    // (JeecgBoot's task home). JeecgBoot's own analysis view stays in the menu (数据分析).
    expect(nodes[0]).toMatchObject({ path: '/dashboard/workbench', component: 'dashboard/IndexTask' });
    expect(nodes[0]!.meta).toMatchObject({ title: '首页', componentName: 'IndexTask' });
    expect(nodes.find((n) => n.path === '/dashboard/analysis')).toMatchObject({ component: 'dashboard/Analysis' });
    const components = new Set(nodes.map((n) => n.component));
    for (const view of [
      'system/UserList',
      'system/RoleList',
      'system/DepartList',
      'system/PermissionList',
      'system/DictList',
      'system/SysPositionList',
      'system/TenantList',
      'system/SysAnnouncementList',
      'system/LogList',
    ])
      expect(components, view).toContain(view);
    const codes = (result.auth as { action: string }[]).map((a) => a.action);
    for (const code of ['user:add', 'user:edit', 'user:export', 'user:addUserRole', 'user:deleteRoleBatch'])
      expect(codes).toContain(code);
  });

  it('home page', async () => {
    expect(await get('/sys/loginfo')).toMatchObject({ totalVisitCount: expect.any(Number) });
    expect(await get('/sys/visitInfo')).toEqual(expect.any(Array));
    expect(await get('/sys/annountCement/listByUser')).toMatchObject({
      anntMsgList: expect.any(Array),
      anntMsgTotal: expect.any(Number),
      sysMsgList: expect.any(Array),
      sysMsgTotal: expect.any(Number),
    });
  });

  it('用户管理 (system/UserList) and its user modal', async () => {
    const records = page(
      await get('/sys/user/list?column=createTime&order=desc&field=id,,,username&pageNo=1&pageSize=10'),
    );
    for (const u of records) {
      expect(typeof u.id).toBe('string');
      for (const k of ['username', 'realname', 'avatar', 'phone', 'orgCodeTxt', 'sex_dictText', 'departIds_dictText'])
        expect(u).toHaveProperty(k);
      expect(u).toHaveProperty('status_dictText');
      expect(u).not.toHaveProperty('password');
    }
    page(await get('/sys/user/list?username=*adm*&pageNo=1&pageSize=10'));
    expect(await get('/sys/role/queryall')).toEqual(expect.any(Array));
    expect(await get('/sys/tenant/queryList')).toEqual(expect.any(Array));
    expect(await get('/sys/thirdApp/getEnabledType')).toMatchObject({ wechatEnterprise: false, dingtalk: false });
    expect(await get<string>('/sys/user/generateUserId')).toMatch(/^[0-9a-f]{32}$/);
    const res = await fetch(`${s.base}/sys/user/exportXls?_t=1`, { headers: stock() });
    expect(res.status).toBe(200);
  });

  it('角色管理 (system/RoleList) with 用户 and 授权', async () => {
    const roles = page(await get('/sys/role/list?column=createTime&order=desc&pageNo=1&pageSize=10'));
    const role = roles.find((r) => r.roleCode === 'buyer')!;
    expect(role).toMatchObject({ id: expect.any(String), roleName: expect.any(String) });
    page(await get(`/sys/user/userRoleList?roleId=${String(role.id)}&pageNo=1&pageSize=10`));
    expect(await get('/sys/role/queryTreeList')).toMatchObject({ treeList: expect.any(Array), ids: expect.any(Array) });
    expect(await get(`/sys/permission/queryRolePermission?roleId=${String(role.id)}`)).toEqual(expect.any(Array));
  });

  it('部门管理, 数据字典, 职务管理, 通知公告, 租户管理, 日志管理', async () => {
    const tree = await get<Record<string, unknown>[]>('/sys/sysDepart/queryTreeList');
    expect(tree[0]).toMatchObject({ key: expect.any(String), title: expect.any(String), isLeaf: expect.any(Boolean) });
    page(await get('/sys/dict/list?pageNo=1&pageSize=10'));
    expect(await get('/sys/dict/getDictItems/sex')).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: expect.any(String), text: expect.any(String) })]),
    );
    expect(await get('/sys/dict/getDictItems/a_code_we_do_not_seed')).toEqual([]);
    page(await get('/sys/position/list?pageNo=1&pageSize=10'));
    page(await get('/sys/annountCement/list?pageNo=1&pageSize=10'));
    page(await get('/sys/tenant/list?pageNo=1&pageSize=10'));
    page(await get('/sys/log/list?logType=1&pageNo=1&pageSize=10'));
  });
});
