import type { Route } from "../../routes/+types/nutrition";
import { NutritionGrid } from "~/features/catalog/NutritionTable";
import type { CookieEntry } from "~/shared/catalog";
import { formatDateTr } from "~/shared/clock";
import type { nutritionPage } from "~/shared/texts/content.tr";
import { fmt } from "~/shared/texts/tr";

type Text = typeof nutritionPage;

function monthOf(yyyyMm: string): string {
  return formatDateTr(`${yyyyMm}-01`).replace(/^1 /, "");
}

function CookieCard({ c, text }: { c: CookieEntry; text: Text }) {
  return (
    <li className="flex gap-3 rounded-xl bg-white p-3 shadow-sm">
      <img src={c.image} width={96} height={96} alt={fmt(text.imageAlt, { name: c.name })} loading="lazy" decoding="async" className="h-24 w-24 shrink-0" />
      <div className="text-sm">
        <h4 className="text-base font-bold">{c.name}</h4>
        <dl className="mt-1 grid grid-cols-[minmax(min-content,max-content)_minmax(min-content,1fr)] gap-x-2">
          <dt className="text-stone-600">{text.ingredients}</dt>
          <dd>{c.ingredients}</dd>
          <dt className="text-stone-600">{text.firstProduced}</dt>
          <dd>{monthOf(c.firstProduced)}</dd>
          <dt className="text-stone-600">{text.sizes}</dt>
          <dd>{fmt(text.sizeUnit, { list: c.sizes.join(", ") })}</dd>
          <dt className="text-stone-600">{text.pid}</dt>
          <dd>{c.pid}</dd>
        </dl>
      </div>
    </li>
  );
}

/** The nutrition screen: the per-100 g table and the cookie catalogue (SPEC §2.5; its data: routes/nutrition.tsx). */
export function NutritionPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { cookies, text } = loaderData;
  return (
    <article className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-choc-900">{text.title}</h1>
      <p className="mt-3 max-w-prose text-stone-700">{text.intro}</p>
      <div className="mt-6 rounded-xl bg-white p-4 shadow-sm">
        <NutritionGrid caption={text.tableCaption} rows={cookies.current.map((c) => ({ name: c.name, nutrition: c.nutrition }))} />
        <p className="mt-3 text-xs text-stone-600">{text.disclaimer}</p>
      </div>
      <h2 className="mt-10 text-xl font-bold">{text.catalogueTitle}</h2>
      <section aria-labelledby="current-title" className="mt-4">
        <h3 id="current-title" className="text-lg font-semibold">
          {fmt(text.current, { n: cookies.current.length })}
        </h3>
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {cookies.current.map((c) => (
            <CookieCard key={c.pid} c={c} text={text} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="archived-title" className="mt-8">
        <h3 id="archived-title" className="text-lg font-semibold">
          {fmt(text.archived, { n: cookies.archived.length })}
        </h3>
        <p className="text-sm text-stone-600">{text.archivedNote}</p>
        <ul className="mt-3 grid gap-3 opacity-90 md:grid-cols-2">
          {cookies.archived.map((c) => (
            <CookieCard key={c.pid} c={c} text={text} />
          ))}
        </ul>
      </section>
    </article>
  );
}
