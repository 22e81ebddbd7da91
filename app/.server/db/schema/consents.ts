import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Commercial-message consent (issue 26 §4; 6563 sayılı Kanun, Ticari İletişim ve Ticari Elektronik İletiler
 * Hakkında Yönetmelik): an append-only record of every grant and withdrawal — who (recipient, and the member
 * when signed in), when, which consent text version, which channel, from where (source and IP). The latest
 * row per recipient and channel is the current state.
 */
export const marketingConsents = pgTable(
  "marketing_consents",
  {
    id: serial("id").primaryKey(),
    /** E-mail address (folded) or phone number in E.164; after a KVKK erasure a SHA-256 of it ("sha256:…"). */
    recipient: text("recipient").notNull(),
    /** 'email' now; 'sms' later. */
    channel: text("channel").notNull(),
    /** 'granted' | 'withdrawn'. */
    status: text("status").notNull(),
    userId: integer("user_id"),
    /** The version of the consent text the person saw (consentTr.version). */
    textVersion: text("text_version").notNull(),
    /** Where: 'signup', 'contact', 'memberarea', 'unsubscribe-link', 'list-unsubscribe', 'erasure'. */
    source: text("source").notNull(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("marketing_consents_recipient_idx").on(t.recipient, t.channel, t.id), index("marketing_consents_user_idx").on(t.userId)],
);
