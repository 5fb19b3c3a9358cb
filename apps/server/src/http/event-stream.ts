import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveItem, LiveMessage, Subscription } from '../core/live-events.js';

/**
 * Server-sent events over a hub subscription (core/live-events.ts).
 *
 * The route checks access first (its `access` policy and any row-level check, e.g. that the
 * supplier is a participant of the lot), subscribes with the viewer's own `view`, then hands
 * the subscription here. The stream ends when the client disconnects, when the subscription is
 * closed (queue overflow, server shutdown) or when the server closes. Browsers' EventSource
 * cannot send the X-Access-Token header (and a `?token=` query is never accepted, PATH-5), so
 * the web client reads the stream with `fetch` and a ReadableStream.
 */

export interface EventStreamOptions {
  /** Sent first, before any live event: typically the viewer's current snapshot. */
  initial?: readonly LiveMessage[];
  /** SSE `retry:` in ms: how long a client waits before reconnecting. Default 3000. */
  retryMs?: number;
}

/** One SSE frame. Event names lose anything but [\w.:-]; data is JSON, one `data:` line per line. */
export function formatEvent(message: LiveMessage): string {
  const lines: string[] = [];
  if (message.id !== undefined) lines.push(`id: ${String(message.id).replace(/[\r\n]/g, '')}`);
  lines.push(`event: ${message.event.replace(/[^\w.:-]/g, '') || 'message'}`);
  const data = JSON.stringify(message.data ?? null);
  for (const line of data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}

/** A heartbeat is an SSE comment: clients ignore it, proxies see traffic. */
export const HEARTBEAT_FRAME = ': ping\n\n';

function frameOf(item: LiveItem): string {
  return item.kind === 'heartbeat' ? HEARTBEAT_FRAME : formatEvent(item.message);
}

/** The client's Last-Event-ID header (a reconnect), if any. */
export function lastEventIdOf(request: FastifyRequest): string | null {
  const raw = request.headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && value.length <= 200 ? value : null;
}

/**
 * Answers the request with a `text/event-stream` fed by the subscription. The reply is hijacked:
 * fastify no longer serialises or ends it. Resolves when the stream has ended.
 */
export async function sendEventStream<M>(
  request: FastifyRequest,
  reply: FastifyReply,
  subscription: Subscription<M>,
  options: EventStreamOptions = {},
): Promise<void> {
  const res = reply.raw;
  reply.hijack();

  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx would otherwise buffer the stream.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });

  // The response's 'close' is the disconnect signal (the request's fires once its body is read).
  const onClientGone = () => subscription.close('client');
  res.on('close', onClientGone);

  const write = (chunk: string): Promise<void> =>
    res.write(chunk)
      ? Promise.resolve()
      : new Promise((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });

  try {
    let head = `retry: ${options.retryMs ?? 3000}\n\n`;
    for (const message of options.initial ?? []) head += formatEvent(message);
    await write(head);
    for await (const item of subscription) {
      if (res.destroyed || res.writableEnded) break;
      await write(frameOf(item));
    }
  } finally {
    subscription.close('client');
    res.off('close', onClientGone);
    if (!res.writableEnded && !res.destroyed) res.end();
  }
}
