import type { Db } from '../db/database.js';

/** What each stamp covers (migration 0054 bumps it by trigger on every change to its tables). */
export type CacheScope = 'auth' | 'dict' | 'session';

/**
 * The version stamps of this node's caches (issue 15). `sync()` reads the stamps (one small
 * query) and empties every cache whose stamp moved, so whatever it answers afterwards is at
 * least as new as the database was when the query ran: a change made on any node is seen on
 * the next request here. Callers read the stamp before they load, and file what they loaded
 * under that stamp, so a change that lands in between only costs a reload.
 */
export class CacheVersions {
  private readonly seen = new Map<CacheScope, string>();
  private readonly caches = new Map<CacheScope, Set<VersionedCache<unknown>>>();

  constructor(private readonly db: Db) {}

  async sync(): Promise<void> {
    const rows = await this.db.selectFrom('sysCacheVersion').select(['name', 'version']).execute();
    for (const row of rows) {
      const scope = row.name as CacheScope;
      const version = String(row.version);
      if (this.seen.get(scope) === version) continue;
      this.seen.set(scope, version);
      for (const cache of this.caches.get(scope) ?? []) cache.clear();
    }
  }

  /** A map of loaded values, emptied whenever the stamp of `scope` moves; at most `limit` entries. */
  cache<V>(scope: CacheScope, limit: number): VersionedCache<V> {
    const cache = new VersionedCache<V>(limit);
    if (!this.caches.has(scope)) this.caches.set(scope, new Set());
    this.caches.get(scope)!.add(cache as VersionedCache<unknown>);
    return cache;
  }
}

export class VersionedCache<V> {
  private entries = new Map<string, V>();
  /** Bumped by each clear, so a load that started before it does not file a stale value after it. */
  private generation = 0;

  constructor(private readonly limit: number) {}

  clear(): void {
    this.entries = new Map();
    this.generation++;
  }

  /** The cached value, or the loaded one (cached unless a clear happened while it loaded or `keep` says no). */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && keep(value)) {
      // Oldest first out: a plain bound on memory (sessions are many, dictionaries few).
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
