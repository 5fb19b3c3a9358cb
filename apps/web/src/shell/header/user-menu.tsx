import { lazy, Suspense, useCallback, useState } from 'react';
import { App, Avatar, Dropdown, Space } from 'antd';
import type { MenuProps } from 'antd';
import { ApartmentOutlined, ClearOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/auth-store';
import { DICT_CACHE_MESSAGES, reloadDictCache } from '../../lib/dict';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { usePasswordModal } from '../account/use-password-modal';

// Its form and select load when it first opens (from the menu, or forced after login).
const DepartModal = lazy(() => import('../account/depart-modal').then((m) => ({ default: m.DepartModal })));

type Action = 'password' | 'depart' | 'cache';

const ITEMS: MenuProps['items'] = [
  { key: 'password', icon: <LockOutlined />, label: '修改密码' },
  { key: 'depart', icon: <ApartmentOutlined />, label: '切换部门' },
  { key: 'cache', icon: <ClearOutlined />, label: '清理缓存' },
];

/** The signed-in user with the account actions: change password, switch department, clear cache. */
export function UserMenu({ showName = true }: { showName?: boolean }) {
  const { userInfo, mustPickDepart } = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const password = usePasswordModal();
  const [departOpen, setDepartOpen] = useState(false);
  const closeDepart = useCallback(() => setDepartOpen(false), []);
  const departMounted = useOpenedOnce(departOpen || mustPickDepart);

  const clearCache = async () => {
    if (await reloadDictCache()) {
      // Screens showing dictionary texts read the fresh items.
      await queryClient.invalidateQueries({ queryKey: ['dict'] });
      message.success(DICT_CACHE_MESSAGES.done);
    } else {
      message.error(DICT_CACHE_MESSAGES.failed);
    }
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const action = key as Action;
    if (action === 'password') password.show(userInfo?.username);
    else if (action === 'depart') setDepartOpen(true);
    else void clearCache();
  };

  return (
    <>
      <Dropdown menu={{ items: ITEMS, onClick }} placement="bottomRight" trigger={['click']}>
        <Space size={6} style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-menu">
          <Avatar size="small" icon={<UserOutlined />} src={userInfo?.avatar || undefined} />
          {showName ? <span data-testid="current-user">{userInfo?.realname || userInfo?.username}</span> : null}
        </Space>
      </Dropdown>
      {password.modal}
      {/* Opened from the menu, or forced right after login for a user who must pick a department. */}
      {departMounted ? (
        <Suspense fallback={null}>
          <DepartModal open={departOpen || mustPickDepart} forced={mustPickDepart} onClose={closeDepart} />
        </Suspense>
      ) : null}
    </>
  );
}
