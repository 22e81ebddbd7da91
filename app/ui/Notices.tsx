import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { noticeDuration, type NoticeKind } from "~/shared/notice-durations";
import { networkErrorText } from "~/shared/network";
import { tr } from "~/shared/texts/tr";

interface Notice {
  id: number;
  text: string;
  kind: NoticeKind | "spoken";
  slot?: string;
}

/**
 * `slot`: a notice about one thing (a form's summary of what is wrong) takes the place of the earlier notice in the same
 * slot, so a second submit does not stack a stale summary over the form.
 */
type Notify = (text: string, kind?: NoticeKind, durationMs?: number, slot?: string) => void;
type Announce = (text: string) => void;

const NoticeContext = createContext<Notify>(() => {});
const AnnounceContext = createContext<Announce>(() => {});

/** How long a spoken-only announcement stays in the live region (long enough to be read, then gone). */
const SPOKEN_MS = 5000;

/**
 * Short notices (toasts) with the display times of SPEC §8/§9, and the page's one polite live region (issue 29).
 * The notices sit fixed at the top of the window, under the header (issue 22: on a phone they must be where the
 * shopper looks; the bottom of the window is where the on-screen keyboard and the green message bar are). Each
 * notice is read out once by screen readers; `announce` puts a state change there that needs no visible notice
 * (a quantity changed, delivery options reloaded).
 */
export function NoticeProvider({ children, belowHeader = false }: { children: ReactNode; belowHeader?: boolean }) {
  const [items, setItems] = useState<Notice[]>([]);
  const next = useRef(1);
  const add = useCallback((text: string, kind: Notice["kind"], durationMs: number, slot?: string) => {
    const id = next.current++;
    // the same text again is a new node, so it is read out again
    setItems((list) => [...list.filter((n) => n.text !== text && (slot === undefined || n.slot !== slot)), { id, text, kind, slot }]);
    window.setTimeout(() => setItems((list) => list.filter((n) => n.id !== id)), durationMs);
  }, []);
  const notify = useCallback<Notify>((text, kind = "info", durationMs, slot) => add(text, kind, durationMs ?? noticeDuration(kind), slot), [add]);
  const announce = useCallback<Announce>((text) => add(text, "spoken", SPOKEN_MS), [add]);

  useEffect(() => {
    const offline = () => notify(networkErrorText(false), "error");
    window.addEventListener("offline", offline);
    return () => window.removeEventListener("offline", offline);
  }, [notify]);

  return (
    <NoticeContext value={notify}>
      <AnnounceContext value={announce}>
        {children}
        <div
          role="status"
          aria-live="polite"
          aria-label={tr.notices.region}
          data-testid="notices"
          className={`pointer-events-none fixed inset-x-0 ${belowHeader ? "top-16" : "top-2"} z-50 flex flex-col items-center gap-2 px-4`}
        >
          {items.map((n) =>
            n.kind === "spoken" ? (
              <p key={n.id} data-kind={n.kind} className="sr-only">
                {n.text}
              </p>
            ) : (
              <p
                key={n.id}
                data-kind={n.kind}
                className={`pointer-events-auto w-full max-w-md rounded-lg px-4 py-3 text-sm font-medium shadow-lg ${
                  n.kind === "success" ? "bg-green-800 text-white" : n.kind === "info" ? "bg-choc-900 text-white" : "bg-red-800 text-white"
                }`}
              >
                {n.text}
              </p>
            ),
          )}
        </div>
      </AnnounceContext>
    </NoticeContext>
  );
}

export const useNotice = () => useContext(NoticeContext);

/** Says a state change in the live region without a visible notice (issue 29). */
export const useAnnounce = () => useContext(AnnounceContext);

/** Shows the spec's network-failure notice for a request that did not reach the server. */
export function useNetworkErrorNotice() {
  const notify = useNotice();
  return useCallback(() => notify(networkErrorText(navigator.onLine), "error"), [notify]);
}
