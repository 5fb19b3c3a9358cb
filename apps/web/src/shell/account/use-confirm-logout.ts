import { useCallback } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../lib/auth-store';
import { unsavedRegistry } from '../../lib/unsaved-changes';

/** Sign-out (spec part 1 §4): confirm, call logout, then go to the root. */
export function useConfirmLogout(): () => void {
  const store = useSessionStore();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  return useCallback(() => {
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        // Signing out was confirmed: unsaved edits are not asked about again.
        unsavedRegistry.clear();
        await store.logout();
        navigate('/', { replace: true });
      },
    });
  }, [modal, store, navigate]);
}
