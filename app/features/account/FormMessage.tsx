import { useEffect, useRef, useState } from "react";
import { useNotice } from "~/ui/Notices";
import type { NoticeKind } from "~/shared/notice-durations";

/**
 * The answer to a form: before JavaScript runs it is shown in the page (so plain forms work);
 * once the page is interactive it appears as a short notice with the spec's display time.
 * `sticky` answers stay in the page either way; when the control that sent the form is gone with the answer
 * (a cancelled order's button), the focus goes to the message instead of the page body (issue 29).
 */
export function FormMessage({
  message,
  kind = "error",
  durationMs,
  sticky = false,
  trigger,
}: {
  message?: string | null;
  kind?: NoticeKind;
  durationMs?: number;
  sticky?: boolean;
  /** The action data object: a repeated answer with the same text shows again. */
  trigger?: unknown;
}) {
  const notify = useNotice();
  const [hydrated, setHydrated] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  /** until when a lost focus is brought to this answer (the page's new data, which may remove the button, can come a render later) */
  const catchFocusUntil = useRef(0);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (message && !sticky) notify(message, kind, durationMs);
    if (message && sticky) catchFocusUntil.current = performance.now() + 5000;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trigger ?? message, message, kind, durationMs, sticky, notify]);
  useEffect(() => {
    if (performance.now() > catchFocusUntil.current) return;
    const now = document.activeElement;
    if (!now || now === document.body || !now.isConnected) {
      catchFocusUntil.current = 0;
      ref.current?.focus();
    }
  });
  if (!message || (hydrated && !sticky)) return null;
  return (
    <p ref={ref} tabIndex={-1} role={kind === "success" ? "status" : "alert"} className={`rounded-lg px-3 py-2 text-sm font-medium ${kind === "success" ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>
      {message}
    </p>
  );
}
