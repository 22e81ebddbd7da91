import { data } from "react-router";
import type { Route } from "./+types/ordercontracts";
import { refusal } from "~/.server/http/refuse";
import * as printing from "~/.server/printing/service";
import { keptMetaLine, readAcceptedContracts } from "~/.server/checkout/contracts";
import { OrderContractsPage } from "~/features/checkout/OrderContractsPage";
import { contractsKeptTr as t } from "~/shared/texts/contracts-kept.tr";
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

export default function OrderContracts({ loaderData }: Route.ComponentProps) {
  return <OrderContractsPage loaderData={loaderData} />;
}
