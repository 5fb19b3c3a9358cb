import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const supplierChangeMenus: MenuSeed[] = [
  // Change requests (domain §5): the supplier asks, a manager approves in 审批中心 (CHG-3); buyers follow them here.
  {
    key: 'myChange',
    name: '变更申请',
    url: '/srm/my-changes',
    component: 'supplier/MyChangeRequests',
    menuType: 0,
    perms: 'supplierChange:mine',
    icon: 'EditOutlined',
    sortNo: 24,
    roles: ['supplier'],
  },
  {
    key: 'myChange.submit',
    parent: 'myChange',
    name: '提交与撤回变更申请',
    menuType: 2,
    perms: 'supplierChange:mine',
    sortNo: 1,
    roles: ['supplier'],
  },
  {
    key: 'srm.change',
    parent: 'srm',
    name: '供应商变更',
    url: '/srm/supplier/change',
    component: 'supplier/ChangeRequestList',
    menuType: 1,
    perms: 'supplierChange:list',
    sortNo: 4,
    keepAlive: true,
    roles: ['admin', 'buyer'],
  },
  {
    key: 'srm.change.view',
    parent: 'srm.change',
    name: '查看变更申请',
    menuType: 2,
    perms: 'supplierChange:list',
    sortNo: 1,
    roles: ['admin', 'buyer'],
  },
  {
    key: 'srm.change.add',
    parent: 'srm.change',
    name: '代供应商发起变更',
    menuType: 2,
    perms: 'supplierChange:add',
    sortNo: 2,
    roles: ['admin', 'buyer'],
  },
];
