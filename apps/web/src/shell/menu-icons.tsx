import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BellOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  FileTextOutlined,
  FormOutlined,
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
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Menu icon names as stored on the server (JeecgBoot's antd v1 names), mapped explicitly to stay tree-shakeable. */
const ICONS: Record<string, ComponentType> = {
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  bell: BellOutlined,
  code: CodeOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  edit: EditOutlined,
  'file-text': FileTextOutlined,
  form: FormOutlined,
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
  trophy: TrophyOutlined,
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
