import type { Route } from "../../routes/+types/vitrin";
import { ProductCard } from "~/features/catalog/ProductCard";
import { formatDateTr } from "~/shared/clock";
import { storefrontTr } from "~/shared/texts/storefront.tr";
import { fmt } from "~/shared/texts/tr";

const t = storefrontTr.vitrin;

/** The workshop storefront's screen (SPEC §2.11; its data: routes/vitrin.tsx). */
export function VitrinPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { items, today, reserveUrl, stock } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 pb-28">
      <h1 className="text-2xl font-bold text-choc-900">{t.title}</h1>
      <p className="mt-2 max-w-prose text-stone-700">{t.intro}</p>
      {items.length === 0 ? <p className="mt-6 rounded-xl bg-white p-6">{t.empty}</p> : null}
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((i, n) => (
          <li key={i.product.id} className="flex flex-col gap-2">
            <ProductCard product={i.product} eager={n < 2} headingLevel={2} />
            <p className="text-sm font-semibold">{fmt(t.stock, { n: i.stock })}</p>
            <p className="text-sm text-stone-700">{i.producedOn === today ? t.producedToday : fmt(t.producedOn, { date: formatDateTr(i.producedOn) })}</p>
            {i.note ? <p className="text-sm text-stone-700">{i.note}</p> : null}
          </li>
        ))}
      </ul>
      {stock > 0 ? (
        <a
          href={reserveUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={fmt(t.reserveAria, { n: stock })}
          className="fixed bottom-20 right-4 z-20 flex min-h-12 items-center gap-2 rounded-full bg-green-800 px-5 font-bold tracking-wide text-white shadow-lg hover:bg-green-900"
        >
          {t.reserve}
          <span className="min-w-6 rounded-full bg-white px-1.5 text-center text-sm text-green-900" aria-hidden="true">
            {stock}
          </span>
        </a>
      ) : null}
    </div>
  );
}
