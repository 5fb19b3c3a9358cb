import type { ModuleManifest } from '../manifest.js';
import { auditChainRoutes } from './audit-chain-routes.js';
import { auditChainMenus } from './menus.js';

export const auditChainManifest: ModuleManifest = {
  name: 'audit-chain',
  routes: [auditChainRoutes],
  menus: auditChainMenus,
};
