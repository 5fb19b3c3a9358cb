import { usccCheckChar } from '@procura/shared';
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
    workNo: null,
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
  menuNode('/dashboard/workbench', 'dashboard/Workbench', {
    meta: { title: '首页', icon: 'HomeOutlined', keepAlive: false, internalOrExternal: false },
  }),
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
      menuNode('/isystem/user', 'system/UserList', {
        meta: { title: '用户管理', keepAlive: true, internalOrExternal: false },
      }),
    ],
  }),
];

const USCC = `91350100M000100Y4${usccCheckChar('91350100M000100Y4')}`;

/** Supplier information that passes supplierInfoSchema. */
export const VALID_SUPPLIER_INFO = {
  name: '福州测试科技有限公司',
  uscc: USCC,
  legalPerson: '张三',
  address: '福州市鼓楼区五四路1号',
  mainCategories: ['steel'],
  contactName: '李四',
  contactMobile: '13800138000',
  phone: '',
  email: 'sales@example.com',
  bankName: '招商银行福州分行',
  bankAccountName: '福州测试科技有限公司',
  bankAccountNo: '6225880112345678',
  businessLicenseFile: 'supplier/20260101/licence.pdf',
};
