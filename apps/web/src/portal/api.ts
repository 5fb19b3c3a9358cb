import { useEffect, useState } from 'react';
import type { Envelope } from '@procura/shared';
import { http } from '../lib/http-client';
import type { QueryParams as Query } from '../lib/http-client';
import { persistedSession } from '../lib/session-persistence';
import { staticUrl } from '../lib/static-url';
import { toast } from './toast';

/**
 * The portal's calls go through the HTTP client's never-throwing `envelope` (from
 * `lib/http-client`, which loads no antd). A call answers `{success, message, result}`;
 * when `success` is false or the call fails, the server's message is shown as a warning.
 */
export type PortalEnvelope<T> = Envelope<T>;

/** GET a portal view; on failure the server's message is shown as a warning and null returned. */
export async function portalGet<T>(path: string, query?: Query): Promise<T | null> {
  const envelope = await http.envelope<T>('GET', path, query);
  if (!envelope.success) {
    toast.warning(envelope.message || '操作失败');
    return null;
  }
  return envelope.result;
}

/** POST; answers the envelope (the caller shows success or refusal). */
export function portalPost<T>(path: string, body: unknown): Promise<PortalEnvelope<T>> {
  return http.envelope<T>('POST', path, undefined, body);
}

export type Loaded<T> = { data: T | null; loading: boolean; failed: boolean };

/** Loads a portal view when the path or query changes; a `null` path loads nothing. */
export function usePortalView<T>(path: string | null, query?: Query): Loaded<T> {
  const key = path === null ? null : http.url(path, query);
  const [state, setState] = useState<{ key: string | null; data: T | null; failed: boolean }>({
    key: null,
    data: null,
    failed: false,
  });
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
