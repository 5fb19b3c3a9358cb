import type { MenuSeed } from '../manifest.js';
import { resourceMenu } from '../menu-seed.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const onlineReportMenus: MenuSeed[] = [
  // Online reports (admin) and their data, which popups in forms read (administrators and buyers).
  {
    key: 'online',
    name: '在线开发',
    url: '/online',
    component: 'layouts/RouteView',
    menuType: 0,
    icon: 'CodeOutlined',
    sortNo: 85,
    roles: ['admin'],
  },
  ...resourceMenu('online.report', 'online', '在线报表', '/online/cgreport', 'onlCgreportHead', 'onlReport', 1, [
    'import',
  ]),
  {
    key: 'online.report.data',
    parent: 'online.report',
    name: '读取报表数据',
    menuType: 2,
    perms: 'onlReport:data',
    sortNo: 20,
    roles: ['admin', 'buyer'],
  },
  // Buyers read organisations (the organisation picker in their forms); keeping them stays with administrators.
  ...resourceMenu('sys.dataorg', 'sys', '组织机构', '/isystem/dataorg', 'bdDataorg', 'dataorg', 14).map((m) =>
    m.key === 'sys.dataorg.list' ? { ...m, roles: ['admin', 'buyer'] } : m,
  ),
];
