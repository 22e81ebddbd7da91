import type { Route } from "../../routes/+types/hedef81";
import { fmt } from "~/shared/texts/tr";

/** The HEDEF81 campaign page's screen (SPEC §2.5; its data: routes/hedef81.tsx, also /mcapphedef81). */
export function Hedef81Page({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { page } = loaderData;
  return (
    <article className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-choc-900">{page.title}</h1>
      {page.intro.map((p) => (
        <p key={p} className="mt-3 max-w-prose text-stone-800">
          {p}
        </p>
      ))}
      <h2 className="mt-8 text-lg font-bold">{fmt(page.winners, { n: page.cities.length })}</h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
        {page.cities.map(([plate, name], i) => (
          <li key={plate} className="overflow-hidden rounded-xl bg-white shadow-sm">
            <img
              src={`/img/hedef81/${String(plate).padStart(2, "0")}.svg`}
              width={320}
              height={200}
              alt={fmt(page.photoAlt, { city: name })}
              loading={i < 4 ? "eager" : "lazy"}
              decoding="async"
              className="aspect-[8/5] w-full"
            />
            <p className="px-3 py-2 font-semibold">
              <span className="mr-2 text-sm text-stone-600">{String(plate).padStart(2, "0")}</span>
              {name}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-stone-600">{page.updated}</p>
    </article>
  );
}
