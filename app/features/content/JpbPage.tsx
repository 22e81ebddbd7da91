import type { Route } from "../../routes/+types/jpb";
import { storefrontTr } from "~/shared/texts/storefront.tr";
import { tr } from "~/shared/texts/tr";

const t = storefrontTr.jpb;

/** The landing thank-you screen (SPEC §2.13, chromeless; its data: routes/jpb.tsx). Both buttons reload the whole document. */
export function JpbPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  return (
    <div className="mx-auto flex min-h-screen max-w-xl flex-col items-center px-4 py-10 text-center">
      <img src="/img/logo.svg" width={160} height={48} alt={tr.brand.logoAlt} />
      <h1 className="mt-8 text-3xl font-bold text-choc-900">{t.title}</h1>
      {t.text.map((p) => (
        <p key={p} className="mt-4 text-lg text-stone-800">
          {p}
        </p>
      ))}
      <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <a href="/" className="flex min-h-12 items-center justify-center rounded-lg bg-choc-700 px-6 font-bold text-white hover:bg-choc-800">
          {t.browse}
        </a>
        <a href="/nutrition" className="flex min-h-12 items-center justify-center rounded-lg border-2 border-choc-700 px-6 font-bold text-choc-900 hover:bg-choc-100">
          {t.nutrition}
        </a>
      </div>
      <ul aria-label={t.icons} className="mt-10 flex flex-wrap justify-center gap-2">
        {loaderData.icons.map((c) => (
          <li key={c.pid}>
            <img src={c.image} width={48} height={48} alt={c.name} title={c.name} loading="lazy" className="h-12 w-12" />
          </li>
        ))}
      </ul>
    </div>
  );
}
