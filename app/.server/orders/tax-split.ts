import { eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { orderLines, orders, orderTaxes } from "../db/schema/orders";
import { getSettings } from "../settings/service";
import { computeInvoice } from "~/shared/invoice";
import type { NewOrderLine, OrderRow } from "./repo";

/**
 * An order's KDV split (issue 28): what its invoice charges per rate, by the one invoice rule
 * (`computeInvoice`, app/shared/invoice.ts), stored beside the order so the sales figures add it up in SQL
 * instead of recomputing every invoice (docs/decisions/0042).
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
  if (split.rates.length) {
    await tx
      .insert(orderTaxes)
      .values(split.rates.map((r) => ({ orderId, rateBp: r.rateBp, net: r.net, tax: r.tax })))
      .onConflictDoNothing();
  }
  await tx.update(orders).set({ netTotal: split.netTotal }).where(eq(orders.id, orderId));
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
    const missing = await app.db
      .select({ id: orders.id, discountAmount: orders.discountAmount, usedBonus: orders.usedBonus, deliveryCost: orders.deliveryCost, taxSnapshot: orders.taxSnapshot })
      .from(orders)
      .where(isNull(orders.netTotal))
      .orderBy(orders.id)
      .limit(batch);
    if (!missing.length) return filled;
    const fallback = await fallbackDeliveryRate(app);
    const lines = await app.db
      .select({ orderId: orderLines.orderId, unitPrice: orderLines.unitPrice, quantity: orderLines.quantity, taxRateBp: orderLines.taxRateBp })
      .from(orderLines)
      .where(inArray(orderLines.orderId, missing.map((o) => o.id)))
      .orderBy(orderLines.id);
    const byOrder = new Map<number, Line[]>();
    for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
    const splits = missing.map((o) => ({ id: o.id, ...taxSplitOf(o, byOrder.get(o.id) ?? [], fallback) }));
    // two statements per batch: every rate row at once, then every order's net total at once
    await app.db.transaction(async (tx) => {
      const rows = splits.flatMap((x) => x.rates.map((r) => ({ orderId: x.id, rateBp: r.rateBp, net: r.net, tax: r.tax })));
      if (rows.length) await tx.insert(orderTaxes).values(rows).onConflictDoNothing();
      const values = sql.join(
        splits.map((x) => sql`(${x.id}::int, ${x.netTotal}::int)`),
        sql`, `,
      );
      await tx.execute(sql`update orders set net_total = v.net from (values ${values}) as v(id, net) where orders.id = v.id and orders.net_total is null`);
    });
    filled += missing.length;
    if (missing.length < batch) return filled;
  }
}

/** Orders whose split is not stored yet (a test and the fill-in's check). */
export async function countMissing(db: DbOrTx): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(isNull(orders.netTotal));
  return Number(r?.n ?? 0);
}
