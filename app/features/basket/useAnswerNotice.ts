import { useEffect, useRef } from "react";
import { networkErrorText } from "~/shared/network";
import { useNotice } from "~/ui/Notices";
import { isNetworkFailure } from "~/ui/network";
import type { BasketActionResult } from "./types";

/**
 * Shows the notice of each new answer of a basket form (fetcher or page action). `retry` is the text for an
 * answer that never reached the server (SPEC §8); without one, the general network text. Kept apart from the
 * basket's text catalogue so a product card (home, lists) does not load the basket page's texts.
 */
export function useAnswerNotice(result: unknown, retry: string | null = null) {
  const notify = useNotice();
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (!result || result === seen.current) return;
    seen.current = result;
    if (isNetworkFailure(result)) {
      notify(retry || networkErrorText(navigator.onLine), "error");
      return;
    }
    const r = result as BasketActionResult;
    if (r.text) notify(r.text, r.kind ?? (r.ok ? "success" : "error"));
  }, [result, retry, notify]);
}
