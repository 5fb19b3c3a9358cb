import { REQUEST_TIMEOUT_MS } from '@procura/shared';
import type { Envelope } from '@procura/shared';
import { apiBase } from './config';
import { persistedSession } from './session-persistence';

/**
 * The one HTTP client of the web app: every call to the API (JSON envelopes, uploads with
 * progress, file downloads and exports as blobs, the auction's live stream, the light
 * entries' never-throwing calls) goes through the instance `http` below, and the session
 * headers (`X-Access-Token`, `tenant_id`) are built only in `sessionHeaders`.
 *
 * This module loads no antd, so the light entries (portal, sign-in page) use it directly;
 * the back office imports `lib/http.ts`, which wires antd's toasts in as the feedback.
 */

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** The headers that carry the session on every call: the tenant, and the token when logged in. */
export function sessionHeaders(token: string | null, tenantId: string): Record<string, string> {
  const headers: Record<string, string> = { tenant_id: tenantId };
  if (token) headers['X-Access-Token'] = token;
  return headers;
}

/** A raw call ({@link HttpClient.send}): the session headers are added to `headers`. */
export type SendInit = {
  method?: Method;
  params?: QueryParams;
  headers?: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
};

/** What an upload answered: its HTTP status, with the envelope when the body is one. */
export type UploadAnswer = { status: number; body: Envelope | null };

/** The message of an upload that got no answer (network failure, abort). */
export const UPLOAD_FAILED = '文件上传失败';

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

/**
 * The toasts and dialogs the client raises (a subset of `lib/feedback.ts`'s `Feedback`, declared
 * here so that this module reaches no antd, not even for its types).
 */
export type ClientFeedback = {
  notification: { error(args: { title: string; description?: string; duration?: number }): void };
  message: { error(content: string): unknown };
  modal: {
    error(config: { title: string; content: string; okText: string; mask: boolean; onOk: () => void }): unknown;
  };
};

export type HttpClientDeps = {
  baseUrl: () => string;
  fetch: () => typeof fetch;
  token: () => string | null;
  tenantId: () => string;
  feedback: () => ClientFeedback;
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

/** A query string of the set values (undefined, null and '' left out), with `?` or `&` in front. */
function withQuery(url: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
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

  const currentSessionHeaders = () => sessionHeaders(deps.token(), deps.tenantId());

  /** The API url of `path` with the set query values (no cache-buster). */
  const apiUrl = (path: string, params?: QueryParams) => withQuery(joinUrl(deps.baseUrl(), path), params);

  /** A raw `fetch` of a full url (a stored file's link) with the session headers: no timeout, no toasts. */
  function sendTo(url: string, init: Omit<SendInit, 'params'> = {}): Promise<Response> {
    return deps.fetch()(url, {
      method: init.method ?? 'GET',
      headers: { ...(init.headers ?? {}), ...currentSessionHeaders() },
      body: init.body,
      signal: init.signal,
    });
  }

  /** {@link sendTo} of an API path: for files, exports and streams, whose answer is not an envelope. */
  function send(path: string, init: SendInit = {}): Promise<Response> {
    return sendTo(apiUrl(path, init.params), init);
  }

  /** POSTs a multipart form with upload progress in percent (XHR: only XHR reports it everywhere).
   * Rejects on a network failure or an abort; any HTTP answer resolves, with its envelope if any. */
  function upload(path: string, form: FormData, onProgress: (percent: number) => void): Promise<UploadAnswer> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', apiUrl(path));
      xhr.setRequestHeader('Accept', 'application/json');
      for (const [name, value] of Object.entries(currentSessionHeaders())) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () => {
        let body: Envelope | null = null;
        try {
          const parsed: unknown = JSON.parse(xhr.responseText);
          if (isEnvelope(parsed)) body = parsed;
        } catch {
          body = null;
        }
        resolve({ status: xhr.status, body });
      };
      xhr.onerror = () => reject(new Error(UPLOAD_FAILED));
      xhr.onabort = () => reject(new Error(UPLOAD_FAILED));
      xhr.send(form);
    });
  }

  /**
   * A call for the light entries (portal, sign-in page): no toasts, no session handling, and
   * it never throws. A network failure or an answer that is not an envelope comes back as
   * `success: false` with a readable message.
   */
  async function envelope<T>(
    method: 'GET' | 'POST',
    path: string,
    params?: QueryParams,
    body?: unknown,
  ): Promise<Envelope<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
    const refused = (message: string, code: number): Envelope<T> => ({
      success: false,
      message,
      code,
      result: null as T,
      timestamp: deps.now(),
    });
    let response: Response;
    try {
      response = await send(path, {
        method,
        params,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      return refused(MESSAGES.network, 0);
    }
    try {
      const parsed: unknown = await response.json();
      if (isEnvelope(parsed)) return parsed as Envelope<T>;
    } catch {
      // fall through: not an envelope
    }
    return refused(`请求失败（${response.status}）`, response.status);
  }

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
    const headers: Record<string, string> = { Accept: 'application/json', ...currentSessionHeaders() };
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
    url: (path: string, params?: QueryParams) => apiUrl(path, params),
    request,
    send,
    sendTo,
    upload,
    envelope,
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

let feedbackSource: () => ClientFeedback = () => silentFeedback;

/** Feedback that shows nothing: the light entries never make calls that raise toasts. */
const none = () => undefined;
const silentFeedback: ClientFeedback = {
  notification: { error: none },
  message: { error: none },
  modal: { error: none },
};

/** Where the client's toasts go; `lib/http.ts` sets antd's feedback for the back office. */
export function setFeedbackSource(source: () => ClientFeedback): void {
  feedbackSource = source;
}

export const http: HttpClient = createHttpClient({
  baseUrl: apiBase,
  fetch: () => globalThis.fetch.bind(globalThis),
  token: () => persistedSession.token(),
  tenantId: () => persistedSession.tenantId(),
  feedback: () => feedbackSource(),
  clearSession: () => persistedSession.clear(),
  reload: () => window.location.reload(),
  now: Date.now,
  timeoutMs: REQUEST_TIMEOUT_MS,
});
