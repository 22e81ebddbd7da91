import { useState } from "react";
import { useFetcher } from "react-router";
import { isSoldOut, type ProductDetail } from "~/shared/catalog";
import { LIMITS } from "~/shared/constants";
import { formatCost } from "~/shared/money";
import { quantityError, stepQuantity } from "~/shared/quantity";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";
import { CsrfField } from "~/ui/CsrfField";
import { useAnswerNotice } from "~/features/basket/useAnswerNotice";
import { busyProps } from "~/ui/busy";

const t = catalogTr.detail;

/**
 * Quantity and 'add to basket' (SPEC §2.4, §5): a form posting to the basket action (intent 'add'). With
 * JavaScript it stays on the page and shows the notice; without it the basket page opens.
 */
export function AddToBasket({ product }: { product: ProductDetail }) {
  const fetcher = useFetcher();
  // an add has no retry text of its own (SPEC §8: the general network notice)
  useAnswerNotice(fetcher.data);
  const [quantity, setQuantity] = useState("1");
  const [touched, setTouched] = useState(false);
  const error = touched ? quantityError(quantity) : null;
  if (isSoldOut(product)) return <p className="mt-4 rounded-lg bg-stone-200 p-3 font-semibold">{t.soldOut}</p>;
  return (
    <fetcher.Form
      method="post"
      action="/basket"
      className="mt-4 flex flex-col gap-3"
      onSubmit={(e) => {
        setTouched(true);
        if (quantityError(quantity)) e.preventDefault();
      }}
    >
      <CsrfField />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="type" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="activeBoxType" value={product.defaultBox?.code ?? ""} />
      {product.variants.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold">{t.variant}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {product.variants.map((v, i) => (
              <label key={v.code} className="flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 ring-1 ring-choc-200">
                <input type="radio" name="variant" value={v.code} defaultChecked={i === 0} />
                {v.priceDelta > 0 ? fmt(t.variantExtra, { name: v.name, price: formatCost(v.priceDelta) }) : v.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="quantity" className="text-sm font-semibold">
            {t.quantity}
          </label>
          <div className="flex items-center">
            <button
              type="button"
              aria-label={t.decrease}
              aria-controls="quantity"
              {...busyProps(false, { off: quantity === "1", onClick: () => setQuantity((q) => stepQuantity(q, -1)) })}
              className="h-11 w-11 rounded-l-lg bg-choc-100 text-xl font-bold disabled:opacity-50"
            >
              −
            </button>
            <input
              id="quantity"
              name="quantity"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              onBlur={() => setTouched(true)}
              required
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={LIMITS.quantityMaxChars}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "quantity-error" : "quantity-hint"}
              className="h-11 w-16 border-y border-choc-200 bg-white text-center text-lg aria-invalid:border-red-700"
            />
            <button
              type="button"
              aria-label={t.increase}
              aria-controls="quantity"
              onClick={() => setQuantity((q) => stepQuantity(q, 1))}
              className="h-11 w-11 rounded-r-lg bg-choc-100 text-xl font-bold"
            >
              +
            </button>
          </div>
        </div>
        <button
          type="submit"
          {...busyProps(fetcher.state !== "idle")}
          className="min-h-11 flex-1 rounded-lg bg-choc-700 px-6 py-2 font-bold tracking-wide text-white hover:bg-choc-800 disabled:opacity-60"
        >
          {t.addToBasket}
        </button>
      </div>
      <p id="quantity-hint" className="sr-only">
        {t.quantityHint}
      </p>
      {error ? (
        <p id="quantity-error" role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
