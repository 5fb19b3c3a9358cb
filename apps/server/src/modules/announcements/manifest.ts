import type { ModuleManifest } from '../manifest.js';
import { announcementRoutes } from './announcement-routes.js';
import { announcementAdmin } from './announcement-admin.js';
import { announcementsMenus } from './menus.js';
import { noticeSocket } from './notice-socket.js';

export const announcementsManifest: ModuleManifest = {
  name: 'announcements',
  routes: [announcementRoutes, announcementAdmin, noticeSocket],
  menus: announcementsMenus,
};
