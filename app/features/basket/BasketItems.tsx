import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { BasketItemView } from "~/shared/basket";
import { ProductPicture } from "~/ui/ProductPicture";
import { LIMITS } from "~/shared/constants";
import { formatAmount, formatCost } from "~/shared/money";
import { basketTr } from "~/shared/texts/basket.tr";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";
import { CsrfField } from "~/ui/CsrfField";
import { useBasketNotice } from "./useBasketNotice";
import { busyProps, submitAtOnce } from "~/ui/busy";
import { useStepQueue } from "./useStepQueue";
import { useAnnounce } from "~/ui/Notices";

const t = basketTr;

/** Says the line's new quantity and total once the basket shows them after a change (issue 29). */
function useQuantityAnnouncement(item: BasketItemView, answer: unknown) {
  const announce = useAnnounce();
  const said = useRef<unknown>(null);
  useEffect(() => {
    if (!answer || answer === said.current || !(answer as { ok?: boolean }).ok) return;
    said.current = answer;
    announce(fmt(t.quantityChanged, { name: item.name, count: item.quantity, amount: formatAmount(item.lineTotal) }));
  }, [answer, item.name, item.quantity, item.lineTotal, announce]);
}

/** One basket line: picture, name, box and variant, unit and line price, quantity −/+ and 'Sil' (SPEC §2.7). */
function BasketLine({ item }: { item: BasketItemView }) {
  const update = useFetcher();
  const remove = useFetcher();
  useBasketNotice(update.data, "update");
  useBasketNotice(remove.data, "delete");
  const [typed, setTyped] = useState(String(item.quantity));
  // the field follows the basket's quantity in the very render that shows it: an effect would leave one render with
  // the old number in the field, and a − tapped then was sent as that number minus one (a change's answer arriving
  // just before the tap: two taken off for one tap)
  const [loaded, setLoaded] = useState(item.quantity);
  if (loaded !== item.quantity) {
    setLoaded(item.quantity);
    setTyped(String(item.quantity));
  }
  useQuantityAnnouncement(item, update.state === "idle" ? update.data : undefined);
  const busy = update.state !== "idle" || remove.state !== "idle";
  // −/+ taps while the line's change runs are counted, not refused (useStepQueue); the field shows their sum
  const steps = useStepQueue(update, item.id, item.quantity);
  const stepProps = (step: 1 | -1) => (remove.state !== "idle" ? busyProps(true) : steps.stepProps(step));
  const inputId = `qty-${item.id}`;
  return (
    <li className={`flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-choc-100 ${busy ? "opacity-70" : ""}`}>
      <Link to={`/product/${item.productId}`} className="relative shrink-0">
        <ProductPicture imgName={item.thumbName} sizes="88px" width={88} height={88} alt={fmt(catalogTr.detail.mainImageAlt, { name: item.name })} className="h-22 w-22 rounded-lg bg-choc-50 object-cover" />
        {item.box ? (
          <img src={item.box.imageUrl} width={40} height={30} alt={fmt(catalogTr.detail.boxAlt, { box: item.box.name })} className="absolute -bottom-1 -right-1 h-auto w-10 rounded bg-white/80" />
        ) : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-bold leading-snug text-choc-900">
          <Link to={`/product/${item.productId}`}>{item.name}</Link>
        </h3>
        <p className="text-sm text-stone-700">{item.packageContent}</p>
        {item.variantName ? <p className="text-sm text-stone-700">{fmt(t.variant, { name: item.variantName })}</p> : null}
        {item.box ? <p className="text-sm text-stone-700">{fmt(t.box, { name: item.box.name })}</p> : null}
        {!item.available ? <p className="text-sm font-semibold text-red-800">{t.unavailable}</p> : null}
        {item.stockLeft !== null ? <p className="text-sm font-semibold text-red-800">{fmt(t.notEnoughStock, { n: item.stockLeft })}</p> : null}
        <p className="text-sm">
          <span className="text-stone-700">{t.unitPrice}: </span>
          {formatCost(item.itemPrice)}
        </p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <update.Form method="post" action="/basket" onSubmit={submitAtOnce(update, "/basket")} className="flex items-center">
            <CsrfField />
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="itemId" value={item.id} />
            {/*
              Enter in the quantity field (a phone keyboard's 'Git') submits the form with its first submit button:
              this one, which keeps the typed number (step 0), not '−' (which would subtract one, or do nothing at 1).
            */}
            <button type="submit" name="step" value="0" tabIndex={-1} aria-hidden="true" className="sr-only">
              {t.update}
            </button>
            <button
              type="submit"
              name="step"
              value="-1"
              {...stepProps(-1)}
              aria-label={fmt(t.decrease, { name: item.name })}
              className="h-11 w-11 rounded-l-lg bg-choc-100 busy-corner text-xl font-bold disabled:opacity-40"
            >
              −
            </button>
            <label htmlFor={inputId} className="sr-only">
              {fmt(t.quantityOf, { name: item.name })}
            </label>
            <input
              id={inputId}
              name="quantity"
              value={steps.busy ? String(steps.shown) : typed}
              onChange={(e) => setTyped(e.target.value.replace(/\D/g, "").slice(0, LIMITS.quantityMaxChars))}
              onBlur={(e) => {
                if (update.state !== "idle") return; // Enter has already sent it
                if (typed !== String(item.quantity) && /^\d+$/.test(typed) && Number(typed) >= 1) void update.submit(e.currentTarget.form);
                else setTyped(String(item.quantity));
              }}
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={LIMITS.quantityMaxChars}
              autoComplete="off"
              className="h-11 w-14 border-y border-choc-200 bg-white text-center text-lg"
            />
            <button
              type="submit"
              name="step"
              value="1"
              {...stepProps(1)}
              aria-label={fmt(t.increase, { name: item.name })}
              className="h-11 w-11 rounded-r-lg bg-choc-100 busy-corner text-xl font-bold disabled:opacity-40"
            >
              +
            </button>
            <noscript>
              <button type="submit" name="step" value="0" className="ml-2 min-h-11 rounded-lg px-2 text-sm underline">
                {t.update}
              </button>
            </noscript>
          </update.Form>
          <remove.Form method="post" action="/basket">
            <CsrfField />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="itemId" value={item.id} />
            <button type="submit" {...busyProps(busy)} aria-label={fmt(t.removeAria, { name: item.name })} className="min-h-11 rounded-lg px-3 text-sm font-semibold text-red-800 underline">
              {t.remove}
            </button>
          </remove.Form>
        </div>
        <p className="text-right font-bold text-choc-900">
          <span className="sr-only">{t.lineTotal}: </span>
          {formatCost(item.lineTotal)}
        </p>
      </div>
    </li>
  );
}

export function BasketItems({ items }: { items: BasketItemView[] }) {
  return (
    <section aria-labelledby="basket-items">
      <h2 id="basket-items" className="sr-only">
        {t.items}
      </h2>
      <ul className="flex flex-col gap-3">
        {items.map((i) => (
          <BasketLine key={i.id} item={i} />
        ))}
      </ul>
    </section>
  );
}
