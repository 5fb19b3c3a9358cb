import type { MenuSeed } from '../manifest.js';
import { resourceMenu } from '../menu-seed.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const announcementsMenus: MenuSeed[] = [
  // Routed but not in the side menu: the notice bell's 查看更多 leads here (not for suppliers).
  {
    key: 'messages',
    name: '我的消息',
    url: '/messageSeting/annountCement',
    component: 'system/MyAnnouncementList',
    menuType: 0,
    icon: 'BellOutlined',
    sortNo: 80,
    hidden: true,
    roles: ['admin', 'buyer'],
  },
  ...resourceMenu('sys.annt', 'sys', '通知公告', '/isystem/annountCement', 'sysAnnouncement', 'announcement', 5),
];
