import { App, Button, Space, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useSession, useSessionStore } from '../lib/auth-store';

/** The signed-in user's name and the sign-out action (confirm, log out, go to the root). */
export function UserActions() {
  const { userInfo } = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const { modal } = App.useApp();

  const confirmLogout = () => {
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await store.logout();
        navigate('/', { replace: true });
      },
    });
  };

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
