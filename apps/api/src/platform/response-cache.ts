import { LRUCache } from 'lru-cache';

/**
 * In-process memo of guests' catalogue answers (serialized JSON keyed by the normalised request), so a
 * popular county page costs one map lookup instead of a query. Bounded in entries and age: a
 * provider's edit shows up to `ttlSeconds` late (up to twice that on a page nobody opened meanwhile,
 * see below), which is fine for a catalogue people browse (decided in docs/decisions.md). Signed-in callers reuse the guest body and get their own `alreadyRequested`.
 */
export interface ResponseCache {
  /** The cached value of `key`, or `load()`'s, remembered for later calls (concurrent misses share one load). */
  get<T extends object>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

const maxEntries = 5_000;

/**
 * Entries are fresh for `ttlSeconds`, then stale for as long again: a stale entry is still answered
 * while one reload runs in the background, so visitors never wait for the database once a page has
 * been loaded (a popular page expiring does not send a burst of requests to PostgreSQL either). A
 * reload that fails (the service was archived: 404) drops the entry, so the next caller sees it.
 */
export function createResponseCache(ttlSeconds: number): ResponseCache {
  if (ttlSeconds <= 0) return { get: (_key, load) => load(), clear: () => {} };
  const ttlMs = ttlSeconds * 1000;
  const values = new LRUCache<string, { value: object; freshUntil: number }>({
    max: maxEntries,
    ttl: 2 * ttlMs,
  });
  const loading = new Map<string, Promise<object>>();
  const reload = <T extends object>(key: string, load: () => Promise<T>): Promise<T> => {
    const pending = loading.get(key);
    if (pending) return pending as Promise<T>;
    const promise = load()
      .then((value) => {
        values.set(key, { value, freshUntil: Date.now() + ttlMs });
        return value;
      })
      .finally(() => loading.delete(key));
    loading.set(key, promise);
    return promise;
  };
  return {
    async get<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = values.get(key);
      const now = Date.now();
      if (entry === undefined || entry.freshUntil + ttlMs <= now) return reload(key, load);
      if (entry.freshUntil <= now) reload(key, load).catch(() => values.delete(key));
      return entry.value as T;
    },
    clear: () => values.clear(),
  };
}
