/**
 * In-process publish/subscribe for live updates (server-sent events: live bidding, notices).
 *
 * A publisher sends one raw message to a topic. Each subscriber owns a `view` function that
 * turns the raw message into what that subscriber may see (or null: nothing). The raw message
 * never reaches a subscriber's queue, so a bidder's stream can only carry what its own view
 * computed from it (srm.md §12.4). A view that throws closes its subscription: an error never
 * falls back to sending something unfiltered.
 *
 * Every subscription has a bounded queue. When a consumer does not keep up (slow network,
 * stalled client) and the queue is full, the subscription is closed with reason `overflow`, so
 * the client reconnects and reloads the current state instead of silently missing an event;
 * subscribers whose messages are full snapshots may choose `drop-oldest` instead.
 *
 * Heartbeats: every `heartbeatMs` an idle subscription (empty queue) receives a heartbeat, which
 * keeps proxies from closing the connection and lets the transport notice a dead peer.
 *
 * This hub fans out within one process. Several nodes need a relay (PostgreSQL LISTEN/NOTIFY or
 * Redis, DESIGN.md) that calls `publish` on each node's hub.
 */

/** One event as a subscriber receives it. `data` is serialised as JSON by the transport. */
export interface LiveMessage {
  event: string;
  data: unknown;
  /** SSE `id:` (lets a reconnecting client send Last-Event-ID). */
  id?: string;
}

/** An item taken from a subscription's queue. */
export type LiveItem = { kind: 'message'; message: LiveMessage } | { kind: 'heartbeat' };

export type CloseReason = 'client' | 'overflow' | 'view-error' | 'hub-closed';

export type OverflowPolicy = 'close' | 'drop-oldest';

export interface SubscribeOptions<M> {
  topics: readonly string[];
  /** What this subscriber may see of a raw message; null sends nothing. */
  view: (message: M, topic: string) => LiveMessage | null;
  /** Queue bound; defaults to the hub's. */
  maxQueue?: number;
  overflow?: OverflowPolicy;
  /** Called once when the subscription ends, whatever the reason. */
  onClose?: (reason: CloseReason) => void;
}

export interface LiveHubOptions {
  /** 0 turns heartbeats off. Default 15 s. */
  heartbeatMs?: number;
  /** Default queue bound per subscription. Default 256. */
  maxQueue?: number;
}

export class Subscription<M = unknown> {
  readonly topics: readonly string[];
  private readonly queue: LiveItem[] = [];
  private waiter: ((item: LiveItem | null) => void) | null = null;
  private closedWith: CloseReason | null = null;
  /** Messages dropped under `drop-oldest`. */
  dropped = 0;

  constructor(
    private readonly hub: LiveHub<M>,
    private readonly options: SubscribeOptions<M> & { maxQueue: number },
  ) {
    this.topics = [...new Set(options.topics)];
  }

  get closed(): boolean {
    return this.closedWith !== null;
  }

  get closeReason(): CloseReason | null {
    return this.closedWith;
  }

  /** Items waiting to be taken. */
  get pending(): number {
    return this.queue.length;
  }

  /** Queues an item directly (an initial snapshot, say); false when the subscription is closed. */
  push(item: LiveItem): boolean {
    if (this.closedWith) return false;
    if (this.waiter) {
      const wake = this.waiter;
      this.waiter = null;
      wake(item);
      return true;
    }
    if (item.kind === 'heartbeat' && this.queue.length > 0) return true;
    if (this.queue.length >= this.options.maxQueue) {
      if ((this.options.overflow ?? 'close') === 'close') {
        this.close('overflow');
        return false;
      }
      this.queue.shift();
      this.dropped += 1;
    }
    this.queue.push(item);
    return true;
  }

  /** @internal The hub hands a raw message over; the view decides what, if anything, is queued. */
  deliver(message: M, topic: string): boolean {
    if (this.closedWith) return false;
    let shown: LiveMessage | null;
    try {
      shown = this.options.view(message, topic);
    } catch {
      this.close('view-error');
      return false;
    }
    return shown ? this.push({ kind: 'message', message: shown }) : false;
  }

  /** The next item, waiting for one; null once the subscription is closed (queued items are dropped). One consumer only. */
  next(): Promise<LiveItem | null> {
    if (this.closedWith) return Promise.resolve(null);
    const item = this.queue.shift();
    if (item) return Promise.resolve(item);
    if (this.waiter) return Promise.reject(new Error('a subscription has one consumer'));
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  /** Takes everything queued now, without waiting. */
  drain(): LiveItem[] {
    return this.queue.splice(0, this.queue.length);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<LiveItem> {
    for (;;) {
      const item = await this.next();
      if (!item) return;
      yield item;
    }
  }

  /** Ends the subscription and removes it from the hub; idempotent. */
  close(reason: CloseReason = 'client'): void {
    if (this.closedWith) return;
    this.closedWith = reason;
    this.queue.length = 0;
    this.hub.remove(this);
    const wake = this.waiter;
    this.waiter = null;
    wake?.(null);
    this.options.onClose?.(reason);
  }
}

export class LiveHub<M = unknown> {
  private readonly byTopic = new Map<string, Set<Subscription<M>>>();
  private readonly all = new Set<Subscription<M>>();
  private readonly heartbeat: NodeJS.Timeout | null;
  private readonly maxQueue: number;

  constructor(options: LiveHubOptions = {}) {
    this.maxQueue = options.maxQueue ?? 256;
    const every = options.heartbeatMs ?? 15_000;
    this.heartbeat = every > 0 ? setInterval(() => this.beat(), every) : null;
    // A hub never keeps the process alive on its own.
    this.heartbeat?.unref();
  }

  subscribe(options: SubscribeOptions<M>): Subscription<M> {
    const subscription = new Subscription<M>(this, { ...options, maxQueue: options.maxQueue ?? this.maxQueue });
    this.all.add(subscription);
    for (const topic of subscription.topics) {
      let set = this.byTopic.get(topic);
      if (!set) this.byTopic.set(topic, (set = new Set()));
      set.add(subscription);
    }
    return subscription;
  }

  /** Offers a raw message to every subscriber of the topic; returns how many queued something. */
  publish(topic: string, message: M): number {
    const set = this.byTopic.get(topic);
    if (!set) return 0;
    let delivered = 0;
    // A copy: a delivery may close (and so remove) a subscription.
    for (const subscription of [...set]) if (subscription.deliver(message, topic)) delivered += 1;
    return delivered;
  }

  /** Subscriptions open on a topic, or in all. */
  subscriberCount(topic?: string): number {
    return topic === undefined ? this.all.size : (this.byTopic.get(topic)?.size ?? 0);
  }

  /** Sends a heartbeat to every idle subscription (the timer calls it; tests may too). */
  beat(): void {
    for (const subscription of [...this.all]) subscription.push({ kind: 'heartbeat' });
  }

  /** Closes every subscription and stops the heartbeat (server shutdown). */
  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const subscription of [...this.all]) subscription.close('hub-closed');
  }

  /** @internal */
  remove(subscription: Subscription<M>): void {
    this.all.delete(subscription);
    for (const topic of subscription.topics) {
      const set = this.byTopic.get(topic);
      if (!set) continue;
      set.delete(subscription);
      if (set.size === 0) this.byTopic.delete(topic);
    }
  }
}

/** The topic of an auction lot's live events. */
export const auctionLotTopic = (lotId: string) => `auction.lot:${lotId}`;
