import { sql, type SQL } from "drizzle-orm";
import type { Database, DbOrTx } from "./client";
import { notify } from "./client";
import { systemClock, type Clock } from "~/shared/clock";

export const CACHE_CHANNEL = "shop_cache";

/**
 * Per-process cache of slowly changing reads (site status, menu, catalogue, geography).
 * `invalidate` clears the key here and, through PostgreSQL NOTIFY, in every other process.
 */
export interface Cache {
  /**
   * The cached value of `key`, loaded once per process until it is dropped; with `maxAgeMs`, loaded again
   * once it is older than that by the shop's clock (for reads that may lag a little, such as sales figures).
   */
  get<T>(key: string, load: () => Promise<T>, opts?: { maxAgeMs?: number }): Promise<T>;
  invalidate(key: string): Promise<void>;
  /**
   * Clears keys that start with a prefix (e.g. 'catalog:'). Pass the open transaction as `db` from inside one:
   * the notice then goes out when it commits (PostgreSQL delivers NOTIFY at commit), to this process too.
   */
  invalidatePrefix(prefix: string, db?: DbOrTx): Promise<void>;
  /**
   * `invalidatePrefix` for a statement the caller sends anyway inside its transaction: drops the keys here now
   * and answers the SQL expression (`pg_notify`) that tells every process when that transaction commits, to be
   * evaluated by that statement, so the notice costs no statement of its own.
   */
  prefixNotice(prefix: string): SQL;
  /**
   * A notice that brings `key`'s cached value up to date in every process when the caller's transaction commits,
   * instead of dropping it (decision 0056): `change` is an SQL json expression evaluated by the caller's statement,
   * and the patcher registered for the key (`onPatch`) makes the new value from the cached one and that json.
   * Nothing changes here before the commit: until its notice comes back, this process answers what it had. A key
   * without a patcher, a value still loading, or a patch that fails is dropped instead.
   */
  patchNotice(key: string, change: SQL): SQL;
  /** How `key`'s cached value takes a `patchNotice`'s change (the json as the statement made it). */
  onPatch<T>(key: string, patch: (current: T, change: unknown) => T): void;
  /** Calls `listener` whenever a key or prefix is dropped here, by this process or through NOTIFY. */
  onDrop(listener: (key: string) => void): void;
  /** Calls `listener` whenever a key's value is brought up to date by a `patchNotice` here. */
  onPatched(listener: (key: string) => void): void;
  /** Reads answered from the cache and reads that had to load, since the process started (metrics). */
  stats(): { hits: number; misses: number };
}

/** A cached value: its load (shared by every reader), when it was loaded, and the value once it is there. */
interface Entry {
  value: Promise<unknown>;
  loadedAt: number;
  loaded?: { value: unknown };
}

export function createCache(database: Database, clock: Clock = systemClock): Cache & { start(): Promise<void>; stop(): Promise<void> } {
  const entries = new Map<string, Entry>();
  let unlisten: (() => Promise<void>) | undefined;
  const listeners: ((key: string) => void)[] = [];
  const patchers = new Map<string, (current: unknown, change: unknown) => unknown>();
  const patchedListeners: ((key: string) => void)[] = [];
  const counts = { hits: 0, misses: 0 };
  const drop = (key: string) => {
    for (const l of listeners) l(key);
    if (key.endsWith("*")) {
      const prefix = key.slice(0, -1);
      for (const k of entries.keys()) if (k.startsWith(prefix)) entries.delete(k);
    } else entries.delete(key);
  };
  // a patch notice is {"patch": key, "change": json}; anything else is a key or prefix to drop
  const onNotice = (payload: string) => {
    if (!payload.startsWith("{")) return drop(payload);
    let key: string | undefined;
    try {
      const notice = JSON.parse(payload) as { patch: string; change: unknown };
      key = notice.patch;
      const entry = entries.get(key);
      const patch = patchers.get(key);
      if (!entry) return;
      // a value still loading may have been read before this change committed: load it again
      if (!patch || !entry.loaded) return drop(key);
      const value = patch(entry.loaded.value, notice.change);
      entries.set(key, { value: Promise.resolve(value), loadedAt: entry.loadedAt, loaded: { value } });
      for (const l of patchedListeners) l(key);
    } catch {
      drop(key ?? "*");
    }
  };
  return {
    get<T>(key: string, load: () => Promise<T>, opts: { maxAgeMs?: number } = {}): Promise<T> {
      // the clock is read only for entries that can age (get runs many times per request)
      const { maxAgeMs } = opts;
      let hit = entries.get(key);
      if (hit && maxAgeMs !== undefined && clock.now().getTime() - hit.loadedAt > maxAgeMs) hit = undefined;
      if (hit) counts.hits++;
      else {
        counts.misses++;
        const entry: Entry = { value: load(), loadedAt: maxAgeMs === undefined ? 0 : clock.now().getTime() };
        entries.set(key, entry);
        // the value kept once it is there (for patches); a failed load is not kept (unless a newer one has taken its
        // place meanwhile)
        entry.value.then(
          (value) => void (entry.loaded = { value }),
          () => entries.get(key) === entry && entries.delete(key),
        );
        hit = entry;
      }
      return hit.value as Promise<T>;
    },
    async invalidate(key) {
      drop(key);
      await notify(database.db, CACHE_CHANNEL, key);
    },
    async invalidatePrefix(prefix, db) {
      drop(`${prefix}*`);
      await notify(db ?? database.db, CACHE_CHANNEL, `${prefix}*`);
    },
    prefixNotice(prefix) {
      drop(`${prefix}*`);
      return sql`pg_notify(${CACHE_CHANNEL}, ${`${prefix}*`})`;
    },
    patchNotice(key, change) {
      return sql`pg_notify(${CACHE_CHANNEL}, json_build_object('patch', ${key}::text, 'change', ${change})::text)`;
    },
    onPatch(key, patch) {
      patchers.set(key, patch as (current: unknown, change: unknown) => unknown);
    },
    onDrop(listener) {
      listeners.push(listener);
    },
    onPatched(listener) {
      patchedListeners.push(listener);
    },
    stats: () => ({ ...counts }),
    async start() {
      // after the listening connection was lost and made again, notices of the meantime are missed: drop all
      unlisten = await database.listen(CACHE_CHANNEL, onNotice, () => drop("*"));
    },
    async stop() {
      await unlisten?.();
    },
  };
}
