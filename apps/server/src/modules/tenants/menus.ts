import type { MenuSeed } from '../manifest.js';
import { resourceMenu } from '../menu-seed.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const tenantsMenus: MenuSeed[] = [
  ...resourceMenu('sys.tenant', 'sys', '租户管理', '/isystem/tenant', 'sysTenant', 'tenant', 12),
];
