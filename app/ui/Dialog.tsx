import { useEffect, useId, useRef, type ReactNode } from "react";
import { tr } from "~/shared/texts/tr";
import { focusOrFallback } from "./focus";

/**
 * A modal dialog on the native <dialog> element: focus moves in and is kept inside, Escape closes, focus returns
 * to the opener. `open` is controlled by the caller.
 *
 * Focus comes back to the control that opened it on Escape, on close and after the dialog's own action, also
 * when the caller removes the dialog without closing it (a page answer that unmounts it). When the opener is
 * gone (its list row was deleted) focus goes to the page's main heading, so it is never left on the body.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  wide,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      d.showModal();
    }
    if (!open && d.open) d.close();
    if (!open) returnFocus(d, opener);
  }, [open]);
  useEffect(() => {
    const d = ref.current;
    return () => {
      if (d?.open) d.close();
      if (d) returnFocus(d, opener);
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose(); // a click on the backdrop
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${wide ? "max-w-lg" : "max-w-sm"} rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50`}
    >
      <div className="flex flex-col gap-4 p-5">
        {/* a long dialog scrolls inside the screen; its title and close button stay in sight */}
        <div className="sticky top-0 z-10 -mx-5 -mt-5 flex items-start justify-between gap-3 bg-white px-5 pt-5 pb-1">
          <h2 id={titleId} className="text-lg font-bold text-choc-900">
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label={tr.common.close} className="-m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-choc-50">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </button>
        </div>
        <div>{children}</div>
        {footer ? <div className="flex flex-wrap justify-end gap-2">{footer}</div> : null}
      </div>
    </dialog>
  );
}

/** After a dialog closes: the opener gets the focus back unless the page already moved it somewhere sensible. */
function returnFocus(d: HTMLDialogElement, opener: { current: Element | null }) {
  const back = opener.current;
  opener.current = null;
  if (!back) return;
  // after the native close() the browser may already have put the focus back; a later state change may remove it
  queueMicrotask(() => {
    const now = document.activeElement;
    if (now && now !== document.body && !d.contains(now) && now.isConnected) return;
    focusOrFallback(back);
  });
}
