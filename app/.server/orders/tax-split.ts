import { z } from "zod";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { getSettings } from "../settings/service";
import { computeInvoice } from "~/shared/invoice";
import * as repo from "./repo";
import type { NewOrderLine, OrderRow } from "./repo";

/**
 * An order's KDV split (issue 28): what its invoice charges per rate, by the one invoice rule
 * (`computeInvoice`, app/shared/invoice.ts), stored beside the order so the sales figures add it up in SQL
 * instead of recomputing every invoice (docs/decisions/0042). The SQL is in repo.ts.
 */

const storedTax = z.object({ deliveryRateBp: z.number().int().min(0).max(10_000) }).partial();

type Priced = Pick<OrderRow, "discountAmount" | "usedBonus" | "deliveryCost" | "taxSnapshot">;
type Line = Pick<NewOrderLine, "unitPrice" | "quantity" | "taxRateBp">;

/** The invoice's net total and per-rate net and tax of an order as stored (rates of its time). */
export function taxSplitOf(order: Priced, lines: Line[], fallbackDeliveryRateBp: number) {
  const inv = computeInvoice({
    lines: lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, taxRateBp: l.taxRateBp })),
    discountAmount: order.discountAmount ?? 0,
    usedBonus: order.usedBonus ?? 0,
    shippingCost: order.deliveryCost,
    deliveryRateBp: storedTax.safeParse(order.taxSnapshot).data?.deliveryRateBp ?? fallbackDeliveryRateBp,
  });
  return { netTotal: inv.subTotal, rates: inv.byRate };
}

/** Writes an order's split, in the caller's transaction (placing, or the fill-in of older orders). */
export async function writeTaxSplit(tx: DbOrTx, orderId: number, split: ReturnType<typeof taxSplitOf>): Promise<void> {
  if (split.rates.length) await repo.insertTaxRates(tx, split.rates.map((r) => ({ orderId, rateBp: r.rateBp, net: r.net, tax: r.tax })));
  await repo.updateOrder(tx, orderId, { netTotal: split.netTotal });
}

/** The delivery rate for orders whose snapshot lacks one: the shop's configured rate. */
export const fallbackDeliveryRate = async (app: AppContext, db: DbOrTx = app.db) => (await getSettings(app, db)).tax.deliveryRateBp;

/**
 * Fills in the split of orders placed before it was stored (net_total null), a batch at a time; returns how
 * many it filled. One query when there is nothing to do.
 */
export async function fillMissingTaxSplits(app: AppContext, batch = 1000): Promise<number> {
  let filled = 0;
  for (;;) {
    const missing = await repo.missingSplits(app.db, batch);
    if (!missing.length) return filled;
    const fallback = await fallbackDeliveryRate(app);
    const lines = await repo.lineAmountsOf(app.db, missing.map((o) => o.id));
    const byOrder = new Map<number, Line[]>();
    for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
    const splits = missing.map((o) => ({ id: o.id, ...taxSplitOf(o, byOrder.get(o.id) ?? [], fallback) }));
    // two statements per batch: every rate row at once, then every order's net total at once
    await app.db.transaction(async (tx) => {
      const rows = splits.flatMap((x) => x.rates.map((r) => ({ orderId: x.id, rateBp: r.rateBp, net: r.net, tax: r.tax })));
      if (rows.length) await repo.insertTaxRates(tx, rows);
      await repo.fillNetTotals(tx, splits);
    });
    filled += missing.length;
    if (missing.length < batch) return filled;
  }
}

/** Orders whose split is not stored yet (a test and the fill-in's check). */
export async function countMissing(db: DbOrTx): Promise<number> {
  return repo.countMissingSplits(db);
}
