import type { DbOrTx } from "../db/client";
import * as repo from "./repo";

/**
 * Stock held by orders (issue 8). `reserve` takes the rows in product-id order (so two orders never wait on each
 * other in opposite orders) and decrements only where enough is left; null stock means made to order.
 * Runs inside the order's transaction: a failed order takes nothing.
 */
export type Reservation = { ok: true; rode?: (number | null)[] } | { ok: false; productId: number };

/** What a stock statement carries besides the stock (the last product's statement): see repo.ts `changeStock`. */
export type { Carried } from "./repo";

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
  carried: repo.Carried,
  { required }: { required: boolean },
  step: (quantity: number) => repo.StockStep,
): Promise<{ short: number | null; rode: (number | null)[] }> {
  const all = totals(items);
  let rode: (number | null)[] = [];
  for (const [n, [productId, quantity]] of all.entries()) {
    const changed = await repo.changeStock(tx, productId, step(quantity), n === all.length - 1 ? carried : {}, all.slice(0, n).map(([id]) => id));
    if (required && changed.n === 0) return { short: productId, rode: [] };
    rode = changed.rode;
  }
  return { short: null, rode };
}

/**
 * Takes the lines' stock where enough is left (null stock: made to order); `carried` as `changeEach`'s, and the
 * riders' ids answered when there were riders (no lines: no statement, and they did not ride).
 */
export async function reserve(tx: DbOrTx, items: { productId: number; quantity: number }[], carried: repo.Carried = {}): Promise<Reservation> {
  const { short, rode } = await changeEach(tx, items, carried, { required: true }, repo.takeStockStep);
  // a refusal rolls the caller's transaction back, and its notice with it
  if (short !== null) return { ok: false, productId: short };
  return carried.riders?.length ? { ok: true, rode } : { ok: true };
}

/** Gives stock back (order cancelled, hold let go); `carried` as for `reserve`. */
export async function release(tx: DbOrTx, items: { productId: number; quantity: number }[], carried: repo.Carried = {}): Promise<void> {
  await changeEach(tx, items, carried, { required: false }, repo.giveBackStockStep);
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
  const rows = await repo.readStockRows(db);
  return new Map(rows.map((r) => [r.id, r.stock]));
}

/** Product `productId` is active and has `quantity` (an SQL expression) in stock, or is made to order (null stock). */
export { sellableSql } from "./repo";
