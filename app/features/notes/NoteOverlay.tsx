import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { notesTr } from "~/shared/texts/notes.tr";
import { focusOrFallback } from "~/ui/focus";

const t = notesTr.viewer;

/**
 * The gift-note overlay of SPEC §2.9: the note text (always as text, never as HTML), the optional media link
 * (http/https only, opened in a new tab without opener or referrer), 'KAPAT' and 'MESAJI BİR DAHA GÖSTERME'.
 * It is rendered by the server, so the note shows before JavaScript loads; 'KAPAT' then works as a plain
 * link-like form (?kapat=1) and 'MESAJI BİR DAHA GÖSTERME' as a post. With JavaScript, Escape closes it and
 * focus moves into it.
 */
export function NoteOverlay({
  notes,
  link,
  onClose,
  hideForm,
}: {
  notes: string;
  link: string | null;
  onClose: () => void;
  /** The 'MESAJI BİR DAHA GÖSTERME' form (a fetcher form posting to the page). */
  hideForm: (button: ReactNode) => ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // it opens with the page, so there is no opener: once it is gone the focus goes to the page's heading (issue 29)
  useEffect(
    () => () => {
      queueMicrotask(() => {
        const now = document.activeElement;
        if (!now || now === document.body || !now.isConnected) focusOrFallback(null);
      });
    },
    [],
  );
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
      if (e.key !== "Tab" || !ref.current) return;
      // keep focus inside the overlay
      const items = [...ref.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const inside = ref.current.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  const close = (e: FormEvent) => {
    e.preventDefault();
    onClose();
  };
  const host = link ? new URL(link).hostname : "";
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/55 p-4">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="flex max-h-[90vh] w-full max-w-md flex-col gap-4 overflow-y-auto rounded-2xl bg-choc-50 p-6 text-center shadow-xl focus:outline-none"
      >
        <h2 id={titleId} className="text-lg font-bold tracking-wide text-choc-900">
          {t.overlayTitle}
        </h2>
        {notes ? <p className="whitespace-pre-wrap break-words font-serif text-xl leading-relaxed text-choc-900">{notes}</p> : null}
        {link ? (
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-stone-700">{t.linkIntro}</p>
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t.openLinkAria}
              className="inline-flex min-h-11 items-center rounded-lg bg-choc-700 px-5 font-bold tracking-wide text-white hover:bg-choc-800"
            >
              {t.openLink}
            </a>
            <span className="text-xs text-stone-700">{host}</span>
          </div>
        ) : null}
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <form method="get" onSubmit={close}>
            <input type="hidden" name="kapat" value="1" />
            <button type="submit" className="min-h-11 w-full rounded-lg border border-choc-700 px-5 font-bold tracking-wide text-choc-900 hover:bg-choc-100">
              {t.close}
            </button>
          </form>
          {hideForm(
            <button type="submit" name="intent" value="hide" className="min-h-11 w-full rounded-lg px-5 font-bold tracking-wide text-choc-800 underline hover:bg-choc-100">
              {t.hide}
            </button>,
          )}
        </div>
      </div>
    </div>
  );
}
