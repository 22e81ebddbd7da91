import { and, asc, count, eq, gt, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { ONE_ROW, readTogether, rideAnswers, rodeIdSql, type DbOrTx, type Rider } from "../db/client";
import { textContains } from "../db/search";
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
export type NewProduct = typeof catalogProducts.$inferInsert;

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

// ─── admin.ts (the catalogue as staff edit it) ──────────────────────────────────────────────────

export interface StaffProductQuery {
  /** trimmed: a number (1–9 digits) finds that product or names containing it */
  q: string;
  state: "" | "active" | "archived";
  kind: string;
}

/** Products by number or name (archived too), in number order, with their storefront stock; one page and the total. */
export async function staffProductsPage(db: DbOrTx, f: StaffProductQuery, limit: number, offset: number) {
  const conds = [];
  const { q } = f;
  if (q) {
    conds.push(/^\d{1,9}$/.test(q) ? or(eq(catalogProducts.id, Number(q)), textContains(catalogProducts.name, q))! : textContains(catalogProducts.name, q));
  }
  if (f.state === "active") conds.push(eq(catalogProducts.active, true));
  if (f.state === "archived") conds.push(eq(catalogProducts.active, false));
  if (f.kind) conds.push(sql`${catalogProducts.group} = ${f.kind}`);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: catalogProducts.id,
        name: catalogProducts.name,
        packageContent: catalogProducts.packageContent,
        itemPrice: catalogProducts.itemPrice,
        originalPrice: catalogProducts.originalPrice,
        stock: catalogProducts.stock,
        active: catalogProducts.active,
        group: catalogProducts.group,
        imgName: catalogProducts.imgName,
        storefront: catalogStorefront.stock,
      })
      .from(catalogProducts)
      .leftJoin(catalogStorefront, eq(catalogStorefront.productId, catalogProducts.id))
      .where(where)
      .orderBy(asc(catalogProducts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(catalogProducts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findProduct(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [product] = await db.select().from(catalogProducts).where(eq(catalogProducts.id, id));
  return product;
}

const groupCodesQuery = (db: DbOrTx, productId: number) =>
  db.select({ code: catalogGroupProducts.groupCode }).from(catalogGroupProducts).where(eq(catalogGroupProducts.productId, productId));
const storefrontRowQuery = (db: DbOrTx, productId: number) => db.select().from(catalogStorefront).where(eq(catalogStorefront.productId, productId));

/** The codes of the lists (groups) a product is in, unordered. */
export async function groupCodesOf(db: DbOrTx, productId: number): Promise<string[]> {
  return (await groupCodesQuery(db, productId)).map((l) => l.code);
}

/** A product's list codes (unordered) and its storefront row, read together. */
export async function listsAndStorefrontOf(db: DbOrTx, productId: number): Promise<{ lists: string[]; storefront: StorefrontRow | undefined }> {
  const [lists, [storefront]] = await readTogether(db, [groupCodesQuery(db, productId), storefrontRowQuery(db, productId)]);
  return { lists: lists.map((l) => l.code), storefront };
}

/** Box types and product lists to choose from. */
export async function readChoices(db: DbOrTx) {
  const [boxes, groups] = await Promise.all([
    db.select({ code: catalogBoxTypes.code, name: catalogBoxTypes.name }).from(catalogBoxTypes).orderBy(asc(catalogBoxTypes.name)),
    db
      .select({ code: catalogGroups.code, name: catalogGroups.name, kind: catalogGroups.kind, active: catalogGroups.active })
      .from(catalogGroups)
      .orderBy(asc(catalogGroups.position)),
  ]);
  return { boxes, groups };
}

/** Product numbers are taken one creation at a time: an advisory lock held until the transaction ends. */
export async function lockProductNumbers(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('catalog_products.id'))`);
}

/** The highest product number of a kind (null: none). */
export async function maxIdOfGroup(db: DbOrTx, group: ProductRow["group"]): Promise<number | null> {
  const [top] = await db
    .select({ max: sql<number | null>`max(${catalogProducts.id})` })
    .from(catalogProducts)
    .where(eq(catalogProducts.group, group));
  return top?.max ?? null;
}

export async function productIdTaken(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: catalogProducts.id }).from(catalogProducts).where(eq(catalogProducts.id, id))).length > 0;
}

/** The highest product number of all. */
export async function maxProductId(db: DbOrTx): Promise<number> {
  const [all] = await db.select({ max: sql<number>`max(${catalogProducts.id})` }).from(catalogProducts);
  return all!.max;
}

export async function insertProduct(db: DbOrTx, row: NewProduct): Promise<void> {
  await db.insert(catalogProducts).values(row);
}

/** The product row locked for the rest of the transaction (a staff change's 'before' in the audit log). */
export async function lockProduct(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(catalogProducts).where(eq(catalogProducts.id, id)).for("update");
  return row;
}

export async function boxTypeExists(db: DbOrTx, code: string): Promise<boolean> {
  return (await db.select({ code: catalogBoxTypes.code }).from(catalogBoxTypes).where(eq(catalogBoxTypes.code, code))).length > 0;
}

/** Which of these list (group) codes exist. */
export async function knownGroupCodes(db: DbOrTx, codes: string[]): Promise<string[]> {
  return (await db.select({ code: catalogGroups.code }).from(catalogGroups).where(inArray(catalogGroups.code, codes))).map((g) => g.code);
}

export async function updateProductRow(db: DbOrTx, id: number, patch: Partial<NewProduct>): Promise<void> {
  await db.update(catalogProducts).set(patch).where(eq(catalogProducts.id, id));
}

export async function removeFromLists(db: DbOrTx, productId: number, codes: string[]): Promise<void> {
  await db.delete(catalogGroupProducts).where(and(eq(catalogGroupProducts.productId, productId), inArray(catalogGroupProducts.groupCode, codes)));
}

/** Puts a product at the end of a list. */
export async function appendToList(db: DbOrTx, code: string, productId: number): Promise<void> {
  await db.execute(sql`
      insert into catalog_group_products (group_code, product_id, position)
      select ${code}, ${productId}, coalesce(max(position), 0) + 1 from catalog_group_products where group_code = ${code}`);
}

export async function storefrontRowOf(db: DbOrTx, productId: number): Promise<StorefrontRow | undefined> {
  const [row] = await storefrontRowQuery(db, productId);
  return row;
}

export async function upsertStorefrontRow(db: DbOrTx, productId: number, e: { stock: number; producedOn: string; note: string }): Promise<void> {
  await db
    .insert(catalogStorefront)
    .values({ productId, ...e })
    .onConflictDoUpdate({ target: catalogStorefront.productId, set: e });
}

/** Products whose main or alternate pictures include an upload. */
export function productsWithUploads(db: DbOrTx): Promise<Pick<ProductRow, "id" | "imgName" | "altImages">[]> {
  return db
    .select({ id: catalogProducts.id, imgName: catalogProducts.imgName, altImages: catalogProducts.altImages })
    .from(catalogProducts)
    .where(or(sql`${catalogProducts.imgName} like 'upload/%'`, sql`${catalogProducts.altImages}::text like '%upload/%'`));
}

// ─── stock.ts (stock held by orders) ────────────────────────────────────────────────────────────

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

/** One product's stock change: the new stock and the condition the row must meet. */
export interface StockStep {
  set: SQL;
  where: SQL;
}

/** Takes `quantity` where the product is active and enough is left (null stock: made to order, stays null). */
export function takeStockStep(quantity: number): StockStep {
  return {
    set: sql`case when ${catalogProducts.stock} is null then null else ${catalogProducts.stock} - ${quantity} end`,
    where: and(eq(catalogProducts.active, true), sql`(${catalogProducts.stock} is null or ${catalogProducts.stock} >= ${quantity})`)!,
  };
}

/** Gives `quantity` back where the product has a stock. */
export function giveBackStockStep(quantity: number): StockStep {
  return { set: sql`${catalogProducts.stock} + ${quantity}`, where: isNotNull(catalogProducts.stock) };
}

/**
 * One product's stock change, what it carries (`Carried`) in the same statement; answers the rows changed and the
 * riders' ids. `earlier`: the products this transaction changed before (their stock goes into the stock notice).
 */
export async function changeStock(
  tx: DbOrTx,
  productId: number,
  { set, where }: StockStep,
  { notices = [], stockNotice, riders = [] }: Carried,
  earlier: readonly number[] = [],
): Promise<{ n: number; rode: (number | null)[] }> {
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

/** Current stock of every product (null: made to order). */
export function readStockRows(db: DbOrTx): Promise<{ id: number; stock: number | null }[]> {
  return db.select({ id: catalogProducts.id, stock: catalogProducts.stock }).from(catalogProducts);
}

/** Product `productId` is active and has `quantity` (an SQL expression) in stock, or is made to order (null stock). */
export function sellableSql(productId: number, quantity: SQL): SQL {
  return sql`exists (select 1 from ${catalogProducts} where ${catalogProducts.id} = ${productId} and ${catalogProducts.active} and (${catalogProducts.stock} is null or ${catalogProducts.stock} >= ${quantity}))`;
}
