import { LRUCache } from 'lru-cache';

/**
 * In-process memo of guests' catalogue answers (serialized JSON keyed by the normalised request), so a
 * popular county page costs one map lookup instead of a query. Bounded in entries and age. A committed
 * change to what the catalogue shows clears it on every API process (platform/catalogue-changes.ts,
 * decision 0107); the age bound is only the backstop (decision 0028). Signed-in callers reuse the guest
 * body and get their own `alreadyRequested`.
 */
export interface ResponseCache {
  /** The cached value of `key`, or `load()`'s, remembered for later calls (concurrent misses share one load). */
  get<T extends object>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Forgets every entry. A load already running when this is called still answers its own callers
   * but is neither remembered nor shared with later ones: it may have read the data before the change.
   */
  clear(): void;
}

export interface ResponseCacheOptions {
  /**
   * Whether entries may be trusted now; while false every call loads and nothing is kept (the
   * invalidation listener is reconnecting and may be missing changes).
   */
  trusted?: () => boolean;
}

const maxEntries = 5_000;

/**
 * Entries are fresh for `ttlSeconds`, then stale for as long again: a stale entry is still answered
 * while one reload runs in the background, so visitors never wait for the database once a page has
 * been loaded (a popular page expiring does not send a burst of requests to PostgreSQL either). A
 * reload that fails (the service was archived: 404) drops the entry, so the next caller sees it.
 */
export function createResponseCache(ttlSeconds: number, options: ResponseCacheOptions = {}): ResponseCache {
  if (ttlSeconds <= 0) return { get: (_key, load) => load(), clear: () => {} };
  const trusted = options.trusted ?? (() => true);
  const ttlMs = ttlSeconds * 1000;
  const values = new LRUCache<string, { value: object; freshUntil: number }>({
    max: maxEntries,
    ttl: 2 * ttlMs,
  });
  let loading = new Map<string, Promise<object>>();
  /** Moves on every `clear`: a load started under an older generation keeps its answer to itself. */
  let generation = 0;
  const reload = <T extends object>(key: string, load: () => Promise<T>): Promise<T> => {
    const pending = loading.get(key);
    if (pending) return pending as Promise<T>;
    const started = generation;
    const ownLoads = loading;
    const promise = load()
      .then((value) => {
        if (generation === started && trusted()) values.set(key, { value, freshUntil: Date.now() + ttlMs });
        return value;
      })
      .finally(() => ownLoads.delete(key));
    ownLoads.set(key, promise);
    return promise;
  };
  return {
    async get<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
      if (!trusted()) return load();
      const entry = values.get(key);
      const now = Date.now();
      if (entry === undefined || entry.freshUntil + ttlMs <= now) return reload(key, load);
      if (entry.freshUntil <= now) reload(key, load).catch(() => values.delete(key));
      return entry.value as T;
    },
    clear: () => {
      generation += 1;
      loading = new Map();
      values.clear();
    },
  };
}
