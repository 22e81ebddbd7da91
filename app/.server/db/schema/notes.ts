import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * Digital gift notes ('smart' notes, SPEC §2.9, §3 Smart): one per order that has a gift note or a media link.
 * `code` is the short unguessable part of the recipient's address /s/{code} (≥ 64 random bits, URL-safe).
 * The note and link are copied from the order as typed and always rendered escaped.
 */
export const giftNotes = pgTable("gift_notes", {
  id: serial("id").primaryKey(),
  orderId: integer("order_id")
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  notes: text("notes").notNull().default(""),
  link: text("link").notNull().default(""),
  /** false after the recipient chose 'MESAJI BİR DAHA GÖSTERME'. */
  isMessageActive: boolean("is_message_active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  hiddenAt: timestamp("hidden_at", { withTimezone: true }),
});
