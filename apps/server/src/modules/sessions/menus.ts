import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const sessionsMenus: MenuSeed[] = [
  {
    key: 'sys.online',
    parent: 'sys',
    name: '在线用户',
    url: '/isystem/online',
    component: 'system/OnlineUser',
    menuType: 1,
    perms: 'online:list',
    sortNo: 7,
    roles: ['admin'],
  },
  // The buttons keep their name and perms (what base data keys a row by): installations that
  // received them under 系统管理 keep them there, which grants the same codes.
  {
    key: 'sys.online.list',
    parent: 'sys.online',
    name: '查看在线用户',
    menuType: 2,
    perms: 'online:list',
    sortNo: 1,
    roles: ['admin'],
  },
  {
    key: 'sys.online.force',
    parent: 'sys.online',
    name: '强制退出',
    menuType: 2,
    perms: 'online:forceLogout',
    sortNo: 2,
    roles: ['admin'],
  },
];
