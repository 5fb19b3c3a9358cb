import type { MenuSeed } from '../manifest.js';
import { resourceMenu } from '../menu-seed.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const systemMenus: MenuSeed[] = [
  {
    key: 'sys',
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    menuType: 0,
    icon: 'SettingOutlined',
    sortNo: 90,
    roles: ['admin'],
  },
  ...resourceMenu('sys.position', 'sys', '职务管理', '/isystem/position', 'sysPosition', 'position', 3),
  // The widget gallery: every shared form widget with its states, for developers and testers.
  {
    key: 'sys.widgets',
    parent: 'sys',
    name: '组件示例',
    url: '/isystem/widgets',
    component: 'gallery/WidgetGallery',
    menuType: 1,
    perms: 'widgets:view',
    sortNo: 15,
    roles: ['admin'],
  },
  {
    key: 'sys.widgets.view',
    parent: 'sys.widgets',
    name: '查看组件示例',
    menuType: 2,
    perms: 'widgets:view',
    sortNo: 1,
    roles: ['admin'],
  },
];
