import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const USER_ROLES = ["customer", "admin", "operations", "marketing"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Members and staff (SPEC §3 User, §6). The e-mail is stored normalised (lower case, Turkish-safe). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** scrypt$N$r$p$salt$hash; null for accounts that only sign in through OpenID Connect. */
    passwordHash: text("password_hash"),
    role: text("role", { enum: USER_ROLES }).notNull().default("customer"),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    /** `issuer|sub` of a linked OpenID Connect identity. */
    oidcSubject: text("oidc_subject"),
    /** Deactivated by staff (issue 12): cannot sign in; existing sessions were ended. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** Erased on request (KVKK, issue 12): name, e-mail and addresses replaced; see docs/decisions/0004. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email), uniqueIndex("users_oidc_uq").on(t.oidcSubject)],
);

/**
 * Server-side sessions. `id` is the stable visitor key (never sent to the browser; baskets hang on it);
 * the browser holds a random token whose SHA-256 is `tokenHash`. Sign-in and privilege changes replace the
 * token (and the CSRF token), so a token known before sign-in is worthless after it.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    channel: text("channel", { enum: ["web", "app"] }).notNull().default("web"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    /** Absolute end, whatever the activity. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("sessions_token_uq").on(t.tokenHash), index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Single-use codes mailed to a user (activation 48 h, password reset 1 h). Only their SHA-256 is kept. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["activation", "reset"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("account_tokens_hash_uq").on(t.tokenHash), index("account_tokens_user_idx").on(t.userId, t.purpose)],
);
