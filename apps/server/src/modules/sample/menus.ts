import type { MenuSeed } from '../manifest.js';
import { forBuyers, resourceMenu } from '../menu-seed.js';

/** Buttons of the sample request transitions (`sampleRequest:<action>`). */
function sampleButtons(parent: string, actions: [string, string][], roles: string[]): MenuSeed[] {
  return actions.map(([action, name], i) => ({
    key: `${parent}.${action}`,
    parent,
    name,
    menuType: 2,
    perms: `sampleRequest:${action}`,
    sortNo: 20 + i,
    roles,
  }));
}

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const sampleMenus: MenuSeed[] = [
  // Sample requests (domain §7): buyers ask and receive; testing is by someone other than the requester (SMP-2); the supplier answers and ships (SMP-1).
  ...resourceMenu('srm.sample', 'srm', '样品管理', '/srm/sample', 'srmSampleRequest', 'sampleRequest', 3, [
    'import',
  ]).map(forBuyers(['list', 'add', 'edit', 'delete', 'deleteBatch', 'export'])),
  ...sampleButtons(
    'srm.sample',
    [
      ['send', '发送送样申请'],
      ['cancel', '取消送样申请'],
      ['receive', '签收样品'],
      ['test', '录入测试结果'],
      ['close', '关闭送样申请'],
    ],
    ['admin', 'buyer'],
  ),
  {
    key: 'mySample',
    name: '送样申请',
    url: '/srm/my-samples',
    component: 'resource/srmSampleRequest',
    menuType: 0,
    perms: 'sampleRequest:list',
    icon: 'FileTextOutlined',
    sortNo: 23,
    keepAlive: true,
    roles: ['supplier'],
  },
  ...sampleButtons(
    'mySample',
    [
      ['list', '查看送样申请'],
      ['export', '导出送样申请'],
      ['confirm', '确认送样'],
      ['refuse', '拒绝送样'],
      ['ship', '寄出样品'],
    ],
    ['supplier'],
  ),
];
