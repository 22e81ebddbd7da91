import type { AppContext } from "../context";
import type { SQL } from "drizzle-orm";
import type { DbOrTx, Rider } from "../db/client";
import * as repo from "./repo";
import { buildIndex, searchIndex, suggestQuery, type SearchIndex } from "./search";
import { istanbulDate } from "~/shared/clock";
import { CATALOG_CACHE_PREFIX, STOCK_CACHE_PREFIX, patchStock, readStock, release, reserve, sellableSql } from "./stock";
import {
  discountPercent,
  type BoxType,
  type CookieEntry,
  type GroupInfo,
  type ProductCard,
  type ProductDetail,
  type StorefrontItem,
} from "~/shared/catalog";

/**
 * The catalogue (SPEC §2.4, §3). Reads are hot: the whole catalogue is loaded in one go into the process
 * cache under `catalog:*` and every list, card and detail is derived from it in memory (no N+1).
 * Anything that changes products, prices or groups calls `invalidateCatalog`. Stock is cached on its own
 * (`catalog:stock:*`, one narrow query) and laid over the products; an order or a cancellation brings only that up
 * to date in every process when it commits (`reserveStock`, `releaseStock`: the new stock rides on their notice).
 * The top five, which needs the sales too, is the storefront module's (under this prefix, dropped with the rest).
 */
const PREFIX = CATALOG_CACHE_PREFIX;
const ALL_KEY = `${PREFIX}all`;
const STOCK_KEY = `${STOCK_CACHE_PREFIX}all`;
const COOKIES_KEY = `${PREFIX}cookies`;
const STOREFRONT_KEY = `${PREFIX}storefront`;
/** A key under the catalogue's cache prefix: dropped whenever the catalogue changes (`invalidateCatalog`). */
export const cacheKey = (name: string) => `${PREFIX}${name}`;

interface Snapshot {
  products: Map<number, ProductDetail>;
  groups: Map<string, GroupInfo & { productIds: number[] }>;
  /** Products in staff order (by id): the newest is found by createdAt. */
  newestId: number | null;
  boxes: Map<string, BoxType>;
  /** When each product was last changed (the sitemap's lastmod). */
  updatedAt: Map<number, Date>;
}

function toBox(b: repo.BoxTypeRow): BoxType {
  return { code: b.code, name: b.name, imageUrl: b.imageUrl, width: b.width, height: b.height };
}

/** Snapshots with the current stock laid over, one per (catalogue, stock) pair while both are cached. */
const withStock = new WeakMap<Snapshot, WeakMap<Map<number, number | null>, Snapshot>>();

/** The catalogue with current stock: the cached catalogue with the cached stock laid over it. */
async function snapshot(app: AppContext): Promise<Snapshot> {
  const [base, stock] = await Promise.all([catalogue(app), app.cache.get(STOCK_KEY, () => loadStock(app))]);
  let byStock = withStock.get(base);
  if (!byStock) withStock.set(base, (byStock = new WeakMap()));
  let snap = byStock.get(stock);
  if (!snap) {
    const products = new Map<number, ProductDetail>();
    for (const [id, p] of base.products) products.set(id, stock.has(id) ? { ...p, stock: stock.get(id)! } : p);
    snap = { ...base, products };
    byStock.set(stock, snap);
  }
  return snap;
}

/** The stock for the cache, which an order or a cancellation then brings up to date (`stockNotice`) instead of dropping it. */
function loadStock(app: AppContext): Promise<Map<number, number | null>> {
  app.cache.onPatch(STOCK_KEY, patchStock);
  return readStock(app.db);
}

/** Everything but current stock (the stock read with it is replaced by `snapshot`). */
async function catalogue(app: AppContext): Promise<Snapshot> {
  return app.cache.get(ALL_KEY, async () => {
    const { products, groups, boxTypes, variants, links } = await repo.readCatalogue(app.db);
    const boxes = new Map(boxTypes.map((b) => [b.code, toBox(b)]));
    const variantsOf = new Map<number, repo.VariantRow[]>();
    for (const v of variants) variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);
    const map = new Map<number, ProductDetail>();
    const updatedAt = new Map<number, Date>();
    let newest: repo.ProductRow | null = null;
    for (const p of products) {
      const alt = [p.altImages.One, p.altImages.Two, p.altImages.Three].filter((x): x is string => Boolean(x));
      map.set(p.id, {
        id: p.id,
        name: p.name,
        desc: p.desc,
        packageContent: p.packageContent,
        itemPrice: p.itemPrice,
        originalPrice: p.originalPrice,
        discount: discountPercent(p.itemPrice, p.originalPrice),
        imgName: p.imgName,
        defaultBox: p.defaultBox ? (boxes.get(p.defaultBox) ?? null) : null,
        group: p.group,
        weightG: p.weightG,
        stock: p.stock,
        longDesc: p.longDesc,
        altImages: alt.slice(0, 3),
        innerTexture: p.innerTexture,
        contains: p.contains,
        allergens: p.allergens,
        care: p.care,
        heating: p.heating,
        nutrition: p.nutrition ?? null,
        variants: (variantsOf.get(p.id) ?? []).map((v) => ({ code: v.code, name: v.name, priceDelta: v.priceDelta })),
      });
      updatedAt.set(p.id, p.updatedAt);
      if (!newest || p.createdAt > newest.createdAt) newest = p;
    }
    const groupMap = new Map<string, GroupInfo & { productIds: number[] }>();
    for (const g of groups) {
      groupMap.set(g.code, { code: g.code, kind: g.kind, name: g.name, headline: g.headline, description: g.description, productIds: [] });
    }
    for (const l of links) {
      if (map.has(l.productId)) groupMap.get(l.groupCode)?.productIds.push(l.productId);
    }
    return { products: map, groups: groupMap, newestId: newest?.id ?? null, boxes, updatedAt };
  });
}

/** Only the card fields: what a list needs (keeps the page data small). */
export function toCard(p: ProductDetail): ProductCard {
  return {
    id: p.id,
    name: p.name,
    desc: p.desc,
    packageContent: p.packageContent,
    itemPrice: p.itemPrice,
    originalPrice: p.originalPrice,
    discount: p.discount,
    imgName: p.imgName,
    defaultBox: p.defaultBox,
    group: p.group,
    weightG: p.weightG,
    stock: p.stock,
  };
}

export const MAIN_GROUP = "main";

/** A product list: the main group, a top-level group (/home/{code}) or a sub group (/home/sub/{code}). */
export async function listGroup(
  app: AppContext,
  code: string,
  kind: "main" | "group" | "sub",
): Promise<{ group: GroupInfo; products: ProductCard[] } | null> {
  const snap = await snapshot(app);
  const g = snap.groups.get(code);
  if (!g || g.kind !== kind) return null;
  const { productIds, ...group } = g;
  return { group, products: productIds.map((id) => toCard(snap.products.get(id)!)) };
}

/** Groups for navigation (top-level and sub groups). */
export async function listGroups(app: AppContext): Promise<GroupInfo[]> {
  const snap = await snapshot(app);
  return [...snap.groups.values()].map(({ productIds: _p, ...g }) => g);
}

/**
 * What the sitemap lists of the catalogue: every product with its last change, and every group page
 * (`/home`, `/home/{code}`, `/home/sub/{code}`) with the latest change among its products.
 */
export async function sitemapEntries(app: AppContext): Promise<{ path: string; lastmod: Date | null }[]> {
  const snap = await snapshot(app);
  const latest = (ids: Iterable<number>) => {
    let at: Date | null = null;
    for (const id of ids) {
      const d = snap.updatedAt.get(id);
      if (d && (!at || d > at)) at = d;
    }
    return at;
  };
  const groups = [...snap.groups.values()].map((g) => ({
    path: g.kind === "main" ? "/home" : g.kind === "sub" ? `/home/sub/${g.code}` : `/home/${g.code}`,
    lastmod: latest(g.productIds),
  }));
  const products = [...snap.products.keys()].map((id) => ({ path: `/product/${id}`, lastmod: snap.updatedAt.get(id) ?? null }));
  return [...groups, ...products];
}

/** The search index of each cached catalogue (made on the first search after a change). */
const searchIndexes = new WeakMap<Snapshot, SearchIndex>();

export interface SearchResult {
  products: ProductCard[];
  /** For a search that found nothing: a nearby query that finds something ('did you mean'). */
  suggestion: string | null;
}

/**
 * Product search (issue 27 §1) over names, descriptions, package contents, ingredients and allergens of the
 * cached catalogue, best first, as cards with current stock (see `./search.ts` for the matching rules).
 */
export async function searchProducts(app: AppContext, q: string): Promise<SearchResult> {
  const [base, snap] = await Promise.all([catalogue(app), snapshot(app)]);
  let index = searchIndexes.get(base);
  if (!index) searchIndexes.set(base, (index = buildIndex(base.products.values())));
  const cards = (hits: { id: number }[]) => hits.map((h) => toCard(snap.products.get(h.id)!));
  const products = cards(searchIndex(index, q));
  if (products.length > 0) return { products, suggestion: null };
  const suggestion = suggestQuery(index, q);
  return { products, suggestion: suggestion && searchIndex(index, suggestion).length > 0 ? suggestion : null };
}

export async function getProduct(app: AppContext, id: number): Promise<ProductDetail | null> {
  if (!Number.isSafeInteger(id)) return null;
  return (await snapshot(app)).products.get(id) ?? null;
}

/** Several products at once (basket, suggestions), in the order asked; unknown ids are left out. */
export async function getProducts(app: AppContext, ids: number[]): Promise<ProductDetail[]> {
  const snap = await snapshot(app);
  return ids.map((id) => snap.products.get(id)).filter((p): p is ProductDetail => Boolean(p));
}

export async function getNewest(app: AppContext): Promise<ProductCard | null> {
  const snap = await snapshot(app);
  const p = snap.newestId === null ? undefined : snap.products.get(snap.newestId);
  return p ? toCard(p) : null;
}

/** Imported (pre-shop) units sold per product from each start day (null: all time): the top five's history. */
export const historyUnitsByProduct = (app: AppContext, since: (string | null)[]) => repo.historyUnitsByProduct(app.db, since);

export async function listCookies(app: AppContext): Promise<{ current: CookieEntry[]; archived: CookieEntry[] }> {
  return app.cache.get(COOKIES_KEY, async () => {
    const rows = await repo.readCookies(app.db);
    const all = rows.map((r) => ({
      pid: r.pid,
      name: r.name,
      image: r.image,
      ingredients: r.ingredients,
      firstProduced: r.firstProduced,
      sizes: r.sizes,
      nutrition: r.nutrition,
      archived: r.archived,
    }));
    return { current: all.filter((c) => !c.archived), archived: all.filter((c) => c.archived) };
  });
}

/** Products ready in the workshop window with their own stock (SPEC §2.11); the cards carry current stock. */
export async function listStorefront(app: AppContext): Promise<StorefrontItem[]> {
  const [rows, snap] = await Promise.all([app.cache.get(STOREFRONT_KEY, () => repo.readStorefront(app.db)), snapshot(app)]);
  return rows
    .filter((r) => snap.products.has(r.productId))
    .map((r) => ({ product: toCard(snap.products.get(r.productId)!), stock: r.stock, producedOn: r.producedOn, note: r.note }));
}

export type PriceChange = { ok: true; product: ProductDetail } | { ok: false; error: "notFound" | "invalid" };

/** Staff price change (kuruş). The original price defaults to the item price (no discount). */
export async function setPrice(app: AppContext, id: number, itemPrice: number, originalPrice = itemPrice): Promise<PriceChange> {
  if (!Number.isSafeInteger(itemPrice) || !Number.isSafeInteger(originalPrice) || itemPrice <= 0 || originalPrice < itemPrice) {
    return { ok: false, error: "invalid" };
  }
  if (!(await repo.updatePrices(app.db, id, itemPrice, originalPrice, app.clock.now()))) return { ok: false, error: "notFound" };
  await invalidateCatalog(app);
  const product = await getProduct(app, id);
  return product ? { ok: true, product } : { ok: false, error: "notFound" };
}

export async function setStorefront(app: AppContext, productId: number, stock: number, note = ""): Promise<void> {
  await repo.setStorefront(app.db, { productId, stock, producedOn: istanbulDate(app.clock.now()), note });
  await invalidateCatalog(app);
}

/**
 * Drops every cached catalogue read in this and every other process. Call after any catalogue change (products,
 * prices, groups, staff stock edits); from inside a transaction pass it as `tx` (the other processes hear of it
 * when it commits).
 */
export async function invalidateCatalog(app: AppContext, tx?: DbOrTx): Promise<void> {
  await app.cache.invalidatePrefix(PREFIX, tx);
}

/**
 * The catalogue's rule 'this product is on sale and has `quantity` left' as an SQL condition, for a statement of
 * another module that checks it in the same breath as its own change (adding to a basket).
 */
export const sellable = sellableSql;

/** The home screen's lists; the storefront module adds the top five to its widgets (`storefront.getHomePage`). */
export interface HomeLists {
  group: GroupInfo;
  products: ProductCard[];
  /** Top-level and sub groups for the category links. */
  groups: GroupInfo[];
  /** Only when no page is chosen (the main group): newest product and cookie book (and the top five: storefront). */
  widgets: { newest: ProductCard | null; cookies: Pick<CookieEntry, "pid" | "name" | "image">[] } | null;
}

/**
 * The home screen's lists (SPEC §2.4): `/home` shows the main group and the widget set, `/home/{group}` a
 * top-level group, `/home/sub/{group}` a sub group. An unknown group gives null. Pages take the whole screen from
 * `storefront.getHomePage`.
 */
export async function getHomeLists(app: AppContext, opts: { group?: string; sub?: string } = {}): Promise<HomeLists | null> {
  const [code, kind] = opts.sub ? [opts.sub, "sub" as const] : opts.group ? [opts.group, "group" as const] : [MAIN_GROUP, "main" as const];
  const [list, groups] = await Promise.all([listGroup(app, code, kind), listGroups(app)]);
  if (!list) return null;
  const navGroups = groups.filter((g) => g.kind !== "main");
  if (kind !== "main") return { ...list, groups: navGroups, widgets: null };
  const [newest, cookies] = await Promise.all([getNewest(app), listCookies(app)]);
  // the cookie book shows pictures: its nutrition tables stay out of the page's data
  const book = cookies.current.slice(0, 6).map(({ pid, name, image }) => ({ pid, name, image }));
  return { ...list, groups: navGroups, widgets: { newest, cookies: book } };
}

/** What an order line needs of a product at the moment of ordering. */
export interface PriceRow {
  id: number;
  name: string;
  packageContent: string;
  imgName: string;
  group: string;
  active: boolean;
  stock: number | null;
  itemPrice: number;
  originalPrice: number;
  /** variant code → price difference in kuruş */
  variants: Map<string, { name: string; priceDelta: number }>;
}

/**
 * Current prices and stock read through `db` — inside an order's transaction, never from the process cache
 * (another process may have changed a price a moment ago).
 */
export async function pricesFor(db: DbOrTx, ids: number[]): Promise<Map<number, PriceRow>> {
  const { products, variants } = await repo.readProductsFor(db, [...new Set(ids)]);
  const out = new Map<number, PriceRow>();
  for (const p of products) {
    out.set(p.id, {
      id: p.id,
      name: p.name,
      packageContent: p.packageContent,
      imgName: p.imgName,
      group: p.group,
      active: p.active,
      stock: p.stock,
      itemPrice: p.itemPrice,
      originalPrice: p.originalPrice,
      variants: new Map(),
    });
  }
  for (const v of variants) out.get(v.productId)?.variants.set(v.code, { name: v.name, priceDelta: v.priceDelta });
  return out;
}

/** Box types by code (basket lines show the box's name and picture). */
export async function boxTypes(app: AppContext): Promise<Map<string, BoxType>> {
  return (await snapshot(app)).boxes;
}

type StockLines = { productId: number; quantity: number }[];
/**
 * Stock for orders (issue 8), used by checkout and order cancellation: takes the lines' stock in the caller's
 * transaction, only where enough is left (null stock: made to order); every process updates its cached stock when
 * that commits, the notice riding on the last product's statement. What that statement also carries (one round trip
 * less each): `alongside`, an SQL expression of another module evaluated after the stock's row locks (the ready
 * date's capacity lock); `riders`, other modules' changes (the hold's row), each answering the id of the row it made.
 */
export const reserveStock = (app: AppContext, tx: DbOrTx, items: StockLines, carry: { alongside?: SQL; riders?: readonly Rider[] } = {}) =>
  reserve(tx, items, { notices: carry.alongside ? [carry.alongside] : [], stockNotice: stockNotice(app), riders: carry.riders });
/** Gives the lines' stock back (an order cancelled, a hold let go), with the same notice. */
export const releaseStock = (app: AppContext, tx: DbOrTx, items: StockLines) => release(tx, items, { stockNotice: stockNotice(app) });
/** Every process's cached stock brought up to date with the lines' new stock when the transaction commits (decision 0056). */
const stockNotice = (app: AppContext) => (stock: SQL) => app.cache.patchNotice(STOCK_KEY, stock);

/** Staff editing of the catalogue (issue 12): products with archived ones, stock, storefront, pictures. */
export { listForStaff, productForStaff, choices as staffChoices, createProduct, updateProduct, setStock, setStorefrontRow, setImage, upgradeOldUploads } from "./admin";
export type { ProductEdit, StorefrontEdit, EditResult, ImageSlot } from "./admin";
export { saveImage, readImage, sniffImage } from "./images";
