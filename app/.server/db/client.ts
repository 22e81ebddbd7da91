import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { PgTransaction, type AnyPgColumn, type PgDatabase, type PgTable } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import type { WithSubquery } from "drizzle-orm/subquery";
import pg from "pg";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { codeRoot } from "../paths";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Tx = PgTransaction<any, any, any>;
/** Either the database or a transaction on it: repositories take this. */
export type DbOrTx = Db | Tx;

/**
 * Another module's change carried by a module's statement, so the two go to the database as one (issue 24 §2): a
 * data-modifying WITH under a name of its own that changes its rows only when `gate` holds — an SQL condition the
 * carrying statement makes true once its own change happened (e.g. `exists (select 1 from "settled")`). The
 * carrying module knows nothing of what it carries; a flow puts the two together. The carrier's own change comes
 * first: PostgreSQL runs a WITH that the main query does not read after the main query, and `gate` reads the
 * carrier's rows, so row locks are taken in the order the carrier's statement and then the rider's. `made`: what a
 * carrier offers its riders of what it made, as SQL expressions (the order's insert: its id and number).
 */
export type Rider<Made = void> = (db: DbOrTx, gate: SQL, made: Made) => WithSubquery;

/** How many rows a rider changed (it must have a RETURNING clause), for a carrier to select: the carrier's caller checks it. */
export const rodeSql = (ride: WithSubquery): SQL<number> => sql<number>`(select count(*) from ${ride})::int`;
/** The id of the row a rider made (its RETURNING names an `id`; null: none), for a carrier to select and hand back. */
export const rodeIdSql = (ride: WithSubquery): SQL<number | null> => sql<number | null>`(select id from ${ride} limit 1)`;

/**
 * A carrier's riders' answers (`rodeSql` or `rodeIdSql` of each): `columns` to spread into the carrier's select,
 * `read` to take them from its row, in the riders' order.
 */
export function rideAnswers<T>(rides: readonly WithSubquery[], answer: (ride: WithSubquery) => SQL<T>) {
  return {
    columns: Object.fromEntries(rides.map((r, i) => [`rode${i}`, answer(r)])),
    read: (row: Record<string, unknown> | undefined): (T | null)[] => rides.map((_, i) => (row?.[`rode${i}`] as T | undefined) ?? null),
  };
}

/**
 * A change that must happen before a statement's own change, so that several modules' changes go to the database
 * as one statement that needs no transaction around it (decision 0055): `ride` is a data-modifying WITH with a
 * RETURNING clause (a rider made with an always-true gate); `refusal` names why the statement is refused when it
 * changed no row, or is null when changing no row is fine (the step only has to come at its place, e.g. for the
 * order in which row locks are taken).
 */
export interface Step {
  ride: WithSubquery;
  refusal: string | null;
  /** more of the step's changes, made whatever it changed (the carrying statement runs them after its own) */
  also?: readonly WithSubquery[];
}

/** The WITH list of a statement carrying `steps`: each step's own first, in order. */
export const stepsWith = (steps: readonly Step[]): WithSubquery[] => steps.flatMap((s) => [s.ride, ...(s.also ?? [])]);

/**
 * An SQL expression (1) that runs `steps` one after the other, in their order, and refuses the whole statement
 * (`shop_refuse`, migration 0029: SQLSTATE P0001, everything the statement did is rolled back) at the first step
 * with a refusal that changed no row; a later step does not run. The carrying statement puts this expression in the
 * value its own change is made from, so its own row locks come after the steps'. PostgreSQL evaluates a CASE's
 * conditions in order and each sub-select when first needed, and runs a data-modifying WITH when first read.
 */
export function stepsSql(steps: readonly Step[]): SQL<number> {
  if (steps.length === 0) return sql<number>`1`;
  const whens = steps.map((s) =>
    s.refusal === null ? sql`when (select count(*) from ${s.ride}) < 0 then 0` : sql`when not exists (select 1 from ${s.ride}) then shop_refuse(${s.refusal})`,
  );
  return sql<number>`(case ${sql.join(whens, sql` `)} else 1 end)`;
}

/** The refusal (a `Step`'s) a statement raised, or null when the error is anything else. */
export function refusalOf(err: unknown): string | null {
  for (let x: unknown = err; x && typeof x === "object"; x = (x as { cause?: unknown }).cause) {
    const { code, message } = x as { code?: unknown; message?: unknown };
    if (code === "P0001" && typeof message === "string" && message.startsWith("shop_refuse: ")) return message.slice("shop_refuse: ".length);
  }
  return null;
}

/**
 * Another module's one row read in a module's read, so the two go to the database as one (issue 24 §2): `table`
 * left-joined where `on(key)` holds, `key` being the reading module's own key column (e.g. the basket's id). The
 * reading module hands the row back as it came; the module that owns the table makes sense of it.
 */
export interface Companion<Row> {
  table: PgTable;
  on: (key: AnyPgColumn) => SQL;
  /** the row's type (never set: it types what the reading module hands back) */
  readonly row?: Row;
}

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
  /**
   * Calls `onMessage` for each NOTIFY on `channel`. PostgreSQL: when the listening connection is lost (server
   * restart, `pg_terminate_backend`, network), it connects again with a growing pause (at most 5 s) and then
   * calls `onReconnect`, since notices sent meanwhile were missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Statements sent through `db` (and its transactions) since the database was opened: `npm run bench:load` reports them per request. */
  queries(): number;
  /** Of `queries()`, those that are transaction control (BEGIN, COMMIT, ROLLBACK, savepoints) and the sandbox payment provider's own books (its tables). */
  queryKinds(): { control: number; provider: number };
}

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** Drizzle's logger hook, used only to count statements (nothing is logged). */
function queryCounter() {
  let n = 0;
  let control = 0;
  let provider = 0;
  const logQuery = (query: string) => {
    n++;
    if (CONTROL.test(query)) control++;
    else if (query.includes('"sandbox_')) provider++;
  };
  return { logger: { logQuery }, queries: () => n, queryKinds: () => ({ control, provider }) };
}

/** drizzle/ beside the code (not the working directory): the server starts from anywhere. */
export const MIGRATIONS_DIR = join(codeRoot(), "drizzle");
const LOCK_KEY = 727_081;

/** `from`: an uncompressed dump (`dumpDataDir("none")`) the database starts as, instead of an empty one (tests). */
export async function openPglite(dataDir?: string, opts: { from?: Uint8Array } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite's Node file system writes straight to disk and has nothing to sync after a query; waiting for that
  // empty sync costs ~0.8 ms of the event loop per query (measured, issue 13), so don't wait for it
  const options = { relaxedDurability: true, ...(opts.from ? { loadDataDir: new Blob([opts.from as BlobPart], { type: "application/x-tar" }) } : {}) };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  const counter = queryCounter();
  const db = drizzlePglite(client, { logger: counter.logger });
  return {
    db,
    kind: "pglite",
    queries: counter.queries,
    queryKinds: counter.queryKinds,
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

export interface PoolOptions {
  max?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** At start, PostgreSQL that does not answer yet is tried again for this long before giving up. */
  startWaitSeconds?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** A start-up failure the process reports as one line (no stack). */
export class StartupError extends Error {}

/** The connection string without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

/** Texts whose name is remembered by the process (hashing a text costs more than looking it up). */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= 2 * NAMED_STATEMENTS_PER_CONNECTION) names.clear();
    names.set(text, (name = `s${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`));
  }
  return name;
}

/** Named statements one connection keeps at most; later new texts run unnamed (parsed each time, as before). */
export const NAMED_STATEMENTS_PER_CONNECTION = 400;

/**
 * Names every parameterised statement a pool connection sends after a hash of its text, so PostgreSQL parses
 * and analyses it once per connection and reuses it (node-postgres then sends only Bind/Execute). The shop's
 * statements are a fixed set of shapes, so this is nearly all of them; a connection keeps at most
 * NAMED_STATEMENTS_PER_CONNECTION names, bounding PostgreSQL's memory if some caller made texts without end.
 * Statements without parameters (BEGIN, COMMIT, migrations, LISTEN) stay unnamed. Decision 0046.
 */
function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = new Set<string>();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (typeof config === "object" && config !== null && "text" in config && !("name" in config && (config as { name?: string }).name)) {
      const c = config as { text: string; values?: unknown[] };
      const values = Array.isArray(rest[0]) ? rest[0] : c.values;
      if (values && values.length > 0) {
        const name = statementName(c.text);
        if (named.has(name) || named.size < NAMED_STATEMENTS_PER_CONNECTION) {
          named.add(name);
          return query({ ...c, name }, ...rest);
        }
      }
    }
    return query(config, ...rest);
  };
}

export async function openPostgres(url: string, opts: PoolOptions | number = {}): Promise<Database> {
  const o: PoolOptions = typeof opts === "number" ? { max: opts } : opts;
  const clientOptions = {
    connectionString: url,
    connectionTimeoutMillis: o.connectTimeoutMs ?? 5_000,
    ...(o.statementTimeoutMs ? { statement_timeout: o.statementTimeoutMs } : {}),
  };
  const pool = new pg.Pool({ ...clientOptions, max: o.max ?? 10, idleTimeoutMillis: o.idleTimeoutMs ?? 30_000 });
  pool.on("connect", nameStatements);
  pool.on("error", () => {
    /* idle client errors are reported by the next query */
  });
  // PostgreSQL may still be starting (a host's boot, a container's): try again for a bounded time
  const deadline = performance.now() + (o.startWaitSeconds ?? 0) * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query("select 1");
      break;
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      if (performance.now() >= deadline) {
        await pool.end().catch(() => {});
        throw new StartupError(`PostgreSQL'e bağlanılamadı / cannot reach PostgreSQL at ${redactUrl(url)}: ${reason.replace(url, redactUrl(url))}`);
      }
      if (attempt === 1) o.log?.warn({ db: redactUrl(url), reason }, "PostgreSQL not reachable yet, retrying");
      await new Promise((r) => setTimeout(r, Math.min(2_000, 250 * attempt)));
    }
  }
  const counter = queryCounter();
  const db = drizzlePg(pool, { logger: counter.logger });
  return {
    db,
    kind: "postgres",
    queries: counter.queries,
    queryKinds: counter.queryKinds,
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
    async listen(channel, onMessage, onReconnect) {
      let stopped = false;
      let client: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      const quoted = `"${channel.replace(/"/g, "")}"`;
      const connect = async (): Promise<pg.Client> => {
        const c = new pg.Client(clientOptions);
        c.on("notification", (n) => {
          if (n.channel === channel) onMessage(n.payload ?? "");
        });
        // a lost connection (server restart, pg_terminate_backend, network): listen again on a new one
        c.on("error", () => lost(c));
        c.on("end", () => lost(c));
        await c.connect();
        await c.query(`listen ${quoted}`);
        return c;
      };
      const again = (attempt: number) => {
        retry = setTimeout(() => {
          retry = undefined;
          if (stopped) return;
          connect().then(
            (c) => {
              if (stopped) return void c.end().catch(() => {});
              client = c;
              o.log?.info({ channel, attempt }, "listener reconnected");
              // notices sent while no one listened are lost: whatever they would have dropped, drop now
              onReconnect?.();
            },
            () => again(attempt + 1),
          );
        }, Math.min(5_000, 100 * 2 ** attempt));
        retry.unref();
      };
      const lost = (c: pg.Client) => {
        if (stopped || client !== c) return;
        client = undefined;
        o.log?.warn({ channel }, "listener connection lost, reconnecting");
        again(0);
      };
      client = await connect();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        await client?.end().catch(() => {});
      };
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; pool?: PoolOptions }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.pool) : openPglite(resolve(opts.dataDir ?? "./data", "pglite"));
}

/** The migrations shipped with the code (drizzle/meta/_journal.json). */
export function shippedMigrations(): number {
  const journal = join(MIGRATIONS_DIR, "meta", "_journal.json");
  if (!existsSync(journal)) {
    throw new StartupError(`Geçiş dosyaları bulunamadı / migrations missing: ${MIGRATIONS_DIR} (ship drizzle/ beside server.js)`);
  }
  return (JSON.parse(readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}

/** Migrations recorded as applied in the database (drizzle's own table); 0 when none ran yet. */
export async function appliedMigrations(db: Db): Promise<number> {
  try {
    const r = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return ((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}

/** Applies the shipped migrations under the advisory lock; says how many were new. */
export async function migrate(database: Database): Promise<{ applied: number; total: number }> {
  const total = shippedMigrations();
  const before = await appliedMigrations(database.db);
  await database.withLock(async (db) => {
    if (database.kind === "pglite") {
      await migratePglite(db as Parameters<typeof migratePglite>[0], { migrationsFolder: MIGRATIONS_DIR });
    } else {
      await migratePg(db as Parameters<typeof migratePg>[0], { migrationsFolder: MIGRATIONS_DIR });
    }
  });
  return { applied: (await appliedMigrations(database.db)) - before, total };
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}

/**
 * A FROM of exactly one row, for a statement that must answer one row whatever its joins or CTEs found (left joins
 * onto it, counts of a data-modifying WITH).
 */
export const ONE_ROW = sql`(values (1)) as one (x)`;

export async function notify(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** PGlite's own dump of its data directory (a gzipped tarball); the directory must not be open elsewhere. */
export async function dumpPglite(dataDir: string): Promise<Uint8Array> {
  const client = new PGlite(dataDir);
  await client.waitReady;
  try {
    const blob = await client.dumpDataDir("gzip");
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    await client.close();
  }
}

/** Makes a PGlite data directory from a dump (`dumpPglite`); the directory must be empty or absent. */
export async function loadPglite(dataDir: string, dump: Uint8Array): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { loadDataDir: new Blob([dump as BlobPart], { type: "application/x-gzip" }) });
  await client.waitReady;
  await client.close();
}
