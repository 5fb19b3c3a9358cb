import type { ModuleManifest } from '../manifest.js';
import { authRoutes } from './auth-routes.js';
import { authExtraRoutes } from './auth-extra-routes.js';
import { captchaRoutes } from './captcha-routes.js';

export const authManifest: ModuleManifest = {
  name: 'auth',
  routes: [authRoutes, captchaRoutes, authExtraRoutes],
};
