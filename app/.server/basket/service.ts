import type { AppContext } from "../context";
import type { Companion, DbOrTx, Rider, Step, Tx } from "../db/client";
import * as accounts from "../accounts/service";
import * as catalog from "../catalog/service";
import * as loyalty from "../loyalty/service";
import * as orders from "../orders/service";
import * as promos from "../promos/service";
import * as storefront from "../storefront/service";
import { getSettings, taxRateFor, type Settings } from "../settings/service";
import * as repo from "./repo";
import { sql, type SQL } from "drizzle-orm";
import { computeAmounts, type PromoRule } from "~/shared/amounts";
import type { BasketItemView, BasketPromo, BasketSummaryData, BasketView } from "~/shared/basket";
import { isSoldOut, type BoxType, type ProductCard } from "~/shared/catalog";
import { LIMITS } from "~/shared/constants";
import { basketTr } from "~/shared/texts/basket.tr";
import { fmt } from "~/shared/texts/tr";

/**
 * The basket (issue 6, SPEC §2.7, §3). It lives in the database: a guest's basket hangs on the session's stable
 * id, a member's on the account. Every read prices the lines from the catalogue — the browser never sends a
 * price. Signing in folds the guest basket of this browser into the member's (quantities added, nothing lost);
 * signing out leaves the member's basket on the server.
 *
 * PGlite has one connection: inside a transaction only `tx` may be used, so whatever needs the process cache
 * (catalogue, settings) or a rate-limit counter is read before the transaction opens.
 */
export type Owner = repo.Owner;
export type { BasketView, BasketItemView } from "~/shared/basket";

export type Result = { ok: true; message?: string } | { ok: false; error: string };

const E = basketTr.errors;
const MAX_QTY = LIMITS.quantityMax;

const EMPTY_AMOUNTS = computeAmounts({ lines: [] });

function emptyView(member: boolean): BasketView {
  return { id: null, items: [], amounts: EMPTY_AMOUNTS, notes: "", link: "", promo: null, points: member ? { available: 0, requested: 0 } : null };
}

/** The basket owner of a request: the signed-in member, or this browser's guest session (if it has one). */
export async function ownerOf(app: AppContext, request: Request): Promise<Owner> {
  const s = await accounts.getSession(app, request);
  return { sessionId: s.sessionId, userId: s.user?.id ?? null };
}

/** As ownerOf, creating the guest session on the first change; send `headers` with the response. */
export async function ensureOwner(app: AppContext, request: Request): Promise<{ owner: Owner; headers: Headers }> {
  const { session, headers } = await accounts.ensureSession(app, request);
  return { owner: { sessionId: session.sessionId, userId: session.user?.id ?? null }, headers };
}

// ---------------------------------------------------------------- pricing

interface Priced {
  name: string;
  packageContent: string;
  imgName: string;
  group: string;
  active: boolean;
  stock: number | null;
  itemPrice: number;
  originalPrice: number;
  variants: Map<string, { name: string; priceDelta: number }>;
}

/** Products of these lines from the process cache (catalogue reads), in the shape `pricesFor` gives. */
async function cachedPrices(app: AppContext, ids: number[]): Promise<Map<number, Priced>> {
  const products = await catalog.getProducts(app, [...new Set(ids)]);
  return new Map(
    products.map((p) => [
      p.id,
      {
        name: p.name,
        packageContent: p.packageContent,
        imgName: p.imgName,
        group: p.group,
        active: true,
        stock: p.stock,
        itemPrice: p.itemPrice,
        originalPrice: p.originalPrice,
        variants: new Map(p.variants.map((v) => [v.code, { name: v.name, priceDelta: v.priceDelta }])),
      },
    ]),
  );
}

function priceItems(rows: repo.BasketItemRow[], prices: Map<number, Priced>, boxes: Map<string, BoxType>, settings: Settings): BasketItemView[] {
  const wanted = new Map<number, number>();
  for (const r of rows) wanted.set(r.productId, (wanted.get(r.productId) ?? 0) + r.quantity);
  return rows.map((r) => {
    const p = prices.get(r.productId);
    const v = r.variant ? p?.variants.get(r.variant) : undefined;
    const available = Boolean(p?.active) && (!r.variant || Boolean(v));
    const delta = v?.priceDelta ?? 0;
    const itemPrice = p ? p.itemPrice + delta : 0;
    const stock = p?.stock ?? null;
    return {
      id: r.id,
      productId: r.productId,
      name: p?.name ?? String(r.productId),
      thumbName: p?.imgName ?? "",
      packageContent: p?.packageContent ?? "",
      variant: r.variant,
      variantName: v?.name ?? null,
      boxType: r.boxType,
      box: r.boxType ? (boxes.get(r.boxType) ?? null) : null,
      quantity: r.quantity,
      itemPrice,
      originalPrice: p ? p.originalPrice + delta : 0,
      lineTotal: itemPrice * r.quantity,
      taxRateBp: p ? taxRateFor(settings, p.group) : 0,
      available,
      stockLeft: stock !== null && stock < (wanted.get(r.productId) ?? 0) ? Math.max(0, stock) : null,
    };
  });
}

function toPromo(p: promos.PromoView | null, applies: boolean): BasketPromo | null {
  return p ? { id: p.id, code: p.code, applies, minBasket: p.rule.minBasket ?? 0 } : null;
}

function assemble(row: repo.BasketRow, items: BasketItemView[], promo: promos.PromoView | null, pointsAvailable: number | null): BasketView {
  const rule: PromoRule | null = promo?.rule ?? null;
  const requested = pointsAvailable === null ? 0 : Math.min(row.pointsRequested, pointsAvailable);
  const amounts = computeAmounts({
    lines: items.filter((i) => i.available).map((i) => ({ unitPrice: i.itemPrice, quantity: i.quantity })),
    promo: rule,
    pointsRequested: requested,
  });
  return {
    id: row.id,
    items,
    amounts,
    notes: row.notes,
    link: row.link,
    promo: toPromo(promo, amounts.promoApplies),
    points: pointsAvailable === null ? null : { available: pointsAvailable, requested: row.pointsRequested > 0 ? amounts.usedBonus : 0 },
  };
}

// ---------------------------------------------------------------- reads

/** Merges a guest basket of the member's session, if there is one, before a change to the member's basket. */
async function mergeGuestBasket(app: AppContext, owner: Owner): Promise<void> {
  if (owner.userId === null || !owner.sessionId) return;
  if (await repo.findGuest(app.db, owner.sessionId)) await mergeInto(app, owner.userId, owner.sessionId);
}

/** The owner's open basket with its lines, after the same merge: a single read when there is no guest basket to merge. */
async function openRow<R = never>(app: AppContext, owner: Owner, companion?: Companion<R>): Promise<repo.LoadedBasket<R> | undefined> {
  if (owner.userId === null || !owner.sessionId) return repo.findOpenWithItems(app.db, owner, companion);
  const { own, guest } = await repo.findOpenWithGuestItems(app.db, owner.userId, owner.sessionId, companion);
  if (!guest) return own;
  await mergeInto(app, owner.userId, owner.sessionId);
  return repo.findOpenWithItems(app.db, owner, companion);
}

/**
 * Folds this browser's guest basket into the member's after sign-in. The guest basket survives (it carries what
 * was entered at checkout in this browser) and the member's earlier basket is added to it and closed.
 */
async function mergeInto(app: AppContext, userId: number, sessionId: string): Promise<void> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const g = await repo.findGuest(tx, sessionId, true);
    if (!g) return;
    const member = await repo.findOpen(tx, { sessionId: null, userId }, true);
    if (member) {
      await repo.moveItems(tx, member.id, g.id, MAX_QTY, now);
      await repo.updateBasket(tx, member.id, { status: "merged", mergedInto: g.id, updatedAt: now });
    }
    const guestNote = Boolean(g.notes || g.link);
    await repo.updateBasket(tx, g.id, {
      userId,
      notes: guestNote ? g.notes : (member?.notes ?? ""),
      link: guestNote ? g.link : (member?.link ?? ""),
      promoId: g.promoId ?? member?.promoId ?? null,
      pointsRequested: 0,
      updatedAt: now,
    });
  });
}

async function promoFor(app: AppContext, db: DbOrTx, row: repo.BasketRow, owner: Owner): Promise<promos.PromoView | null> {
  if (row.promoId === null) return null;
  const p = await promos.stillUsable(app, db, row.promoId, { userId: owner.userId });
  if (!p) await repo.updateBasket(db, row.id, { promoId: null, updatedAt: app.clock.now() });
  return p;
}

async function view(app: AppContext, { row, items: rows }: Pick<repo.LoadedBasket, "row" | "items">, owner: Owner, opts: { pointsWhenSpent?: boolean } = {}): Promise<BasketView> {
  const readPoints = owner.userId !== null && (!opts.pointsWhenSpent || row.pointsRequested > 0);
  const [prices, boxes, settings, promo, points] = await Promise.all([
    cachedPrices(app, rows.map((r) => r.productId)),
    catalog.boxTypes(app),
    getSettings(app),
    promoFor(app, app.db, row, owner),
    readPoints ? loyalty.available(app, owner.userId!) : Promise.resolve(null),
  ]);
  return assemble(row, priceItems(rows, prices, boxes, settings), promo, points);
}

/** The lines a basket view was made from and the row's version then (set by `getBasket`; see repo.ts `versionOf`). */
const linesAsRead = Symbol("basket lines as read");
type WithLinesAsRead = { [linesAsRead]?: { version: string; rows: repo.BasketItemRow[] } };

/**
 * The owner's basket for the basket page and checkout. Folds a guest basket in after sign-in and, with
 * `applyReservation`, applies a code reserved through /p/{code} (the notice to show comes back as `promoNotice`).
 * `pointsWhenSpent` (the checkout steps, which show only the points spent): a member's balance is read only when
 * the basket spends points; otherwise `points` is null.
 */
export async function getBasket<R = never>(
  app: AppContext,
  owner: Owner,
  opts: { applyReservation?: boolean; pointsWhenSpent?: boolean; companion?: Companion<R> } = {},
): Promise<BasketView & { promoNotice?: { ok: boolean; text: string }; companion?: R | null } & WithLinesAsRead> {
  let promoNotice: { ok: boolean; text: string } | undefined;
  let row = await openRow(app, owner, opts.companion);
  // a reserved code waits until the basket has something to apply it to
  if (opts.applyReservation && owner.sessionId && row && row.items.length > 0) {
    const reserved = await promos.takeReservation(app, app.db, owner.sessionId);
    if (reserved !== null) {
      promoNotice = await applyReserved(app, owner, reserved);
      row = await repo.findOpenWithItems(app.db, owner, opts.companion);
    }
  }
  if (!row) return { ...emptyView(owner.userId !== null), promoNotice };
  // another module's row read with the basket (the checkout's steps: their state), handed back as it came; the lines
  // as read, for placing (`priceLocked`), under a symbol: no page sends it to the browser
  return { ...(await view(app, row, owner, opts)), promoNotice, ...(opts.companion ? { companion: row.companion ?? null } : {}), [linesAsRead]: { version: row.version, rows: row.items } };
}

/** Header and product lists: item count, amount to pay and the lines' quantities (no merging, no promo work). */
export async function getSummary(app: AppContext, owner: Owner): Promise<BasketSummaryData | null> {
  if (owner.userId === null && !owner.sessionId) return null;
  const row = await openRow(app, owner);
  if (!row) return null;
  const b = await view(app, row, owner);
  if (b.items.length === 0) return null;
  return {
    totalItem: b.amounts.totalItem,
    needToPay: b.amounts.needToPay,
    lines: b.items.map((i) => ({ itemId: i.id, productId: i.productId, quantity: i.quantity })),
  };
}

// ---------------------------------------------------------------- changes

/** A basket belongs to a member or to a guest's session: a change without either is a programming error. */
function needsOwner(owner: Owner): void {
  if (owner.userId === null && !owner.sessionId) throw new Error("a basket needs a session or a member");
}

/** Runs a change on the owner's basket (created when missing) under its row lock. */
async function change<T>(app: AppContext, owner: Owner, fn: (tx: Tx, basket: repo.BasketRow, now: Date) => Promise<T>): Promise<T> {
  needsOwner(owner);
  await mergeGuestBasket(app, owner);
  const now = app.clock.now();
  // the basket's row is locked and marked changed in one statement (a refused change leaves only that mark)
  return app.db.transaction(async (tx) => fn(tx, await repo.openForChange(tx, owner, now), now));
}

/** Stock left for a product beyond what the rest of the basket holds (null: no limit). */
function stockFor(p: { stock: number | null }, items: repo.BasketItemRow[], productId: number, exceptItemId?: number): number | null {
  if (p.stock === null) return null;
  const elsewhere = items.filter((i) => i.productId === productId && i.id !== exceptItemId).reduce((s, i) => s + i.quantity, 0);
  return p.stock - elsewhere;
}

export interface AddInput {
  productId: number;
  variant?: string | null;
  boxType?: string | null;
  quantity: number;
}

/** Adds a product (SPEC §7 update basket item, type add). Failures carry the reason for 'Ürün Eklenemedi: {error}'. */
export async function addItem(app: AppContext, owner: Owner, input: AddInput): Promise<Result> {
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_QTY) return { ok: false, error: E.quantity };
  const product = await catalog.getProduct(app, input.productId);
  if (!product) return { ok: false, error: E.unavailable };
  const variant = input.variant ?? product.variants[0]?.code ?? "";
  if (variant && !product.variants.some((v) => v.code === variant)) return { ok: false, error: E.variant };
  if (!variant && product.variants.length > 0) return { ok: false, error: E.variant };
  const boxes = await catalog.boxTypes(app);
  const boxType = input.boxType ?? product.defaultBox?.code ?? "";
  if (boxType && !boxes.has(boxType)) return { ok: false, error: E.box };
  needsOwner(owner);
  await mergeGuestBasket(app, owner);
  const now = app.clock.now();
  const line = { productId: product.id, variant, boxType, quantity: input.quantity };
  const sellable = (needed: SQL) => catalog.sellable(product.id, needed);
  // one statement, no transaction: the basket's row locked and marked changed, the line added only while the
  // product is on sale with stock for all of the basket's lines of it and the line stays within MAX_QTY (checked
  // against the database, not the cache)
  let r = await repo.addToOpenLine(app.db, owner, line, MAX_QTY, now, sellable);
  if (r.basketId === null) {
    // the first line: the basket is made (unless a concurrent request made it), then the same statement again
    await repo.insertOpen(app.db, owner, now);
    r = await repo.addToOpenLine(app.db, owner, line, MAX_QTY, now, sellable);
    if (r.basketId === null) throw new Error("basket could not be created");
  }
  if (r.quantity !== null) return { ok: true, message: basketTr.added };
  // refused: say why
  const [fresh] = (await catalog.pricesFor(app.db, [product.id])).values();
  if (!fresh?.active) return { ok: false, error: E.unavailable };
  const items = await repo.itemsOf(app.db, r.basketId);
  const wanted = (items.find((i) => i.productId === product.id && i.variant === variant && i.boxType === boxType)?.quantity ?? 0) + input.quantity;
  return { ok: false, error: wanted > MAX_QTY ? E.quantity : E.outOfStock };
}

/** Sets a line's quantity (1–999, within stock). */
export async function updateItem(app: AppContext, owner: Owner, itemId: number, quantity: number): Promise<Result> {
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QTY) return { ok: false, error: E.quantity };
  return change(app, owner, async (tx, basket) => {
    const items = await repo.itemsOf(tx, basket.id);
    const item = items.find((i) => i.id === itemId);
    if (!item) return { ok: false, error: E.itemNotFound };
    if (quantity > item.quantity) {
      const [p] = (await catalog.pricesFor(tx, [item.productId])).values();
      if (!p?.active) return { ok: false, error: E.unavailable };
      const left = stockFor(p, items, item.productId, item.id);
      if (left !== null && left < quantity) return { ok: false, error: E.outOfStock };
    }
    await repo.setQuantity(tx, basket.id, itemId, quantity);
    return { ok: true };
  });
}

export async function removeItem(app: AppContext, owner: Owner, itemId: number): Promise<Result> {
  return change(app, owner, async (tx, basket) => {
    const done = await repo.deleteItem(tx, basket.id, itemId);
    return done ? { ok: true } : { ok: false, error: E.itemNotFound };
  });
}

/** 'Sepeti Boşalt': removes every line (the note, code and points choice stay). */
export async function clear(app: AppContext, owner: Owner): Promise<Result> {
  return change(app, owner, async (tx, basket) => {
    await repo.deleteAllItems(tx, basket.id);
    return { ok: true, message: basketTr.cleared };
  });
}

/**
 * HEDEF81 (SPEC §4): the basket keeps only one introduction package; its code and points are taken off (the
 * campaign price replaces them).
 */
export async function keepOnly(app: AppContext, owner: Owner, productId: number): Promise<Result> {
  const product = await catalog.getProduct(app, productId);
  if (!product) return { ok: false, error: E.unavailable };
  return change(app, owner, async (tx, basket, now) => {
    await repo.deleteAllItems(tx, basket.id);
    await repo.addToLine(tx, { basketId: basket.id, productId, variant: product.variants[0]?.code ?? "", boxType: product.defaultBox?.code ?? "", quantity: 1 }, MAX_QTY, now);
    await repo.updateBasket(tx, basket.id, { promoId: null, pointsRequested: 0 });
    return { ok: true };
  });
}

/** Gift note and media link, already validated by giftNoteFormSchema. */
export async function setNote(app: AppContext, owner: Owner, note: { notes: string; link: string }): Promise<Result> {
  return change(app, owner, async (tx, basket) => {
    await repo.updateBasket(tx, basket.id, { notes: note.notes, link: note.link });
    return { ok: true };
  });
}

async function productTotalOf(app: AppContext, owner: Owner): Promise<number> {
  const loaded = await repo.findOpenWithItems(app.db, owner);
  return loaded ? (await view(app, loaded, owner)).amounts.productTotal : 0;
}

/** 'Promosyon kodu kullan': checks the code for this customer and basket and keeps it on the basket. */
export async function applyPromo(app: AppContext, owner: Owner, code: string, ip: string): Promise<Result> {
  const allowed = await promos.attemptAllowed(app, ip, owner.userId !== null ? `user:${owner.userId}` : `session:${owner.sessionId}`);
  if (!allowed.ok) return allowed;
  await mergeGuestBasket(app, owner);
  const checked = await promos.check(app, code, { userId: owner.userId }, await productTotalOf(app, owner));
  if (!checked.ok) return checked;
  return change(app, owner, async (tx, basket) => {
    await repo.updateBasket(tx, basket.id, { promoId: checked.promo.id });
    return { ok: true, message: basketTr.promo.applied };
  });
}

async function applyReserved(app: AppContext, owner: Owner, promoId: number): Promise<{ ok: boolean; text: string }> {
  const p = await promos.getById(app, promoId);
  if (!p) return { ok: false, text: fmt(basketTr.promo.failed, { error: basketTr.promo.errors.notFound }) };
  const checked = await promos.check(app, p.code, { userId: owner.userId }, await productTotalOf(app, owner));
  if (!checked.ok) return { ok: false, text: fmt(basketTr.promo.failed, { error: checked.error }) };
  await change(app, owner, (tx, basket) => repo.updateBasket(tx, basket.id, { promoId: checked.promo.id }));
  return { ok: true, text: basketTr.promo.applied };
}

export async function removePromo(app: AppContext, owner: Owner): Promise<Result> {
  return change(app, owner, async (tx, basket) => {
    await repo.updateBasket(tx, basket.id, { promoId: null });
    return { ok: true, message: basketTr.promo.removed };
  });
}

/** 'Kullan' spends all available points on this basket (members); 'Kullanma' takes them off again. */
export async function setPoints(app: AppContext, owner: Owner, use: boolean): Promise<Result> {
  if (owner.userId === null) return { ok: false, error: basketTr.points.membersOnly };
  const available = use ? await loyalty.available(app, owner.userId) : 0;
  if (use && available <= 0) return { ok: false, error: basketTr.points.none };
  return change(app, owner, async (tx, basket) => {
    await repo.updateBasket(tx, basket.id, { pointsRequested: available });
    return { ok: true, message: use ? basketTr.points.applied : basketTr.points.removed };
  });
}

// ---------------------------------------------------------------- suggestions

/**
 * 'Bu ürünler de ilginizi çekebilir': products bought together with the basket's in past orders, then best
 * sellers; never one already in the basket or sold out.
 */
export async function suggestions(app: AppContext, basket: BasketView, limit = 4): Promise<ProductCard[]> {
  const inBasket = new Set(basket.items.map((i) => i.productId));
  const [together, top, home] = await Promise.all([
    orders.boughtTogether(app, [...inBasket]),
    storefront.getTopFive(app),
    catalog.listGroup(app, catalog.MAIN_GROUP, "main"),
  ]);
  const ids = [...together, ...top.all.map((t) => t.SID), ...(home?.products.map((p) => p.id) ?? [])];
  const out: ProductCard[] = [];
  const seen = new Set<number>();
  for (const p of await catalog.getProducts(app, ids)) {
    if (out.length >= limit) break;
    if (seen.has(p.id) || inBasket.has(p.id) || isSoldOut(p)) continue;
    seen.add(p.id);
    out.push(catalog.toCard(p));
  }
  return out;
}

// ---------------------------------------------------------------- ordering (checkout)

export class BasketNotOpen extends Error {}

/** A basket row locked for placing its order (`lockForOrderWith`), then priced with `priceLocked`; its version under the lock. */
export type LockedBasket = repo.LockedRow;


/**
 * Locks the basket's row for the caller's transaction: placing takes it first, so two confirms of one basket
 * queue here. Throws BasketNotOpen when the basket was ordered or merged meanwhile. Another module's row is read in
 * the same statement when asked (db/client.ts `Companion`; only the basket's row is locked), handed back as it came.
 */
export async function lockForOrderWith<R = never>(tx: Tx, basketId: number, companion?: Companion<R>): Promise<{ row: LockedBasket; companion: R | null }> {
  const found = companion ? await repo.lockByIdWith(tx, basketId, companion) : await repo.lockById(tx, basketId).then((r) => r && { ...r, companion: null });
  if (!found || found.row.status !== "open") throw new BasketNotOpen(`basket ${basketId} is not open`);
  return { row: { row: found.row, version: found.version }, companion: found.companion };
}

/**
 * The product prices a placing transaction prices with, read before it opens from the process cache (what the
 * buyer was shown; the cache follows every change through LISTEN/NOTIFY). Read outside the transaction: a cold
 * cache queries the database, which on PGlite's single connection must not happen inside one.
 */
export type OrderPrices = Map<number, Priced>;
export const pricesForOrder = (app: AppContext, productIds: number[]): Promise<OrderPrices> => cachedPrices(app, productIds);

/**
 * The locked basket priced for its order: its lines as they are under the lock, priced from `prices` (a line
 * whose product is missing there, added meanwhile, is priced from the database), the code checked again in `tx`,
 * the points read in `tx` only when the basket spends some. `heldBy`: the basket's own hold, whose code use and
 * points do not count against it. `seen`: the view this request showed (`getBasket`); its lines are the lines under
 * the lock when the row still has the version they were read with, and are read again otherwise.
 */
export async function priceLocked(
  tx: Tx,
  app: AppContext,
  { row, version }: LockedBasket,
  owner: { userId: number | null; heldBy?: number | null },
  prices: OrderPrices,
  seen?: BasketView,
): Promise<BasketView> {
  const asRead = (seen as WithLinesAsRead | undefined)?.[linesAsRead];
  const rows = asRead?.version === version ? asRead.rows : await repo.itemsOf(tx, row.id);
  const missing = rows.filter((r) => !prices.has(r.productId)).map((r) => r.productId);
  const all = missing.length ? new Map<number, Priced>([...prices, ...(await catalog.pricesFor(tx, missing))]) : prices;
  const settings = await getSettings(app, tx);
  // no box pictures: they are not needed to order
  const promo = row.promoId === null ? null : await promos.stillUsable(app, tx, row.promoId, { userId: owner.userId }, owner.heldBy);
  const points = owner.userId !== null && row.pointsRequested > 0 ? await loyalty.available(app, owner.userId, tx, owner.heldBy) : null;
  return assemble(row, priceItems(rows, all, new Map<string, BoxType>(), settings), promo, points);
}

export async function markOrdered(tx: DbOrTx, basketId: number, now: Date): Promise<void> {
  await repo.updateBasket(tx, basketId, { status: "ordered", updatedAt: now });
}

/** `markOrdered` carried by another module's statement (the payment's booking): the basket closes when `gate` holds. */
export function markOrderedRider(basketId: number, now: Date): Rider {
  return (db, gate) => db.$with("basket_ordered").as(repo.updateBasketReturningQuery(db, basketId, { status: "ordered", updatedAt: now }, gate));
}
/** The same as a step of the order's statement (db/client.ts `Step`): the basket's row lock at its place, never refused. */
export const markOrderedStep = (db: DbOrTx, basketId: number, now: Date): Step => ({ ride: markOrderedRider(basketId, now)(db, sql`true`), refusal: null });

/** The id of the owner's open basket, if any (checkout keys its state on it). */
export async function openBasketId(app: AppContext, owner: Owner): Promise<number | null> {
  return (await openRow(app, owner))?.row.id ?? null;
}

/**
 * KVKK erasure (issue 12), in the caller's transaction: the member's baskets lose their gift-note drafts.
 * Returns their ids (checkout forgets the addresses it kept for them).
 */
export async function forgetPerson(tx: DbOrTx, userId: number, at: Date): Promise<number[]> {
  return repo.clearNotesOf(tx, userId, at);
}
