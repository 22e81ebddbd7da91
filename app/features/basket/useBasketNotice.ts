import { basketTr } from "~/shared/texts/basket.tr";
import type { BasketIntent } from "./types";
import { useAnswerNotice } from "./useAnswerNotice";

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

/** Shows the notice of each new answer of a basket form (fetcher or page action), with the intent's retry text. */
export function useBasketNotice(result: unknown, intent?: BasketIntent) {
  useAnswerNotice(result, intent ? RETRY[intent] : null);
}
