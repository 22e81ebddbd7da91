import { useEffect, useRef } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import type { BasketSummaryData } from "~/shared/basket";
import type { ProductCard } from "~/shared/catalog";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";
import { CsrfField } from "~/ui/CsrfField";
import { useAnswerNotice } from "./useAnswerNotice";
import { busyProps, submitAtOnce } from "~/ui/busy";
import { useStepQueue } from "./useStepQueue";
import { useAnnounce } from "~/ui/Notices";

const t = catalogTr.list;

/** Quantity of a product in the visitor's basket (root loader data) and the line the counter changes. */
function useLine(productId: number) {
  const root = useRouteLoaderData("root") as { basket?: BasketSummaryData | null } | undefined;
  const lines = root?.basket?.lines.filter((l) => l.productId === productId) ?? [];
  return { quantity: lines.reduce((n, l) => n + l.quantity, 0), line: lines[0] ?? null };
}

/**
 * A product card's basket control (SPEC §2.4): 'EKLE' adds one through the basket action; once the basket holds
 * the product a −/+ counter changes its line (minus stops at 1; 'Sil' on the basket page removes it).
 * Plain forms, so it works before JavaScript loads.
 */
export function CardBasketControl({ product }: { product: ProductCard }) {
  const fetcher = useFetcher();
  // an add has no retry text of its own (SPEC §8: the general network notice)
  useAnswerNotice(fetcher.data);
  const { quantity, line } = useLine(product.id);
  const busy = fetcher.state !== "idle";
  // −/+ taps while a change runs are counted, not refused (useStepQueue); the counter shows their sum
  const steps = useStepQueue(fetcher, line?.itemId ?? 0, line?.quantity ?? 0);
  const announce = useAnnounce();
  // 'EKLE' gives way to the −/+ counter: a keyboard user who pressed it continues on '+' (issue 29)
  const fromAdd = useRef(false);
  const plus = useRef<HTMLButtonElement>(null);
  const shown = useRef(quantity);
  useEffect(() => {
    if (quantity > 0 && fromAdd.current) {
      fromAdd.current = false;
      const now = document.activeElement;
      if (!now || now === document.body || !now.isConnected) plus.current?.focus();
    }
    // a counter change is said once in the page's live region (the add itself shows its notice)
    if (quantity !== shown.current && shown.current > 0 && quantity > 0) announce(fmt(t.inBasketNamed, { name: product.name, count: quantity }));
    shown.current = quantity;
  }, [quantity, announce, product.name]);
  if (line && quantity > 0) {
    const shown = quantity - line.quantity + steps.shown;
    return (
      <fetcher.Form method="post" action="/basket" onSubmit={submitAtOnce(fetcher, "/basket")} className="flex items-center justify-between rounded-lg bg-choc-100">
        <CsrfField />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="itemId" value={line.itemId} />
        <input type="hidden" name="quantity" value={line.quantity} />
        <button
          type="submit"
          name="step"
          value="-1"
          {...steps.stepProps(-1)}
          aria-label={fmt(t.decrease, { name: product.name })}
          className="h-11 w-11 rounded-l-lg busy-corner text-xl font-bold disabled:opacity-40"
        >
          −
        </button>
        <span className="font-bold">
          <span className="sr-only">{fmt(t.inBasket, { count: shown })}</span>
          <span aria-hidden="true">{shown}</span>
        </span>
        <button
          type="submit"
          name="step"
          value="1"
          ref={plus}
          {...steps.stepProps(1)}
          aria-label={fmt(t.increase, { name: product.name })}
          className="h-11 w-11 rounded-r-lg busy-corner text-xl font-bold disabled:opacity-40"
        >
          +
        </button>
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action="/basket"
      onSubmit={() => {
        fromAdd.current = true;
      }}
    >
      <CsrfField />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="quantity" value="1" />
      <button
        type="submit"
        {...busyProps(busy)}
        aria-label={fmt(t.addAria, { name: product.name })}
        className="flex min-h-11 w-full items-center justify-center rounded-lg bg-choc-700 px-4 py-2 font-bold tracking-wide text-white hover:bg-choc-800 disabled:opacity-60"
      >
        {t.add}
      </button>
    </fetcher.Form>
  );
}
