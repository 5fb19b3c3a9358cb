import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { formatEvent, HEARTBEAT_FRAME, sendEventStream } from '../http/event-stream.js';
import { auctionLotTopic, LiveHub, type LiveItem, type LiveMessage } from './live-events.js';

/** A raw lot update as the auction service would publish it: everything, for every audience. */
type RawUpdate = { lotId: string; prices: Record<string, string>; currentEndAt: string };

/** §12.4: a bidder's view carries its own price only; the buyer's carries all. */
const bidderView =
  (supplierId: string) =>
  (raw: RawUpdate): LiveMessage => ({
    event: 'lot',
    data: { lotId: raw.lotId, ownPrice: raw.prices[supplierId] ?? null, currentEndAt: raw.currentEndAt },
  });
const buyerView = (raw: RawUpdate): LiveMessage => ({ event: 'lot', data: raw });

const update: RawUpdate = {
  lotId: 'lot-1',
  prices: { 'sup-a': '29000.00', 'sup-b': '28700.00' },
  currentEndAt: '2026-03-02T02:30:00.000Z',
};

const hubs: LiveHub<RawUpdate>[] = [];
function newHub(options: ConstructorParameters<typeof LiveHub>[0] = { heartbeatMs: 0 }) {
  const hub = new LiveHub<RawUpdate>(options);
  hubs.push(hub);
  return hub;
}
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});

const messages = (items: LiveItem[]) => items.flatMap((i) => (i.kind === 'message' ? [i.message] : []));

describe('live hub: per-subscriber views (AUC-9 extensions reach all bidders at once, §12.4 each sees its own view)', () => {
  it('two bidders on one topic each receive only their own view; the buyer receives all', () => {
    const hub = newHub();
    const topic = auctionLotTopic('lot-1');
    const a = hub.subscribe({ topics: [topic], view: bidderView('sup-a') });
    const b = hub.subscribe({ topics: [topic], view: bidderView('sup-b') });
    const buyer = hub.subscribe({ topics: [topic], view: buyerView });
    const other = hub.subscribe({ topics: [auctionLotTopic('lot-2')], view: buyerView });

    expect(hub.publish(topic, update)).toBe(3);

    const [forA] = messages(a.drain());
    const [forB] = messages(b.drain());
    expect(forA).toEqual({
      event: 'lot',
      data: { lotId: 'lot-1', ownPrice: '29000.00', currentEndAt: update.currentEndAt },
    });
    expect(forB).toEqual({
      event: 'lot',
      data: { lotId: 'lot-1', ownPrice: '28700.00', currentEndAt: update.currentEndAt },
    });
    expect(JSON.stringify(forA)).not.toMatch(/sup-b|28700/);
    expect(JSON.stringify(forB)).not.toMatch(/sup-a|29000/);
    expect(messages(buyer.drain())).toEqual([{ event: 'lot', data: update }]);
    expect(other.pending).toBe(0);
  });

  it('a view returning null sends nothing; a view that throws closes its subscription and never sends the raw message', () => {
    const hub = newHub();
    const topic = auctionLotTopic('lot-1');
    const silent = hub.subscribe({ topics: [topic], view: () => null });
    let reason: string | null = null;
    const broken = hub.subscribe({
      topics: [topic],
      view: () => {
        throw new Error('boom');
      },
      onClose: (r) => (reason = r),
    });
    expect(hub.publish(topic, update)).toBe(0);
    expect(silent.pending).toBe(0);
    expect(broken.closed).toBe(true);
    expect(reason).toBe('view-error');
    expect(hub.subscriberCount(topic)).toBe(1);
  });

  it('next() waits for a message and ends with null when the subscription closes', async () => {
    const hub = newHub();
    const topic = auctionLotTopic('lot-1');
    const sub = hub.subscribe({ topics: [topic], view: buyerView });
    const waiting = sub.next();
    hub.publish(topic, update);
    expect(await waiting).toEqual({ kind: 'message', message: { event: 'lot', data: update } });
    const ended = sub.next();
    sub.close();
    expect(await ended).toBeNull();
    expect(await sub.next()).toBeNull();
  });
});

describe('live hub: cleanup and bounds', () => {
  it('closing a subscription removes it from every topic', () => {
    const hub = newHub();
    const sub = hub.subscribe({ topics: ['t1', 't2', 't1'], view: buyerView });
    expect(hub.subscriberCount('t1')).toBe(1);
    expect(hub.subscriberCount('t2')).toBe(1);
    sub.close();
    sub.close();
    expect(hub.subscriberCount()).toBe(0);
    expect(hub.subscriberCount('t1')).toBe(0);
    expect(hub.publish('t1', update)).toBe(0);
  });

  it('a full queue closes the subscription (overflow): the client reconnects and reloads', () => {
    const hub = newHub({ heartbeatMs: 0, maxQueue: 3 });
    const reasons: string[] = [];
    const slow = hub.subscribe({ topics: ['t'], view: buyerView, onClose: (r) => reasons.push(r) });
    const fast = hub.subscribe({ topics: ['t'], view: buyerView, maxQueue: 10 });
    for (let i = 0; i < 3; i++) expect(hub.publish('t', update)).toBe(2);
    expect(slow.pending).toBe(3);
    expect(hub.publish('t', update)).toBe(1);
    expect(slow.closed).toBe(true);
    expect(slow.closeReason).toBe('overflow');
    expect(slow.pending).toBe(0);
    expect(reasons).toEqual(['overflow']);
    expect(fast.pending).toBe(4);
    expect(hub.subscriberCount('t')).toBe(1);
  });

  it('drop-oldest keeps the newest messages within the bound', () => {
    const hub = newHub();
    const sub = hub.subscribe({
      topics: ['t'],
      view: (raw) => ({ event: 'lot', data: raw.currentEndAt }),
      maxQueue: 2,
      overflow: 'drop-oldest',
    });
    for (const end of ['e1', 'e2', 'e3']) hub.publish('t', { ...update, currentEndAt: end });
    expect(messages(sub.drain()).map((m) => m.data)).toEqual(['e2', 'e3']);
    expect(sub.dropped).toBe(1);
    expect(sub.closed).toBe(false);
  });

  it('heartbeats go to idle subscriptions only, and the timer sends them', async () => {
    const hub = newHub();
    const idle = hub.subscribe({ topics: ['t'], view: buyerView });
    const busy = hub.subscribe({ topics: ['u'], view: buyerView });
    hub.publish('u', update);
    hub.beat();
    expect(idle.drain()).toEqual([{ kind: 'heartbeat' }]);
    expect(busy.drain().map((i) => i.kind)).toEqual(['message']);

    const timed = newHub({ heartbeatMs: 10 });
    const sub = timed.subscribe({ topics: ['t'], view: buyerView });
    expect(await sub.next()).toEqual({ kind: 'heartbeat' });
  });

  it('closing the hub ends every subscription', () => {
    const hub = newHub();
    const reasons: string[] = [];
    hub.subscribe({ topics: ['t'], view: buyerView, onClose: (r) => reasons.push(r) });
    hub.subscribe({ topics: ['u'], view: buyerView, onClose: (r) => reasons.push(r) });
    hub.close();
    expect(reasons).toEqual(['hub-closed', 'hub-closed']);
    expect(hub.subscriberCount()).toBe(0);
  });
});

describe('SSE frames', () => {
  it('formats id, event and JSON data; strips line breaks from names and ids', () => {
    expect(formatEvent({ event: 'lot', data: { a: 1 }, id: '7' })).toBe('id: 7\nevent: lot\ndata: {"a":1}\n\n');
    expect(formatEvent({ event: 'lot\nevent: evil', data: 'x\ny', id: '1\n2' })).toBe(
      'id: 12\nevent: lotevent:evil\ndata: "x\\ny"\n\n',
    );
  });
});

describe('SSE over HTTP (127.0.0.1)', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  async function until(condition: () => boolean, ms = 3000) {
    const start = Date.now();
    while (!condition()) {
      if (Date.now() - start > ms) throw new Error('condition not reached');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async function open(base: string, supplierId: string) {
    const controller = new AbortController();
    const response = await fetch(`${base}/live`, { headers: { 'x-supplier': supplierId }, signal: controller.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    return {
      response,
      abort: () => controller.abort(),
      async readUntil(needle: string, times = 1) {
        while (text.split(needle).length - 1 < times) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before ${needle}: ${text}`);
          text += decoder.decode(value, { stream: true });
        }
        return text;
      },
      async readToEnd() {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return text;
          text += decoder.decode(value, { stream: true });
        }
      },
    };
  }

  it('streams each subscriber its own view, heartbeats, and cleans up on disconnect', async () => {
    const hub = newHub();
    const topic = auctionLotTopic('lot-1');
    // The client's keep-alive socket would otherwise hold close() for its idle timeout.
    app = Fastify({ logger: false, forceCloseConnections: true });
    app.get('/live', async (request, reply) => {
      const supplierId = String(request.headers['x-supplier']);
      const subscription = hub.subscribe({ topics: [topic], view: bidderView(supplierId), maxQueue: 8 });
      await sendEventStream(request, reply, subscription, {
        initial: [{ event: 'hello', data: { supplierId } }],
        retryMs: 1000,
      });
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });

    const a = await open(base, 'sup-a');
    const b = await open(base, 'sup-b');
    expect(a.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(a.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(await a.readUntil('event: hello')).toContain('retry: 1000\n\n');
    await b.readUntil('event: hello');
    await until(() => hub.subscriberCount(topic) === 2);

    hub.publish(topic, update);
    const textA = await a.readUntil('29000.00');
    const textB = await b.readUntil('28700.00');
    expect(textA).toContain(
      'event: lot\ndata: {"lotId":"lot-1","ownPrice":"29000.00","currentEndAt":"2026-03-02T02:30:00.000Z"}\n\n',
    );
    expect(textA).not.toMatch(/sup-b|28700/);
    expect(textB).not.toMatch(/sup-a|29000/);

    hub.beat();
    await a.readUntil(HEARTBEAT_FRAME);

    a.abort();
    await until(() => hub.subscriberCount(topic) === 1);
    hub.publish(topic, update);
    expect(await b.readUntil('"ownPrice":"28700.00"', 2)).not.toMatch(/sup-a|29000/);

    // The server side ends the stream when the subscription ends (here: shutdown).
    hub.close();
    await b.readToEnd();
    expect(hub.subscriberCount()).toBe(0);
  });
});
