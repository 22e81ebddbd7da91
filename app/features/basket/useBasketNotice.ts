import { useEffect, useRef } from "react";
import { networkErrorText } from "~/shared/network";
import { basketTr } from "~/shared/texts/basket.tr";
import { useNotice } from "~/ui/Notices";
import { isNetworkFailure } from "~/ui/network";
import type { BasketActionResult, BasketIntent } from "./types";

/** The notice for an action that never reached the server, per intent (SPEC §8). */
const RETRY: Record<BasketIntent, string | null> = {
  add: null,
  update: basketTr.updateFailedRetry,
  delete: basketTr.updateFailedRetry,
  clear: basketTr.clearFailed,
  "clear-ask": basketTr.clearFailed,
  checkout: basketTr.giftNote.saveFailed,
  "promo-apply": basketTr.promo.failedRetry,
  "promo-remove": basketTr.promo.removeFailed,
  "points-use": basketTr.points.useFailed,
  "points-remove": basketTr.points.unuseFailed,
};

/** Shows the notice of each new answer of a basket form (fetcher or page action). */
export function useBasketNotice(result: unknown, intent?: BasketIntent) {
  const notify = useNotice();
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (!result || result === seen.current) return;
    seen.current = result;
    if (isNetworkFailure(result)) {
      const text = (intent && RETRY[intent]) || networkErrorText(navigator.onLine);
      notify(text, "error");
      return;
    }
    const r = result as BasketActionResult;
    if (r.text) notify(r.text, r.kind ?? (r.ok ? "success" : "error"));
  }, [result, intent, notify]);
}
