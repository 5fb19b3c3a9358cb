import { DEMO_PASSWORD } from '@procura/shared';
import { newId } from '../core/ids.js';
import { serverNowIso } from '../core/clock.js';
import type { Db } from '../db/database.js';
import { hashPassword } from '../modules/auth/password.js';
import { insertUser } from '../modules/users/user-service.js';

const SEEDER = 'system';

/** The second demo tenant (issue 16): its own administrator, departments, roles and users. */
export const DEMO_TENANT = { id: 1000, name: '华东分公司' } as const;

export const TENANT_DEMO_ACCOUNTS = [
  { username: 'hdadmin', realname: '华东分公司管理员', role: '华东分公司管理员（只见本租户的系统数据）' },
  { username: 'hdbuyer', realname: '华东采购员赵磊', role: '华东分公司采购员' },
] as const;

/**
 * The permission codes of what a tenant administrator manages: its users, departments, roles,
 * logs, announcements, dictionaries (its own, beside the platform's shared ones it reads) and its
 * documents' audit chain. Platform pages (menus, tenants, …) stay with the platform.
 */
const TENANT_ADMIN_CODES = ['user:', 'depart:', 'role:', 'log:', 'announcement:', 'dict:', 'auditChain:'];

/** The menus and buttons of `TENANT_ADMIN_CODES`, with every menu above them (so the side menu shows them). */
async function tenantAdminPermissions(db: Db): Promise<string[]> {
  const all = await db
    .selectFrom('sysPermission')
    .select(['id', 'parentId', 'perms'])
    .where('delFlag', '=', 0)
    .execute();
  const byId = new Map(all.map((p) => [p.id, p]));
  const chosen = new Set<string>();
  for (const p of all) {
    if (!p.perms || !TENANT_ADMIN_CODES.some((c) => p.perms!.startsWith(c))) continue;
    for (
      let at: typeof p | undefined = p;
      at && !chosen.has(at.id);
      at = at.parentId ? byId.get(at.parentId) : undefined
    )
      chosen.add(at.id);
  }
  return [...chosen];
}

/** Seeds tenant 1000 with an administrator (`hdadmin`), a buyer, two departments and two roles. */
export async function seedTenantDemo(db: Db): Promise<void> {
  const now = serverNowIso();
  const audit = { createBy: SEEDER, createTime: now, updateBy: null, updateTime: null };
  const tenantId = DEMO_TENANT.id;
  await db
    .insertInto('sysTenant')
    .values({ id: tenantId, name: DEMO_TENANT.name, beginDate: null, endDate: null, status: 1, ...audit })
    .execute();
  const permissions = await tenantAdminPermissions(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const role = async (roleCode: string, roleName: string, description: string, granted: string[]) => {
      const id = newId();
      await trx
        .insertInto('sysRole')
        .values({ id, roleCode, roleName, description, tenantId, ...audit })
        .execute();
      for (const permissionId of granted)
        await trx.insertInto('sysRolePermission').values({ id: newId(), roleId: id, permissionId }).execute();
      return id;
    };
    const adminRole = await role('hd_admin', '华东分公司管理员', '管理本租户的用户、部门、角色与日志', permissions);
    const buyerRole = await role('hd_buyer', '华东采购员', '华东分公司的采购员', []);

    // Codes of their own (H01…): the platform's next departments keep taking A02, A03, …
    const depart = async (departName: string, orgCode: string, parent: { id: string; orgCode: string } | null) => {
      const id = newId();
      await trx
        .insertInto('sysDepart')
        .values({
          id,
          parentId: parent?.id ?? null,
          departName,
          orgCode,
          orgCategory: parent ? '2' : '1',
          departOrder: 0,
          status: '1',
          delFlag: 0,
          mobile: null,
          fax: null,
          address: null,
          memo: null,
          description: null,
          tenantId,
          ...audit,
        })
        .execute();
      return { id, orgCode };
    };
    const company = await depart('华东分公司', 'H01', null);
    const purchasing = await depart('华东采购部', 'H01A01', company);

    const user = async (i: number, org: { id: string; orgCode: string }, roleId: string) => {
      const a = TENANT_DEMO_ACCOUNTS[i]!;
      await insertUser(
        trx,
        {
          username: a.username,
          realname: a.realname,
          passwordHash,
          orgCode: org.orgCode,
          relTenantIds: String(tenantId),
          createBy: SEEDER,
        },
        { roles: [roleId], departs: [org.id] },
      );
    };
    await user(0, company, adminRole);
    await user(1, purchasing, buyerRole);
  });
}
