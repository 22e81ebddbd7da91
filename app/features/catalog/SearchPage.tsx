import { Link } from "react-router";
import type { Route } from "../../routes/+types/search";
import { ProductCard } from "~/features/catalog/ProductCard";
import { SearchForm } from "~/features/chrome/HeaderSearch";
import { searchTr } from "~/shared/texts/search.tr";
import { fmt, tr } from "~/shared/texts/tr";

const t = searchTr;

/** The product search screen (issue 27 §1; its data: routes/search.tsx). */
export function SearchPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { q, products, suggestion, groups } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 tabIndex={-1} className="text-2xl font-bold text-choc-900 focus:outline-none">
        {q ? fmt(t.resultsTitle, { q }) : t.title}
      </h1>
      <SearchForm q={q} className="mt-4" />
      <p role="status" className="mt-3 text-stone-700">
        {!q ? t.intro : products.length > 0 ? fmt(t.found, { n: products.length }) : fmt(t.noneTitle, { q })}
      </p>
      {products.length > 0 ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {products.map((p, i) => (
            <li key={p.id}>
              <ProductCard product={p} eager={i < 2} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : q ? (
        <div className="mt-4 space-y-3 rounded-xl bg-white p-4 text-stone-800">
          {suggestion ? (
            <p>
              {t.didYouMean}{" "}
              <Link to={`/ara?q=${encodeURIComponent(suggestion)}`} className="font-bold text-choc-800 underline">
                {suggestion}
              </Link>
            </p>
          ) : null}
          <ul className="list-disc space-y-1 pl-5">
            {t.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {products.length === 0 ? (
        <nav aria-label={t.browse} className="mt-4">
          <p className="font-semibold text-choc-900">{t.browse}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {groups.map((g) => (
              <li key={g.code}>
                <Link to={`/home/${g.code}`} className="flex min-h-11 items-center rounded-full border border-choc-700 px-4 text-sm font-semibold text-choc-900 hover:bg-choc-100">
                  {g.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/home" className="flex min-h-11 items-center rounded-full border border-choc-700 px-4 text-sm font-semibold text-choc-900 hover:bg-choc-100">
                {tr.pages.home}
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
