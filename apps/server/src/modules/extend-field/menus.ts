import type { MenuSeed } from '../manifest.js';
import { resourceMenu } from '../menu-seed.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const extendFieldMenus: MenuSeed[] = [
  ...resourceMenu(
    'online.extendField',
    'online',
    '扩展字段',
    '/online/extendField',
    'sysExtendField',
    'extendField',
    2,
    ['import'],
  ),
];
