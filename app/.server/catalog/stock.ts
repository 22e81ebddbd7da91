import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { ONE_ROW, rideAnswers, rodeIdSql, type DbOrTx, type Rider } from "../db/client";
import { catalogProducts } from "../db/schema/catalog";

/**
 * Stock held by orders (issue 8). `reserve` takes the rows in product-id order (so two orders never wait on each
 * other in opposite orders) and decrements only where enough is left; null stock means made to order.
 * Runs inside the order's transaction: a failed order takes nothing.
 */
export type Reservation = { ok: true; rode?: (number | null)[] } | { ok: false; productId: number };

/** What a stock statement carries besides the stock (the last product's statement): SQL evaluated in it, and riders. */
export interface Carried {
  /** expressions evaluated whether or not a row changed (another module's lock) */
  notices?: readonly SQL[];
  /**
   * the cache's notice, made from the stock of every product of the change as it stands in this transaction after
   * it (a json object: product id → stock, null when made to order), evaluated with the notices
   */
  stockNotice?: (stock: SQL) => SQL;
  /** other modules' changes (db/client.ts `Rider`); each answers the id of the row it made */
  riders?: readonly Rider[];
}

/**
 * One product's stock change, what it carries (`Carried`) in the same statement; answers the rows changed and the
 * riders' ids.
 */
async function change(tx: DbOrTx, productId: number, set: SQL, where: SQL, { notices = [], stockNotice, riders = [] }: Carried, earlier: readonly number[] = []): Promise<{ n: number; rode: (number | null)[] }> {
  const changed = tx.$with("changed").as(
    tx
      .update(catalogProducts)
      .set({ stock: set })
      .where(and(eq(catalogProducts.id, productId), where))
      .returning({ id: catalogProducts.id, stock: catalogProducts.stock }),
  );
  // the stock after the change: this product's from its own update (a statement does not see its own changes),
  // the earlier products' from the table (this transaction's earlier statements changed and locked them)
  const after = stockNotice
    ? [
        stockNotice(
          sql`(select coalesce(json_object_agg(s.id, s.stock), '{}'::json) from (select ${catalogProducts.id} as id, ${catalogProducts.stock} as stock from ${catalogProducts} where ${earlier.length ? inArray(catalogProducts.id, [...earlier]) : sql`false`} union all select id, stock from ${changed}) s)`,
        ),
      ]
    : [];
  // what rides along happens once this product's stock changed (a rider that inserts cannot be gated: the caller
  // rolls back when the stock was short)
  const rides = riders.map((ride) => ride(tx, sql`exists (select 1 from ${changed})`));
  const ids = rideAnswers(rides, rodeIdSql);
  // one row whatever changed: the count of the rows changed, the notices evaluated once, the riders' ids
  const [row] = (await tx
    .with(changed, ...rides)
    .select({
      n: sql<number>`(select count(*) from ${changed})::int`,
      ...Object.fromEntries([...notices, ...after].map((n, i) => [`told${i}`, sql<boolean>`${n} is null`])),
      ...ids.columns,
    })
    .from(ONE_ROW)) as Record<string, unknown>[];
  return { n: (row?.n as number | undefined) ?? 0, rode: ids.read(row) };
}

function totals(items: { productId: number; quantity: number }[]): [number, number][] {
  const m = new Map<number, number>();
  for (const i of items) m.set(i.productId, (m.get(i.productId) ?? 0) + i.quantity);
  return [...m.entries()].sort((a, b) => a[0] - b[0]);
}

/**
 * Changes each product's stock in turn (one statement each), `notice` riding on the last one's statement: with one
 * product, one statement in all. With `required`, stops at the first product whose change finds no row and answers
 * it (the caller rolls back); without, goes on (a product made to order has no stock to give back).
 */
async function changeEach(
  tx: DbOrTx,
  items: { productId: number; quantity: number }[],
  carried: Carried,
  { required }: { required: boolean },
  step: (quantity: number) => { set: SQL; where: SQL },
): Promise<{ short: number | null; rode: (number | null)[] }> {
  const all = totals(items);
  let rode: (number | null)[] = [];
  for (const [n, [productId, quantity]] of all.entries()) {
    const { set, where } = step(quantity);
    const changed = await change(tx, productId, set, where, n === all.length - 1 ? carried : {}, all.slice(0, n).map(([id]) => id));
    if (required && changed.n === 0) return { short: productId, rode: [] };
    rode = changed.rode;
  }
  return { short: null, rode };
}

/**
 * Takes the lines' stock where enough is left (null stock: made to order); `carried` as `changeEach`'s, and the
 * riders' ids answered when there were riders (no lines: no statement, and they did not ride).
 */
export async function reserve(tx: DbOrTx, items: { productId: number; quantity: number }[], carried: Carried = {}): Promise<Reservation> {
  const { short, rode } = await changeEach(tx, items, carried, { required: true }, (quantity) => ({
    set: sql`case when ${catalogProducts.stock} is null then null else ${catalogProducts.stock} - ${quantity} end`,
    where: and(eq(catalogProducts.active, true), sql`(${catalogProducts.stock} is null or ${catalogProducts.stock} >= ${quantity})`)!,
  }));
  // a refusal rolls the caller's transaction back, and its notice with it
  if (short !== null) return { ok: false, productId: short };
  return carried.riders?.length ? { ok: true, rode } : { ok: true };
}

/** Gives stock back (order cancelled, hold let go); `carried` as for `reserve`. */
export async function release(tx: DbOrTx, items: { productId: number; quantity: number }[], carried: Carried = {}): Promise<void> {
  await changeEach(tx, items, carried, { required: false }, (quantity) => ({ set: sql`${catalogProducts.stock} + ${quantity}`, where: isNotNull(catalogProducts.stock) }));
}

/** The catalogue's process-cache prefix (catalog/service keeps every cached read under it). */
export const CATALOG_CACHE_PREFIX = "catalog:";
/**
 * Stock per product is cached apart from the rest of the catalogue (under the same prefix, so a catalogue change
 * drops it too): an order changes only this, and the texts, prices and groups stay loaded.
 */
export const STOCK_CACHE_PREFIX = `${CATALOG_CACHE_PREFIX}stock:`;

/**
 * The cached stock after a change (`Carried.stockNotice`'s json: product id → stock): a new map, so what was derived
 * from the old one is made again. Throws on anything else (the cache then drops the stock instead).
 */
export function patchStock(current: Map<number, number | null>, change: unknown): Map<number, number | null> {
  if (!change || typeof change !== "object" || Array.isArray(change)) throw new Error("stock patch: not an object");
  const next = new Map(current);
  for (const [id, stock] of Object.entries(change)) {
    if (!/^\d+$/.test(id) || !(stock === null || Number.isSafeInteger(stock))) throw new Error(`stock patch: ${id} → ${String(stock)}`);
    next.set(Number(id), stock as number | null);
  }
  return next;
}

/** Current stock of every product (null: made to order), for the cache under `STOCK_CACHE_PREFIX`. */
export async function readStock(db: DbOrTx): Promise<Map<number, number | null>> {
  const rows = await db.select({ id: catalogProducts.id, stock: catalogProducts.stock }).from(catalogProducts);
  return new Map(rows.map((r) => [r.id, r.stock]));
}

/** Product `productId` is active and has `quantity` (an SQL expression) in stock, or is made to order (null stock). */
export function sellableSql(productId: number, quantity: SQL): SQL {
  return sql`exists (select 1 from ${catalogProducts} where ${catalogProducts.id} = ${productId} and ${catalogProducts.active} and (${catalogProducts.stock} is null or ${catalogProducts.stock} >= ${quantity}))`;
}
