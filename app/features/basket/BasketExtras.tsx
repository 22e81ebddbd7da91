import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { discountLabel } from "~/shared/amounts";
import type { BasketView } from "~/shared/basket";
import type { ProductCard } from "~/shared/catalog";
import { ProductPicture } from "~/ui/ProductPicture";
import { formatAmount, formatCost } from "~/shared/money";
import { basketTr } from "~/shared/texts/basket.tr";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";
import { CsrfField } from "~/ui/CsrfField";
import { useBasketNotice } from "./useBasketNotice";
import { busyProps } from "~/ui/busy";

const t = basketTr;

/** Order summary (SPEC §2.7): payable amount, product total, delivery (with its tooltip), points and discount. */
export function BasketSummary({ basket, deliveryCost }: { basket: BasketView; deliveryCost: number | null }) {
  const a = basket.amounts;
  const needToPay = a.needToPay + (deliveryCost ?? 0);
  return (
    <section aria-labelledby="summary" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-choc-100">
      <h2 id="summary" className="text-lg font-bold text-choc-900">
        {t.summary.title}
      </h2>
      <dl className="mt-3 grid grid-cols-[minmax(min-content,max-content)_minmax(min-content,1fr)] gap-x-3 gap-y-2 text-sm">
        <dt>{t.summary.productTotal}</dt>
        <dd className="text-right">{formatAmount(a.productTotal)}</dd>
        <dt>
          <span className="inline-flex items-center gap-1">
            {t.summary.deliveryCost}
            <span tabIndex={0} role="note" aria-label={t.summary.deliveryTooltip} title={t.summary.deliveryTooltip} className="group relative inline-flex h-5 w-5 cursor-help items-center justify-center rounded-full bg-choc-100 text-xs font-bold">
              ?
              <span aria-hidden="true" className="pointer-events-none absolute bottom-6 left-1/2 z-10 hidden w-48 -translate-x-1/2 rounded bg-choc-900 p-2 text-xs font-normal text-white group-hover:block group-focus:block">
                {t.summary.deliveryTooltip}
              </span>
            </span>
          </span>
        </dt>
        <dd className="text-right">{deliveryCost === null ? t.summary.deliveryUnknown : formatCost(deliveryCost)}</dd>
        {a.usedBonus > 0 ? (
          <>
            <dt>{t.summary.usedBonus}</dt>
            <dd className="text-right">−{formatAmount(a.usedBonus)}</dd>
          </>
        ) : null}
        {basket.promo && a.discountAmount > 0 ? (
          <>
            <dt>{discountLabel(basket.promo.code)}</dt>
            <dd className="text-right">−{formatAmount(a.discountAmount)}</dd>
          </>
        ) : null}
        <dt className="border-t border-choc-100 pt-2 text-base font-bold">{t.summary.needToPay}</dt>
        <dd className="border-t border-choc-100 pt-2 text-right text-base font-bold" data-testid="need-to-pay">
          {formatAmount(needToPay)}
        </dd>
      </dl>
      {basket.promo && !basket.promo.applies ? (
        <p className="mt-2 text-sm text-red-800">{fmt(t.summary.promoMinBasket, { code: basket.promo.code, amount: formatAmount(basket.promo.minBasket) })}</p>
      ) : null}
    </section>
  );
}

/** 'Promosyon kodu kullan' / 'Vazgeç' toggle, the code field and the applied code with 'Kaldır'. */
export function PromoBox({ basket, member }: { basket: BasketView; member: boolean }) {
  const apply = useFetcher();
  const remove = useFetcher();
  useBasketNotice(apply.data, "promo-apply");
  useBasketNotice(remove.data, "promo-remove");
  const [open, setOpen] = useState(false);
  const applied = basket.promo?.code ?? null;
  useEffect(() => {
    if (applied) setOpen(false); // after removing the code the toggle starts closed again
  }, [applied]);
  if (basket.promo) {
    return (
      <section className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-choc-100">
        <p className="font-semibold">{fmt(t.promo.active, { code: basket.promo.code })}</p>
        <remove.Form method="post" action="/basket">
          <CsrfField />
          <input type="hidden" name="intent" value="promo-remove" />
          <button type="submit" aria-label={fmt(t.promo.removeAria, { code: basket.promo.code })} className="min-h-11 rounded-lg px-3 text-sm font-semibold text-red-800 underline">
            {t.promo.remove}
          </button>
        </remove.Form>
      </section>
    );
  }
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-choc-100">
      <button type="button" aria-expanded={open} aria-controls="promo-form" onClick={() => setOpen((o) => !o)} className="min-h-11 font-semibold text-choc-800 underline">
        {open ? t.promo.cancel : t.promo.toggle}
      </button>
      <apply.Form id="promo-form" method="post" action="/basket" hidden={!open} className="mt-2 flex flex-wrap items-end gap-2">
        <CsrfField />
        <input type="hidden" name="intent" value="promo-apply" />
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="promoCode" className="text-sm font-semibold">
            {t.promo.label}
          </label>
          <input
            id="promoCode"
            name="promoCode"
            required
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            aria-describedby={member ? undefined : "promo-guest-hint"}
            className="min-h-11 rounded-lg border border-choc-200 bg-white px-3 text-base uppercase"
          />
          {/* which codes a guest may use (docs/decisions/0013-promo-codes-for-guests.md) */}
          {member ? null : (
            <p id="promo-guest-hint" className="text-sm text-stone-700">
              {t.promo.guestHint}
            </p>
          )}
        </div>
        <button type="submit" {...busyProps(apply.state !== "idle")} className="min-h-11 rounded-lg bg-choc-700 px-4 font-bold text-white disabled:opacity-60">
          {t.promo.apply}
        </button>
      </apply.Form>
      <noscript>
        <style>{"#promo-form{display:flex!important}"}</style>
      </noscript>
    </section>
  );
}

/** Members' points (SPEC §2.7): available with 'Kullan', or the amount used with 'Kullanma'. */
export function PointsBox({ basket }: { basket: BasketView }) {
  const fetcher = useFetcher();
  const points = basket.points;
  const using = points !== null && points.requested > 0;
  useBasketNotice(fetcher.data, using ? "points-remove" : "points-use");
  if (!points) return null;
  return (
    <section aria-labelledby="points" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-choc-100">
      <h2 id="points" className="text-lg font-bold text-choc-900">
        {t.points.title}
      </h2>
      {points.available <= 0 ? (
        <p className="mt-2 text-sm text-stone-700">{t.points.none}</p>
      ) : (
        <fetcher.Form method="post" action="/basket" className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <CsrfField />
          <input type="hidden" name="intent" value={using ? "points-remove" : "points-use"} />
          <p>{using ? fmt(t.points.used, { amount: formatAmount(points.requested) }) : fmt(t.points.available, { amount: formatAmount(points.available) })}</p>
          <button
            type="submit"
            {...busyProps(fetcher.state !== "idle")}
            aria-label={using ? undefined : fmt(t.points.useAria, { amount: formatAmount(points.available) })}
            className="min-h-11 rounded-lg border border-choc-700 px-4 font-bold text-choc-900 hover:bg-choc-50 disabled:opacity-60"
          >
            {using ? t.points.unuse : t.points.use}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}

function Suggestion({ product }: { product: ProductCard }) {
  const fetcher = useFetcher();
  useBasketNotice(fetcher.data, "add");
  return (
    <li className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-choc-100">
      <Link to={`/product/${product.id}`} className="block">
        <ProductPicture imgName={product.imgName} sizes="(min-width: 640px) 25vw, 50vw" width={200} height={200} alt={fmt(catalogTr.detail.mainImageAlt, { name: product.name })} loading="lazy" decoding="async" className="aspect-square w-full bg-choc-50 object-cover" />
        <h3 className="px-2 pt-2 text-sm font-bold leading-snug text-choc-900">{product.name}</h3>
      </Link>
      <div className="mt-auto flex flex-col gap-1 p-2">
        <p className="text-sm font-semibold">{formatCost(product.itemPrice)}</p>
        <fetcher.Form method="post" action="/basket">
          <CsrfField />
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="quantity" value="1" />
          <button
            type="submit"
            {...busyProps(fetcher.state !== "idle")}
            aria-label={fmt(t.suggestions.addAria, { name: product.name })}
            className="min-h-11 w-full rounded-lg bg-choc-700 px-3 font-bold tracking-wide text-white disabled:opacity-60"
          >
            {t.suggestions.add}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

/** 'Bu ürünler de ilginizi çekebilir' (SPEC §2.7). */
export function Suggestions({ products }: { products: ProductCard[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="suggestions" className="mt-8">
      <h2 id="suggestions" className="text-lg font-bold text-choc-900">
        {t.suggestions.title}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {products.map((p) => (
          <Suggestion key={p.id} product={p} />
        ))}
      </ul>
    </section>
  );
}
