import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, type MenuNode, type UserPermissions } from '@procura/shared';
import { BASE_MENUS, type MenuSeed } from '../src/seed/menus.js';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

/** What the seed grants a role, picked from each menu entry (null: not counted). */
const seeded = (role: string, pick: (m: MenuSeed) => string | null) =>
  new Set(
    BASE_MENUS.filter((m) => m.roles.includes(role))
      .map(pick)
      .filter((v): v is string => v !== null),
  );
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const permissionsOf = async (username: string) =>
  (
    await s.request<UserPermissions>('GET', '/sys/permission/getUserPermissionByToken', {
      token: await s.login(username),
    })
  ).body;

describe('GET /sys/permission/getUserPermissionByToken', () => {
  it('gives the administrator the whole menu in JeecgBoot node shape', async () => {
    const body = await permissionsOf('admin');
    expect(body).toMatchObject({ success: true, code: 200 });
    const { menu } = body.result;
    expect(menu[0]).toMatchObject({
      path: '/dashboard/workbench',
      component: 'dashboard/IndexTask',
      route: '1',
      name: 'dashboard-workbench',
    });
    expect(menu[0]!.meta).toMatchObject({ title: '首页', keepAlive: false, internalOrExternal: false });
    const sys = menu.find((n) => n.path === '/isystem')!;
    expect(sys).toMatchObject({ component: 'layouts/RouteView', name: 'isystem', redirect: null });
    const users = sys.children!.find((n) => n.path === '/isystem/user')!;
    expect(users).toMatchObject({ name: 'isystem-user', component: 'system/UserList' });
    // Only top-level nodes carry the redirect key; buttons never appear in the tree.
    expect('redirect' in users).toBe(false);
    expect(users.meta.permissionList).toEqual([{ action: 'user:list', type: '1', describe: '用户管理' }]);
    expect(flatten(menu).some((n) => n.meta.title === '添加用户')).toBe(false);
  });

  it("lists the user's buttons in auth and every button rule in allAuth", async () => {
    const admin = (await permissionsOf('admin')).result;
    expect(admin.auth).toContainEqual({ action: 'user:add', type: '1', describe: '添加用户' });
    const buyer = (await permissionsOf('buyer')).result;
    // Exactly the button codes the seed grants the buyer role, and none of the administrator's.
    expect(new Set(buyer.auth.map((a) => a.action))).toEqual(
      seeded('buyer', (m) => (m.menuType === 2 && m.perms ? m.perms : null)),
    );
    expect(buyer.auth.map((a) => a.action)).toContain('supplier:list');
    expect(buyer.allAuth).toContainEqual({ action: 'user:add', type: '1', describe: '添加用户', status: '1' });
    expect(hasPermission('user:add', buyer.auth, buyer.allAuth)).toBe(false);
    expect(hasPermission('user:add', admin.auth, admin.allAuth)).toBe(true);
  });

  it('gives each role only what it was granted', async () => {
    const paths = async (u: string) => flatten((await permissionsOf(u)).result.menu).map((n) => n.path);
    const menuPaths = (m: MenuSeed) => (m.menuType !== 2 && m.url ? m.url : null);
    expect(new Set(await paths('buyer'))).toEqual(seeded('buyer', menuPaths));
    expect(new Set(await paths('supplier1'))).toEqual(seeded('supplier', menuPaths));
    expect(await paths('buyer')).toContain('/srm/supplier/list');
    expect(await paths('buyer')).not.toContain('/isystem/user');
    expect(await paths('supplier1')).toContain('/supplier/profile');
    expect(await paths('supplier1')).not.toContain('/srm/supplier/list');
    expect(await paths('admin')).toContain('/isystem/user');
  });

  it('sends hidden entries with hidden: true, routed but not for the side menu', async () => {
    const node = flatten((await permissionsOf('admin')).result.menu).find(
      (n) => n.path === '/messageSeting/annountCement',
    )!;
    expect(node).toMatchObject({ hidden: true, component: 'system/UserAnnouncementList', route: '1' });
  });

  it('always includes the home page, even when no role grants it', async () => {
    await s.ctx.db
      .deleteFrom('sysRolePermission')
      .where(
        'permissionId',
        'in',
        s.ctx.db.selectFrom('sysPermission').select('id').where('url', '=', '/dashboard/workbench'),
      )
      .where('roleId', 'in', s.ctx.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'buyer'))
      .execute();
    expect((await permissionsOf('buyer')).result.menu[0]!.path).toBe('/dashboard/workbench');
  });

  it('an inactive button rule keeps the element for everyone (allAuth status 0)', async () => {
    await s.ctx.db.updateTable('sysPermission').set({ status: '0' }).where('perms', '=', 'user:delete').execute();
    const buyer = (await permissionsOf('buyer')).result;
    expect(buyer.allAuth).toContainEqual({ action: 'user:delete', type: '1', describe: '删除用户', status: '0' });
    expect(hasPermission('user:delete', buyer.auth, buyer.allAuth)).toBe(true);
    await s.ctx.db.updateTable('sysPermission').set({ status: '1' }).where('perms', '=', 'user:delete').execute();
  });
});

describe('server-side permission checks', () => {
  it('refuses a route to a user without its permission code, with 403', async () => {
    const res = await s.request('GET', '/sys/user/list', { token: await s.login('buyer') });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 403, message: '没有权限，请联系管理员授权' });
  });

  it('takes a permission away as soon as the role loses it', async () => {
    const token = await s.login('buyer');
    expect((await s.request('GET', '/supplier/list', { token })).status).toBe(200);
    await s.ctx.db
      .deleteFrom('sysRolePermission')
      .where(
        'permissionId',
        'in',
        s.ctx.db.selectFrom('sysPermission').select('id').where('perms', '=', 'supplier:list'),
      )
      .where('roleId', 'in', s.ctx.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'buyer'))
      .execute();
    expect((await s.request('GET', '/supplier/list', { token })).status).toBe(403);
  });

  it('refuses a tenant header naming a tenant the user does not belong to (TEN-1)', async () => {
    const token = await s.login('admin');
    for (const header of ['tenant_id', 'tenant-id']) {
      const res = await s.request('GET', '/sys/permission/getUserPermissionByToken', {
        token,
        headers: { [header]: '2' },
      });
      expect(res.status).toBe(403);
    }
    expect(
      (await s.request('GET', '/sys/permission/getUserPermissionByToken', { token, headers: { tenant_id: '0' } }))
        .status,
    ).toBe(200);
  });

  it('holds a supplier with incomplete information at the completion form (SUP-3)', async () => {
    const token = await s.login('supplier2');
    expect((await s.request('GET', '/supplierBaseAPI/getSupplier', { token })).status).toBe(200);
    expect((await s.request('GET', '/sys/permission/getUserPermissionByToken', { token })).status).toBe(200);
    // Even with a business permission, nothing else opens until the form is submitted.
    await s.ctx.db
      .insertInto('sysRolePermission')
      .values((eb) => ({
        id: 'f'.repeat(32),
        roleId: eb.selectFrom('sysRole').select('id').where('roleCode', '=', 'supplier'),
        permissionId: eb
          .selectFrom('sysPermission')
          .select('id')
          .where('perms', '=', 'supplier:list')
          .where('menuType', '=', 1),
      }))
      .execute();
    const res = await s.request('GET', '/supplier/list', { token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('请先完善企业信息');
  });
});
