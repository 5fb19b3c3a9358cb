import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const auditChainMenus: MenuSeed[] = [
  // The documents' audit chain is read and verified, never edited.
  {
    key: 'sys.auditChain',
    parent: 'sys',
    name: '审计链',
    url: '/isystem/auditChain',
    component: 'system/AuditChainList',
    menuType: 1,
    perms: 'auditChain:list',
    sortNo: 19,
    roles: ['admin'],
  },
  {
    key: 'sys.auditChain.list',
    parent: 'sys.auditChain',
    name: '查看审计链',
    menuType: 2,
    perms: 'auditChain:list',
    sortNo: 1,
    roles: ['admin'],
  },
  {
    key: 'sys.auditChain.verify',
    parent: 'sys.auditChain',
    name: '校验审计链',
    menuType: 2,
    perms: 'auditChain:verify',
    sortNo: 2,
    roles: ['admin'],
  },
];
