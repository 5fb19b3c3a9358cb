import type { MenuSeed } from '../manifest.js';
import { forBuyers, resourceMenu } from '../menu-seed.js';

/** Buttons of the order transitions (`purchaseOrder:<action>`). */
function orderButtons(parent: string, actions: [string, string][], roles: string[]): MenuSeed[] {
  return actions.map(([action, name], i) => ({
    key: `${parent}.${action}`,
    parent,
    name,
    menuType: 2,
    perms: `purchaseOrder:${action}`,
    sortNo: 20 + i,
    roles,
  }));
}

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const purchaseOrderMenus: MenuSeed[] = [
  // Purchase orders (domain §16): the buyer drafts, submits, sends, changes, cancels and holds; approval is the engine's (PO-4, X-10).
  ...resourceMenu('srm.order', 'srm', '采购订单', '/srm/order', 'srmPurchaseOrder', 'purchaseOrder', 9, ['import']).map(
    forBuyers(['list', 'add', 'edit', 'delete', 'deleteBatch', 'export']),
  ),
  ...orderButtons(
    'srm.order',
    [
      ['submit', '提交订单审批'],
      ['send', '发送订单'],
      ['revise', '修订订单'],
      ['change', '变更订单'],
      ['shortClose', '关闭剩余数量'],
      ['cancel', '取消订单'],
      ['hold', '暂挂订单'],
      ['release', '解除暂挂'],
    ],
    ['admin', 'buyer'],
  ),
  // Routed but not in the side menu: the business link of an announcement (`/purchase/order/list?bizId=`) opens the order list.
  {
    key: 'orderLink',
    name: '订单列表',
    url: '/purchase/order/list',
    component: 'resource/srmPurchaseOrder',
    menuType: 0,
    perms: 'purchaseOrder:list',
    icon: 'ShoppingCartOutlined',
    sortNo: 81,
    hidden: true,
    roles: ['admin', 'buyer', 'supplier'],
  },
  {
    key: 'myOrder',
    name: '我的订单',
    url: '/srm/my-orders',
    component: 'resource/srmPurchaseOrder',
    menuType: 0,
    perms: 'purchaseOrder:list',
    icon: 'ShoppingCartOutlined',
    sortNo: 31,
    keepAlive: true,
    roles: ['supplier'],
  },
  ...orderButtons(
    'myOrder',
    [
      ['list', '查看订单'],
      ['export', '导出订单'],
      ['confirm', '确认订单'],
      ['refuse', '拒绝订单'],
    ],
    ['supplier'],
  ),
];
