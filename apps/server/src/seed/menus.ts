/**
 * The menu tree (menus and buttons with permission codes) every installation starts with,
 * and which roles hold each entry. `component` strings name pages of the web app's page
 * registry; `layouts/RouteView` is a plain parent.
 */
export type MenuSeed = {
  key: string;
  parent?: string;
  name: string;
  url?: string;
  component?: string;
  /** 0 top-level menu, 1 sub-menu, 2 button. */
  menuType: 0 | 1 | 2;
  perms?: string;
  icon?: string;
  sortNo: number;
  hidden?: boolean;
  keepAlive?: boolean;
  roles: string[];
};

const ALL = ['admin', 'buyer', 'supplier'];

export const BASE_MENUS: MenuSeed[] = [
  { key: 'home', name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis', menuType: 0, icon: 'HomeOutlined', sortNo: 0, roles: ALL },

  { key: 'srm', name: '供应商管理', url: '/srm/supplier', component: 'layouts/RouteView', menuType: 0, icon: 'TeamOutlined', sortNo: 10, roles: ['admin', 'buyer'] },
  { key: 'srm.list', parent: 'srm', name: '供应商列表', url: '/srm/supplier/list', component: 'supplier/SupplierList', menuType: 1, perms: 'supplier:list', sortNo: 1, keepAlive: true, roles: ['admin', 'buyer'] },
  { key: 'srm.list.view', parent: 'srm.list', name: '查看供应商', menuType: 2, perms: 'supplier:list', sortNo: 1, roles: ['admin', 'buyer'] },

  { key: 'profile', name: '企业信息', url: '/supplier/profile', component: 'supplier/SupplierProfile', menuType: 0, icon: 'BankOutlined', sortNo: 20, roles: ['supplier'] },

  // Routed but not in the side menu: the notice bell's 查看更多 leads here (not for suppliers).
  { key: 'messages', name: '我的消息', url: '/messageSeting/annountCement', component: 'system/MyAnnouncementList', menuType: 0, icon: 'BellOutlined', sortNo: 80, hidden: true, roles: ['admin', 'buyer'] },

  { key: 'portal', name: '门户管理', url: '/portal-admin', component: 'layouts/RouteView', menuType: 0, icon: 'GlobalOutlined', sortNo: 70, roles: ['admin'] },
  ...resourceMenu('portal.purchase', 'portal', '采购公告', '/portal-admin/purchaseAnnouncement', 'portalPurchaseAnnouncement', 'portalPurchase', 1, ['import']),
  ...resourceMenu('portal.result', 'portal', '结果公告', '/portal-admin/resultAnnouncement', 'portalResultAnnouncement', 'portalResult', 2, ['import']),
  ...resourceMenu('portal.news', 'portal', '新闻资讯', '/portal-admin/news', 'portalNews', 'portalNews', 3, ['import']),
  { key: 'portal.signup', parent: 'portal', name: '报名记录', url: '/portal-admin/signup', component: 'portal/SignupList', menuType: 1, perms: 'portalPurchase:list', sortNo: 4, keepAlive: true, roles: ['admin'] },
  { key: 'portal.designer', parent: 'portal', name: '门户设计', url: '/portal-admin/designer', component: 'portal/PageDesigner', menuType: 1, perms: 'portal:config', sortNo: 5, roles: ['admin'] },
  { key: 'portal.designer.save', parent: 'portal.designer', name: '保存门户配置', menuType: 2, perms: 'portal:config', sortNo: 1, roles: ['admin'] },

  { key: 'sys', name: '系统管理', url: '/isystem', component: 'layouts/RouteView', menuType: 0, icon: 'SettingOutlined', sortNo: 90, roles: ['admin'] },
  { key: 'sys.user', parent: 'sys', name: '用户管理', url: '/isystem/user', component: 'system/UserList', menuType: 1, perms: 'user:list', sortNo: 1, keepAlive: true, roles: ['admin'] },
  { key: 'sys.user.view', parent: 'sys.user', name: '查看用户', menuType: 2, perms: 'user:list', sortNo: 1, roles: ['admin'] },
  { key: 'sys.user.add', parent: 'sys.user', name: '添加用户', menuType: 2, perms: 'user:add', sortNo: 2, roles: ['admin'] },
  { key: 'sys.user.edit', parent: 'sys.user', name: '编辑用户', menuType: 2, perms: 'user:edit', sortNo: 3, roles: ['admin'] },
  { key: 'sys.user.delete', parent: 'sys.user', name: '删除用户', menuType: 2, perms: 'user:delete', sortNo: 4, roles: ['admin'] },
  { key: 'sys.online', parent: 'sys', name: '在线用户', url: '/isystem/online', component: 'system/OnlineUser', menuType: 1, perms: 'online:list', sortNo: 7, roles: ['admin'] },
  // The buttons keep their name and perms (what base data keys a row by): installations that
  // received them under 系统管理 keep them there, which grants the same codes.
  { key: 'sys.online.list', parent: 'sys.online', name: '查看在线用户', menuType: 2, perms: 'online:list', sortNo: 1, roles: ['admin'] },
  { key: 'sys.online.force', parent: 'sys.online', name: '强制退出', menuType: 2, perms: 'online:forceLogout', sortNo: 2, roles: ['admin'] },
  // Logs are an audit record: they can be read, never edited or deleted.
  { key: 'sys.log', parent: 'sys', name: '日志管理', url: '/isystem/log', component: 'system/LogList', menuType: 1, perms: 'log:list', sortNo: 8, roles: ['admin'] },
  { key: 'sys.log.view', parent: 'sys.log', name: '查看日志', menuType: 2, perms: 'log:list', sortNo: 1, roles: ['admin'] },
  ...resourceMenu('sys.role', 'sys', '角色管理', '/isystem/role', 'sysRole', 'role', 2),
  ...resourceMenu('sys.position', 'sys', '职务管理', '/isystem/position', 'sysPosition', 'position', 3),
  { key: 'sys.permission', parent: 'sys', name: '菜单管理', url: '/isystem/permission', component: 'system/PermissionList', menuType: 1, perms: 'permission:list', sortNo: 9, keepAlive: true, roles: ['admin'] },
  { key: 'sys.permission.view', parent: 'sys.permission', name: '查看菜单', menuType: 2, perms: 'permission:list', sortNo: 1, roles: ['admin'] },
  { key: 'sys.permission.add', parent: 'sys.permission', name: '添加菜单', menuType: 2, perms: 'permission:add', sortNo: 2, roles: ['admin'] },
  { key: 'sys.permission.edit', parent: 'sys.permission', name: '编辑菜单', menuType: 2, perms: 'permission:edit', sortNo: 3, roles: ['admin'] },
  { key: 'sys.permission.delete', parent: 'sys.permission', name: '删除菜单', menuType: 2, perms: 'permission:delete', sortNo: 4, roles: ['admin'] },
  ...resourceMenu('sys.dict', 'sys', '数据字典', '/isystem/dict', 'sysDict', 'dict', 4),
  ...resourceMenu('sys.annt', 'sys', '通知公告', '/isystem/annountCement', 'sysAnnouncement', 'announcement', 5),
  ...resourceMenu('sys.tenant', 'sys', '租户管理', '/isystem/tenant', 'sysTenant', 'tenant', 12),
  { key: 'sys.depart', parent: 'sys', name: '部门管理', url: '/isystem/depart', component: 'system/DepartList', menuType: 1, perms: 'depart:list', sortNo: 6, keepAlive: true, roles: ['admin'] },
  { key: 'sys.depart.view', parent: 'sys.depart', name: '查看部门', menuType: 2, perms: 'depart:list', sortNo: 1, roles: ['admin'] },
  { key: 'sys.depart.add', parent: 'sys.depart', name: '添加部门', menuType: 2, perms: 'depart:add', sortNo: 2, roles: ['admin'] },
  { key: 'sys.depart.edit', parent: 'sys.depart', name: '编辑部门', menuType: 2, perms: 'depart:edit', sortNo: 3, roles: ['admin'] },
  { key: 'sys.depart.delete', parent: 'sys.depart', name: '删除部门', menuType: 2, perms: 'depart:delete', sortNo: 4, roles: ['admin'] },
  { key: 'sys.depart.permission', parent: 'sys.depart', name: '部门权限', menuType: 2, perms: 'depart:permission', sortNo: 5, roles: ['admin'] },
  ...resourceMenu('sys.checkRule', 'sys', '编码校验规则', '/isystem/checkRule', 'sysCheckRule', 'checkRule', 10),
  ...resourceMenu('sys.fillRule', 'sys', '填值规则', '/isystem/fillRule', 'sysFillRule', 'fillRule', 11),
];

/** A menu for a generic resource page (`resource/<key>`), with one button per action, for administrators. */
function resourceMenu(key: string, parent: string, name: string, url: string, resource: string, permission: string, sortNo: number, without: string[] = []): MenuSeed[] {
  const actions = ([
    ['list', '查看'],
    ['add', '新增'],
    ['edit', '编辑'],
    ['delete', '删除'],
    ['deleteBatch', '批量删除'],
    ['export', '导出'],
    ['import', '导入'],
  ] as [string, string][]).filter(([action]) => !without.includes(action));
  return [
    { key, parent, name, url, component: `resource/${resource}`, menuType: 1, perms: `${permission}:list`, sortNo, keepAlive: true, roles: ['admin'] },
    ...actions.map(([action, label], i): MenuSeed => ({ key: `${key}.${action}`, parent: key, name: `${label}${name.replace('管理', '')}`, menuType: 2, perms: `${permission}:${action}`, sortNo: i + 1, roles: ['admin'] })),
  ];
}

export const BASE_ROLES = [
  { roleCode: 'admin', roleName: '管理员', description: '系统管理员，拥有全部权限' },
  { roleCode: 'buyer', roleName: '采购员', description: '负责寻源、合同与订单' },
  { roleCode: 'supplier', roleName: '供应商', description: '供应商用户' },
];

export const BASE_DEPARTMENTS = [
  { key: 'hq', name: '总公司', orgCode: 'A01', orgCategory: '1', order: 0 },
  { key: 'purchase', parent: 'hq', name: '采购部', orgCode: 'A01A01', orgCategory: '2', order: 1 },
  { key: 'quality', parent: 'hq', name: '质量部', orgCode: 'A01A02', orgCategory: '2', order: 2 },
  { key: 'finance', parent: 'hq', name: '财务部', orgCode: 'A01A03', orgCategory: '2', order: 3 },
];
