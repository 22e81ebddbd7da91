import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import type { AltImages, Nutrition } from "../db/schema/catalog";
import { CATALOG_CACHE_PREFIX } from "./stock";
import { parseUploadName, upgradeOldUpload } from "./images";
import * as repo from "./repo";

/**
 * The catalogue as staff edit it (issue 12): every product, archived ones too, one page at a time; a product's
 * texts, prices, kind, box type, nutrition, lists, stock and images. Each change runs in the caller's
 * transaction (the audit entry goes with it) and drops the cached catalogue in every process when it commits.
 */

export type StaffProductRow = repo.ProductRow;

export interface StaffProductFilter {
  q: string;
  state: "" | "active" | "archived";
  kind: string;
  page: number;
  pageSize: number;
}

/** Products by number or name (archived too), in number order, with their storefront stock. */
export async function listForStaff(app: AppContext, f: StaffProductFilter) {
  return repo.staffProductsPage(app.db, { q: f.q.trim(), state: f.state, kind: f.kind }, f.pageSize, (f.page - 1) * f.pageSize);
}

/** One product as staff edit it, with its lists and storefront row; undefined for an unknown id. */
export async function productForStaff(app: AppContext, id: number, db: DbOrTx = app.db) {
  const product = await repo.findProduct(db, id);
  if (!product) return undefined;
  const { lists, storefront } = await repo.listsAndStorefrontOf(db, id);
  return { product, lists: lists.sort(), storefront: storefront ?? null };
}

/** Box types and product lists to choose from. */
export async function choices(app: AppContext) {
  return repo.readChoices(app.db);
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
  await repo.lockProductNumbers(tx);
  const top = await repo.maxIdOfGroup(tx, e.group);
  let id = Math.max(Number(top ?? 0), ID_BLOCKS[e.group]) + 1;
  // a number of another kind in the way (e.g. the block of the next kind): the next free one after all
  if (await repo.productIdTaken(tx, id)) {
    id = Number(await repo.maxProductId(tx)) + 1;
  }
  const now = app.clock.now();
  await repo.insertProduct(tx, {
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
  const row = await repo.lockProduct(tx, id);
  if (!row) return { ok: false, error: "notFound" };
  if (e.defaultBox && !(await repo.boxTypeExists(tx, e.defaultBox))) {
    return { ok: false, error: "unknownBox" };
  }
  const lists = [...new Set(e.lists)].sort();
  if (lists.length) {
    const known = await repo.knownGroupCodes(tx, lists);
    if (known.length !== lists.length) return { ok: false, error: "unknownList" };
  }
  const beforeLists = (await repo.groupCodesOf(tx, id)).sort();
  const { lists: _lists, ...fields } = e;
  await repo.updateProductRow(tx, id, { ...fields, updatedAt: app.clock.now() });
  const removed = beforeLists.filter((c) => !lists.includes(c));
  const added = lists.filter((c) => !beforeLists.includes(c));
  if (removed.length) await repo.removeFromLists(tx, id, removed);
  for (const code of added) {
    // at the end of the list
    await repo.appendToList(tx, code, id);
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
  const row = await repo.lockProduct(tx, id);
  if (!row) return { ok: false, error: "notFound" };
  await repo.updateProductRow(tx, id, { stock, updatedAt: app.clock.now() });
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
  if (!(await repo.lockProduct(tx, productId))) return { ok: false, error: "notFound" };
  const before = await repo.storefrontRowOf(tx, productId);
  await repo.upsertStorefrontRow(tx, productId, e);
  await app.cache.invalidatePrefix(CATALOG_CACHE_PREFIX, tx);
  return { ok: true, before: before ? { stock: before.stock, producedOn: before.producedOn, note: before.note } : null, after: e };
}

export type ImageSlot = "main" | "One" | "Two" | "Three";

/** Points one of the product's pictures (main or alternate One/Two/Three) at an image name; null removes an alternate. */
export async function setImage(app: AppContext, tx: DbOrTx, id: number, slot: ImageSlot, imgName: string | null): Promise<EditResult<{ imgName: string; altImages: AltImages }>> {
  const row = await repo.lockProduct(tx, id);
  if (!row) return { ok: false, error: "notFound" };
  if (slot === "main" && !imgName) return { ok: false, error: "invalid" };
  const before = { imgName: row.imgName, altImages: row.altImages };
  const after = slot === "main" ? { imgName: imgName!, altImages: row.altImages } : { imgName: row.imgName, altImages: withAlt(row.altImages, slot, imgName) };
  await repo.updateProductRow(tx, id, { ...after, updatedAt: app.clock.now() });
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
  const rows = await repo.productsWithUploads(app.db);
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
      const row = await repo.lockProduct(tx, id);
      if (!row) continue;
      const to = (name: string) => renamed.get(name) ?? name;
      const altImages = Object.fromEntries(Object.entries(row.altImages).map(([slot, name]) => [slot, name ? to(name) : name])) as AltImages;
      const next = { imgName: to(row.imgName), altImages };
      if (next.imgName === row.imgName && JSON.stringify(altImages) === JSON.stringify(row.altImages)) continue;
      // the same picture under a new name: not an edit (no audit entry, `updatedAt` kept)
      await repo.updateProductRow(tx, id, next);
      n++;
    }
    if (n > 0) await app.cache.invalidatePrefix(CATALOG_CACHE_PREFIX, tx);
    return n;
  });
  if (changed > 0) app.log.info({ pictures: renamed.size, products: changed }, "uploaded pictures given their copies");
  return changed;
}
