import { Button, Space, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useSession } from '../lib/auth-store';
import { useConfirmLogout } from './account/use-confirm-logout';

/** The signed-in user's name and the sign-out action, for pages outside the workspace (/completeSupInfo). */
export function UserActions() {
  const { userInfo } = useSession();
  const confirmLogout = useConfirmLogout();

  return (
    <Space size="middle">
      <Space size={4}>
        <UserOutlined />
        <Typography.Text data-testid="current-user">{userInfo?.realname || userInfo?.username}</Typography.Text>
      </Space>
      <Button type="text" icon={<LogoutOutlined />} onClick={confirmLogout} data-testid="logout">
        退出登录
      </Button>
    </Space>
  );
}
