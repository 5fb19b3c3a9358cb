import { vi } from 'vitest';
import type { Feedback } from '../lib/feedback';
import { createHttpClient } from '../lib/http';
import { persistedSession } from '../lib/session-persistence';

export type FakeRequest = { method: string; url: URL; headers: Record<string, string>; body: unknown };
export type FakeHandler = (
  request: FakeRequest,
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export function ok(result: unknown, message = '') {
  return { body: { success: true, code: 200, message, result, timestamp: 0 } };
}

export function fail(status: number, message: string, code = status, result: unknown = null) {
  return { status, body: { success: false, code, message, result, timestamp: 0 } };
}

/**
 * A fetch stand-in that routes by "METHOD /path" (the API base stripped) and records every
 * request. Unrouted calls answer 404 so a test notices them.
 */
export function fakeServer(routes: Record<string, FakeHandler>, base = '/jeecg-boot') {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, url, headers, body };
    requests.push(request);
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
    const handler = routes[`${method} ${path}`];
    const answer = handler ? await handler(request) : fail(404, '很抱歉，资源未找到!');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return {
    fetch,
    requests,
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.url.pathname.slice(base.length)}` === key),
  };
}

export function spyFeedback() {
  return {
    notification: { error: vi.fn() },
    message: { error: vi.fn(), warning: vi.fn(), success: vi.fn() },
    modal: { error: vi.fn(), confirm: vi.fn() },
  } satisfies Feedback;
}

/** An HTTP client on the real persisted session, talking to a fake server. */
export function clientFor(server: ReturnType<typeof fakeServer>, feedback: Feedback = spyFeedback()) {
  return createHttpClient({
    baseUrl: () => '/jeecg-boot',
    fetch: () => server.fetch as unknown as typeof globalThis.fetch,
    token: () => persistedSession.token(),
    tenantId: () => persistedSession.tenantId(),
    feedback: () => feedback,
    clearSession: () => persistedSession.clear(),
    reload: vi.fn(),
    now: Date.now,
    timeoutMs: 90_000,
  });
}
