import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';
import type { Blocker } from 'react-router';
import { installBeforeUnloadPrompt, LEAVE_CONFIRM_MESSAGE, unsavedRegistry } from '../lib/unsaved-changes';

/**
 * Asks before leaving a page with unsaved edits: in the app (any navigation to another
 * path) and in the browser (reload or close, through `beforeunload`). One per router.
 */
export function UnsavedChangesGuard() {
  const { modal } = App.useApp();
  const leavingFrom = useRef('');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    if (!unsavedRegistry.isDirty(currentLocation.pathname)) return false;
    leavingFrom.current = currentLocation.pathname;
    return true;
  });
  const latest = useRef<Blocker>(blocker);
  useEffect(() => {
    latest.current = blocker;
  });

  useEffect(() => installBeforeUnloadPrompt(window), []);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: '提示',
      content: LEAVE_CONFIRM_MESSAGE,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        unsavedRegistry.discard(leavingFrom.current);
        latest.current.proceed?.();
      },
      onCancel: () => latest.current.reset?.(),
    });
    return () => dialog.destroy();
  }, [blocker.state, modal]);

  return null;
}
