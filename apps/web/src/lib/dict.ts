import { useQuery } from '@tanstack/react-query';
import type { DictItem, DictMap } from '@procura/shared';
import { getAction, http } from './http';
import type { HttpClient } from './http';
import { persistedSession } from './session-persistence';

/** Items of a dictionary: from the cache stored at login, else from the server. */
export async function loadDictItems(code: string): Promise<DictItem[]> {
  const cached = persistedSession.dict()?.[code];
  if (Array.isArray(cached) && cached.length > 0) return cached;
  const body = await getAction<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
  return body.success && Array.isArray(body.result) ? body.result : [];
}

export function useDictItems(code: string) {
  // An empty code is the widget's own error (字典Code未配置): nothing to ask the server, which would refuse it.
  return useQuery({
    queryKey: ['dict', code],
    queryFn: () => loadDictItems(code),
    staleTime: Infinity,
    enabled: code.trim() !== '',
  });
}

/** The label of a dictionary value (`text`, else `label`, else the value itself). */
export function dictText(items: readonly DictItem[] | undefined, value: string): string {
  const item = items?.find((i) => String(i.value) === value);
  return item?.text || item?.label || value;
}

export const DICT_CACHE_MESSAGES = { done: '刷新缓存完成！', failed: '刷新缓存失败！' } as const;

/**
 * "Clear cache" (spec part 2 §4, §7): the server refreshes its dictionary cache, then every
 * dictionary item is loaded again and kept for 7 days. Resolves whether it all worked.
 */
export async function reloadDictCache(client: HttpClient = http): Promise<boolean> {
  try {
    const refreshed = await client.getAction<unknown>('sys/dict/refleshCache', undefined, { quiet: true });
    if (!refreshed.success) return false;
    const all = await client.getAction<DictMap>('/sys/dict/queryAllDictItems', undefined, { quiet: true });
    if (!all.success || typeof all.result !== 'object' || all.result === null) return false;
    persistedSession.setDict(all.result);
    return true;
  } catch {
    return false;
  }
}
