import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Turkish fortune texts told by the cookie (SPEC §2.10). Staff may add or retire texts. */
export const fortunes = pgTable("fortunes", {
  id: serial("id").primaryKey(),
  text: text("text").notNull(),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per normalised nickname: the fortune it was told and when (stays 72 h), and the staff-set
 * follower flag that gives more chances per period.
 */
export const fortuneNicks = pgTable("fortune_nicks", {
  /** Normalised (`normaliseNick`): trimmed, '@' stripped, folded as an identifier (I, İ, ı and i alike). */
  nick: text("nick").primaryKey(),
  /** As typed the last time (without '@'), shown in the winners list. */
  displayNick: text("display_nick").notNull(),
  follower: boolean("follower").notNull().default(false),
  fortuneId: integer("fortune_id").references(() => fortunes.id),
  fortuneGivenAt: timestamp("fortune_given_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Game periods with their prizes (SPEC §3 Game). Edited by staff; seeded until then. */
export const fortunePeriods = pgTable(
  "fortune_periods",
  {
    id: serial("id").primaryKey(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Main ('asil') winners of the period. */
    prizeCount: integer("prize_count").notNull(),
    /** Reserve ('yedek') places drawn after the main ones. */
    reserveCount: integer("reserve_count").notNull().default(0),
    /** Prize text per main place (1-based); places beyond the list get the last text. */
    prizes: jsonb("prizes").$type<string[]>().notNull(),
    /** Text shown above the winners list. */
    info: text("info").notNull().default(""),
    /** Chance that one entry wins while slots remain, in basis points (10 000 = always). */
    winChanceBp: integer("win_chance_bp").notNull().default(1500),
    /** Entries per period for a nickname flagged as follower (everyone else: 1). */
    followerChances: integer("follower_chances").notNull().default(3),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("fortune_periods_time_idx").on(t.startsAt, t.endsAt)],
);

/** One row per chance used: the n-th entry of a nickname in a period exists once. */
export const fortuneEntries = pgTable(
  "fortune_entries",
  {
    id: serial("id").primaryKey(),
    periodId: integer("period_id")
      .notNull()
      .references(() => fortunePeriods.id),
    nick: text("nick").notNull(),
    chanceNo: integer("chance_no").notNull(),
    deviceId: text("device_id").notNull(),
    ip: text("ip").notNull(),
    won: boolean("won").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("fortune_entries_chance_uq").on(t.periodId, t.nick, t.chanceNo),
    index("fortune_entries_device_idx").on(t.periodId, t.deviceId),
    index("fortune_entries_ip_idx").on(t.periodId, t.ip),
  ],
);

/**
 * Winners in draw order. The shown place is the rank among winners still in the game (not lapsed,
 * not rejected), so when a winner's code lapses everyone behind moves up one place.
 */
export const fortuneWinners = pgTable(
  "fortune_winners",
  {
    id: serial("id").primaryKey(),
    periodId: integer("period_id")
      .notNull()
      .references(() => fortunePeriods.id),
    /** Draw order within the period, 1, 2, 3…; unique so two draws can never take the same slot. */
    seq: integer("seq").notNull(),
    nick: text("nick").notNull(),
    displayNick: text("display_nick").notNull(),
    /** Single-use prize code the winner sends by direct message. */
    code: text("code").notNull().unique(),
    /**
     * Device cookie (fid) of the browser that won: only it is shown the code again. Nicknames are
     * public (winners list), so asking with a winner's nickname elsewhere never reveals the code.
     */
    deviceId: text("device_id"),
    wonAt: timestamp("won_at", { withTimezone: true }).notNull(),
    /** wonAt + 24 h: unclaimed after this, the code lapses. */
    claimBy: timestamp("claim_by", { withTimezone: true }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** Staff refused the win (account history check). */
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("fortune_winners_seq_uq").on(t.periodId, t.seq), uniqueIndex("fortune_winners_nick_uq").on(t.periodId, t.nick)],
);
