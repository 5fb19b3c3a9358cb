import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { postAction } from '../../lib/http';

/**
 * A buyer's action on a supplier (review, freeze, admission…): shows the server's answer and, on
 * success, reloads every supplier query and calls `onChanged`; resolves whether it took.
 */
export function useSupplierAction(onChanged: () => void) {
  const { message } = App.useApp();
  const client = useQueryClient();
  return async (url: string, body: Record<string, unknown>): Promise<boolean> => {
    const answer = await postAction<unknown>(url, body);
    if (!answer.success) {
      message.error(answer.message || '操作失败');
      return false;
    }
    message.success(answer.message || '操作成功');
    await client.invalidateQueries({ queryKey: ['supplier'] });
    onChanged();
    return true;
  };
}
