import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const quotaMenus: MenuSeed[] = [
  // Quota arrangements (domain §14): drafts from split awards (QUO-9), edited and submitted by buyers, activated by approval (QUO-1/2).
  {
    key: 'quota',
    name: '配额管理',
    url: '/srm/quota',
    component: 'resource/srmQuotaArrangement',
    menuType: 0,
    perms: 'srm:quota:list',
    icon: 'TableOutlined',
    sortNo: 18,
    keepAlive: true,
    roles: ['admin', 'buyer'],
  },
  ...(
    [
      ['list', '查看配额'],
      ['edit', '编辑配额'],
      ['submit', '提交配额审批'],
      ['export', '导出配额'],
    ] as [string, string][]
  ).map(([action, name], i): MenuSeed => ({
    key: `quota.${action}`,
    parent: 'quota',
    name,
    menuType: 2,
    perms: `srm:quota:${action}`,
    sortNo: i + 1,
    roles: ['admin', 'buyer'],
  })),
];
