import type { Envelope } from '@procura/shared';
import { apiBase } from './config';
import { persistedSession } from './session-persistence';

/**
 * A small `fetch` of the API for the light entries (portal, login), which cannot use the back
 * office's `lib/http.ts` (it pulls in antd). It never throws: a network failure or an answer
 * that is not an envelope comes back as `success: false` with a readable message.
 */
export const NETWORK_MESSAGE = '网络异常，请检查网络连接';

export type Query = Record<string, string | number | null | undefined>;

export function apiUrl(path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `${apiBase()}/${path.replace(/^\/+/, '')}${text ? `?${text}` : ''}`;
}

export async function fetchEnvelope<T>(
  method: 'GET' | 'POST',
  path: string,
  query?: Query,
  body?: unknown,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', tenant_id: persistedSession.tenantId() };
  const token = persistedSession.token();
  if (token) headers['X-Access-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  const refused = (message: string, code: number): Envelope<T> => ({
    success: false,
    message,
    code,
    result: null as T,
    timestamp: Date.now(),
  });
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return refused(NETWORK_MESSAGE, 0);
  }
  try {
    const envelope = (await response.json()) as Envelope<T>;
    if (typeof envelope === 'object' && envelope !== null && 'success' in envelope) return envelope;
  } catch {
    // fall through: not an envelope
  }
  return refused(`请求失败（${response.status}）`, response.status);
}
