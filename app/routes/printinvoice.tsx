import { data } from "react-router";
import { refusal } from "~/.server/http/refuse";
import type { Route } from "./+types/printinvoice";
import * as printing from "~/.server/printing/service";
import { InvoiceSheet } from "~/features/invoice/InvoiceSheet";
import { invoiceTr } from "~/shared/texts/invoice.tr";
import { pageTitle } from "~/ui/PageTitle";

export function meta() {
  return [...pageTitle(invoiceTr.title), { name: "robots", content: "noindex, nofollow" }];
}

/**
 * The printable invoice /printinvoice/{order} (SPEC §2.12), without site chrome. Only the order's owner, staff or
 * a signed link may open it; anyone else gets 404 whether the order exists or not. Amounts come from the stored
 * order lines (prices and tax rates as they were when the order was placed).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const order = await printing.printableOrder(context.app, request, "invoice", params.order);
  if (!order) throw refusal(null, 404, { headers: { "Cache-Control": "no-store" } });
  return data({ invoice: await printing.invoiceView(context.app, order) }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function PrintInvoice({ loaderData }: Route.ComponentProps) {
  return <InvoiceSheet v={loaderData.invoice} />;
}
