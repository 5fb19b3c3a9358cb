import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Menu icon names as stored on the server (JeecgBoot's antd v1 names), mapped explicitly to stay tree-shakeable. */
const ICONS: Record<string, ComponentType> = {
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  dashboard: DashboardOutlined,
  'file-text': FileTextOutlined,
  global: GlobalOutlined,
  home: HomeOutlined,
  idcard: IdcardOutlined,
  profile: ProfileOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  'shopping-cart': ShoppingCartOutlined,
  solution: SolutionOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  user: UserOutlined,
};

/** 'team', 'TeamOutlined' and 'team-outlined' all name the same icon. */
export function menuIcon(name: string | undefined) {
  if (!name) return undefined;
  const key = name
    .replace(/Outlined$|-outlined$/i, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
  const Icon = ICONS[key];
  return Icon ? <Icon /> : undefined;
}
