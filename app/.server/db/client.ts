import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { PgTransaction, type PgDatabase } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import pg from "pg";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Tx = PgTransaction<any, any, any>;
/** Either the database or a transaction on it: repositories take this. */
export type DbOrTx = Db | Tx;

/**
 * Reads that belong together: in parallel on the database (each on its own pool connection), one after the
 * other inside a transaction, which has one connection (node-postgres runs overlapping queries on one client
 * in turn anyway, and deprecates sending them). Drizzle's queries start when awaited, so pass them unawaited.
 */
export async function readTogether<T extends readonly PromiseLike<unknown>[] | []>(db: DbOrTx, queries: T): Promise<Answers<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries)) as Answers<T>;
  const out: unknown[] = [];
  for (const q of queries) out.push(await q);
  return out as Answers<T>;
}
type Answers<T extends readonly unknown[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `fn` holding an exclusive advisory lock on one connection (migrations, seeding). */
  withLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Statements sent through `db` (and its transactions) since the database was opened: `npm run bench:load` reports them per request. */
  queries(): number;
}

/** Drizzle's logger hook, used only to count statements (nothing is logged). */
function queryCounter() {
  let n = 0;
  return { logger: { logQuery: () => void n++ }, queries: () => n };
}

export const MIGRATIONS_DIR = resolve("drizzle");
const LOCK_KEY = 727_081;

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite's Node file system writes straight to disk and has nothing to sync after a query; waiting for that
  // empty sync costs ~0.8 ms of the event loop per query (measured, issue 13), so don't wait for it
  const client = dataDir ? new PGlite(dataDir, { relaxedDurability: true }) : new PGlite({ relaxedDurability: true });
  await client.waitReady;
  const counter = queryCounter();
  const db = drizzlePglite(client, { logger: counter.logger });
  return {
    db,
    kind: "pglite",
    queries: counter.queries,
    // PGlite runs one query at a time in this process: no other process may open its directory.
    withLock: (fn) => fn(db),
    async listen(channel, onMessage) {
      const unsub = await client.listen(channel, onMessage);
      return async () => unsub();
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {
    /* idle client errors are reported by the next query */
  });
  const counter = queryCounter();
  const db = drizzlePg(pool, { logger: counter.logger });
  return {
    db,
    kind: "postgres",
    queries: counter.queries,
    async withLock(fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [LOCK_KEY]);
        try {
          return await fn(drizzlePg(client));
        } finally {
          await client.query("select pg_advisory_unlock($1)", [LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, onMessage) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on("notification", (n) => {
        if (n.channel === channel) onMessage(n.payload ?? "");
      });
      client.on("error", () => {
        /* a dropped listener only delays cache invalidation until restart */
      });
      await client.query(`listen "${channel.replace(/"/g, "")}"`);
      return async () => {
        await client.end();
      };
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(resolve(opts.dataDir ?? "./data", "pglite"));
}

export async function migrate(database: Database): Promise<void> {
  await database.withLock(async (db) => {
    if (database.kind === "pglite") {
      await migratePglite(db as Parameters<typeof migratePglite>[0], { migrationsFolder: MIGRATIONS_DIR });
    } else {
      await migratePg(db as Parameters<typeof migratePg>[0], { migrationsFolder: MIGRATIONS_DIR });
    }
  });
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}

export async function notify(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
