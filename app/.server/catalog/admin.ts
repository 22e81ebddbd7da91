import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { readTogether, type DbOrTx } from "../db/client";
import { textContains } from "../db/search";
import { catalogBoxTypes, catalogGroupProducts, catalogGroups, catalogProducts, catalogStorefront, type AltImages, type Nutrition } from "../db/schema/catalog";
import { CATALOG_CACHE_PREFIX } from "./stock";
import { parseUploadName, upgradeOldUpload } from "./images";

/**
 * The catalogue as staff edit it (issue 12): every product, archived ones too, one page at a time; a product's
 * texts, prices, kind, box type, nutrition, lists, stock and images. Each change runs in the caller's
 * transaction (the audit entry goes with it) and drops the cached catalogue in every process when it commits.
 */

export type StaffProductRow = typeof catalogProducts.$inferSelect;

export interface StaffProductFilter {
  q: string;
  state: "" | "active" | "archived";
  kind: string;
  page: number;
  pageSize: number;
}

/** Products by number or name (archived too), in number order, with their storefront stock. */
export async function listForStaff(app: AppContext, f: StaffProductFilter) {
  const conds = [];
  const q = f.q.trim();
  if (q) {
    conds.push(/^\d{1,9}$/.test(q) ? or(eq(catalogProducts.id, Number(q)), textContains(catalogProducts.name, q))! : textContains(catalogProducts.name, q));
  }
  if (f.state === "active") conds.push(eq(catalogProducts.active, true));
  if (f.state === "archived") conds.push(eq(catalogProducts.active, false));
  if (f.kind) conds.push(sql`${catalogProducts.group} = ${f.kind}`);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    app.db
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
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    app.db.select({ n: count() }).from(catalogProducts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One product as staff edit it, with its lists and storefront row; undefined for an unknown id. */
export async function productForStaff(app: AppContext, id: number, db: DbOrTx = app.db) {
  const [product] = await db.select().from(catalogProducts).where(eq(catalogProducts.id, id));
  if (!product) return undefined;
  const [lists, [storefront]] = await readTogether(db, [
    db.select({ code: catalogGroupProducts.groupCode }).from(catalogGroupProducts).where(eq(catalogGroupProducts.productId, id)),
    db.select().from(catalogStorefront).where(eq(catalogStorefront.productId, id)),
  ]);
  return { product, lists: lists.map((l) => l.code).sort(), storefront: storefront ?? null };
}

/** Box types and product lists to choose from. */
export async function choices(app: AppContext) {
  const [boxes, groups] = await Promise.all([
    app.db.select({ code: catalogBoxTypes.code, name: catalogBoxTypes.name }).from(catalogBoxTypes).orderBy(asc(catalogBoxTypes.name)),
    app.db
      .select({ code: catalogGroups.code, name: catalogGroups.name, kind: catalogGroups.kind, active: catalogGroups.active })
      .from(catalogGroups)
      .orderBy(asc(catalogGroups.position)),
  ]);
  return { boxes, groups };
}

/** The picture a new product shows until one is uploaded (public/img/products). */
export const NEW_PRODUCT_IMAGE = "yeni-urun";
/** Where each kind's product numbers start (the demo catalogue's numbering: 10001 single cookies, 20001 gift boxes…). */
const ID_BLOCKS: Record<StaffProductRow["group"], number> = { single: 10_000, cookie: 11_000, gift: 20_000, corp: 30_000 };

/**
 * Makes a product off sale with a name, kind and price (original price = price, unlimited stock, the
 * placeholder picture, in no list) and returns its number: the next free one after the highest number of
 * its kind. Numbers are taken one creation at a time (an advisory lock held until commit).
 */
export async function createProduct(app: AppContext, tx: DbOrTx, e: { name: string; group: StaffProductRow["group"]; itemPrice: number }): Promise<{ id: number }> {
  if (!Number.isSafeInteger(e.itemPrice) || e.itemPrice <= 0) throw new Error("createProduct: price must be a positive whole number of kuruş");
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog_products.id'))`);
  const [top] = await tx
    .select({ max: sql<number | null>`max(${catalogProducts.id})` })
    .from(catalogProducts)
    .where(eq(catalogProducts.group, e.group));
  let id = Math.max(Number(top?.max ?? 0), ID_BLOCKS[e.group]) + 1;
  // a number of another kind in the way (e.g. the block of the next kind): the next free one after all
  if ((await tx.select({ id: catalogProducts.id }).from(catalogProducts).where(eq(catalogProducts.id, id))).length) {
    const [all] = await tx.select({ max: sql<number>`max(${catalogProducts.id})` }).from(catalogProducts);
    id = Number(all!.max) + 1;
  }
  const now = app.clock.now();
  await tx.insert(catalogProducts).values({
    id,
    name: e.name,
    itemPrice: e.itemPrice,
    originalPrice: e.itemPrice,
    imgName: NEW_PRODUCT_IMAGE,
    group: e.group,
    stock: null,
    active: false,
    createdAt: now,
    updatedAt: now,
  });
  await app.cache.invalidatePrefix(CATALOG_CACHE_PREFIX, tx);
  return { id };
}

/** The product row locked for the rest of the transaction (its 'before' in the audit log). */
async function lockProduct(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(catalogProducts).where(eq(catalogProducts.id, id)).for("update");
  return row;
}

export interface ProductEdit {
  name: string;
  desc: string;
  longDesc: string;
  packageContent: string;
  itemPrice: number;
  originalPrice: number;
  group: StaffProductRow["group"];
  defaultBox: string | null;
  innerTexture: number | null;
  weightG: number | null;
  contains: string;
  allergens: string;
  care: string;
  heating: string;
  nutrition: Nutrition | null;
  active: boolean;
  /** Codes of the product lists (groups) it appears in. */
  lists: string[];
}

export type EditResult<T> = { ok: true; before: T; after: T } | { ok: false; error: "notFound" | "invalid" | "unknownBox" | "unknownList" };

/**
 * Saves a product's texts, prices, kind, box type, nutrition, active flag and lists in `tx`. Prices must be
 * above zero and the item price at most the original price (the discount shown is their difference).
 */
export async function updateProduct(app: AppContext, tx: DbOrTx, id: number, e: ProductEdit): Promise<EditResult<ProductEdit>> {
  if (!Number.isSafeInteger(e.itemPrice) || !Number.isSafeInteger(e.originalPrice) || e.itemPrice <= 0 || e.originalPrice < e.itemPrice) {
    return { ok: false, error: "invalid" };
  }
  if (e.innerTexture !== null && ![1, 2, 3].includes(e.innerTexture)) return { ok: false, error: "invalid" };
  const row = await lockProduct(tx, id);
  if (!row) return { ok: false, error: "notFound" };
  if (e.defaultBox && !(await tx.select({ code: catalogBoxTypes.code }).from(catalogBoxTypes).where(eq(catalogBoxTypes.code, e.defaultBox))).length) {
    return { ok: false, error: "unknownBox" };
  }
  const lists = [...new Set(e.lists)].sort();
  if (lists.length) {
    const known = await tx.select({ code: catalogGroups.code }).from(catalogGroups).where(inArray(catalogGroups.code, lists));
    if (known.length !== lists.length) return { ok: false, error: "unknownList" };
  }
  const beforeLists = (await tx.select({ code: catalogGroupProducts.groupCode }).from(catalogGroupProducts).where(eq(catalogGroupProducts.productId, id)))
    .map((l) => l.code)
    .sort();
  const { lists: _lists, ...fields } = e;
  await tx
    .update(catalogProducts)
    .set({ ...fields, updatedAt: app.clock.now() })
    .where(eq(catalogProducts.id, id));
  const removed = beforeLists.filter((c) => !lists.includes(c));
  const added = lists.filter((c) => !beforeLists.includes(c));
  if (removed.length) await tx.delete(catalogGroupProducts).where(and(eq(catalogGroupProducts.productId, id), inArray(catalogGroupProducts.groupCode, removed)));
  for (const code of added) {
    // at the end of the list
    await tx.execute(sql`
      insert into catalog_group_products (group_code, product_id, position)
      select ${code}, ${id}, coalesce(max(position), 0) + 1 from catalog_group_products where group_code = ${code}`);
  }
  await app.cache.invalidatePrefix(CATALOG_CACHE_PREFIX, tx);
  return { ok: true, before: { ...editOf(row), lists: beforeLists }, after: { ...e, lists } };
}

function editOf(r: StaffProductRow): Omit<ProductEdit, "lists"> {
  return {
    name: r.name,
    desc: r.desc,
    longDesc: r.longDesc,
    packageContent: r.packageContent,
    itemPrice: r.itemPrice,
    originalPrice: r.originalPrice,
    group: r.group,
    defaultBox: r.defaultBox,
    innerTexture: r.innerTexture,
    weightG: r.weightG,
    contains: r.contains,
    allergens: r.allergens,
    care: r.care,
    heating: r.heating,
    nutrition: r.nutrition ?? null,
    active: r.active,
  };
}

/** Sets a product's stock (null: made to order without a limit). */
export async function setStock(app: AppContext, tx: DbOrTx, id: number, stock: number | null): Promise<EditResult<{ stock: number | null }>> {
  if (stock !== null && (!Number.isSafeInteger(stock) || stock < 0)) return { ok: false, error: "invalid" };
  const row = await lockProduct(tx, id);
  if (!row) return { ok: false, error: "notFound" };
  await tx.update(catalogProducts).set({ stock, updatedAt: app.clock.now() }).where(eq(catalogProducts.id, id));
  await app.cache.invalidatePrefix(CATALOG_CACHE_PREFIX, tx);
  return { ok: true, before: { stock: row.stock }, after: { stock } };
}

export interface StorefrontEdit {
  stock: number;
  producedOn: string;
  note: string;
}

/** The product's row in the workshop storefront (/vitrin); stock 0 takes it out of the window. */
export async function setStorefrontRow(app: AppContext, tx: DbOrTx, productId: number, e: StorefrontEdit): Promise<EditResult<StorefrontEdit | null>> {
  if (!Number.isSafeInteger(e.stock) || e.stock < 0) return { ok: false, error: "invalid" };
  if (!(await lockProduct(tx, productId))) return { ok: false, error: "notFound" };
  const [before] = await tx.select().from(catalogStorefront).where(eq(catalogStorefront.productId, productId));
  await tx
    .insert(catalogStorefront)
    .values({ productId, ...e })
    .onConflictDoUpdate({ target: catalogStorefront.productId, set: e });
  await app.cache.invalidatePrefix(CATALOG_CACHE_PREFIX, tx);
  return { ok: true, before: before ? { stock: before.stock, producedOn: before.producedOn, note: before.note } : null, after: e };
}

export type ImageSlot = "main" | "One" | "Two" | "Three";

/** Points one of the product's pictures (main or alternate One/Two/Three) at an image name; null removes an alternate. */
export async function setImage(app: AppContext, tx: DbOrTx, id: number, slot: ImageSlot, imgName: string | null): Promise<EditResult<{ imgName: string; altImages: AltImages }>> {
  const row = await lockProduct(tx, id);
  if (!row) return { ok: false, error: "notFound" };
  if (slot === "main" && !imgName) return { ok: false, error: "invalid" };
  const before = { imgName: row.imgName, altImages: row.altImages };
  const after = slot === "main" ? { imgName: imgName!, altImages: row.altImages } : { imgName: row.imgName, altImages: withAlt(row.altImages, slot, imgName) };
  await tx.update(catalogProducts).set({ ...after, updatedAt: app.clock.now() }).where(eq(catalogProducts.id, id));
  await app.cache.invalidatePrefix(CATALOG_CACHE_PREFIX, tx);
  return { ok: true, before, after };
}

function withAlt(alt: AltImages, slot: "One" | "Two" | "Three", name: string | null): AltImages {
  const next: AltImages = { ...alt };
  if (name) next[slot] = name;
  else delete next[slot];
  return next;
}

/**
 * Pictures uploaded before their smaller copies and share picture were made (issue 27 §2, names
 * `upload/{hash}.{ext}`): makes them from the stored file and points the products at the new name
 * (`upload/{hash}-w{width}.{ext}`). A periodic task (registry.ts) runs this at start and every few hours, so a
 * restored backup is caught too; until then, and for a file that is missing or unreadable, the one file is
 * shown. Safe in many processes at once (files are written whole; a name is replaced only where it still is).
 * Orders keep the names they were made with: those stay served. Returns how many products changed.
 */
export async function upgradeOldUploads(app: AppContext): Promise<number> {
  const isOld = (name: string | undefined): name is string => Boolean(name && parseUploadName(name)?.width === null);
  const rows = await app.db
    .select({ id: catalogProducts.id, imgName: catalogProducts.imgName, altImages: catalogProducts.altImages })
    .from(catalogProducts)
    .where(or(sql`${catalogProducts.imgName} like 'upload/%'`, sql`${catalogProducts.altImages}::text like '%upload/%'`));
  const old = new Set(rows.flatMap((r) => [r.imgName, ...Object.values(r.altImages)].filter(isOld)));
  if (old.size === 0) return 0;
  const renamed = new Map<string, string>();
  for (const name of old) {
    const to = await upgradeOldUpload(app, name);
    if (to) renamed.set(name, to);
    else app.log.warn({ imgName: name }, "uploaded picture without copies: file missing or unreadable, shown as it is");
  }
  if (renamed.size === 0) return 0;
  const ids = rows.filter((r) => [r.imgName, ...Object.values(r.altImages)].some((n) => n && renamed.has(n))).map((r) => r.id);
  const changed = await app.db.transaction(async (tx) => {
    let n = 0;
    for (const id of ids) {
      const row = await lockProduct(tx, id);
      if (!row) continue;
      const to = (name: string) => renamed.get(name) ?? name;
      const altImages = Object.fromEntries(Object.entries(row.altImages).map(([slot, name]) => [slot, name ? to(name) : name])) as AltImages;
      const next = { imgName: to(row.imgName), altImages };
      if (next.imgName === row.imgName && JSON.stringify(altImages) === JSON.stringify(row.altImages)) continue;
      // the same picture under a new name: not an edit (no audit entry, `updatedAt` kept)
      await tx.update(catalogProducts).set(next).where(eq(catalogProducts.id, id));
      n++;
    }
    if (n > 0) await app.cache.invalidatePrefix(CATALOG_CACHE_PREFIX, tx);
    return n;
  });
  if (changed > 0) app.log.info({ pictures: renamed.size, products: changed }, "uploaded pictures given their copies");
  return changed;
}
