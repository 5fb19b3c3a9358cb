import { useEffect, useState } from 'react';
import { apiBase } from '../lib/config';
import { persistedSession } from '../lib/session-persistence';
import { staticUrl } from '../lib/static-url';
import { toast } from './toast';

/**
 * The portal's own small HTTP client (the back office's `lib/http.ts` pulls in antd). It keeps
 * the envelope rules: a call answers `{success, message, result}`; when `success` is false or
 * the call fails, the server's message is shown as a warning.
 */
export type PortalEnvelope<T> = { success: boolean; message: string; code: number; result: T };

export const NETWORK_MESSAGE = '网络异常，请检查网络连接';

type Query = Record<string, string | number | null | undefined>;

function url(path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `${apiBase()}/${path.replace(/^\/+/, '')}${text ? `?${text}` : ''}`;
}

async function call<T>(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown): Promise<PortalEnvelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', tenant_id: persistedSession.tenantId() };
  const token = persistedSession.token();
  if (token) headers['X-Access-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  let response: Response;
  try {
    response = await fetch(url(path, query), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    return { success: false, message: NETWORK_MESSAGE, code: 0, result: null as T };
  }
  try {
    const envelope = (await response.json()) as PortalEnvelope<T>;
    if (typeof envelope === 'object' && envelope !== null && 'success' in envelope) return envelope;
  } catch {
    // fall through: not an envelope
  }
  return { success: false, message: `请求失败（${response.status}）`, code: response.status, result: null as T };
}

/** GET a portal view; on failure the server's message is shown as a warning and null returned. */
export async function portalGet<T>(path: string, query?: Query): Promise<T | null> {
  const envelope = await call<T>('GET', path, query);
  if (!envelope.success) {
    toast.warning(envelope.message || '操作失败');
    return null;
  }
  return envelope.result;
}

/** POST; answers the envelope (the caller shows success or refusal). */
export function portalPost<T>(path: string, body: unknown): Promise<PortalEnvelope<T>> {
  return call<T>('POST', path, undefined, body);
}

export type Loaded<T> = { data: T | null; loading: boolean; failed: boolean };

/** Loads a portal view when the path or query changes; a `null` path loads nothing. */
export function usePortalView<T>(path: string | null, query?: Query): Loaded<T> {
  const key = path === null ? null : url(path, query);
  const [state, setState] = useState<{ key: string | null; data: T | null; failed: boolean }>({ key: null, data: null, failed: false });
  useEffect(() => {
    if (key === null || path === null) return;
    let live = true;
    void portalGet<T>(path, query).then((data) => {
      if (live) setState({ data, failed: data === null, key });
    });
    return () => {
      live = false;
    };
    // `key` covers path and query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (key === null) return { data: null, loading: false, failed: false };
  const current = state.key === key;
  // While a new key loads, the previous data stays visible (no flicker between pages).
  return { data: state.data, loading: !current, failed: current && state.failed };
}

/** Lists answer either an array or a page with `records`. */
export function recordsOf<T>(value: T[] | { records?: T[] } | null | undefined): T[] {
  if (Array.isArray(value)) return value;
  return value?.records ?? [];
}

export function isLoggedIn(): boolean {
  return persistedSession.token() !== null;
}

/** A stored file path from the upload service as an image URL (as the designer's preview shows it). */
export function fileUrl(pathOrUrl: string | undefined): string | undefined {
  return staticUrl(pathOrUrl) || undefined;
}
