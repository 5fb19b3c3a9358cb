import type { ModuleManifest } from '../manifest.js';
import { authRoutes } from './auth-routes.js';
import { authExtraRoutes } from './auth-extra-routes.js';

export const authManifest: ModuleManifest = {
  name: 'auth',
  routes: [authRoutes, authExtraRoutes],
};
