import { createHash } from "node:crypto";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import * as repo from "./repo";
import { sanitizeNote } from "./sanitize";

export interface SiteStatus {
  maintenance: boolean;
  maintenanceNote: string;
  topMsg: string;
  botMsg: string;
  /** Short hash of each message, so a dismissed message reappears when its text changes. */
  topKey: string;
  botKey: string;
  version: string;
}

export interface MenuTile {
  pageId: number;
  parentPageId: number | null;
  size: "small" | "big" | "info" | "full";
  name: string;
  link: string | null;
  header: string;
  subHeader: string;
  description: string;
  image: string | null;
  bgColour: string;
  textColour: string;
}

const STATUS_KEY = "site:status";
const MENU_KEY = "site:menu";

export function messageKey(text: string): string {
  return text ? createHash("sha256").update(text).digest("base64url").slice(0, 10) : "";
}

export async function getStatus(app: AppContext): Promise<SiteStatus> {
  return app.cache.get(STATUS_KEY, async () => {
    const row = await repo.readStatus(app.db);
    const topMsg = row?.topMsg ?? "";
    const botMsg = row?.botMsg ?? "";
    return {
      maintenance: row?.maintenance ?? false,
      maintenanceNote: row?.maintenanceNote ?? "",
      topMsg,
      botMsg,
      topKey: messageKey(topMsg),
      botKey: messageKey(botMsg),
      version: app.config.version,
    };
  });
}

export async function setMaintenance(app: AppContext, on: boolean, noteHtml?: string): Promise<SiteStatus> {
  await writeMaintenance(app, app.db, on, noteHtml);
  return getStatus(app);
}

/**
 * Maintenance on or off, in `db` (a transaction: the cached status drops in every process when it commits).
 * The note is sanitised HTML; without a note the stored one stays. Answers what was written.
 */
export async function writeMaintenance(app: AppContext, db: DbOrTx, on: boolean, noteHtml?: string): Promise<{ maintenance: boolean; maintenanceNote?: string }> {
  const patch = noteHtml === undefined ? { maintenance: on } : { maintenance: on, maintenanceNote: sanitizeNote(noteHtml) };
  await repo.writeStatus(db, patch, app.clock.now());
  await app.cache.invalidatePrefix(STATUS_KEY, db);
  return patch;
}

export async function setMessages(app: AppContext, msgs: { top?: string; bottom?: string }): Promise<SiteStatus> {
  await writeMessages(app, app.db, msgs);
  return getStatus(app);
}

/** The red top and green bottom messages (empty: none), in `db`. Answers what was written. */
export async function writeMessages(app: AppContext, db: DbOrTx, msgs: { top?: string; bottom?: string }): Promise<{ topMsg?: string; botMsg?: string }> {
  const patch: { topMsg?: string; botMsg?: string } = {};
  if (msgs.top !== undefined) patch.topMsg = msgs.top.trim().slice(0, 300);
  if (msgs.bottom !== undefined) patch.botMsg = msgs.bottom.trim().slice(0, 300);
  await repo.writeStatus(db, patch, app.clock.now());
  await app.cache.invalidatePrefix(STATUS_KEY, db);
  return patch;
}

export async function getMenu(app: AppContext): Promise<MenuTile[]> {
  return app.cache.get(MENU_KEY, async () =>
    (await repo.readMenu(app.db)).map((r) => ({
      pageId: r.pageId,
      parentPageId: r.parentPageId,
      size: r.size,
      name: r.name,
      link: r.link,
      header: r.header,
      subHeader: r.subHeader,
      description: r.description,
      image: r.image,
      bgColour: r.bgColour,
      textColour: r.textColour,
    })),
  );
}

export async function invalidateMenu(app: AppContext): Promise<void> {
  await app.cache.invalidate(MENU_KEY);
}

// ─── staff (issue 12) ───────────────────────────────────────────────────────────────────────────

export type MenuTileRow = repo.MenuItemRow;
export type MenuTileEdit = Omit<MenuTile, "pageId" | "parentPageId" | "image"> & { position: number; active: boolean };

/** Every tile, hidden ones too, in menu order. */
export const menuForStaff = (app: AppContext) => repo.readAllMenu(app.db);

/** Saves one tile in `tx`; the menu drops from every process's cache when it commits. */
export async function updateTile(app: AppContext, tx: DbOrTx, pageId: number, e: MenuTileEdit): Promise<{ before: MenuTileEdit; after: MenuTileEdit } | null> {
  const row = await repo.lockTile(tx, pageId);
  if (!row) return null;
  await repo.updateTile(tx, pageId, e);
  await app.cache.invalidatePrefix(MENU_KEY, tx);
  const before: MenuTileEdit = {
    size: row.size,
    name: row.name,
    link: row.link,
    header: row.header,
    subHeader: row.subHeader,
    description: row.description,
    bgColour: row.bgColour,
    textColour: row.textColour,
    position: row.position,
    active: row.active,
  };
  return { before, after: e };
}
