import { LRUCache } from 'lru-cache';

/**
 * In-process memo of guests' catalogue answers (serialized JSON keyed by the normalised request), so a
 * popular county page costs one map lookup instead of a query. Bounded in entries and age. A committed
 * change to what the catalogue shows clears it on every API process (platform/catalogue-changes.ts,
 * decision 0107); the age bound is only the backstop (decision 0028). Signed-in callers reuse the guest
 * body and get their own `alreadyRequested`.
 */
export interface ResponseCache {
  /**
   * The cached value of `key`, or `load()`'s, remembered for later calls (concurrent misses share one
   * load). `areasOf` names the areas (region or county codes) whose changes can alter the value, so
   * `clearAreas` can spare it; a value without areas is cleared by every clear.
   */
  get<T extends object>(
    key: string,
    load: () => Promise<T>,
    areasOf?: (value: T) => readonly string[],
  ): Promise<T>;
  /**
   * Forgets every entry. A load already running when this is called still answers its own callers
   * but is neither remembered nor shared with later ones: it may have read the data before the change.
   */
  clear(): void;
  /**
   * Forgets the entries with an area overlapping one of `areas` and every entry without areas; a
   * running load is kept only if none of its areas overlaps them. Two areas overlap when one code
   * starts with the other: the same area, or a region and one of its counties (county codes begin with
   * their region's, a database constraint). So a county named clears its own entries and its region's,
   * and a region named clears its own and all of its counties'.
   */
  clearAreas(areas: readonly string[]): void;
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
  if (ttlSeconds <= 0) return { get: (_key, load) => load(), clear: () => {}, clearAreas: () => {} };
  const trusted = options.trusted ?? (() => true);
  const ttlMs = ttlSeconds * 1000;
  const values = new LRUCache<string, { value: object; freshUntil: number; areas: readonly string[] }>({
    max: maxEntries,
    ttl: 2 * ttlMs,
  });
  let loading = new Map<string, Promise<object>>();
  /** Counts clears; a load remembers the count it started under. */
  let generation = 0;
  /** The generation of the last whole clear, and of the last clear of each area. */
  let clearedAll = 0;
  const clearedAreas = new Map<string, number>();
  const touches = (areas: readonly string[], changed: string) =>
    areas.some((area) => area.startsWith(changed) || changed.startsWith(area));
  /** Whether a value loaded from generation `started` on may be kept: no clear since touched its areas. */
  const unchangedSince = (started: number, areas: readonly string[]) => {
    if (clearedAll > started) return false;
    if (generation === started) return true;
    if (areas.length === 0) return false;
    for (const [changed, cleared] of clearedAreas) {
      if (cleared > started && touches(areas, changed)) return false;
    }
    return true;
  };
  const reload = <T extends object>(
    key: string,
    load: () => Promise<T>,
    areasOf?: (value: T) => readonly string[],
  ): Promise<T> => {
    const pending = loading.get(key);
    if (pending) return pending as Promise<T>;
    const started = generation;
    const ownLoads = loading;
    const promise = load()
      .then((value) => {
        const areas = areasOf?.(value) ?? [];
        if (unchangedSince(started, areas) && trusted()) {
          values.set(key, { value, freshUntil: Date.now() + ttlMs, areas });
        }
        return value;
      })
      .finally(() => ownLoads.delete(key));
    ownLoads.set(key, promise);
    return promise;
  };
  return {
    async get<T extends object>(
      key: string,
      load: () => Promise<T>,
      areasOf?: (value: T) => readonly string[],
    ): Promise<T> {
      if (!trusted()) return load();
      const entry = values.get(key);
      const now = Date.now();
      if (entry === undefined || entry.freshUntil + ttlMs <= now) return reload(key, load, areasOf);
      if (entry.freshUntil <= now) reload(key, load, areasOf).catch(() => values.delete(key));
      return entry.value as T;
    },
    clear: () => {
      generation += 1;
      clearedAll = generation;
      clearedAreas.clear();
      loading = new Map();
      values.clear();
    },
    clearAreas: (areas) => {
      generation += 1;
      for (const changed of areas) clearedAreas.set(changed, generation);
      // Later callers never join a load started before this clear: it may have read the old rows.
      loading = new Map();
      const cleared = [...values.entries()].filter(
        ([, entry]) => entry.areas.length === 0 || areas.some((changed) => touches(entry.areas, changed)),
      );
      for (const [key] of cleared) values.delete(key);
    },
  };
}
