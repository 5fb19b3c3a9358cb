import { Button, Space, Tooltip } from 'antd';
import { LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import type { MenuEntry } from '../../lib/menu-routes';
import { useConfirmLogout } from '../account/use-confirm-logout';
import { NoticeBell } from '../notices/notice-bell';
import { MenuSearch } from './menu-search';
import { UserMenu } from './user-menu';

type Props = {
  menu: readonly MenuEntry[];
  compact: boolean;
  onOpenSettings: () => void;
};

/** The right side of the header: menu search, notices, settings, the user menu and sign-out. */
export function HeaderActions({ menu, compact, onOpenSettings }: Props) {
  const confirmLogout = useConfirmLogout();
  return (
    <Space size={compact ? 0 : 4} align="center" style={{ flexWrap: 'nowrap' }}>
      <MenuSearch menu={menu} width={compact ? 120 : 180} />
      <NoticeBell />
      <Tooltip title="系统设置">
        <Button
          type="text"
          icon={<SettingOutlined />}
          onClick={onOpenSettings}
          aria-label="系统设置"
          data-testid="settings-button"
        />
      </Tooltip>
      <UserMenu showName={!compact} />
      <Button type="text" icon={<LogoutOutlined />} onClick={confirmLogout} data-testid="logout" aria-label="退出登录">
        {compact ? null : '退出登录'}
      </Button>
    </Space>
  );
}
