import { Link } from "react-router";
import type { Route } from "../../routes/+types/advr";
import { storefrontTr } from "~/shared/texts/storefront.tr";
import { fmt, tr } from "~/shared/texts/tr";

const t = storefrontTr.advr;
/** The product the banner offers (its discount is read by the loader of routes/advr.tsx). */
export const BANNER_PRODUCT = 20002;

/** The advert landing screen (SPEC §2.13, chromeless; its data: routes/advr.tsx). */
export function AdvrPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  return (
    <div className="mx-auto flex min-h-screen max-w-xl flex-col px-4 py-10">
      <img src="/img/logo.svg" width={160} height={48} alt={tr.brand.logoAlt} className="self-center" />
      {loaderData.discount !== null ? (
        <aside aria-label={t.buyNow} className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-800 p-4 text-white">
          <p className="text-lg font-bold">{fmt(t.banner, { discount: loaderData.discount })}</p>
          <Link to={`/product/${BANNER_PRODUCT}`} className="flex min-h-11 items-center rounded-lg bg-white px-5 font-bold text-red-900">
            {t.buyNow}
          </Link>
        </aside>
      ) : null}
      <h1 className="mt-8 text-center text-3xl font-bold text-choc-900">{t.title}</h1>
      {t.text.map((p) => (
        <p key={p} className="mt-4 text-center text-lg text-stone-800">
          {p}
        </p>
      ))}
      <details className="mt-8 rounded-xl bg-white p-4 shadow-sm">
        <summary className="min-h-11 cursor-pointer py-2 text-center text-lg font-bold tracking-wide">{t.difference}</summary>
        <div className="mt-2 flex flex-col gap-4">
          {t.blurbs.map((b) => (
            <section key={b.title}>
              <h2 className="font-bold">{b.title}</h2>
              <p className="text-stone-800">{b.text}</p>
            </section>
          ))}
        </div>
      </details>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/home" className="flex min-h-12 items-center justify-center rounded-lg bg-choc-700 px-6 font-bold text-white hover:bg-choc-800">
          {t.shop}
        </Link>
        <Link to="/home/gift" className="flex min-h-12 items-center justify-center rounded-lg border-2 border-choc-700 px-6 font-bold text-choc-900 hover:bg-choc-100">
          {t.gifts}
        </Link>
      </div>
    </div>
  );
}
