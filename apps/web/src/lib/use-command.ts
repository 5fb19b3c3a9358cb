import { useState } from 'react';
import { App } from 'antd';
import type { Envelope } from '@procura/shared';

/**
 * A button's server command: busy while it runs, the server's message as a success toast or a
 * warning (a refusal keeps the form open), `onDone` after a success. Transport errors are shown
 * by the HTTP client.
 */
export function useCommand() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<Envelope<unknown>>, onDone?: () => void | Promise<void>): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await send();
      if (!answer.success) {
        message.warning(answer.message);
        return false;
      }
      message.success(answer.message);
      await onDone?.();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
