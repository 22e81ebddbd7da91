import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Promotion codes (issue 6, SPEC §3 Promo). `code` is stored normalised (see promos/service normalizeCode).
 * A percentage is in basis points (10 % = 1000), a fixed amount in kuruş. `maxUses` 1 makes a single-use code.
 * `usedCount` counts paid orders; it only grows inside the order's transaction under the row's lock.
 */
export const PROMO_KINDS = ["percent", "fixed"] as const;
export const PROMO_AUDIENCES = ["all", "members", "guests"] as const;

export const promoCodes = pgTable("promo_codes", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  description: text("description").notNull().default(""),
  kind: text("kind", { enum: PROMO_KINDS }).notNull(),
  percentBp: integer("percent_bp"),
  amount: integer("amount"),
  maxDiscount: integer("max_discount"),
  minBasket: integer("min_basket").notNull().default(0),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  maxUses: integer("max_uses"),
  usedCount: integer("used_count").notNull().default(0),
  perCustomer: integer("per_customer"),
  audience: text("audience", { enum: PROMO_AUDIENCES }).notNull().default("all"),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  createdBy: text("created_by").notNull().default("system"),
});

/**
 * One row per order that used a code; while the order's payment runs the row belongs to the basket's hold
 * (hold_id set, order_id null) and already counts against the code's limits.
 */
export const promoUses = pgTable(
  "promo_uses",
  {
    id: serial("id").primaryKey(),
    promoId: integer("promo_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    orderId: integer("order_id").unique(),
    holdId: integer("hold_id").unique(),
    userId: integer("user_id"),
    email: text("email").notNull(),
    discount: integer("discount").notNull().default(0),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("promo_uses_promo_idx").on(t.promoId, t.userId), index("promo_uses_email_idx").on(t.promoId, t.email)],
);

/** A code reserved through /p/{code} for a visitor's session; applied when that visitor's basket next loads. */
export const promoReservations = pgTable("promo_reservations", {
  sessionId: uuid("session_id").primaryKey(),
  promoId: integer("promo_id")
    .notNull()
    .references(() => promoCodes.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
