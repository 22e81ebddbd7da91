/** Shop settings' SQL: one row per key, its JSON validated by the service when read. */
import type { DbOrTx } from "../db/client";
import { shopSettings } from "../db/schema/settings";

export type SettingRow = typeof shopSettings.$inferSelect;

export function all(db: DbOrTx): Promise<SettingRow[]> {
  return db.select().from(shopSettings);
}

/** Inserts the key's value or replaces it. */
export async function upsert(db: DbOrTx, key: string, value: unknown, now: Date): Promise<void> {
  await db.insert(shopSettings).values({ key, value, updatedAt: now }).onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: now } });
}
