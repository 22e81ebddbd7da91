import type { Database, DbOrTx } from "./client";
import { notify } from "./client";

export const CACHE_CHANNEL = "shop_cache";

/**
 * Per-process cache of slowly changing reads (site status, menu, catalogue, geography).
 * `invalidate` clears the key here and, through PostgreSQL NOTIFY, in every other process.
 */
export interface Cache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(key: string): Promise<void>;
  /**
   * Clears keys that start with a prefix (e.g. 'catalog:'). Pass the open transaction as `db` from inside one:
   * the notice then goes out when it commits (PostgreSQL delivers NOTIFY at commit), to this process too.
   */
  invalidatePrefix(prefix: string, db?: DbOrTx): Promise<void>;
  /** Calls `listener` whenever a key or prefix is dropped here, by this process or through NOTIFY. */
  onDrop(listener: (key: string) => void): void;
}

export function createCache(database: Database): Cache & { start(): Promise<void>; stop(): Promise<void> } {
  const entries = new Map<string, Promise<unknown>>();
  let unlisten: (() => Promise<void>) | undefined;
  const listeners: ((key: string) => void)[] = [];
  const drop = (key: string) => {
    for (const l of listeners) l(key);
    if (key.endsWith("*")) {
      const prefix = key.slice(0, -1);
      for (const k of entries.keys()) if (k.startsWith(prefix)) entries.delete(k);
    } else entries.delete(key);
  };
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let hit = entries.get(key) as Promise<T> | undefined;
      if (!hit) {
        hit = load();
        entries.set(key, hit);
        hit.catch(() => entries.delete(key));
      }
      return hit;
    },
    async invalidate(key) {
      drop(key);
      await notify(database.db, CACHE_CHANNEL, key);
    },
    async invalidatePrefix(prefix, db) {
      drop(`${prefix}*`);
      await notify(db ?? database.db, CACHE_CHANNEL, `${prefix}*`);
    },
    onDrop(listener) {
      listeners.push(listener);
    },
    async start() {
      unlisten = await database.listen(CACHE_CHANNEL, drop);
    },
    async stop() {
      await unlisten?.();
    },
  };
}
