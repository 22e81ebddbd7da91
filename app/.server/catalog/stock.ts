import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { catalogProducts } from "../db/schema/catalog";

/**
 * Stock held by orders (issue 8). `reserve` takes the rows in product-id order (so two orders never wait on each
 * other in opposite orders) and decrements only where enough is left; null stock means made to order.
 * Runs inside the order's transaction: a failed order takes nothing.
 */
export type Reservation = { ok: true } | { ok: false; productId: number };

function totals(items: { productId: number; quantity: number }[]): [number, number][] {
  const m = new Map<number, number>();
  for (const i of items) m.set(i.productId, (m.get(i.productId) ?? 0) + i.quantity);
  return [...m.entries()].sort((a, b) => a[0] - b[0]);
}

export async function reserve(tx: DbOrTx, items: { productId: number; quantity: number }[]): Promise<Reservation> {
  for (const [productId, quantity] of totals(items)) {
    const rows = await tx
      .update(catalogProducts)
      .set({ stock: sql`case when ${catalogProducts.stock} is null then null else ${catalogProducts.stock} - ${quantity} end` })
      .where(and(eq(catalogProducts.id, productId), eq(catalogProducts.active, true), sql`(${catalogProducts.stock} is null or ${catalogProducts.stock} >= ${quantity})`))
      .returning({ id: catalogProducts.id });
    if (rows.length === 0) return { ok: false, productId };
  }
  return { ok: true };
}

/** Gives stock back (order cancelled). */
export async function release(tx: DbOrTx, items: { productId: number; quantity: number }[]): Promise<void> {
  for (const [productId, quantity] of totals(items)) {
    await tx
      .update(catalogProducts)
      .set({ stock: sql`${catalogProducts.stock} + ${quantity}` })
      .where(and(eq(catalogProducts.id, productId), isNotNull(catalogProducts.stock)));
  }
}

/** The catalogue's process-cache prefix (catalog/service keeps every cached read under it). */
export const CATALOG_CACHE_PREFIX = "catalog:";
/**
 * Stock per product is cached apart from the rest of the catalogue (under the same prefix, so a catalogue change
 * drops it too): an order changes only this, and the texts, prices and groups stay loaded.
 */
export const STOCK_CACHE_PREFIX = `${CATALOG_CACHE_PREFIX}stock:`;

/** Drops the cached stock in every process when `tx` commits (an order placed or cancelled). */
export function invalidateAfterStockChange(app: AppContext, tx: DbOrTx): Promise<void> {
  return app.cache.invalidatePrefix(STOCK_CACHE_PREFIX, tx);
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
