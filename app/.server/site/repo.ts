import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { shopSettings } from "../db/schema/settings";
import { menuItems, siteStatus } from "../db/schema/site";

export type SiteStatusRow = typeof siteStatus.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
export type SettingRow = typeof shopSettings.$inferSelect;

export async function readStatus(db: DbOrTx): Promise<SiteStatusRow | undefined> {
  const [row] = await db.select().from(siteStatus).where(eq(siteStatus.id, 1));
  return row;
}

export async function writeStatus(db: DbOrTx, patch: Partial<Omit<SiteStatusRow, "id">>, at: Date): Promise<void> {
  await db
    .insert(siteStatus)
    .values({ id: 1, ...patch, updatedAt: at })
    .onConflictDoUpdate({ target: siteStatus.id, set: { ...patch, updatedAt: at } });
}

export async function readMenu(db: DbOrTx): Promise<MenuItemRow[]> {
  return db.select().from(menuItems).where(eq(menuItems.active, true)).orderBy(asc(menuItems.position));
}

export async function readAllMenu(db: DbOrTx): Promise<MenuItemRow[]> {
  return db.select().from(menuItems).orderBy(asc(menuItems.position), asc(menuItems.pageId));
}

export async function lockTile(db: DbOrTx, pageId: number): Promise<MenuItemRow | undefined> {
  const [row] = await db.select().from(menuItems).where(eq(menuItems.pageId, pageId)).for("update");
  return row;
}

export async function updateTile(db: DbOrTx, pageId: number, patch: Partial<Omit<MenuItemRow, "id" | "pageId">>): Promise<void> {
  await db.update(menuItems).set(patch).where(eq(menuItems.pageId, pageId));
}

// ─── pages.ts (edited information pages, stored in shop_settings under `page:<key>`) ──────────────

export async function readSetting(db: DbOrTx, key: string): Promise<SettingRow | undefined> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, key));
  return row;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown, at: Date): Promise<void> {
  await db.insert(shopSettings).values({ key, value, updatedAt: at }).onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: at } });
}

export async function deleteSetting(db: DbOrTx, key: string): Promise<void> {
  await db.delete(shopSettings).where(eq(shopSettings.key, key));
}
