import type { AppContext } from "../context";
import * as audit from "../audit/service";
import * as catalog from "../catalog/service";
import * as site from "../site/service";
import { failed, ok, type Outcome, type Staff } from "./outcome";
import { istanbulDate } from "~/shared/clock";
import { can } from "~/shared/management";
import { CATALOG_PAGE_SIZE, IMAGE_MAX_BYTES, type ImageSlot, type MenuTileInput, type NewProductInput, type ProductInput } from "~/shared/management-forms";
import { productImage } from "~/shared/catalog";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/**
 * Catalogue and stock (issue 12 item 4): products with their texts, prices, pictures, lists, nutrition and
 * active flag (marketing); stock and the workshop storefront (operations); the side-menu tiles (marketing).
 * Every change is one transaction with its audit entry; the cached catalogue drops in every process when it
 * commits. The information pages' texts are in pages-desk.ts.
 */

const N = managementTr.notices;

/** Only the fields that changed, before and after (keeps the audit log readable). */
export function changes<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const k of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

export async function catalogList(app: AppContext, f: { q: string; state: "" | "active" | "archived"; kind: string; page: number }) {
  const { rows, total } = await catalog.listForStaff(app, { ...f, pageSize: CATALOG_PAGE_SIZE });
  return {
    total,
    pages: Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE)),
    rows: rows.map((r) => ({ ...r, image: productImage(r.imgName) })),
  };
}

/** Everything the product page shows and edits; null for an unknown product. */
export async function productPage(app: AppContext, staff: Staff, id: number) {
  const [found, choices] = await Promise.all([catalog.productForStaff(app, id), catalog.staffChoices(app)]);
  if (!found) return null;
  const p = found.product;
  const alt = p.altImages;
  return {
    product: {
      id: p.id,
      name: p.name,
      desc: p.desc,
      longDesc: p.longDesc,
      packageContent: p.packageContent,
      itemPrice: p.itemPrice,
      originalPrice: p.originalPrice,
      group: p.group,
      defaultBox: p.defaultBox ?? "",
      innerTexture: p.innerTexture,
      weightG: p.weightG,
      contains: p.contains,
      allergens: p.allergens,
      care: p.care,
      heating: p.heating,
      nutrition: p.nutrition ?? null,
      active: p.active,
      stock: p.stock,
      updatedAt: p.updatedAt.toISOString(),
    },
    images: (["main", "One", "Two", "Three"] as const).map((slot) => {
      const name = slot === "main" ? p.imgName : (alt[slot] ?? null);
      return { slot, src: name ? productImage(name) : null, uploaded: Boolean(name?.startsWith("upload/")) };
    }),
    lists: found.lists,
    storefront: found.storefront,
    boxes: choices.boxes,
    groups: choices.groups,
    today: istanbulDate(app.clock.now()),
    may: { edit: can(staff.role, "catalog.edit"), stock: can(staff.role, "stock.edit") },
  };
}

function refusal(error: "notFound" | "invalid" | "unknownBox" | "unknownList"): Outcome {
  if (error === "notFound") return failed(managementTr.errors.notFoundBody);
  if (error === "unknownBox") return failed(N.unknownBox, { defaultBox: N.unknownBox });
  if (error === "unknownList") return failed(N.unknownList);
  return failed(managementTr.errors.invalidForm);
}

/** Texts, prices, kind, box type, nutrition, lists and the active flag of a product. */
export async function saveProduct(app: AppContext, staff: Staff, id: number, input: ProductInput & { lists: string[] }): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const r = await catalog.updateProduct(app, tx, id, input);
    if (!r.ok) return refusal(r.error);
    const diff = changes(r.before as unknown as Record<string, unknown>, r.after as unknown as Record<string, unknown>);
    if (!diff) return ok(N.noChanges);
    await audit.record(app, tx, { actor: staff.actor, action: "product.edit", entity: "product", entityId: id, ...diff });
    return ok(fmt(N.productSaved, { name: input.name }));
  });
}

/**
 * A new product, off sale, with its audit entry. Returns its number: the route opens its page, which says it
 * was made and what is left to fill in (`productCreated`).
 */
export async function createProduct(app: AppContext, staff: Staff, input: NewProductInput): Promise<{ id: number }> {
  return app.db.transaction(async (tx) => {
    const { id } = await catalog.createProduct(app, tx, input);
    await audit.record(app, tx, { actor: staff.actor, action: "product.create", entity: "product", entityId: id, before: null, after: { ...input, active: false } });
    return { id };
  });
}

export async function saveStock(app: AppContext, staff: Staff, id: number, stock: number | null): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const r = await catalog.setStock(app, tx, id, stock);
    if (!r.ok) return refusal(r.error);
    if (r.before.stock === r.after.stock) return ok(N.noChanges);
    await audit.record(app, tx, { actor: staff.actor, action: "product.stock", entity: "product", entityId: id, before: r.before, after: r.after });
    return ok(stock === null ? N.stockUnlimited : fmt(N.stockSaved, { stock }));
  });
}

export async function saveStorefront(app: AppContext, staff: Staff, id: number, e: catalog.StorefrontEdit): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const r = await catalog.setStorefrontRow(app, tx, id, e);
    if (!r.ok) return refusal(r.error);
    await audit.record(app, tx, { actor: staff.actor, action: "product.storefront", entity: "product", entityId: id, before: r.before, after: r.after });
    return ok(e.stock === 0 ? N.storefrontRemoved : fmt(N.storefrontSaved, { stock: e.stock }));
  });
}

/**
 * Checks and stores an uploaded picture (PNG, JPEG, WebP up to 1 MB, at most 40 megapixels) with its smaller
 * copies and share picture (catalog/images.ts), and shows it in the chosen place. A picture that cannot be
 * read leaves nothing behind and changes nothing.
 */
export async function uploadImage(app: AppContext, staff: Staff, id: number, slot: ImageSlot, file: FormDataEntryValue | null): Promise<Outcome> {
  if (!(file instanceof File) || file.size === 0) return failed(N.imageMissing, { image: N.imageMissing });
  if (file.size > IMAGE_MAX_BYTES) return failed(N.imageTooLarge, { image: N.imageTooLarge });
  if (!(await catalog.productForStaff(app, id))) return failed(managementTr.errors.notFoundBody);
  const saved = await catalog.saveImage(app, new Uint8Array(await file.arrayBuffer()), IMAGE_MAX_BYTES);
  if (!saved.ok) {
    const message = { tooLarge: N.imageTooLarge, empty: N.imageMissing, type: N.imageType, unreadable: N.imageUnreadable, tooManyPixels: N.imageTooManyPixels }[saved.error];
    return failed(message, { image: message });
  }
  return app.db.transaction(async (tx) => {
    const r = await catalog.setImage(app, tx, id, slot, saved.imgName);
    if (!r.ok) return refusal(r.error);
    await audit.record(app, tx, { actor: staff.actor, action: "product.image", entity: "product", entityId: id, before: r.before, after: { ...r.after, slot, bytes: file.size } });
    return ok(N.imageSaved);
  });
}

/** Takes an alternate picture off the product (the main picture can only be replaced). */
export async function removeImage(app: AppContext, staff: Staff, id: number, slot: Exclude<ImageSlot, "main">): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const r = await catalog.setImage(app, tx, id, slot, null);
    if (!r.ok) return refusal(r.error);
    await audit.record(app, tx, { actor: staff.actor, action: "product.image", entity: "product", entityId: id, before: r.before, after: { ...r.after, slot } });
    return ok(N.imageRemoved);
  });
}

// ─── menu tiles ─────────────────────────────────────────────────────────────────────────────────

export async function menuPage(app: AppContext) {
  const tiles = await site.menuForStaff(app);
  return tiles.map((t) => ({
    pageId: t.pageId,
    parentPageId: t.parentPageId,
    size: t.size,
    name: t.name,
    link: t.link ?? "",
    header: t.header,
    subHeader: t.subHeader,
    description: t.description,
    bgColour: t.bgColour,
    textColour: t.textColour,
    position: t.position,
    active: t.active,
  }));
}

export async function saveTile(app: AppContext, staff: Staff, input: MenuTileInput): Promise<Outcome> {
  const { pageId, link, ...rest } = input;
  return app.db.transaction(async (tx) => {
    const r = await site.updateTile(app, tx, pageId, { ...rest, link: link || null });
    if (!r) return failed(managementTr.errors.notFoundBody);
    const diff = changes(r.before as unknown as Record<string, unknown>, r.after as unknown as Record<string, unknown>);
    if (!diff) return ok(N.noChanges);
    await audit.record(app, tx, { actor: staff.actor, action: "menu.tile", entity: "menu", entityId: pageId, ...diff });
    return ok(fmt(N.tileSaved, { name: input.name }));
  });
}
