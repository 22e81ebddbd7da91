import { boolean, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt), index("contact_messages_email_idx").on(t.email)],
);
