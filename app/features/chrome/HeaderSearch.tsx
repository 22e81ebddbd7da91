import { useId } from "react";
import { Form, Link } from "react-router";
import { tr } from "~/shared/texts/tr";
import { useHydrated } from "~/ui/useHydrated";

const t = tr.header;

const Glass = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="M15.5 15.5L21 21" />
  </svg>
);

/** The search field (GET /ara?q=…): in the header's panel, and at the top of the search page. */
export function SearchForm({ q = "", autoFocus, className = "" }: { q?: string; autoFocus?: boolean; className?: string }) {
  const id = useId();
  return (
    <Form method="get" action="/ara" role="search" aria-label={t.searchForm} className={`flex gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t.searchLabel}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        key={q}
        placeholder={t.searchPlaceholder}
        autoFocus={autoFocus}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-choc-300 bg-white px-3 text-base text-choc-900 placeholder:text-stone-500"
      />
      <button type="submit" className="flex min-h-11 items-center gap-1 rounded-lg bg-gold-400 px-4 font-bold text-choc-900 hover:bg-gold-300">
        <Glass />
        {t.searchSubmit}
      </button>
    </Form>
  );
}

/**
 * The header's search (issue 27 §1): a magnifier that opens a search row under the bar. Before the page is
 * interactive (or without JavaScript) it is a link to the search page, which has the same field.
 * Escape or the button closes the row and gives the focus back to the button; a new page closes it.
 */
export function HeaderSearchButton({ open, onToggle, panelId }: { open: boolean; onToggle: () => void; panelId: string }) {
  const hydrated = useHydrated();
  const cls = "flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/10";
  if (!hydrated) {
    return (
      <Link to="/ara" aria-label={t.search} className={cls}>
        <Glass />
      </Link>
    );
  }
  return (
    <button
      type="button"
      data-search-toggle=""
      aria-label={open ? t.searchClose : t.search}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => {
        // the search page has its own field: the magnifier selects it instead of opening a second one
        const own = document.querySelector<HTMLInputElement>("main form[role=search] input[type=search]");
        if (own && !open) {
          own.focus();
          own.select();
        } else onToggle();
      }}
      className={`${cls} ${open ? "bg-white/15" : ""}`}
    >
      <Glass />
    </button>
  );
}

export function HeaderSearchPanel({ open, onClose, panelId }: { open: boolean; onClose: () => void; panelId: string }) {
  if (!open) return null;
  return (
    <div
      id={panelId}
      className="border-t border-white/10 bg-choc-900 px-2 py-2"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onClose();
          document.querySelector<HTMLElement>("[data-search-toggle]")?.focus();
        }
      }}
    >
      <SearchForm autoFocus className="mx-auto max-w-5xl" />
    </div>
  );
}
