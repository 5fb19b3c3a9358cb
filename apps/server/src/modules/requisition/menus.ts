import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const requisitionMenus: MenuSeed[] = [
  // Purchase requisitions (domain §8): requesters and buyers draft, submit (approval by budget, PR-2), withdraw and cancel the rest (PR-5).
  {
    key: 'requisition',
    name: '采购申请',
    url: '/srm/requisition',
    component: 'resource/srmPurchaseRequisition',
    menuType: 0,
    perms: 'srm:requisition:list',
    icon: 'FileTextOutlined',
    sortNo: 13,
    keepAlive: true,
    roles: ['admin', 'buyer'],
  },
  ...(
    [
      ['list', '查看采购申请'],
      ['add', '新建采购申请'],
      ['edit', '编辑采购申请'],
      ['delete', '删除采购申请'],
      ['submit', '提交与撤回采购申请'],
      ['cancel', '取消剩余数量'],
      ['export', '导出采购申请'],
    ] as [string, string][]
  ).map(([action, name], i): MenuSeed => ({
    key: `requisition.${action}`,
    parent: 'requisition',
    name,
    menuType: 2,
    perms: `srm:requisition:${action}`,
    sortNo: i + 1,
    roles: ['admin', 'buyer'],
  })),
];
