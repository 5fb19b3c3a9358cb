import { useState } from 'react';
import { App } from 'antd';
import type { Envelope } from '@procura/shared';
import { HttpError } from '../../../lib/http';

/**
 * A supplier command on a tender: busy while it runs, the server's message as a success toast,
 * and a refusal both as a warning and kept (`refusal`) so the screen shows it next to the
 * button until the next try (every refusal stores nothing on the server).
 */
export function useTenderCommand() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (send: () => Promise<Envelope<unknown>>, onDone?: () => void | Promise<void>): Promise<boolean> => {
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await send();
      if (!answer.success) {
        setRefusal(answer.message);
        message.warning(answer.message);
        return false;
      }
      message.success(answer.message);
      await onDone?.();
      return true;
    } catch (error) {
      // The HTTP client already notified; the server's words stay on screen.
      setRefusal(error instanceof HttpError ? error.message : '操作失败，请重试');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, refusal, setRefusal, run };
}
