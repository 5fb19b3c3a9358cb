import type { MenuSeed } from '../manifest.js';
import { resourceMenu } from '../menu-seed.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const dictionariesMenus: MenuSeed[] = [
  ...resourceMenu('sys.dict', 'sys', '数据字典', '/isystem/dict', 'sysDict', 'dict', 4),
  {
    key: 'sys.category',
    parent: 'sys',
    name: '分类字典',
    url: '/isystem/category',
    component: 'system/CategoryList',
    menuType: 1,
    perms: 'category:list',
    sortNo: 13,
    keepAlive: true,
    roles: ['admin'],
  },
  {
    key: 'sys.category.view',
    parent: 'sys.category',
    name: '查看分类',
    menuType: 2,
    perms: 'category:list',
    sortNo: 1,
    roles: ['admin'],
  },
  {
    key: 'sys.category.add',
    parent: 'sys.category',
    name: '添加分类',
    menuType: 2,
    perms: 'category:add',
    sortNo: 2,
    roles: ['admin'],
  },
  {
    key: 'sys.category.edit',
    parent: 'sys.category',
    name: '编辑分类',
    menuType: 2,
    perms: 'category:edit',
    sortNo: 3,
    roles: ['admin'],
  },
  {
    key: 'sys.category.delete',
    parent: 'sys.category',
    name: '删除分类',
    menuType: 2,
    perms: 'category:delete',
    sortNo: 4,
    roles: ['admin'],
  },
];
