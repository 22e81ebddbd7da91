import { eq } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { shopSettings } from "../db/schema/settings";
import { about, process, responsibility, sss, type InfoPageText } from "~/shared/texts/content.tr";
import { dely, nda, popd } from "~/shared/texts/legal.tr";
import { INFO_TEXT_MAX, INFO_TITLE_MAX, type FaqContent } from "~/shared/info-text";

/**
 * The information pages staff may rewrite in the management area (issue 12): their texts start as the ones in
 * the code (content.tr.ts, legal.tr.ts); an edited page is stored in shop_settings under `page:<key>` and
 * replaces that text until staff go back to the original. Import only from server code.
 */
export const INFO_PAGES = {
  about: { path: "/about", original: about },
  process: { path: "/process", original: process },
  responsibility: { path: "/responsibility", original: responsibility },
  nda: { path: "/agreement/nda", original: nda },
  popd: { path: "/agreement/popd", original: popd },
  dely: { path: "/agreement/dely", original: dely },
} as const satisfies Record<string, { path: string; original: InfoPageText }>;

export type InfoPageKey = keyof typeof INFO_PAGES;
export const INFO_PAGE_KEYS = Object.keys(INFO_PAGES) as InfoPageKey[];
export const isInfoPageKey = (k: string): k is InfoPageKey => Object.hasOwn(INFO_PAGES, k);

// what textToPage can make (the whole text is at most INFO_TEXT_MAX characters) always fits
const text = z.string().min(1).max(INFO_TEXT_MAX);
const pageSchema = z.object({
  title: z.string().min(1).max(INFO_TITLE_MAX),
  updated: z.string().max(INFO_TEXT_MAX).optional(),
  intro: z.array(text).optional(),
  sections: z.array(z.object({ heading: z.string().max(INFO_TEXT_MAX).optional(), paragraphs: z.array(text).optional(), items: z.array(text).optional() })),
});
const storedSchema = z.object({ page: pageSchema, by: z.string() });

export interface InfoPageState {
  key: InfoPageKey;
  path: string;
  page: InfoPageText;
  /** Who edited it (the staff member's name; the audit log has the account) and when; null while the original text is shown. */
  edited: { by: string; at: Date } | null;
}

const CACHE = "pages:";
const rowKey = (key: InfoPageKey) => `page:${key}`;

/** The page as visitors see it (cached per process; every process drops it when staff save). */
export function getInfoPage(app: AppContext, key: InfoPageKey): Promise<InfoPageState> {
  return app.cache.get(`${CACHE}${key}`, () => readInfoPage(app, app.db, key));
}

async function readInfoPage(app: AppContext, db: DbOrTx, key: InfoPageKey): Promise<InfoPageState> {
  const { path, original } = INFO_PAGES[key];
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, rowKey(key)));
  if (row) {
    const stored = storedSchema.safeParse(row.value);
    if (stored.success) return { key, path, page: stored.data.page, edited: { by: stored.data.by, at: row.updatedAt } };
    app.log.warn({ key }, "ignoring an invalid stored information page");
  }
  return { key, path, page: original, edited: null };
}

/** Stores a new text for the page; returns the text shown before (for the audit log). */
export async function saveInfoPage(app: AppContext, db: DbOrTx, key: InfoPageKey, page: InfoPageText, by: string): Promise<InfoPageText> {
  const before = await readInfoPage(app, db, key);
  const value = storedSchema.parse({ page, by });
  const now = app.clock.now();
  await db.insert(shopSettings).values({ key: rowKey(key), value, updatedAt: now }).onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: now } });
  await app.cache.invalidatePrefix(CACHE, db);
  return before.page;
}

/** Goes back to the text in the code; returns the text shown before, or null when it was not edited. */
export async function resetInfoPage(app: AppContext, db: DbOrTx, key: InfoPageKey): Promise<InfoPageText | null> {
  const before = await readInfoPage(app, db, key);
  if (!before.edited) return null;
  await db.delete(shopSettings).where(eq(shopSettings.key, rowKey(key)));
  await app.cache.invalidatePrefix(CACHE, db);
  return before.page;
}

// ---------------------------------------------------------------- the FAQ (/sss and /mcappsss)

export const FAQ_KEY = "sss";
export const FAQ_PATH = "/sss";
const faqStoredSchema = z.object({
  faq: z.object({
    title: z.string().min(1).max(INFO_TITLE_MAX),
    intro: z.string().max(INFO_TEXT_MAX),
    sections: z.array(z.object({ heading: z.string().max(INFO_TEXT_MAX), qa: z.array(z.object({ q: z.string().min(1).max(INFO_TEXT_MAX), a: z.string().min(1).max(INFO_TEXT_MAX) })) })),
  }),
  by: z.string(),
});
const { contactPrompt: _prompt, contactLink: _link, ...faqOriginal } = sss;
export const FAQ_ORIGINAL: FaqContent = faqOriginal;

export interface FaqState {
  faq: FaqContent;
  edited: { by: string; at: Date } | null;
}

/** The FAQ as visitors see it (cached like the other pages). */
export function getFaq(app: AppContext): Promise<FaqState> {
  return app.cache.get(`${CACHE}${FAQ_KEY}`, () => readFaq(app, app.db));
}

async function readFaq(app: AppContext, db: DbOrTx): Promise<FaqState> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, `page:${FAQ_KEY}`));
  if (row) {
    const stored = faqStoredSchema.safeParse(row.value);
    if (stored.success) return { faq: stored.data.faq, edited: { by: stored.data.by, at: row.updatedAt } };
    app.log.warn({ key: FAQ_KEY }, "ignoring an invalid stored FAQ");
  }
  return { faq: FAQ_ORIGINAL, edited: null };
}

/** Stores a new FAQ; returns the one shown before (for the audit log). */
export async function saveFaq(app: AppContext, db: DbOrTx, faq: FaqContent, by: string): Promise<FaqContent> {
  const before = await readFaq(app, db);
  const value = faqStoredSchema.parse({ faq, by });
  const now = app.clock.now();
  await db.insert(shopSettings).values({ key: `page:${FAQ_KEY}`, value, updatedAt: now }).onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: now } });
  await app.cache.invalidatePrefix(CACHE, db);
  return before.faq;
}

/** Goes back to the FAQ in the code; returns the one shown before, or null when it was not edited. */
export async function resetFaq(app: AppContext, db: DbOrTx): Promise<FaqContent | null> {
  const before = await readFaq(app, db);
  if (!before.edited) return null;
  await db.delete(shopSettings).where(eq(shopSettings.key, `page:${FAQ_KEY}`));
  await app.cache.invalidatePrefix(CACHE, db);
  return before.faq;
}
