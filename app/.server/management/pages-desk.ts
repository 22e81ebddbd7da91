import type { AppContext } from "../context";
import * as audit from "../audit/service";
import * as pages from "../site/pages";
import { failed, ok, type Outcome, type Staff } from "./outcome";
import { faqToText, pageToText, textToFaq, textToPage } from "~/shared/info-text";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/**
 * The information pages' texts (issue 12 item 4, "static pages"): marketing and admins rewrite about, process,
 * responsibility, the FAQ and the three agreements as plain text (app/shared/info-text.ts), or go back to the
 * text in the code. Each change is one transaction with its audit entry (before and after).
 */

const N = managementTr.notices;
const E = managementTr.pages.errors;

const editedBy = (e: { by: string; at: Date } | null) => (e ? { by: e.by, at: e.at.toISOString() } : null);

export async function pagesPage(app: AppContext) {
  const [list, faq] = await Promise.all([Promise.all(pages.INFO_PAGE_KEYS.map((k) => pages.getInfoPage(app, k))), pages.getFaq(app)]);
  const rows = list.map((p) => ({ key: p.key as string, path: p.path, title: p.page.title, text: pageToText(p.page), edited: editedBy(p.edited), faq: false }));
  // the FAQ after the pages about the shop, before the agreements
  rows.splice(3, 0, { key: pages.FAQ_KEY, path: pages.FAQ_PATH, title: faq.faq.title, text: faqToText(faq.faq), edited: editedBy(faq.edited), faq: true });
  return rows;
}

export async function saveInfoPage(app: AppContext, staff: Staff, key: string, text: string): Promise<Outcome> {
  if (key === pages.FAQ_KEY) return saveFaq(app, staff, text);
  if (!pages.isInfoPageKey(key)) return failed(E.unknown);
  const parsed = textToPage(text);
  if (!parsed.ok) return failed(parsed.error, { text: parsed.error });
  const current = await pages.getInfoPage(app, key);
  if (pageToText(current.page) === pageToText(parsed.page)) return ok(N.noChanges);
  return app.db.transaction(async (tx) => {
    const before = await pages.saveInfoPage(app, tx, key, parsed.page, staff.name);
    await audit.record(app, tx, { actor: staff.actor, action: "page.save", entity: "page", entityId: key, before, after: parsed.page });
    return ok(fmt(N.pageSaved, { title: parsed.page.title }));
  });
}

export async function resetInfoPage(app: AppContext, staff: Staff, key: string): Promise<Outcome> {
  if (key === pages.FAQ_KEY) return resetFaq(app, staff);
  if (!pages.isInfoPageKey(key)) return failed(E.unknown);
  return app.db.transaction(async (tx) => {
    const before = await pages.resetInfoPage(app, tx, key);
    if (!before) return ok(N.noChanges);
    const original = pages.INFO_PAGES[key].original;
    await audit.record(app, tx, { actor: staff.actor, action: "page.reset", entity: "page", entityId: key, before, after: original });
    return ok(fmt(N.pageReset, { title: original.title }));
  });
}

async function saveFaq(app: AppContext, staff: Staff, text: string): Promise<Outcome> {
  const parsed = textToFaq(text);
  if (!parsed.ok) return failed(parsed.error, { text: parsed.error });
  const current = await pages.getFaq(app);
  if (faqToText(current.faq) === faqToText(parsed.faq)) return ok(N.noChanges);
  return app.db.transaction(async (tx) => {
    const before = await pages.saveFaq(app, tx, parsed.faq, staff.name);
    await audit.record(app, tx, { actor: staff.actor, action: "page.save", entity: "page", entityId: pages.FAQ_KEY, before, after: parsed.faq });
    return ok(fmt(N.pageSaved, { title: parsed.faq.title }));
  });
}

async function resetFaq(app: AppContext, staff: Staff): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const before = await pages.resetFaq(app, tx);
    if (!before) return ok(N.noChanges);
    await audit.record(app, tx, { actor: staff.actor, action: "page.reset", entity: "page", entityId: pages.FAQ_KEY, before, after: pages.FAQ_ORIGINAL });
    return ok(fmt(N.pageReset, { title: pages.FAQ_ORIGINAL.title }));
  });
}
