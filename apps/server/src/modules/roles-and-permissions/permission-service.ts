import { createHash } from 'node:crypto';
import {
  HOME_PATH,
  isExternalUrl,
  jeecgIconOf,
  type AuthEntry,
  type MenuNode,
  type UserPermissions,
} from '@procura/shared';
import type { Db } from '../../db/database.js';
import type { CacheVersions } from '../../core/cache-versions.js';
import type { SysPermissionTable } from '../../db/user-tables.js';

type PermissionRow = Pick<
  SysPermissionTable,
  | 'id'
  | 'parentId'
  | 'name'
  | 'url'
  | 'component'
  | 'componentName'
  | 'redirect'
  | 'menuType'
  | 'perms'
  | 'permsType'
  | 'alwaysShow'
  | 'icon'
  | 'isRoute'
  | 'keepAlive'
  | 'hidden'
  | 'internalOrExternal'
  | 'status'
  | 'sortNo'
>;

const COLUMNS = [
  'p.id',
  'p.parentId',
  'p.name',
  'p.url',
  'p.component',
  'p.componentName',
  'p.redirect',
  'p.menuType',
  'p.perms',
  'p.permsType',
  'p.alwaysShow',
  'p.icon',
  'p.isRoute',
  'p.keepAlive',
  'p.hidden',
  'p.internalOrExternal',
  'p.status',
  'p.sortNo',
] as const;

const splitCodes = (perms: string | null) =>
  (perms ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** The route name JeecgBoot derives from a url: `/isystem/user` → `isystem-user`. */
function routeName(row: PermissionRow): string {
  if (row.componentName) return row.componentName;
  return (row.url ?? '').replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '@');
}

function toNode(row: PermissionRow, topLevel: boolean): MenuNode {
  const url = row.url ?? '';
  const external = isExternalUrl(url);
  const component = row.component ?? '';
  const node: MenuNode = {
    id: row.id,
    route: row.isRoute ? '1' : '0',
    // External links travel as a stable hash path; the real address is in meta.url.
    path: external ? createHash('md5').update(url).digest('hex') : url,
    name: routeName(row),
    component,
    meta: {
      title: row.name,
      keepAlive: row.keepAlive === 1,
      internalOrExternal: row.internalOrExternal === 1,
      componentName: row.componentName ?? component.split('/').pop() ?? '',
    },
  };
  if (topLevel) node.redirect = row.redirect;
  if (row.hidden) node.hidden = true;
  if (row.alwaysShow) node.alwaysShow = true;
  // Served as antd 3 names whatever an administrator typed: the stock client's <a-icon> needs them.
  if (row.icon) node.meta.icon = jeecgIconOf(row.icon)!;
  if (external) node.meta.url = url;
  const codes = splitCodes(row.perms);
  if (codes.length > 0) node.meta.permissionList = codes.map((action) => ({ action, type: '1', describe: row.name }));
  return node;
}

type ButtonRow = Pick<SysPermissionTable, 'perms' | 'permsType' | 'name' | 'status'>;

export class PermissionService {
  /**
   * What every request reads: a user's granted rows and codes, the home menu, every button.
   * Any change to roles, role grants, user roles or menus bumps the `auth` stamp (migration
   * 0054), which empties these on every node at its next request.
   */
  private readonly granted;
  private readonly codes;
  private readonly shared;

  constructor(
    private readonly db: Db,
    versions: CacheVersions,
  ) {
    this.granted = versions.cache<PermissionRow[]>('auth', 5_000);
    this.codes = versions.cache<Set<string>>('auth', 5_000);
    this.shared = versions.cache<{ home: PermissionRow | null; buttons: ButtonRow[] }>('auth', 1);
  }

  private grantedRows(userId: string): Promise<PermissionRow[]> {
    return this.granted.get(userId, () => this.loadGranted(userId));
  }

  private loadGranted(userId: string): Promise<PermissionRow[]> {
    return this.db
      .selectFrom('sysPermission as p')
      .innerJoin('sysRolePermission as rp', 'rp.permissionId', 'p.id')
      .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
      .select(COLUMNS)
      .distinct()
      .where('ur.userId', '=', userId)
      .where('p.delFlag', '=', 0)
      .orderBy('p.sortNo')
      .orderBy('p.id')
      .execute();
  }

  /** The permission codes a user's roles grant (menus with a code, and active buttons). */
  codesOf(userId: string): Promise<Set<string>> {
    return this.codes.get(userId, async () => {
      const rows = await this.grantedRows(userId);
      return new Set(rows.filter((r) => r.menuType !== 2 || r.status === '1').flatMap((r) => splitCodes(r.perms)));
    });
  }

  private sharedRows(): Promise<{ home: PermissionRow | null; buttons: ButtonRow[] }> {
    return this.shared.get('', async () => ({
      home:
        (await this.db
          .selectFrom('sysPermission as p')
          .select(COLUMNS)
          .where('p.url', '=', HOME_PATH)
          .where('p.delFlag', '=', 0)
          .executeTakeFirst()) ?? null,
      buttons: await this.db
        .selectFrom('sysPermission')
        .select(['perms', 'permsType', 'name', 'status'])
        .where('menuType', '=', 2)
        .where('delFlag', '=', 0)
        .where('perms', 'is not', null)
        .orderBy('sortNo')
        .execute(),
    }));
  }

  /** `getUserPermissionByToken`: the user's menu tree, their buttons, and every button rule. */
  async forUser(userId: string): Promise<UserPermissions> {
    const rows = await this.grantedRows(userId);
    const { home, buttons: allButtons } = await this.sharedRows();
    const menus = rows.filter((r) => r.menuType !== 2);
    // The home page is always there, as JeecgBoot inserts it for every user.
    if (!menus.some((r) => r.url === HOME_PATH) && home) menus.unshift(home);
    const auth: AuthEntry[] = rows
      .filter((r) => r.menuType === 2 && r.status === '1' && r.perms)
      .map((r) => ({ action: r.perms!, type: r.permsType, describe: r.name }));
    const allAuth: AuthEntry[] = allButtons.map((r) => ({
      action: r.perms!,
      type: r.permsType,
      describe: r.name,
      status: r.status,
    }));
    return { menu: buildTree(menus), auth, allAuth };
  }
}

/** Roots are rows without a parent; a child whose parent the user was not granted is unreachable and left out. */
export function buildTree(rows: PermissionRow[]): MenuNode[] {
  const byParent = new Map<string, PermissionRow[]>();
  for (const r of rows) {
    const key = r.parentId ?? '';
    if (!byParent.has(key)) byParent.set(key, []);
    byParent.get(key)!.push(r);
  }
  const build = (row: PermissionRow, topLevel: boolean): MenuNode => {
    const node = toNode(row, topLevel);
    const children = (byParent.get(row.id) ?? []).map((c) => build(c, false));
    if (children.length > 0) node.children = children;
    return node;
  };
  return (byParent.get('') ?? []).map((r) => build(r, true));
}
