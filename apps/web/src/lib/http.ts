import { REQUEST_TIMEOUT_MS } from '@procura/shared';
import type { Envelope } from '@procura/shared';
import { apiBase } from './config';
import { getFeedback } from './feedback';
import type { Feedback } from './feedback';
import { persistedSession } from './session-persistence';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  /**
   * Suppress the generic error toasts: `true` for every status, or a list of HTTP statuses
   * the caller presents itself (e.g. 400 field errors). Session handling (401, expired
   * token) always applies.
   */
  quiet?: boolean | readonly number[];
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type HttpErrorKind = 'http' | 'network' | 'timeout' | 'format';

/** A call that did not produce a usable envelope: HTTP error status, network failure or timeout. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    message: string,
    readonly kind: HttpErrorKind,
    readonly status: number | null,
    readonly body: Envelope | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type HttpClientDeps = {
  baseUrl: () => string;
  fetch: () => typeof fetch;
  token: () => string | null;
  tenantId: () => string;
  feedback: () => Feedback;
  /** Forget the local session (token, user info, caches). */
  clearSession: () => void;
  reload: () => void;
  now: () => number;
  timeoutMs: number;
};

export const MESSAGES = {
  title: '系统提示',
  forbidden: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  gatewayTimeout: '网络超时',
  unauthorized: '未授权，请重新登录',
  expiredTitle: '登录已过期',
  expiredContent: '很抱歉，登录已过期，请重新登录',
  expiredOk: '重新登录',
  timeout: '请求超时，请稍后重试',
  network: '网络异常，请检查网络连接',
  badFormat: '服务器返回了无法识别的数据',
} as const;

/** Dictionary-item lookups are cacheable by the browser, so they get no cache-buster. */
const NO_TIMESTAMP = 'sys/dict/getDictItems';

/** Delay before reloading after a 401, so the user can read the notification. */
export const UNAUTHORIZED_RELOAD_DELAY_MS = 1500;

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'success' in value;
}

function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function isQuiet(quiet: RequestOptions['quiet'], status: number | null): boolean {
  if (quiet === true) return true;
  if (Array.isArray(quiet) && status !== null) return quiet.includes(status);
  return false;
}

export function createHttpClient(deps: HttpClientDeps) {
  let reloadScheduled = false;
  let expiredDialogOpen = false;

  function buildUrl(method: Method, path: string, params?: QueryParams): string {
    const search = new URLSearchParams();
    if (method === 'GET' && !path.includes(NO_TIMESTAMP)) {
      search.set('_t', String(Math.floor(deps.now() / 1000)));
    }
    for (const [key, value] of Object.entries(params ?? {})) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    const query = search.toString();
    const url = joinUrl(deps.baseUrl(), path);
    return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
  }

  function handleErrorStatus(status: number, body: Envelope | null, quiet: RequestOptions['quiet']): void {
    const feedback = deps.feedback();
    const silent = isQuiet(quiet, status);
    const notify = (description: string) => {
      if (!silent) feedback.notification.error({ title: MESSAGES.title, description, duration: 4 });
    };
    const serverMessage = body?.message ?? '';
    switch (status) {
      case 403:
        notify(MESSAGES.forbidden);
        return;
      case 404:
        notify(MESSAGES.notFound);
        return;
      case 504:
        notify(MESSAGES.gatewayTimeout);
        return;
      case 401:
        notify(MESSAGES.unauthorized);
        if (deps.token() && !reloadScheduled) {
          reloadScheduled = true;
          deps.clearSession();
          setTimeout(deps.reload, UNAUTHORIZED_RELOAD_DELAY_MS);
        }
        return;
      case 500:
        if (deps.token() && serverMessage.includes('Token失效')) {
          if (!expiredDialogOpen) {
            expiredDialogOpen = true;
            feedback.modal.error({
              title: MESSAGES.expiredTitle,
              content: MESSAGES.expiredContent,
              okText: MESSAGES.expiredOk,
              mask: false,
              onOk: () => {
                deps.clearSession();
                deps.reload();
              },
            });
          }
          return;
        }
        notify(serverMessage || `请求失败（${status}）`);
        return;
      default:
        notify(serverMessage || `请求失败（${status}）`);
    }
  }

  async function request<T>(
    method: Method,
    path: string,
    init: { params?: QueryParams; body?: unknown } = {},
    options: RequestOptions = {},
  ): Promise<Envelope<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', tenant_id: deps.tenantId() };
    const token = deps.token();
    if (token) headers['X-Access-Token'] = token;
    let payload: string | undefined;
    if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      payload = JSON.stringify(init.body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deps.timeoutMs);

    let response: Response;
    let parsed: unknown = null;
    try {
      response = await deps.fetch()(buildUrl(method, path, init.params), {
        method,
        headers,
        body: payload,
        signal: controller.signal,
      });
      const text = await response.text();
      if (text !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
      }
    } catch (cause) {
      const kind: HttpErrorKind = timedOut ? 'timeout' : 'network';
      const text = kind === 'timeout' ? MESSAGES.timeout : MESSAGES.network;
      if (!isQuiet(options.quiet, null)) deps.feedback().message.error(text);
      throw new HttpError(text, kind, null, null, { cause });
    } finally {
      clearTimeout(timer);
    }

    const body = isEnvelope(parsed) ? parsed : null;
    if (!response.ok) {
      handleErrorStatus(response.status, body, options.quiet);
      throw new HttpError(body?.message || `HTTP ${response.status}`, 'http', response.status, body);
    }
    if (!body) {
      if (!isQuiet(options.quiet, null)) deps.feedback().message.error(MESSAGES.badFormat);
      throw new HttpError(MESSAGES.badFormat, 'format', response.status, null);
    }
    return body as Envelope<T>;
  }

  return {
    url: (path: string) => joinUrl(deps.baseUrl(), path),
    request,
    getAction<T>(path: string, params?: QueryParams, options?: RequestOptions) {
      return request<T>('GET', path, { params }, options);
    },
    deleteAction<T>(path: string, params?: QueryParams, options?: RequestOptions) {
      return request<T>('DELETE', path, { params }, options);
    },
    postAction<T>(path: string, body?: unknown, options?: RequestOptions) {
      return request<T>('POST', path, { body: body ?? {} }, options);
    },
    putAction<T>(path: string, body?: unknown, options?: RequestOptions) {
      return request<T>('PUT', path, { body: body ?? {} }, options);
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

export const http: HttpClient = createHttpClient({
  baseUrl: apiBase,
  fetch: () => globalThis.fetch.bind(globalThis),
  token: () => persistedSession.token(),
  tenantId: () => persistedSession.tenantId(),
  feedback: getFeedback,
  clearSession: () => persistedSession.clear(),
  reload: () => window.location.reload(),
  now: Date.now,
  timeoutMs: REQUEST_TIMEOUT_MS,
});

export const { getAction, postAction, putAction, deleteAction } = http;
