import { Link, useLocation } from "react-router";
import { nextSort, sortProducts, type ProductCard as Card, type SortMode } from "~/shared/catalog";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";
import { ProductCard } from "./ProductCard";

const t = catalogTr.list;

/** Sort control (SPEC §2.4): one button cycling A-Z → Z-A → price ↑ → price ↓, and × back to the default. */
export function SortControl({ sort }: { sort: SortMode | null }) {
  const { pathname } = useLocation();
  const next = nextSort(sort);
  return (
    <div className="flex items-center gap-2">
      <Link
        to={`${pathname}?sort=${next}`}
        replace
        preventScrollReset
        aria-label={sort ? fmt(t.sortNext, { current: t.sorts[sort] }) : t.sortDefault}
        className="flex min-h-11 items-center gap-2 rounded-full border border-choc-700 px-4 text-sm font-semibold text-choc-900 hover:bg-choc-100"
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 2v12M1 11l3 3l3-3M12 14V2M9 5l3-3l3 3" />
        </svg>
        {sort ? t.sorts[sort] : t.sortDefault}
      </Link>
      {sort ? (
        <Link
          to={pathname}
          replace
          preventScrollReset
          aria-label={t.sortReset}
          className="flex h-11 w-11 items-center justify-center rounded-full text-xl text-choc-900 hover:bg-choc-100"
        >
          <span aria-hidden="true">×</span>
        </Link>
      ) : null}
    </div>
  );
}

export function ProductGrid({ products, sort }: { products: Card[]; sort: SortMode | null }) {
  if (products.length === 0) return <p className="rounded-xl bg-white p-6 text-center text-stone-700">{t.empty}</p>;
  const sorted = sortProducts(products, sort);
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {sorted.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < 2} />
        </li>
      ))}
    </ul>
  );
}
