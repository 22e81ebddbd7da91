import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./accounts";

/**
 * Loyalty points as a ledger (issue 6): 1 point = 1 kuruş. The balance is the sum of `amount`.
 * earned (+, expires a year later), spent (−), reversed (± undoing a spend or an earn), expired (−),
 * adjusted (± by staff, with a reason).
 */
export const loyaltyLedger = pgTable(
  "loyalty_ledger",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["earned", "spent", "reversed", "expired", "adjusted"] }).notNull(),
    amount: integer("amount").notNull(),
    orderId: integer("order_id"),
    /** A spend taken by a checkout hold before the card payment (issue 24): gets order_id when the order is made. */
    holdId: integer("hold_id"),
    note: text("note").notNull().default(""),
    actor: text("actor").notNull().default("system"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** For positive entries: when what is left of them expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("loyalty_user_idx").on(t.userId, t.createdAt),
    // an order earns once and spends once
    uniqueIndex("loyalty_order_kind_uq").on(t.orderId, t.kind).where(sql`${t.orderId} is not null and ${t.kind} in ('earned', 'spent')`),
  ],
);
