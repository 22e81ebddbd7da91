import { data } from "react-router";
import type { Route } from "./+types/ordercontracts";
import { refusal } from "~/.server/http/refuse";
import * as printing from "~/.server/printing/service";
import { keptMetaLine, readAcceptedContracts } from "~/.server/checkout/contracts";
import { ContractDocView } from "~/features/checkout/ContractDocView";
import { contractsKeptTr as t } from "~/shared/texts/contracts-kept.tr";
import { fmt } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";

export function meta() {
  return [...pageTitle(t.pageTitle), { name: "robots", content: "noindex, nofollow" }];
}

/**
 * /ordercontracts/{order} (issue 26 §3): the pre-information form and the distance-sales contract exactly as the
 * buyer accepted them, with their version and time. The same access as the print pages: the order's member,
 * staff, or a signed link (the confirmation mail, the guest's order page); anyone else gets 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const order = await printing.printableOrder(context.app, request, "contracts", params.order);
  if (!order) throw refusal(null, 404, { headers: { "Cache-Control": "no-store" } });
  const kept = readAcceptedContracts(order.contracts);
  return data(
    {
      orderNumber: order.orderNumber,
      meta: kept ? keptMetaLine({ orderNumber: order.orderNumber, version: kept.version, acceptedAt: kept.acceptedAt }) : null,
      docs: kept?.docs ?? null,
      // orders placed before the documents were stored structured: the plain texts
      texts: kept && !kept.docs ? [kept.preInfo, kept.distanceSales] : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OrderContracts({ loaderData: d }: Route.ComponentProps) {
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
