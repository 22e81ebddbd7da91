import { parseArgs } from "node:util";
import type { AppContext } from "../context";
import * as catalog from "./service";
import { formatCost, toKurus } from "~/shared/money";

/** Operator commands for the catalogue (`npm run site -- price …`); staff use /management/catalog. */
export const CATALOG_USAGE = `  npm run site -- price <ürün no> <fiyat TL> [--original <liste fiyatı TL>]   (indirim için liste fiyatı / discount)
  npm run site -- vitrin <ürün no> <stok> [--note "…"]`;

export class CatalogUsageError extends Error {}

export type CatalogCommand =
  | { name: "price"; productId: number; itemPrice: number; originalPrice?: number }
  | { name: "vitrin"; productId: number; stock: number; note?: string };

export function parseCatalogCommand(argv: string[]): CatalogCommand {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { original: { type: "string" }, note: { type: "string" } } });
  const [cmd, id, amount] = positionals;
  const productId = Number(id);
  try {
    if (cmd === "price" && Number.isSafeInteger(productId) && amount) {
      return { name: "price", productId, itemPrice: toKurus(amount), originalPrice: values.original ? toKurus(values.original) : undefined };
    }
    if (cmd === "vitrin" && Number.isSafeInteger(productId) && amount && /^\d+$/.test(amount)) {
      return { name: "vitrin", productId, stock: Number(amount), note: values.note };
    }
  } catch {
    /* not an amount */
  }
  throw new CatalogUsageError(CATALOG_USAGE);
}

export async function runCatalogCommand(app: AppContext, cmd: CatalogCommand): Promise<string> {
  if (cmd.name === "vitrin") {
    if (!(await catalog.getProduct(app, cmd.productId))) throw new CatalogUsageError(`Ürün bulunamadı: ${cmd.productId}`);
    await catalog.setStorefront(app, cmd.productId, cmd.stock, cmd.note);
    return `Vitrin: ${cmd.productId} stok ${cmd.stock}`;
  }
  const r = await catalog.setPrice(app, cmd.productId, cmd.itemPrice, cmd.originalPrice);
  if (!r.ok) throw new CatalogUsageError(r.error === "notFound" ? `Ürün bulunamadı: ${cmd.productId}` : "Geçersiz fiyat (liste fiyatı satış fiyatından düşük olamaz)");
  return `${r.product.name}: ${formatCost(r.product.itemPrice)} (liste ${formatCost(r.product.originalPrice)}, indirim %${r.product.discount})`;
}
