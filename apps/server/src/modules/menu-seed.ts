import type { MenuSeed } from './manifest.js';

/** Every role that signs in: administrators, buyers and suppliers. */
export const ALL = ['admin', 'buyer', 'supplier'];

/** A menu for a generic resource page (`resource/<key>`), with one button per action, for administrators (or the roles given). */
export function resourceMenu(
  key: string,
  parent: string,
  name: string,
  url: string,
  resource: string,
  permission: string,
  sortNo: number,
  without: string[] = [],
  roles: string[] = ['admin'],
): MenuSeed[] {
  const actions = (
    [
      ['list', '查看'],
      ['add', '新增'],
      ['edit', '编辑'],
      ['delete', '删除'],
      ['deleteBatch', '批量删除'],
      ['export', '导出'],
      ['import', '导入'],
    ] as [string, string][]
  ).filter(([action]) => !without.includes(action));
  return [
    {
      key,
      parent,
      name,
      url,
      component: `resource/${resource}`,
      menuType: 1,
      perms: `${permission}:list`,
      sortNo,
      keepAlive: true,
      roles,
    },
    ...actions.map(([action, label], i): MenuSeed => ({
      key: `${key}.${action}`,
      parent: key,
      name: `${label}${name.replace('管理', '')}`,
      menuType: 2,
      perms: `${permission}:${action}`,
      sortNo: i + 1,
      roles,
    })),
  ];
}

/** Also gives buyers a resource menu and the listed buttons of it (`base.material.add` …). */
export function forBuyers(actions: string[]): (m: MenuSeed) => MenuSeed {
  return (m) =>
    m.menuType !== 2 || actions.some((a) => m.key.endsWith(`.${a}`))
      ? { ...m, roles: [...new Set([...m.roles, 'buyer'])] }
      : m;
}
