import type { MenuSeed } from '../manifest.js';
import { ALL } from '../menu-seed.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const dashboardMenus: MenuSeed[] = [
  {
    key: 'home',
    name: '首页',
    url: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    menuType: 0,
    icon: 'HomeOutlined',
    sortNo: 0,
    roles: ALL,
  },
];
