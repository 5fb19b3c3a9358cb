import type { MenuSeed } from '../manifest.js';
import { resourceMenu } from '../menu-seed.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const codeRulesMenus: MenuSeed[] = [
  ...resourceMenu('sys.checkRule', 'sys', '编码校验规则', '/isystem/checkRule', 'sysCheckRule', 'checkRule', 10),
  ...resourceMenu('sys.fillRule', 'sys', '填值规则', '/isystem/fillRule', 'sysFillRule', 'fillRule', 11),
];
