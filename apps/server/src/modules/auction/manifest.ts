import type { ModuleManifest } from '../manifest.js';
import { auctionRoutes } from './index.js';
import { auctionMenus } from './menus.js';

export const auctionManifest: ModuleManifest = {
  name: 'auction',
  routes: [auctionRoutes],
  menus: auctionMenus,
};
