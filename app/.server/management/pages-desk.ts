import type { AppContext } from "../context";
import * as audit from "../audit/service";
import * as pages from "../site/pages";
import { failed, ok, type Outcome, type Staff } from "./outcome";
import { pageToText, textToPage } from "~/shared/info-text";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/**
 * The information pages' texts (issue 12 item 4, "static pages"): marketing and admins rewrite about, process,
 * responsibility and the three agreements as plain text (app/shared/info-text.ts), or go back to the text in
 * the code. Each change is one transaction with its audit entry (before and after).
 */

const N = managementTr.notices;
const E = managementTr.pages.errors;

export async function pagesPage(app: AppContext) {
  const list = await Promise.all(pages.INFO_PAGE_KEYS.map((k) => pages.getInfoPage(app, k)));
  return list.map((p) => ({
    key: p.key,
    path: p.path,
    title: p.page.title,
    text: pageToText(p.page),
    edited: p.edited ? { by: p.edited.by, at: p.edited.at.toISOString() } : null,
  }));
}

export async function saveInfoPage(app: AppContext, staff: Staff, key: string, text: string): Promise<Outcome> {
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
  if (!pages.isInfoPageKey(key)) return failed(E.unknown);
  return app.db.transaction(async (tx) => {
    const before = await pages.resetInfoPage(app, tx, key);
    if (!before) return ok(N.noChanges);
    const original = pages.INFO_PAGES[key].original;
    await audit.record(app, tx, { actor: staff.actor, action: "page.reset", entity: "page", entityId: key, before, after: original });
    return ok(fmt(N.pageReset, { title: original.title }));
  });
}
