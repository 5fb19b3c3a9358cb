import type { MenuSeed } from '../manifest.js';
import { resourceMenu } from '../menu-seed.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const rolesAndPermissionsMenus: MenuSeed[] = [
  ...resourceMenu('sys.role', 'sys', '角色管理', '/isystem/role', 'sysRole', 'role', 2),
  {
    key: 'sys.permission',
    parent: 'sys',
    name: '菜单管理',
    url: '/isystem/permission',
    component: 'system/PermissionList',
    menuType: 1,
    perms: 'permission:list',
    sortNo: 9,
    keepAlive: true,
    roles: ['admin'],
  },
  {
    key: 'sys.permission.view',
    parent: 'sys.permission',
    name: '查看菜单',
    menuType: 2,
    perms: 'permission:list',
    sortNo: 1,
    roles: ['admin'],
  },
  {
    key: 'sys.permission.add',
    parent: 'sys.permission',
    name: '添加菜单',
    menuType: 2,
    perms: 'permission:add',
    sortNo: 2,
    roles: ['admin'],
  },
  {
    key: 'sys.permission.edit',
    parent: 'sys.permission',
    name: '编辑菜单',
    menuType: 2,
    perms: 'permission:edit',
    sortNo: 3,
    roles: ['admin'],
  },
  {
    key: 'sys.permission.delete',
    parent: 'sys.permission',
    name: '删除菜单',
    menuType: 2,
    perms: 'permission:delete',
    sortNo: 4,
    roles: ['admin'],
  },
];
