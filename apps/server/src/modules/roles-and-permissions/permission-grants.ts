import type { Transaction } from 'kysely';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { isPlatform } from '../../core/tenant-data.js';
import { idList } from '../../http/wire.js';
import { toForest } from '../../core/tree.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * What the role and the department authorisation screens share: the checkable tree of every
 * menu and button, and the checks on a saved set of permission ids (jeecg-api.md §7.7).
 */
export type PermissionTreeNode = {
  key: string;
  value: string;
  title: string;
  label: string;
  slotTitle: string;
  isLeaf: boolean;
  icon: string | null;
  ruleFlag: boolean;
  parentId: string | null;
  menuType: number;
  children: PermissionTreeNode[] | null;
};

/** `{treeList, ids}`: every live menu and button as a tree, and all their ids. */
export async function permissionTree(db: Db): Promise<{ treeList: PermissionTreeNode[]; ids: string[] }> {
  const rows = await db
    .selectFrom('sysPermission')
    .select(['id', 'parentId', 'name', 'icon', 'menuType'])
    .where('delFlag', '=', 0)
    .orderBy('sortNo')
    .orderBy('id')
    .execute();
  // ruleFlag: the menu has data rules a role can choose from (/sys/role/loadDataRule).
  const ruled = new Set(
    (await db.selectFrom('sysPermissionDataRule').select('permissionId').distinct().execute()).map(
      (r) => r.permissionId,
    ),
  );
  const treeList = toForest(
    rows,
    (r): PermissionTreeNode => ({
      key: r.id,
      value: r.id,
      title: r.name,
      label: r.name,
      slotTitle: r.name,
      isLeaf: true,
      icon: r.icon,
      ruleFlag: ruled.has(r.id),
      parentId: r.parentId,
      menuType: r.menuType,
      children: null,
    }),
    (parent, child) => {
      (parent.children ??= []).push(child);
      parent.isLeaf = false;
    },
  );
  return { treeList, ids: rows.map((r) => r.id) };
}

/** The ids of a comma-joined `permissionIds`, without blanks and repeats; malformed ids are a 400. */
export function requestedPermissionIds(raw: string): string[] {
  return idList(raw, '权限编号不正确');
}

/** Refuses (400) a set naming a menu or button that does not exist (any more). */
export async function assertPermissionsExist(trx: Transaction<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const known = await trx
    .selectFrom('sysPermission')
    .select('id')
    .where('id', 'in', [...ids])
    .where('delFlag', '=', 0)
    .execute();
  if (known.length !== ids.length) throw badRequest('权限不存在');
}

/**
 * A tenant administrator grants only menus and buttons they hold themselves: the menu tree is
 * shared by every tenant, so a tenant role must not reach platform pages (menu or tenant
 * management) through its own administrator. The platform grants anything.
 */
export async function assertGrantable(
  trx: Transaction<Database>,
  request: { tenantId: number; user: { id: string } | null },
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0 || isPlatform(request)) return;
  const held = await trx
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .select('rp.permissionId')
    .distinct()
    .where('ur.userId', '=', request.user!.id)
    .where('rp.permissionId', 'in', [...ids])
    .execute();
  if (held.length !== new Set(ids).size) throw badRequest('只能授予自己拥有的权限');
}

/** The body fields of a save: the whole new set comma-joined, and (JeecgBoot's) the set it replaces. */
export const permissionSetFields = {
  permissionIds: z.string().max(200_000),
  lastpermissionIds: z.string().max(200_000).optional(),
};
