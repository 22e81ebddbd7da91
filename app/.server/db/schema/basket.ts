import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { promoCodes } from "./promos";

/**
 * Baskets (issue 6, SPEC §3 Basket). A guest's basket hangs on the session's stable id; a member's on the user.
 * At most one open basket per member and one per guest session. Prices are never stored here: every read
 * prices the items from the catalogue. `ordered` baskets belong to an order; `merged` ones were folded into
 * the member's basket at sign-in (`mergedInto`).
 */
export const BASKET_STATUSES = ["open", "ordered", "merged"] as const;

export const baskets = pgTable(
  "baskets",
  {
    id: serial("id").primaryKey(),
    sessionId: uuid("session_id"),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: BASKET_STATUSES }).notNull().default("open"),
    /** Gift note (max 250) and media link (max 500), stored as typed; always rendered escaped. */
    notes: text("notes").notNull().default(""),
    link: text("link").notNull().default(""),
    promoId: integer("promo_id").references(() => promoCodes.id, { onDelete: "set null" }),
    /** Loyalty points (kuruş) the member chose to spend; limited to the balance at every read. */
    pointsRequested: integer("points_requested").notNull().default(0),
    mergedInto: integer("merged_into"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("baskets_open_user_uq").on(t.userId).where(sql`status = 'open' and user_id is not null`),
    uniqueIndex("baskets_open_session_uq").on(t.sessionId).where(sql`status = 'open' and user_id is null`),
    index("baskets_session_idx").on(t.sessionId),
  ],
);

export const basketItems = pgTable(
  "basket_items",
  {
    id: serial("id").primaryKey(),
    basketId: integer("basket_id")
      .notNull()
      .references(() => baskets.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    /** Variant code ('' when the product has none). */
    variant: text("variant").notNull().default(""),
    /** Box type code ('' for none). */
    boxType: text("box_type").notNull().default(""),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("basket_items_line_uq").on(t.basketId, t.productId, t.variant, t.boxType)],
);
