import { Link, useSearchParams } from "react-router";
import { ProductPicture } from "~/ui/ProductPicture";
import { parseSort, type CookieEntry, type GroupInfo, type ProductCard as Card, type TopFive } from "~/shared/catalog";
import { TOP_FIVE_DEFAULT, TOP_FIVE_WINDOWS } from "~/shared/constants";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";
import { Tabs } from "~/ui/Tabs";
import { ProductCard } from "./ProductCard";
import { ProductGrid, SortControl } from "./ProductList";

const w = catalogTr.widgets;

export interface HomeViewData {
  group: GroupInfo;
  products: Card[];
  groups: GroupInfo[];
  widgets: { newest: Card | null; topFive: TopFive; cookies: Pick<CookieEntry, "pid" | "name" | "image">[] } | null;
}

/** The home screen: headline, category links, product list and, on the main page, the widget set. */
export function HomeView({ data }: { data: HomeViewData }) {
  const [params] = useSearchParams();
  const isMain = data.group.kind === "main";
  const sort = isMain ? null : parseSort(params.get("sort"));
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold text-choc-900">{data.group.headline}</h1>
      {data.group.description ? <p className="mt-2 max-w-prose text-stone-700">{data.group.description}</p> : null}
      <nav aria-label={catalogTr.list.subGroups} className="mt-4">
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {data.groups.map((g) => {
            const to = g.kind === "sub" ? `/home/sub/${g.code}` : `/home/${g.code}`;
            const current = g.code === data.group.code;
            return (
              <li key={g.code}>
                <Link
                  to={to}
                  aria-current={current ? "page" : undefined}
                  className={`flex min-h-11 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold ${
                    current ? "bg-choc-900 text-white" : "bg-white text-choc-900 ring-1 ring-choc-200 hover:bg-choc-100"
                  }`}
                >
                  {g.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="products-title" className="mt-6">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="products-title" className="text-lg font-bold">
            {isMain ? data.group.name : catalogTr.list.productsTitle}
          </h2>
          {isMain ? null : <SortControl sort={sort} />}
        </div>
        <ProductGrid products={data.products} sort={sort} />
      </section>
      {data.widgets ? <Widgets widgets={data.widgets} initialTop={params.get("top")} /> : null}
    </div>
  );
}

function Widgets({ widgets, initialTop }: { widgets: NonNullable<HomeViewData["widgets"]>; initialTop: string | null }) {
  return (
    <div className="mt-10 grid gap-6 md:grid-cols-2">
      {widgets.newest ? (
        <section aria-labelledby="newest-title" className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="newest-title" className="mb-3 text-lg font-bold">
            {w.newest}
          </h2>
          <div className="max-w-60">
            <ProductCard product={widgets.newest} />
          </div>
        </section>
      ) : null}
      <section aria-labelledby="top5-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="top5-title" className="text-lg font-bold">
          {w.topFive}
        </h2>
        <Tabs
          label={w.topFiveTabs}
          param="top"
          idPrefix="top5"
          onlyActivePanel
          initial={initialTop ?? TOP_FIVE_DEFAULT}
          items={TOP_FIVE_WINDOWS.map((win) => ({
            id: win,
            label: w.tabs[win],
            panel:
              widgets.topFive[win].length === 0 ? (
                <p className="text-stone-700">{w.topFiveEmpty}</p>
              ) : (
                <ol className="flex flex-col gap-2">
                  {widgets.topFive[win].map((item, i) => (
                    <li key={item.SID}>
                      <Link to={`/product/${item.SID}`} className="flex items-center gap-3 rounded-lg p-1 hover:bg-choc-50">
                        <span className="w-6 text-center text-lg font-bold text-choc-500" aria-hidden="true">
                          {i + 1}
                        </span>
                        <ProductPicture imgName={item.imgName} sizes="48px" width={48} height={48} alt={fmt(catalogTr.detail.mainImageAlt, { name: item.pLongName })} loading="lazy" className="h-12 w-12 rounded-lg" />
                        <span className="flex flex-col">
                          <span className="font-semibold">{item.pLongName}</span>
                          <span className="text-xs text-stone-600">{item.packageContent}</span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ol>
              ),
          }))}
        />
      </section>
      <section aria-labelledby="book-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="book-title" className="text-lg font-bold">
          {w.cookieBook}
        </h2>
        <p className="mt-2 text-stone-700">{w.cookieBookText}</p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {widgets.cookies.map((c) => (
            <li key={c.pid}>
              <img src={c.image} width={56} height={56} alt={c.name} loading="lazy" className="h-14 w-14" />
            </li>
          ))}
        </ul>
        <Link to="/nutrition" className="mt-3 inline-flex min-h-11 items-center font-semibold text-choc-700 underline">
          {w.cookieBookLink}
        </Link>
      </section>
      <section aria-labelledby="brand-title" className="rounded-xl bg-choc-900 p-4 text-choc-50 shadow-sm">
        <h2 id="brand-title" className="text-lg font-bold">
          {w.brandTitle}
        </h2>
        {w.brandText.map((p) => (
          <p key={p} className="mt-2">
            {p}
          </p>
        ))}
        <Link to="/process" className="mt-3 inline-flex min-h-11 items-center font-semibold text-gold-400 underline">
          {w.brandLink}
        </Link>
      </section>
    </div>
  );
}

