import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * e-Arşiv invoices (issue 26 §2): one SATIS per order, and at most one IADE (return) referring to it. The number
 * (series + year + 9-digit sequence) is taken from `invoice_counters` in the transaction that changes the order's
 * status, so numbers are gapless per series and year. `xml` is the UBL-TR document as issued; `copy` the data the
 * human-readable copy shows (never recomputed). `status` follows the provider: queued → sent (accepted by the
 * provider; `local` sends at once), cancelled (iptal).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    /** SATIS or IADE */
    kind: text("kind", { enum: ["SATIS", "IADE"] }).notNull(),
    /** 16 characters: 'KRB2026000000001' */
    number: text("number").notNull().unique(),
    series: text("series").notNull(),
    year: integer("year").notNull(),
    seq: integer("seq").notNull(),
    /** ETTN: UUID v4 */
    ettn: uuid("ettn").notNull().unique(),
    /** For an IADE: the SATIS invoice it returns. */
    refInvoiceId: integer("ref_invoice_id"),
    provider: text("provider").notNull(),
    status: text("status", { enum: ["queued", "sent", "cancelled"] }).notNull(),
    /** Payable amount in kuruş. */
    total: integer("total").notNull(),
    xml: text("xml").notNull(),
    copy: jsonb("copy").notNull(),
    providerRef: text("provider_ref"),
    lastError: text("last_error"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invoices_order_kind_uq").on(t.orderId, t.kind),
    uniqueIndex("invoices_series_year_seq_uq").on(t.series, t.year, t.seq),
    index("invoices_status_idx").on(t.status),
  ],
);

/** Last invoice sequence per series and year; the row stays locked by the transaction that takes a number. */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);
