import { useCallback, useEffect, useState, type MouseEvent } from "react";
import type { FetcherWithComponents } from "react-router";
import { askedLineQuantity } from "~/shared/basket-forms";
import { LIMITS } from "~/shared/constants";
import { stepQuantity } from "~/shared/quantity";
import { useCsrfToken } from "~/ui/CsrfField";

/** The quantity a running basket change asks for (its update form, read as the server reads it), or null. */
export function askedQuantity(formData: FormData | undefined): number | null {
  return formData?.get("intent") === "update" ? askedLineQuantity(formData) : null;
}

/**
 * −/+ on a basket line (the basket page's line, a product card's counter). A tap while nothing runs is the form's
 * own submit (`quantity` + `step`, works without JavaScript). A tap while the line's change is on its way is not
 * refused: it counts at once on the quantity shown, and when the running change has its answer, the taps made
 * meanwhile go to the server as one change to the quantity shown (a shopper who taps + three times on a slow
 * phone gets three more, not one). If the running change was refused, the taps made on it are dropped with it:
 * the answer's notice says why, and the line shows the basket's quantity again.
 *
 * The line's forms submit with `flushSync`: the router's state change (and with it `busy`) is drawn before the tap's
 * event ends, not in a later transition, so a second tap that comes at once (a quick double tap on a slow phone) is
 * counted here instead of sending the form again with the number shown before the first (two taps, one more).
 *
 * `current` is the line's quantity in the basket as the page last loaded it. `busy` lasts until the taps counted
 * meanwhile have left too (between the running change's answer and their send).
 */
export function useStepQueue(fetcher: FetcherWithComponents<unknown>, itemId: number, current: number) {
  const csrf = useCsrfToken();
  const [queued, setQueued] = useState<number | null>(null);
  const running = fetcher.state !== "idle";
  const shown = queued ?? (running ? askedQuantity(fetcher.formData) : null) ?? current;
  const busy = running || queued !== null;

  useEffect(() => {
    if (running || queued === null) return;
    setQueued(null);
    const answer = fetcher.data as { ok?: boolean } | undefined;
    if (answer?.ok !== true || queued === current) return;
    void fetcher.submit({ _csrf: csrf, intent: "update", itemId: String(itemId), quantity: String(queued), step: "0" }, { method: "post", action: "/basket", flushSync: true });
  }, [running, queued, current, fetcher, csrf, itemId]);

  /** The props of the − (`-1`) or + (`1`) button. */
  const stepProps = useCallback(
    (step: 1 | -1) => {
      const off = step === -1 ? shown <= LIMITS.quantityMin : shown >= LIMITS.quantityMax;
      return {
        ...(off ? { "aria-disabled": true as const } : {}),
        ...(busy ? { "aria-busy": true as const } : {}),
        onClick: (e: MouseEvent<HTMLButtonElement>) => {
          if (off) return e.preventDefault();
          if (!busy) return; // the form's own submit
          e.preventDefault();
          setQueued(Number(stepQuantity(String(shown), step)));
        },
      };
    },
    [shown, busy],
  );

  return { shown, busy, stepProps };
}
