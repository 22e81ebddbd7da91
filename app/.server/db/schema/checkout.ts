import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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
