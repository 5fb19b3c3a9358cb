import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const jobsMenus: MenuSeed[] = [
  // Background jobs (定时任务): read and run by hand through /sys/quartzJob; no screen yet.
  {
    key: 'sys.quartzJob.list',
    parent: 'sys',
    name: '查看定时任务',
    menuType: 2,
    perms: 'quartzJob:list',
    sortNo: 20,
    roles: ['admin'],
  },
  {
    key: 'sys.quartzJob.execute',
    parent: 'sys',
    name: '立即执行定时任务',
    menuType: 2,
    perms: 'quartzJob:execute',
    sortNo: 21,
    roles: ['admin'],
  },
];
