import { useQuery } from '@tanstack/react-query';
import type { DictItem } from '@procura/shared';
import { getAction } from './http';
import { persistedSession } from './session-persistence';

/** Items of a dictionary: from the cache stored at login, else from the server. */
export async function loadDictItems(code: string): Promise<DictItem[]> {
  const cached = persistedSession.dict()?.[code];
  if (Array.isArray(cached) && cached.length > 0) return cached;
  const body = await getAction<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
  return body.success && Array.isArray(body.result) ? body.result : [];
}

export function useDictItems(code: string) {
  return useQuery({ queryKey: ['dict', code], queryFn: () => loadDictItems(code), staleTime: Infinity });
}

/** The label of a dictionary value (`text`, else `label`, else the value itself). */
export function dictText(items: readonly DictItem[] | undefined, value: string): string {
  const item = items?.find((i) => String(i.value) === value);
  return item?.text || item?.label || value;
}
