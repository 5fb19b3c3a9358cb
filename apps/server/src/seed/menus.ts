import type { Kysely } from 'kysely';
import { newId } from '../core/ids.js';
import { jeecgIconOf, jeecgViewOf } from '@procura/shared';
import type { Database } from '../db/schema.js';
import type { MenuSeed } from '../modules/manifest.js';
import { MODULES } from '../modules/index.js';

export type { MenuSeed };

/**
 * Every module's menu and button rows in the order of the module list, each parent before its
 * children (a module may hang its menus under another module's, e.g. 系统管理).
 */
export const BASE_MENUS: MenuSeed[] = parentsFirst(MODULES.flatMap((m) => m.menus ?? []));

function parentsFirst(rows: readonly MenuSeed[]): MenuSeed[] {
  const byKey = new Map(rows.map((m) => [m.key, m]));
  const placed = new Set<string>();
  const out: MenuSeed[] = [];
  const place = (m: MenuSeed) => {
    if (placed.has(m.key)) return;
    placed.add(m.key);
    const parent = m.parent ? byKey.get(m.parent) : undefined;
    if (parent) place(parent);
    out.push(m);
  };
  rows.forEach(place);
  return out;
}

export const BASE_ROLES = [
  { roleCode: 'admin', roleName: '管理员', description: '系统管理员，拥有全部权限' },
  { roleCode: 'buyer', roleName: '采购员', description: '负责寻源、合同与订单' },
  { roleCode: 'supplier', roleName: '供应商', description: '供应商用户' },
  {
    roleCode: 'expert',
    roleName: '评标专家',
    description: '技术、经济专家：参加评标委员会，评分并签署评标报告',
  },
];

export const BASE_DEPARTMENTS = [
  { key: 'hq', name: '总公司', orgCode: 'A01', orgCategory: '1', order: 0 },
  { key: 'purchase', parent: 'hq', name: '采购部', orgCode: 'A01A01', orgCategory: '2', order: 1 },
  { key: 'quality', parent: 'hq', name: '质量部', orgCode: 'A01A02', orgCategory: '2', order: 2 },
  { key: 'finance', parent: 'hq', name: '财务部', orgCode: 'A01A03', orgCategory: '2', order: 3 },
];

type Audit = { createBy: string; createTime: string; updateBy: null; updateTime: null };

const menuKey = (m: { url?: string | null; perms?: string | null; name: string }) =>
  `menu:${m.url ?? ''}|${m.perms ?? ''}|${m.name}`;

/** Adds the menu rows an installation has not received yet, granted to their roles (see `syncBaseData`). */
export async function syncMenus(
  trx: Kysely<Database>,
  apply: (key: string) => boolean,
  audit: Audit,
  roleIds: Map<string, string>,
): Promise<void> {
  const existingMenus = new Map(
    (await trx.selectFrom('sysPermission').select(['id', 'url', 'perms', 'name']).execute()).map((m) => [
      menuKey(m),
      m.id,
    ]),
  );
  const menuIds = new Map<string, string>();
  for (const m of BASE_MENUS) {
    const key = menuKey(m);
    const existing = existingMenus.get(key);
    if (existing) menuIds.set(m.key, existing);
    if (!apply(key) || existing) continue;
    const id = newId();
    menuIds.set(m.key, id);
    const hasChildren = BASE_MENUS.some((c) => c.parent === m.key && c.menuType !== 2);
    await trx
      .insertInto('sysPermission')
      .values({
        id,
        parentId: m.parent ? (menuIds.get(m.parent) ?? null) : null,
        name: m.name,
        url: m.url ?? null,
        // Stored as JeecgBoot names (view path, antd 3 icon) so a stock JeecgBoot client opens them too.
        component: m.component ? jeecgViewOf(m.component) : null,
        componentName: null,
        redirect: null,
        menuType: m.menuType,
        perms: m.perms ?? null,
        permsType: '1',
        sortNo: m.sortNo,
        alwaysShow: 0,
        icon: jeecgIconOf(m.icon),
        isRoute: m.menuType === 2 ? 0 : 1,
        isLeaf: hasChildren ? 0 : 1,
        keepAlive: m.keepAlive ? 1 : 0,
        hidden: m.hidden ? 1 : 0,
        internalOrExternal: 0,
        status: '1',
        delFlag: 0,
        description: null,
        ...audit,
      })
      .execute();
    for (const role of m.roles) {
      const roleId = roleIds.get(role);
      if (roleId) await trx.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId: id }).execute();
    }
  }
}
