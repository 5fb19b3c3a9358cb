import type { MenuNode, UserInfo } from '@procura/shared';

export function userInfo(extra: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'u1',
    username: 'admin',
    realname: '管理员',
    avatar: null,
    sex: 1,
    email: null,
    phone: null,
    orgCode: 'A01',
    status: 1,
    isShow: 1,
    supplierId: null,
    userType: 1,
    relTenantIds: '',
    createTime: '2026-01-01 10:00:00',
    ...extra,
  };
}

export function menuNode(path: string, component: string, extra: Partial<MenuNode> = {}): MenuNode {
  return {
    id: path,
    route: '1',
    path,
    name: path.slice(1).replaceAll('/', '-'),
    component,
    meta: { title: path, keepAlive: false, internalOrExternal: false },
    ...extra,
  };
}

/** The admin menu as the server seeds it. */
export const ADMIN_MENU: MenuNode[] = [
  menuNode('/dashboard/analysis', 'dashboard/Analysis', { meta: { title: '首页', icon: 'HomeOutlined', keepAlive: false, internalOrExternal: false } }),
  menuNode('/srm/supplier', 'layouts/RouteView', {
    meta: { title: '供应商管理', icon: 'TeamOutlined', keepAlive: false, internalOrExternal: false },
    children: [
      menuNode('/srm/supplier/list', 'supplier/SupplierList', {
        meta: { title: '供应商列表', keepAlive: true, internalOrExternal: false },
      }),
    ],
  }),
  menuNode('/isystem', 'layouts/RouteView', {
    meta: { title: '系统管理', icon: 'SettingOutlined', keepAlive: false, internalOrExternal: false },
    children: [
      menuNode('/isystem/user', 'system/UserList', { meta: { title: '用户管理', keepAlive: true, internalOrExternal: false } }),
    ],
  }),
];
