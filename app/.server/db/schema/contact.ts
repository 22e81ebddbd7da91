import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Messages sent with the contact form (SPEC §2.5, §3 Contact message). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    findus: text("findus").notNull(),
    news: boolean("news").notNull(),
    message: text("message").notNull(),
    /** Client IP, kept for abuse handling. */
    ip: text("ip").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** The inbox of the staff area (issue 12): when staff first read it, when it was answered, and by whom. */
    readAt: timestamp("read_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** Actor ('staff:3') of the last state change. */
    handledBy: text("handled_by"),
    /**
     * The form's own key (made in the browser, one per message): a second send of the same form — a double press,
     * a retry after a lost answer — is the same message, not a new one (decision 0057). Null without JavaScript.
     */
    sendKey: text("send_key"),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_email_idx").on(t.email),
    uniqueIndex("contact_messages_send_key_uq").on(t.sendKey).where(sql`${t.sendKey} is not null`),
  ],
);
