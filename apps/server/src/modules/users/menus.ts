import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const usersMenus: MenuSeed[] = [
  {
    key: 'sys.user',
    parent: 'sys',
    name: '用户管理',
    url: '/isystem/user',
    component: 'system/UserList',
    menuType: 1,
    perms: 'user:list',
    sortNo: 1,
    keepAlive: true,
    roles: ['admin'],
  },
  {
    key: 'sys.user.view',
    parent: 'sys.user',
    name: '查看用户',
    menuType: 2,
    perms: 'user:list',
    sortNo: 1,
    roles: ['admin'],
  },
  {
    key: 'sys.user.add',
    parent: 'sys.user',
    name: '添加用户',
    menuType: 2,
    perms: 'user:add',
    sortNo: 2,
    roles: ['admin'],
  },
  {
    key: 'sys.user.edit',
    parent: 'sys.user',
    name: '编辑用户',
    menuType: 2,
    perms: 'user:edit',
    sortNo: 3,
    roles: ['admin'],
  },
  {
    key: 'sys.user.delete',
    parent: 'sys.user',
    name: '删除用户',
    menuType: 2,
    perms: 'user:delete',
    sortNo: 4,
    roles: ['admin'],
  },
];
