import type { MenuSeed } from '../manifest.js';
import { ALL } from '../menu-seed.js';

/**
 * The module's menus (base data). The home is the to-do workbench for every role: each user's first question
 * after signing in is "what waits for me", and its cards already differ per role. The figures and charts page
 * (echarts, the heaviest chunk) stays one menu entry away.
 */
export const dashboardMenus: MenuSeed[] = [
  {
    key: 'home',
    name: '首页',
    url: '/dashboard/workbench',
    component: 'dashboard/Workbench',
    menuType: 0,
    icon: 'HomeOutlined',
    sortNo: 0,
    roles: ALL,
  },
  {
    key: 'analysis',
    name: '数据分析',
    url: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    menuType: 0,
    icon: 'DashboardOutlined',
    sortNo: 1,
    roles: ALL,
  },
];
