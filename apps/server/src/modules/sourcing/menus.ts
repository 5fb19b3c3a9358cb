import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const sourcingMenus: MenuSeed[] = [
  // Sourcing (domain §9, §10, §13): buyers run RFQs (draft, invite, publish, extend, open, award); M (the administrator)
  // continues an INSUFFICIENT event and cancels published ones (RFQ-7, SRC-10); suppliers answer and quote.
  {
    key: 'sourcing',
    name: '询价管理',
    url: '/srm/sourcing',
    component: 'srm/SourcingList',
    menuType: 0,
    perms: 'srm:sourcing:list',
    icon: 'FileTextOutlined',
    sortNo: 14,
    keepAlive: true,
    roles: ['admin', 'buyer'],
  },
  ...(
    [
      ['list', '查看寻源单'],
      ['add', '新建询价单'],
      ['edit', '编辑询价单'],
      ['invite', '邀请供应商'],
      ['publish', '发布与延期'],
      ['open', '开标'],
      ['fail', '流标'],
      ['cancel', '取消询价单'],
      ['award', '定标'],
    ] as [string, string][]
  ).map(([action, name], i): MenuSeed => ({
    key: `sourcing.${action}`,
    parent: 'sourcing',
    name,
    menuType: 2,
    perms: `srm:sourcing:${action}`,
    sortNo: i + 1,
    roles: ['admin', 'buyer'],
  })),
  {
    key: 'sourcing.continue',
    parent: 'sourcing',
    name: '响应不足继续开标',
    menuType: 2,
    perms: 'srm:sourcing:continue',
    sortNo: 20,
    roles: ['admin'],
  },
  {
    key: 'sourcing.cancelPublished',
    parent: 'sourcing',
    name: '取消已发布询价单',
    menuType: 2,
    perms: 'srm:sourcing:cancelPublished',
    sortNo: 21,
    roles: ['admin'],
  },
  {
    key: 'sourcing.clarify',
    parent: 'sourcing',
    name: '答复与发布澄清',
    menuType: 2,
    perms: 'srm:sourcing:clarify',
    sortNo: 22,
    roles: ['admin', 'buyer'],
  },
  {
    key: 'mySourcing',
    name: '我的询价',
    url: '/srm/my-sourcing',
    component: 'srm/MySourcing',
    menuType: 0,
    perms: 'srm:sourcing:supplier',
    icon: 'FileTextOutlined',
    sortNo: 26,
    keepAlive: true,
    roles: ['supplier'],
  },
  {
    key: 'mySourcing.quote',
    parent: 'mySourcing',
    name: '查看询价与报价',
    menuType: 2,
    perms: 'srm:sourcing:supplier',
    sortNo: 1,
    roles: ['supplier'],
  },
];
