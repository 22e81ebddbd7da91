import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./accounts";

/**
 * Checkout progress per basket (issue 8): what the buyer entered at each step, kept on the server so a reload or
 * a second tab never loses it. Never holds a card number or security code (only holder, last four, type).
 */
export const checkoutStates = pgTable("checkout_states", {
  basketId: integer("basket_id").primaryKey(),
  delivery: jsonb("delivery"),
  email: text("email"),
  payment: jsonb("payment"),
  guestChosen: integer("guest_chosen").notNull().default(0),
  /** City campaign joined on the confirm step: 'FreeCity' or 'HEDEF81' (SPEC §4). */
  campaign: text("campaign"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Members' address book (SPEC §3 Saved address). */
export const savedAddresses = pgTable(
  "saved_addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addrName: text("addr_name").notNull().default(""),
    fullName: text("full_name").notNull(),
    address: text("address").notNull(),
    cityId: integer("city_id").notNull(),
    countyId: integer("county_id").notNull(),
    areaId: integer("area_id"),
    phone: text("phone").notNull(),
    firmName: text("firm_name").notNull().default(""),
    taxAuthority: text("tax_authority").notNull().default(""),
    taxId: text("tax_id").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("saved_addresses_user_idx").on(t.userId)],
);

/**
 * What a basket holds while its card payment runs (issue 24 §3): taken BEFORE the card is charged or 3-D Secure
 * starts, so a buyer who cannot get the goods is told at once and never charged. While `status` is 'held' and
 * `expiresAt` is in the future the basket's stock is already taken from the catalogue, its ready date's place is
 * counted against the day's capacity, its code use is counted (promo_uses.hold_id) and its points are spent
 * (loyalty_ledger.hold_id). The order made from it takes these over ('ordered'); a failed or abandoned payment
 * gives them back ('released'; the periodic task releases holds that expired).
 */
export const checkoutHolds = pgTable(
  "checkout_holds",
  {
    id: serial("id").primaryKey(),
    basketId: integer("basket_id").notNull(),
    status: text("status", { enum: ["held", "ordered", "released"] }).notNull(),
    /** Stock taken: [{ productId, quantity }] with one entry per product. */
    lines: jsonb("lines").notNull(),
    readyDate: date("ready_date").notNull(),
    promoId: integer("promo_id"),
    usedBonus: integer("used_bonus").notNull().default(0),
    userId: integer("user_id"),
    /**
     * The order as the buyer confirmed and paid it (amounts, lines, delivery, contracts, mail lines): the order
     * is made from this, so what was confirmed is what is ordered even if the basket changes meanwhile.
     */
    draft: jsonb("draft").notNull(),
    /** What was held (lines, date, code, points, amount): a second confirm of the same basket reuses the hold. */
    fingerprint: text("fingerprint").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // at most one live hold per basket
    uniqueIndex("checkout_holds_basket_held_uq").on(t.basketId).where(sql`status = 'held'`),
    index("checkout_holds_ready_idx").on(t.readyDate).where(sql`status = 'held'`),
    index("checkout_holds_expiry_idx").on(t.expiresAt).where(sql`status = 'held'`),
  ],
);
