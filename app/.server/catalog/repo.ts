import { asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import {
  catalogBoxTypes,
  catalogCookies,
  catalogGroupProducts,
  catalogGroups,
  catalogProducts,
  catalogSalesHistory,
  catalogStorefront,
  catalogVariants,
} from "../db/schema/catalog";

export type ProductRow = typeof catalogProducts.$inferSelect;
export type GroupRow = typeof catalogGroups.$inferSelect;
export type BoxTypeRow = typeof catalogBoxTypes.$inferSelect;
export type VariantRow = typeof catalogVariants.$inferSelect;
export type GroupLinkRow = typeof catalogGroupProducts.$inferSelect;
export type CookieRow = typeof catalogCookies.$inferSelect;
export type StorefrontRow = typeof catalogStorefront.$inferSelect;

/** The whole (small) catalogue in five queries; the service keeps it in memory. */
export async function readCatalogue(db: DbOrTx) {
  const [products, groups, boxTypes, variants, links] = await Promise.all([
    db.select().from(catalogProducts).where(eq(catalogProducts.active, true)).orderBy(asc(catalogProducts.id)),
    db.select().from(catalogGroups).where(eq(catalogGroups.active, true)).orderBy(asc(catalogGroups.position)),
    db.select().from(catalogBoxTypes),
    db.select().from(catalogVariants).orderBy(asc(catalogVariants.productId), asc(catalogVariants.position)),
    db.select().from(catalogGroupProducts).orderBy(asc(catalogGroupProducts.groupCode), asc(catalogGroupProducts.position)),
  ]);
  return { products, groups, boxTypes, variants, links };
}

export function readCookies(db: DbOrTx): Promise<CookieRow[]> {
  return db.select().from(catalogCookies).orderBy(asc(catalogCookies.position));
}

export function readStorefront(db: DbOrTx): Promise<StorefrontRow[]> {
  return db.select().from(catalogStorefront).where(gt(catalogStorefront.stock, 0)).orderBy(asc(catalogStorefront.productId));
}

export async function updatePrices(db: DbOrTx, id: number, itemPrice: number, originalPrice: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(catalogProducts)
    .set({ itemPrice, originalPrice, updatedAt: at })
    .where(eq(catalogProducts.id, id))
    .returning({ id: catalogProducts.id });
  return rows.length > 0;
}

export async function setStorefront(db: DbOrTx, row: typeof catalogStorefront.$inferInsert): Promise<void> {
  await db
    .insert(catalogStorefront)
    .values(row)
    .onConflictDoUpdate({ target: catalogStorefront.productId, set: { stock: row.stock, producedOn: row.producedOn, note: row.note ?? "" } });
}

/** Imported (pre-shop) units sold per product from each start day (null: all time). */
export async function historyUnitsByProduct(db: DbOrTx, since: (string | null)[]): Promise<{ productId: number; units: number[] }[]> {
  const cols = Object.fromEntries(
    since.map((from, i) => [
      `w${i}`,
      from
        ? sql<number>`coalesce(sum(${catalogSalesHistory.quantity}) filter (where ${catalogSalesHistory.day} >= ${from}), 0)::int`
        : sql<number>`coalesce(sum(${catalogSalesHistory.quantity}), 0)::int`,
    ]),
  );
  const rows = (await db
    .select({ productId: catalogSalesHistory.productId, ...cols })
    .from(catalogSalesHistory)
    .groupBy(catalogSalesHistory.productId)) as unknown as Record<string, number>[];
  return rows.map((r) => ({ productId: Number(r.productId), units: since.map((_, i) => Number(r[`w${i}`] ?? 0)) }));
}

export async function addHistory(db: DbOrTx, rows: (typeof catalogSalesHistory.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(catalogSalesHistory)
    .values(rows)
    .onConflictDoUpdate({
      target: [catalogSalesHistory.productId, catalogSalesHistory.day],
      set: { quantity: sql`excluded.quantity` },
    });
}

export async function clearHistory(db: DbOrTx): Promise<void> {
  await db.delete(catalogSalesHistory);
}

/** Current rows of some products and their variants, read through `db` (an order's transaction). */
export async function readProductsFor(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return { products: [] as ProductRow[], variants: [] as VariantRow[] };
  const [products, variants] = [
    await db.select().from(catalogProducts).where(inArray(catalogProducts.id, ids)),
    await db.select().from(catalogVariants).where(inArray(catalogVariants.productId, ids)),
  ];
  return { products, variants };
}
