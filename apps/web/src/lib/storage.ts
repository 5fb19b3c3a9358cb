/**
 * localStorage with expiry, in the shape JeecgBoot's Vue.ls used: `{ value, expire }` where
 * `expire` is an epoch-ms deadline or null (never expires).
 */
export type ExpiringStorage = {
  set<T>(key: string, value: T, ttlMs?: number): void;
  get<T>(key: string): T | null;
  remove(key: string): void;
};

type Stored = { value: unknown; expire: number | null };

function isStored(raw: unknown): raw is Stored {
  return typeof raw === 'object' && raw !== null && 'value' in raw && 'expire' in raw;
}

export function createExpiringStorage(backend: () => Storage, now: () => number = Date.now): ExpiringStorage {
  return {
    set(key, value, ttlMs) {
      const entry: Stored = { value, expire: ttlMs === undefined ? null : now() + ttlMs };
      backend().setItem(key, JSON.stringify(entry));
    },
    get<T>(key: string): T | null {
      const text = backend().getItem(key);
      if (text === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        backend().removeItem(key);
        return null;
      }
      if (!isStored(parsed)) {
        backend().removeItem(key);
        return null;
      }
      if (parsed.expire !== null && now() >= parsed.expire) {
        backend().removeItem(key);
        return null;
      }
      return parsed.value as T;
    },
    remove(key) {
      backend().removeItem(key);
    },
  };
}

/** The app's localStorage with expiry (looked up lazily so tests can swap the backend). */
export const storage = createExpiringStorage(() => window.localStorage);

/** Plain JSON in sessionStorage (button permissions live for the browser tab only). */
export const sessionJson = {
  set(key: string, value: unknown): void {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  },
  get<T>(key: string): T | null {
    const text = window.sessionStorage.getItem(key);
    if (text === null) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      window.sessionStorage.removeItem(key);
      return null;
    }
  },
  remove(key: string): void {
    window.sessionStorage.removeItem(key);
  },
};
