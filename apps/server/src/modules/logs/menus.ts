import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const logsMenus: MenuSeed[] = [
  // Logs are an audit record: they can be read, never edited or deleted.
  {
    key: 'sys.log',
    parent: 'sys',
    name: '日志管理',
    url: '/isystem/log',
    component: 'system/LogList',
    menuType: 1,
    perms: 'log:list',
    sortNo: 8,
    roles: ['admin'],
  },
  {
    key: 'sys.log.view',
    parent: 'sys.log',
    name: '查看日志',
    menuType: 2,
    perms: 'log:list',
    sortNo: 1,
    roles: ['admin'],
  },
];
