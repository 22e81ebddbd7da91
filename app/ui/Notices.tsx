import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { noticeDuration, type NoticeKind } from "~/shared/notice-durations";
import { networkErrorText } from "~/shared/network";
import { tr } from "~/shared/texts/tr";

interface Notice {
  id: number;
  text: string;
  kind: NoticeKind;
}

type Notify = (text: string, kind?: NoticeKind, durationMs?: number) => void;

const NoticeContext = createContext<Notify>(() => {});

/** Short notices (toasts) with the display times of SPEC §8/§9, read out by screen readers. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Notice[]>([]);
  const next = useRef(1);
  const notify = useCallback<Notify>((text, kind = "info", durationMs) => {
    const id = next.current++;
    setItems((list) => [...list.filter((n) => n.text !== text), { id, text, kind }]);
    window.setTimeout(() => setItems((list) => list.filter((n) => n.id !== id)), durationMs ?? noticeDuration(kind));
  }, []);

  useEffect(() => {
    const offline = () => notify(networkErrorText(false), "error");
    window.addEventListener("offline", offline);
    return () => window.removeEventListener("offline", offline);
  }, [notify]);

  return (
    <NoticeContext value={notify}>
      {children}
      <div
        role="status"
        aria-live="polite"
        aria-label={tr.notices.region}
        className="pointer-events-none fixed inset-x-0 bottom-16 z-50 flex flex-col items-center gap-2 px-4"
      >
        {items.map((n) => (
          <p
            key={n.id}
            data-kind={n.kind}
            className={`pointer-events-auto max-w-md rounded-lg px-4 py-3 text-sm font-medium shadow-lg ${
              n.kind === "success" ? "bg-green-800 text-white" : n.kind === "info" ? "bg-choc-900 text-white" : "bg-red-800 text-white"
            }`}
          >
            {n.text}
          </p>
        ))}
      </div>
    </NoticeContext>
  );
}

export const useNotice = () => useContext(NoticeContext);

/** Shows the spec's network-failure notice for a request that did not reach the server. */
export function useNetworkErrorNotice() {
  const notify = useNotice();
  return useCallback(() => notify(networkErrorText(navigator.onLine), "error"), [notify]);
}
