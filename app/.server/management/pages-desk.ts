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

/** One page on the desk: its row in the list, save and go back. */
interface Desk {
  key: string;
  list(app: AppContext): Promise<{ key: string; path: string; title: string; text: string; edited: { by: string; at: string } | null; faq: boolean }>;
  save(app: AppContext, staff: Staff, text: string): Promise<Outcome>;
  reset(app: AppContext, staff: Staff): Promise<Outcome>;
}

function desk<T extends { title: string }>(
  key: string,
  store: pages.EditablePage<T> & { path: string },
  toText: (page: T) => string,
  fromText: (text: string) => { ok: true; page: T } | { ok: false; error: string },
  faq = false,
): Desk {
  return {
    key,
    async list(app) {
      const { page, edited } = await store.get(app);
      return { key, path: store.path, title: page.title, text: toText(page), edited: edited ? { by: edited.by, at: edited.at.toISOString() } : null, faq };
    },
    async save(app, staff, text) {
      const parsed = fromText(text);
      if (!parsed.ok) return failed(parsed.error, { text: parsed.error });
      if (toText((await store.get(app)).page) === toText(parsed.page)) return ok(N.noChanges);
      return app.db.transaction(async (tx) => {
        const before = await store.save(app, tx, parsed.page, staff.name);
        await audit.record(app, tx, { actor: staff.actor, action: "page.save", entity: "page", entityId: key, before, after: parsed.page });
        return ok(fmt(N.pageSaved, { title: parsed.page.title }));
      });
    },
    async reset(app, staff) {
      return app.db.transaction(async (tx) => {
        const before = await store.reset(app, tx);
        if (!before) return ok(N.noChanges);
        await audit.record(app, tx, { actor: staff.actor, action: "page.reset", entity: "page", entityId: key, before, after: store.original });
        return ok(fmt(N.pageReset, { title: store.original.title }));
      });
    },
  };
}

const info = (key: pages.InfoPageKey) => desk(key, pages.INFO_PAGES[key], pageToText, textToPage);
const faqFromText = (text: string) => {
  const r = textToFaq(text);
  return r.ok ? { ok: true as const, page: r.faq } : r;
};
/** In the order the list shows them: the pages about the shop, the FAQ, the agreements. */
const DESKS: Desk[] = [info("about"), info("process"), info("responsibility"), desk(pages.FAQ_KEY, pages.FAQ, faqToText, faqFromText, true), info("nda"), info("popd"), info("dely")];
const deskOf = (key: string) => DESKS.find((d) => d.key === key);

export const pagesPage = (app: AppContext) => Promise.all(DESKS.map((d) => d.list(app)));

export async function saveInfoPage(app: AppContext, staff: Staff, key: string, text: string): Promise<Outcome> {
  return deskOf(key)?.save(app, staff, text) ?? failed(E.unknown);
}

export async function resetInfoPage(app: AppContext, staff: Staff, key: string): Promise<Outcome> {
  return deskOf(key)?.reset(app, staff) ?? failed(E.unknown);
}
