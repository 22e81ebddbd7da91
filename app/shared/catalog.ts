/**
 * Catalogue shapes handed to the browser, and the pure rules of the product list (SPEC §2.4, §9):
 * sort order with Turkish collation, discount percent, top-five ranking.
 */
import { discountPercent, type Kurus } from "./money";
import type { TopFiveWindow } from "./constants";

export { discountPercent };

export interface BoxType {
  code: string;
  name: string;
  imageUrl: string;
  width: number;
  height: number;
}

export interface Nutrition {
  cal: number;
  fat: number;
  satfat: number;
  carb: number;
  sugar: number;
  pro: number;
  salt: number;
}

export type ProductGroupKind = "single" | "cookie" | "gift" | "corp";

export interface ProductCard {
  id: number;
  name: string;
  desc: string;
  packageContent: string;
  itemPrice: Kurus;
  originalPrice: Kurus;
  /** Whole percent, 0 when there is no discount. */
  discount: number;
  imgName: string;
  defaultBox: BoxType | null;
  group: ProductGroupKind;
  weightG: number | null;
  /** null: made to order without limit */
  stock: number | null;
}

export interface Variant {
  code: string;
  name: string;
  priceDelta: Kurus;
}

export interface ProductDetail extends ProductCard {
  longDesc: string;
  /** Up to three alternate image names. */
  altImages: string[];
  innerTexture: number | null;
  contains: string;
  allergens: string;
  care: string;
  heating: string;
  nutrition: Nutrition | null;
  variants: Variant[];
}

export interface GroupInfo {
  code: string;
  kind: "main" | "group" | "sub";
  name: string;
  headline: string;
  description: string;
}

export interface TopFiveItem {
  /** SID of SPEC §3: the product id. */
  SID: number;
  pLongName: string;
  packageContent: string;
  imgName: string;
  units: number;
}

export type TopFive = Record<TopFiveWindow, TopFiveItem[]>;

export interface CookieEntry {
  pid: string;
  name: string;
  image: string;
  ingredients: string;
  firstProduced: string;
  sizes: number[];
  nutrition: Nutrition;
  archived: boolean;
}

export interface StorefrontItem {
  product: ProductCard;
  stock: number;
  producedOn: string;
  note: string;
}

/** Image names starting with this point at a picture uploaded by staff (catalog/images.ts), not a built-in one. */
export const UPLOAD_PREFIX = "upload/";

/**
 * Widths (px) of the smaller copies made of an uploaded picture (only those below its own width: never
 * enlarged). Each is a WebP, plus a PNG or JPEG copy when the upload is PNG or JPEG (for browsers without WebP).
 */
export const UPLOAD_WIDTHS = [320, 640, 960] as const;

/**
 * An uploaded picture's name: `upload/{hash}.{ext}` (uploaded before the copies were made: one file) or
 * `upload/{hash}-w{width}.{ext}` (its copies exist; `width` is the picture's own, upright). Its original is
 * /uploads/products/{hash}.{ext} either way. (Kept small: this goes to the browser.)
 */
const withCopies = (imgName: string) => /^upload\/([a-f0-9]{32})-w(\d+)\.(png|jpg|webp)$/.exec(imgName);
const UPLOADS = "/uploads/products/";

/** The picture's address: a built-in drawing under /img/products, or an upload (its original file) under /uploads/products. */
export const productImage = (imgName: string) =>
  imgName.startsWith(UPLOAD_PREFIX) ? UPLOADS + imgName.slice(UPLOAD_PREFIX.length).replace(/-w\d+\./, ".") : `/img/products/${imgName}.svg`;

/**
 * `srcset` lists of an uploaded picture that has its smaller copies: `webp` for a `<source type="image/webp">`
 * (null when the picture is WebP itself) and `img` for the `<img>` (in the upload's own format); the original
 * is the largest candidate. Null for a drawing (SVG scales) and for an upload without copies.
 */
export function productImageSet(imgName: string): { webp: string | null; img: string } | null {
  const m = withCopies(imgName);
  if (!m) return null;
  const [, hash, width, ext] = m as unknown as [string, string, string, string];
  const list = (type: string) => [...UPLOAD_WIDTHS.filter((w) => w < +width).map((w) => `${UPLOADS}${hash}-${w}.${type} ${w}w`), `${UPLOADS}${hash}.${ext} ${width}w`].join(", ");
  return { webp: ext === "webp" ? null : list("webp"), img: list(ext) };
}

/**
 * The picture a shared link shows (Open Graph): a 1200 × 630 JPEG made from each picture shipped in
 * public/img/products (scripts/make-icons.mjs) or, for an upload, when it was uploaded (catalog/images.ts);
 * an upload from before that is shared as it is.
 */
export function productShareImage(imgName: string): string {
  const m = withCopies(imgName);
  return m ? `${UPLOADS}${m[1]}-share.jpg` : imgName.startsWith(UPLOAD_PREFIX) ? productImage(imgName) : `/img/share/products/${imgName}.jpg`;
}

/** Product list sort: the default (staff order), then the cycle A-Z → Z-A → price ↑ → price ↓ → A-Z … */
export const SORT_MODES = ["az", "za", "price-asc", "price-desc"] as const;
export type SortMode = (typeof SORT_MODES)[number];

export function parseSort(value: string | null | undefined): SortMode | null {
  return SORT_MODES.find((m) => m === value) ?? null;
}

export function nextSort(current: SortMode | null): SortMode {
  if (current === null) return "az";
  const i = SORT_MODES.indexOf(current);
  return SORT_MODES[(i + 1) % SORT_MODES.length]!;
}

// made on first sort: building a collator costs a phone milliseconds at page start, and most pages never sort
let trCollator: Intl.Collator | undefined;
const collator = { compare: (a: string, b: string) => (trCollator ??= new Intl.Collator("tr", { sensitivity: "base", numeric: true })).compare(a, b) };

/** A new array in the chosen order; null keeps the given (default) order. Ties keep the default order. */
export function sortProducts<T extends { name: string; itemPrice: number }>(list: readonly T[], mode: SortMode | null): T[] {
  const copy = [...list];
  switch (mode) {
    case null:
      return copy;
    case "az":
      return copy.sort((a, b) => collator.compare(a.name, b.name));
    case "za":
      return copy.sort((a, b) => collator.compare(b.name, a.name));
    case "price-asc":
      return copy.sort((a, b) => a.itemPrice - b.itemPrice || collator.compare(a.name, b.name));
    case "price-desc":
      return copy.sort((a, b) => b.itemPrice - a.itemPrice || collator.compare(a.name, b.name));
  }
}

/**
 * The five best sellers of one window: most units first, ties by Turkish name order; products that sold
 * nothing in the window are left out.
 */
export function rankTopFive<T extends { name: string }>(counts: { product: T; units: number }[], limit = 5): { product: T; units: number }[] {
  return counts
    .filter((c) => c.units > 0)
    .sort((a, b) => b.units - a.units || collator.compare(a.product.name, b.product.name))
    .slice(0, limit);
}

/** Sold out: a product with counted stock and none left (null stock: made to order without limit). */
export function isSoldOut(p: { stock: number | null }): boolean {
  return p.stock !== null && p.stock <= 0;
}
