import { integer, jsonb, pgTable, serial, text, timestamp, index } from "drizzle-orm/pg-core";

/** Key–value secrets generated on first start (signing key) when not given by config. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Transactional outbox: a job is inserted in the same transaction as the change that causes it,
 * and a worker runs it with retries (SELECT … FOR UPDATE SKIP LOCKED). Mails go through here.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /** Same key twice is one job: protects against double enqueue. */
    dedupeKey: text("dedupe_key").unique(),
    status: text("status", { enum: ["pending", "done", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [index("jobs_pending_idx").on(t.status, t.runAt)],
);

/** Which demo-data seeds have run: each runs once, so data staff later delete stays deleted. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
});
