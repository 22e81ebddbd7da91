/**
 * Retention's SQL: the purge statements of the periodic task (docs/retention.md), one per kind of data. Each
 * deletes what was finished or written before `before` and answers what it deleted.
 */
import { inArray, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { contactMessages } from "../db/schema/contact";
import { fortuneEntries, fortuneNicks } from "../db/schema/fortune";

export function deleteContactMessages(db: DbOrTx, before: Date): Promise<{ id: number }[]> {
  return db.delete(contactMessages).where(lt(contactMessages.createdAt, before)).returning({ id: contactMessages.id });
}

export function deleteFortuneEntries(db: DbOrTx, before: Date): Promise<{ nick: string }[]> {
  return db.delete(fortuneEntries).where(lt(fortuneEntries.createdAt, before)).returning({ nick: fortuneEntries.nick });
}

/** Nicknames not updated since `before`. */
export function staleNicks(db: DbOrTx, before: Date): Promise<{ nick: string }[]> {
  return db
    .select({ nick: fortuneNicks.nick })
    .from(fortuneNicks)
    .where(lt(fortuneNicks.updatedAt, before));
}

export function deleteNicks(db: DbOrTx, nicks: string[]): Promise<{ nick: string }[]> {
  return db.delete(fortuneNicks).where(inArray(fortuneNicks.nick, nicks)).returning({ nick: fortuneNicks.nick });
}
