import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const tenderMenus: MenuSeed[] = [
  // Tenders (domain §11): buyers draft, submit for approval and publish; named opening officers open by quorum (P2).
  {
    key: 'tender',
    name: '招标管理',
    url: '/srm/tender',
    component: 'srm/TenderList',
    menuType: 0,
    perms: 'srm:tender:list',
    icon: 'FileTextOutlined',
    sortNo: 16,
    keepAlive: true,
    roles: ['admin', 'buyer'],
  },
  ...(
    [
      ['list', '查看招标项目与审计日志'],
      ['add', '新建与重新招标'],
      ['edit', '编辑、邀请与提交审批'],
      ['publish', '发布招标项目'],
      ['open', '开标（开标人确认）'],
    ] as [string, string][]
  ).map(([action, name], i): MenuSeed => ({
    key: `tender.${action}`,
    parent: 'tender',
    name,
    menuType: 2,
    perms: `srm:tender:${action}`,
    sortNo: i + 1,
    roles: ['admin', 'buyer'],
  })),
  // 我的投标 (domain §11): invitations, sign-up to open tenders, sealed bids, opening record, clarifications, result.
  {
    key: 'myTender',
    name: '我的投标',
    url: '/srm/my-tender',
    component: 'srm/MyTender',
    menuType: 0,
    perms: 'srm:sourcing:supplier',
    icon: 'FileTextOutlined',
    sortNo: 28,
    keepAlive: true,
    roles: ['supplier'],
  },
];
