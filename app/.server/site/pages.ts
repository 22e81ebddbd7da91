import { z } from "zod";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { about, process, responsibility, sss, type InfoPageText } from "~/shared/texts/content.tr";
import { dely, nda, popd } from "~/shared/texts/legal.tr";
import { fmt } from "~/shared/texts/tr";
import { getSellerIdentity, sellerAddress } from "../seller/service";
import { INFO_TEXT_MAX, INFO_TITLE_MAX, type FaqContent } from "~/shared/info-text";
import * as repo from "./repo";

/**
 * The information pages staff may rewrite in the management area (issue 12): their texts start as the ones in
 * the code (content.tr.ts, legal.tr.ts); an edited page is stored in shop_settings under `page:<key>` and
 * replaces that text until staff go back to the original. Import only from server code.
 */

/** A stored text and who edited it (the staff member's name; the audit log has the account), null while the original is shown. */
export interface Edited<T> {
  page: T;
  edited: { by: string; at: Date } | null;
}

const CACHE = "pages:";

/** One editable page: read (cached per process; every process drops it when staff save), save, go back. */
function editable<T>(key: string, schema: z.ZodType<T>, original: T) {
  const rowKey = `page:${key}`;
  const storedSchema = z.object({ page: schema, by: z.string() });
  async function read(app: AppContext, db: DbOrTx): Promise<Edited<T>> {
    const row = await repo.readSetting(db, rowKey);
    if (row) {
      const stored = storedSchema.safeParse(row.value);
      if (stored.success) return { page: stored.data.page, edited: { by: stored.data.by, at: row.updatedAt } };
      app.log.warn({ key }, "ignoring an invalid stored information page");
    }
    return { page: original, edited: null };
  }
  return {
    original,
    get: (app: AppContext): Promise<Edited<T>> => app.cache.get(`${CACHE}${key}`, () => read(app, app.db)),
    /** Stores a new text; returns the text shown before (for the audit log). */
    async save(app: AppContext, db: DbOrTx, page: T, by: string): Promise<T> {
      const before = await read(app, db);
      const value = storedSchema.parse({ page, by });
      const now = app.clock.now();
      await repo.writeSetting(db, rowKey, value, now);
      await app.cache.invalidatePrefix(CACHE, db);
      return before.page;
    },
    /** Goes back to the text in the code; returns the text shown before, or null when it was not edited. */
    async reset(app: AppContext, db: DbOrTx): Promise<T | null> {
      const before = await read(app, db);
      if (!before.edited) return null;
      await repo.deleteSetting(db, rowKey);
      await app.cache.invalidatePrefix(CACHE, db);
      return before.page;
    },
  };
}

export type EditablePage<T> = ReturnType<typeof editable<T>>;

// what textToPage and textToFaq can make (the whole text is at most INFO_TEXT_MAX characters) always fits
const text = z.string().min(1).max(INFO_TEXT_MAX);
const title = z.string().min(1).max(INFO_TITLE_MAX);
const pageSchema: z.ZodType<InfoPageText> = z.object({
  title,
  updated: z.string().max(INFO_TEXT_MAX).optional(),
  intro: z.array(text).optional(),
  sections: z.array(z.object({ heading: z.string().max(INFO_TEXT_MAX).optional(), paragraphs: z.array(text).optional(), items: z.array(text).optional() })),
});
const faqSchema: z.ZodType<FaqContent> = z.object({
  title,
  intro: z.string().max(INFO_TEXT_MAX),
  sections: z.array(z.object({ heading: z.string().max(INFO_TEXT_MAX), qa: z.array(z.object({ q: text, a: text })) })),
});

const info = (key: string, path: string, original: InfoPageText) => ({ path, ...editable(key, pageSchema, original) });
export const INFO_PAGES = {
  about: info("about", "/about", about),
  process: info("process", "/process", process),
  responsibility: info("responsibility", "/responsibility", responsibility),
  nda: info("nda", "/agreement/nda", nda),
  popd: info("popd", "/agreement/popd", popd),
  dely: info("dely", "/agreement/dely", dely),
};
export type InfoPageKey = keyof typeof INFO_PAGES;
export const INFO_PAGE_KEYS = Object.keys(INFO_PAGES) as InfoPageKey[];
export const isInfoPageKey = (k: string): k is InfoPageKey => Object.hasOwn(INFO_PAGES, k);

/** The seller's facts a page's text may name: {unvan}, {adres}, {eposta}, {telefon}, {mersis}, {kep} (issue 26 §1). */
export function sellerPlaceholders(): Record<string, string> {
  const s = getSellerIdentity();
  return { unvan: s.title, adres: sellerAddress(s), eposta: s.email, telefon: s.phone, mersis: s.mersis, kep: s.kep };
}

function fillPage(page: InfoPageText, vars: Record<string, string>): InfoPageText {
  const f = (t: string) => fmt(t, vars);
  return {
    ...page,
    title: f(page.title),
    intro: page.intro?.map(f),
    sections: page.sections.map((s) => ({ ...s, heading: s.heading && f(s.heading), paragraphs: s.paragraphs?.map(f), items: s.items?.map(f) })),
  };
}

/** The page as visitors see it, the seller's placeholders filled. */
export async function getInfoPage(app: AppContext, key: InfoPageKey): Promise<Edited<InfoPageText>> {
  const got = await INFO_PAGES[key].get(app);
  return { ...got, page: fillPage(got.page, sellerPlaceholders()) };
}

/** The FAQ (/sss and /mcappsss); the contact prompt under it stays in the code. */
const { contactPrompt: _prompt, contactLink: _link, ...faqOriginal } = sss;
export const FAQ_KEY = "sss";
export const FAQ = { path: "/sss", ...editable<FaqContent>(FAQ_KEY, faqSchema, faqOriginal) };

/** The information pages and the FAQ for the sitemap: their paths, and when staff last edited them (null: the text in the code). */
export async function sitemapEntries(app: AppContext): Promise<{ path: string; lastmod: Date | null }[]> {
  const pages = [...Object.values(INFO_PAGES), FAQ] as { path: string; get(app: AppContext): Promise<Edited<unknown>> }[];
  return Promise.all(pages.map(async (p) => ({ path: p.path, lastmod: (await p.get(app)).edited?.at ?? null })));
}
