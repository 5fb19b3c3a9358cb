import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@procura/shared';
import { createHttpClient, HttpError, MESSAGES, UNAUTHORIZED_RELOAD_DELAY_MS } from './http';
import type { HttpClientDeps } from './http';
import type { Feedback } from './feedback';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function envelope(result: unknown, extra: Record<string, unknown> = {}) {
  return { success: true, message: '', code: 200, result, timestamp: 1, ...extra };
}

function setup(
  overrides: Partial<HttpClientDeps> = {},
  respond: (url: string, init: RequestInit) => Promise<Response> | Response = () => json(envelope(null)),
) {
  const fetchMock = vi.fn(respond);
  const feedback = {
    notification: { error: vi.fn() },
    message: { error: vi.fn(), warning: vi.fn(), success: vi.fn() },
    modal: { error: vi.fn(), confirm: vi.fn() },
  } satisfies Feedback;
  const deps: HttpClientDeps = {
    baseUrl: () => '/jeecg-boot',
    fetch: () => fetchMock as unknown as typeof fetch,
    token: () => 'tok-1',
    tenantId: () => '0',
    feedback: () => feedback,
    clearSession: vi.fn(),
    reload: vi.fn(),
    now: () => 1_700_000_000_999,
    timeoutMs: REQUEST_TIMEOUT_MS,
    ...overrides,
  };
  const client = createHttpClient(deps);
  const call = (i = 0) => {
    const [url, init] = fetchMock.mock.calls[i]!;
    return { url: new URL(url, 'http://localhost'), init, headers: init.headers as Record<string, string> };
  };
  return { client, fetchMock, feedback, deps, call };
}

describe('http client: requests', () => {
  it('prefixes the configured base and sends token and tenant headers', async () => {
    const { client, call } = setup({ baseUrl: () => '/api-base' });
    await client.postAction('/sys/logout', { a: 1 });
    const { url, init, headers } = call();
    expect(url.pathname).toBe('/api-base/sys/logout');
    expect(init.method).toBe('POST');
    expect(headers['X-Access-Token']).toBe('tok-1');
    expect(headers['tenant_id']).toBe('0');
    expect(headers['Content-Type']).toContain('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends the stored tenant and no token header when logged out', async () => {
    const { client, call } = setup({ token: () => null, tenantId: () => '12' });
    await client.getAction('sys/x');
    expect(call().headers['tenant_id']).toBe('12');
    expect(call().headers).not.toHaveProperty('X-Access-Token');
  });

  it('adds _t in unix seconds to GETs, keeping the params', async () => {
    const { client, call } = setup();
    await client.getAction('/sys/user/list', { pageNo: 1, username: '*a*', skipped: undefined });
    const { url } = call();
    expect(url.searchParams.get('_t')).toBe('1700000000');
    expect(url.searchParams.get('pageNo')).toBe('1');
    expect(url.searchParams.get('username')).toBe('*a*');
    expect(url.searchParams.has('skipped')).toBe(false);
  });

  it('adds no _t to dictionary-item lookups nor to non-GET calls', async () => {
    const { client, call } = setup();
    await client.getAction('/sys/dict/getDictItems/sex');
    await client.postAction('/sys/login', {});
    await client.deleteAction('/x/delete', { id: '1' });
    expect(call(0).url.searchParams.has('_t')).toBe(false);
    expect(call(1).url.searchParams.has('_t')).toBe(false);
    expect(call(2).url.searchParams.has('_t')).toBe(false);
    expect(call(2).url.searchParams.get('id')).toBe('1');
    expect(call(2).init.method).toBe('DELETE');
  });

  it('unwraps to the envelope body', async () => {
    const { client } = setup({}, () => json(envelope({ x: 1 }, { message: 'ok' })));
    await expect(client.getAction('/a')).resolves.toMatchObject({ success: true, result: { x: 1 }, message: 'ok' });
  });

  it('gives success:false bodies back to the caller without throwing or toasting', async () => {
    const { client, feedback } = setup({}, () =>
      json({ success: false, code: 510, message: '没有权限', result: null }),
    );
    await expect(client.getAction('/a')).resolves.toMatchObject({ success: false, code: 510 });
    expect(feedback.notification.error).not.toHaveBeenCalled();
    expect(feedback.message.error).not.toHaveBeenCalled();
  });

  it('uses PUT with a JSON body', async () => {
    const { client, call } = setup();
    await client.putAction('/sys/selectDepart', { orgCode: 'A01' });
    expect(call().init.method).toBe('PUT');
    expect(call().init.body).toBe('{"orgCode":"A01"}');
  });
});

describe('http client: error catalogue', () => {
  const failing =
    (status: number, body: unknown = { success: false, code: status, message: `server says ${status}` }) =>
    () =>
      json(body, status);

  it.each([
    [403, MESSAGES.forbidden],
    [404, MESSAGES.notFound],
    [504, MESSAGES.gatewayTimeout],
  ])('HTTP %i notifies 系统提示 with its fixed text and rejects', async (status, text) => {
    const { client, feedback } = setup({}, failing(status));
    const error = await client.getAction('/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status, kind: 'http' });
    expect(feedback.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ title: '系统提示', description: text }),
    );
  });

  it('403 reads 拒绝访问', () => {
    expect(MESSAGES.forbidden).toBe('拒绝访问');
    expect(MESSAGES.notFound).toBe('很抱歉，资源未找到!');
    expect(MESSAGES.gatewayTimeout).toBe('网络超时');
  });

  describe('401', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('with a token: notifies, logs out and reloads after 1.5 s', async () => {
      const { client, feedback, deps } = setup({}, failing(401));
      await expect(client.getAction('/a')).rejects.toBeInstanceOf(HttpError);
      expect(feedback.notification.error).toHaveBeenCalledWith(
        expect.objectContaining({ description: '未授权，请重新登录' }),
      );
      expect(deps.clearSession).toHaveBeenCalledTimes(1);
      expect(deps.reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(UNAUTHORIZED_RELOAD_DELAY_MS - 1);
      expect(deps.reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(deps.reload).toHaveBeenCalledTimes(1);
      expect(UNAUTHORIZED_RELOAD_DELAY_MS).toBe(1500);
    });

    it('without a token: only notifies', async () => {
      const { client, feedback, deps } = setup({ token: () => null }, failing(401));
      await expect(client.getAction('/a')).rejects.toBeInstanceOf(HttpError);
      expect(feedback.notification.error).toHaveBeenCalledTimes(1);
      vi.runAllTimers();
      expect(deps.clearSession).not.toHaveBeenCalled();
      expect(deps.reload).not.toHaveBeenCalled();
    });
  });

  it("HTTP 500 'Token失效' with a token opens the 登录已过期 dialog whose 重新登录 logs out and reloads", async () => {
    const { client, feedback, deps } = setup(
      {},
      failing(500, { success: false, code: 500, message: 'Token失效，请重新登录' }),
    );
    await expect(client.getAction('/a')).rejects.toBeInstanceOf(HttpError);
    expect(feedback.notification.error).not.toHaveBeenCalled();
    expect(feedback.modal.error).toHaveBeenCalledTimes(1);
    const config = feedback.modal.error.mock.calls[0]![0];
    expect(config).toMatchObject({ title: '登录已过期', okText: '重新登录' });
    expect(deps.clearSession).not.toHaveBeenCalled();
    config.onOk!();
    expect(deps.clearSession).toHaveBeenCalledTimes(1);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it("HTTP 500 'Token失效' without a token shows the server message instead", async () => {
    const { client, feedback } = setup(
      { token: () => null },
      failing(500, { success: false, code: 500, message: 'Token失效，请重新登录' }),
    );
    await expect(client.getAction('/a')).rejects.toBeInstanceOf(HttpError);
    expect(feedback.modal.error).not.toHaveBeenCalled();
    expect(feedback.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ description: 'Token失效，请重新登录' }),
    );
  });

  it.each([500, 400, 429])('HTTP %i shows the server message', async (status) => {
    const { client, feedback } = setup({}, failing(status));
    const error = await client.postAction('/a', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status, message: `server says ${status}`, body: { code: status } });
    expect(feedback.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ title: '系统提示', description: `server says ${status}` }),
    );
  });

  it('an error status without an envelope still says something', async () => {
    const { client, feedback } = setup({}, () => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(client.getAction('/a')).rejects.toMatchObject({ status: 502, body: null });
    expect(feedback.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ description: '请求失败（502）' }),
    );
  });

  it('quiet statuses are left to the caller', async () => {
    const { client, feedback } = setup({}, failing(400));
    await expect(client.postAction('/a', {}, { quiet: [400] })).rejects.toMatchObject({ status: 400 });
    await expect(client.postAction('/a', {}, { quiet: true })).rejects.toMatchObject({ status: 400 });
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it('a network failure shows a message and rejects', async () => {
    const { client, feedback } = setup({}, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.getAction('/a')).rejects.toMatchObject({
      kind: 'network',
      status: null,
      message: MESSAGES.network,
    });
    expect(feedback.message.error).toHaveBeenCalledWith(MESSAGES.network);
  });

  it('a 200 answer that is not an envelope is an error', async () => {
    const { client, feedback } = setup({}, () => new Response('<!doctype html>', { status: 200 }));
    await expect(client.getAction('/a')).rejects.toMatchObject({ kind: 'format' });
    expect(feedback.message.error).toHaveBeenCalledWith(MESSAGES.badFormat);
  });

  describe('timeout', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('aborts after 90 s and reports a timeout', async () => {
      expect(REQUEST_TIMEOUT_MS).toBe(90_000);
      const hang = (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      const { client, feedback, fetchMock } = setup({}, hang);
      const pending = client.getAction('/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      const signal = fetchMock.mock.calls[0]![1].signal!;
      expect(signal.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(signal.aborted).toBe(true);
      await expect(pending).resolves.toMatchObject({ kind: 'timeout', message: MESSAGES.timeout });
      expect(feedback.message.error).toHaveBeenCalledWith(MESSAGES.timeout);
    });
  });
});
