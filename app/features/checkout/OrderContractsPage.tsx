import type { Route } from "../../routes/+types/ordercontracts";
import { ContractDocView } from "~/features/checkout/ContractDocView";
import { contractsKeptTr as t } from "~/shared/texts/contracts-kept.tr";
import { fmt } from "~/shared/texts/tr";

/** The kept-contracts screen of an order (issue 26 §3; its data: routes/ordercontracts.tsx). */
export function OrderContractsPage({ loaderData: d }: Pick<Route.ComponentProps, "loaderData">) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{fmt(t.heading, { number: d.orderNumber })}</h1>
      {d.meta ? (
        <>
          <p>{t.intro}</p>
          <p className="text-sm text-stone-700" data-testid="contracts-meta">
            {d.meta}
          </p>
        </>
      ) : (
        <p>{t.none}</p>
      )}
      {d.docs ? (
        <>
          <ContractDocView doc={d.docs.preInfo} id="on-bilgilendirme" scroll={false} level={2} />
          <ContractDocView doc={d.docs.distanceSales} id="mesafeli" scroll={false} level={2} />
        </>
      ) : null}
      {d.texts?.map((text, i) => (
        <pre key={i} className="whitespace-pre-wrap rounded-lg border border-choc-200 bg-choc-50 p-3 font-sans text-sm [overflow-wrap:anywhere]">
          {text}
        </pre>
      ))}
      <p className="no-print">
        <button type="button" onClick={() => window.print()} className="min-h-11 rounded-lg bg-choc-700 px-5 py-2 font-bold text-white hover:bg-choc-800">
          {t.print}
        </button>
      </p>
    </section>
  );
}
