import type { MenuSeed } from '../manifest.js';
import { CONTRACT_PAGE as CONTRACT_URL } from '@procura/shared';
import { forBuyers, resourceMenu } from '../menu-seed.js';

/** Buttons of the contract transitions (`contract:<action>`). */
function buttons(parent: string, actions: [string, string][], roles: string[]): MenuSeed[] {
  return actions.map(([action, name], i) => ({
    key: `${parent}.${action}`,
    parent,
    name,
    menuType: 2,
    perms: `contract:${action}`,
    sortNo: 20 + i,
    roles,
  }));
}

/** 合同管理 for buyers (the generic workflow page), 我的合同 for suppliers (CON-8: from SUPPLIER_CONFIRMING on). */
export const contractMenus: MenuSeed[] = [
  ...resourceMenu('srm.contract', 'srm', '合同管理', CONTRACT_URL, 'srmContract', 'contract', 6, ['import']).map(
    forBuyers(['list', 'add', 'edit', 'delete', 'deleteBatch', 'export']),
  ),
  ...buttons(
    'srm.contract',
    [
      ['submit', '提交合同审批'],
      ['send', '发送合同'],
      ['revise', '退回修改合同'],
      ['sign', '合同签署生效'],
      ['cancel', '取消合同'],
      ['amend', '变更合同'],
      ['terminate', '终止合同'],
    ],
    ['admin', 'buyer'],
  ),
  // CON-3: the purchasing manager is told of award contracts not ACTIVE in time (besides the award's buyer).
  ...buttons('srm.contract', [['overdueNotice', '接收合同逾期提醒']], ['admin']).map((b) => ({ ...b, sortNo: 40 })),
  {
    key: 'myContract',
    name: '我的合同',
    url: '/srm/my-contracts',
    component: 'resource/srmContract',
    menuType: 0,
    perms: 'contract:list',
    icon: 'FileTextOutlined',
    sortNo: 29,
    keepAlive: true,
    roles: ['supplier'],
  },
  ...buttons(
    'myContract',
    [
      ['list', '查看我的合同'],
      ['export', '导出我的合同'],
      ['confirm', '确认合同'],
      ['reject', '拒绝合同'],
    ],
    ['supplier'],
  ),
];
