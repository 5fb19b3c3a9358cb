import { lazy, Suspense, useCallback, useState } from 'react';
import { App } from 'antd';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { PASSWORD_MESSAGES } from './password-rules';

// The form (antd Form, Input.Password) loads when the modal is first opened, not with the header.
const PasswordModal = lazy(() => import('./password-modal').then((m) => ({ default: m.PasswordModal })));

/** `show(username)` opens the modal; without a signed-in user it only warns. */
export function usePasswordModal() {
  const { message } = App.useApp();
  const [username, setUsername] = useState<string | null>(null);
  const mounted = useOpenedOnce(username !== null);
  const show = useCallback(
    (name: string | null | undefined) => {
      if (!name) {
        message.warning(PASSWORD_MESSAGES.noUser);
        return;
      }
      setUsername(name);
    },
    [message],
  );
  const modal = mounted ? (
    <Suspense fallback={null}>
      <PasswordModal username={username} onClose={() => setUsername(null)} />
    </Suspense>
  ) : null;
  return { show, modal };
}
