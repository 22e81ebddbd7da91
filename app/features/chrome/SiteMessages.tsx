import { useFetcher } from "react-router";
import { tr } from "~/shared/texts/tr";
import { CsrfField, useCsrfToken } from "~/ui/CsrfField";
import type { SiteMessage } from "./types";

/** The red top or green bottom message (SPEC §2.3); × hides it for this browser. */
export function SiteMessageBar({ which, message }: { which: "top" | "bottom"; message: SiteMessage | null }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const csrf = useCsrfToken();
  if (!message || fetcher.state !== "idle" || fetcher.data?.ok) return null;
  const colours = which === "top" ? "bg-red-700 text-white" : "bg-green-700 text-white";
  const place = which === "top" ? "" : "fixed inset-x-0 bottom-0 z-40";
  return (
    <div className={`${colours} ${place} no-print`} role="region" aria-label={which === "top" ? tr.siteMessages.topRegion : tr.siteMessages.bottomRegion}>
      <form
        method="post"
        action="/site/dismiss"
        className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-2"
        onSubmit={(e) => {
          e.preventDefault();
          void fetcher.submit({ which, key: message.key, js: "1", _csrf: csrf }, { method: "post", action: "/site/dismiss" });
        }}
      >
        <p className="flex-1 text-sm font-medium">{message.text}</p>
        <CsrfField />
        <input type="hidden" name="which" value={which} />
        <input type="hidden" name="key" value={message.key} />
        <button type="submit" className="rounded px-2 text-xl leading-none hover:bg-white/20" aria-label={tr.siteMessages.dismiss}>
          ×
        </button>
      </form>
    </div>
  );
}
