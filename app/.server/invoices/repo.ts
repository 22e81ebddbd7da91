import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { invoiceCounters, invoices } from "../db/schema/invoices";

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/**
 * Takes the next sequence number of a series and year inside the caller's transaction. The upsert locks the
 * counter row until that transaction ends, so concurrent issues queue behind it and a rolled-back (or crashed)
 * transaction gives its number back: numbers stay gapless as long as the invoice row is written in the same
 * transaction.
 */
export async function takeSequence(tx: DbOrTx, series: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.series, invoiceCounters.year], set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error("invoice counter missing");
  return row.last;
}

export async function insert(tx: DbOrTx, row: NewInvoice): Promise<InvoiceRow> {
  const [r] = await tx.insert(invoices).values(row).returning();
  if (!r) throw new Error("invoice insert returned nothing");
  return r;
}

export async function findByOrderAndKind(db: DbOrTx, orderId: number, kind: "SATIS" | "IADE"): Promise<InvoiceRow | undefined> {
  const [r] = await db.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
  return r;
}

export async function listForOrder(db: DbOrTx, orderId: number): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}

export async function findById(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [r] = await db.select().from(invoices).where(eq(invoices.id, id));
  return r;
}

export async function lockById(tx: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [r] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return r;
}

export async function update(db: DbOrTx, id: number, patch: Partial<NewInvoice>): Promise<void> {
  await db.update(invoices).set(patch).where(eq(invoices.id, id));
}

/** Invoices not yet accepted by the provider, oldest first (the staff's 'waiting' list). */
export async function listQueued(db: DbOrTx, limit = 100): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.status, "queued")).orderBy(asc(invoices.id)).limit(limit);
}

export async function orderIdsWithInvoices(db: DbOrTx, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.selectDistinct({ orderId: invoices.orderId }).from(invoices).where(inArray(invoices.orderId, orderIds));
  return rows.map((r) => r.orderId);
}
