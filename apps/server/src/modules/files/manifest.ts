import type { ModuleManifest } from '../manifest.js';
import { fileRoutes } from './file-routes.js';

export const filesManifest: ModuleManifest = {
  name: 'files',
  routes: [fileRoutes],
};
