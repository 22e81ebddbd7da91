import { data } from "react-router";
import { refusal } from "~/.server/http/refuse";
import type { Route } from "./+types/efatura";
import * as printing from "~/.server/printing/service";
import { EarsivCopy } from "~/features/invoice/EarsivCopy";
import { earsivTr } from "~/shared/texts/earsiv.tr";
import { fmt } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";

export function meta({ data: d }: Route.MetaArgs) {
  const n = d?.copies[0]?.doc.number ?? "";
  return [...pageTitle(fmt(earsivTr.title, { number: n }).trim()), { name: "robots", content: "noindex, nofollow" }];
}

/**
 * The readable copy of an order's e-Arşiv invoices /efatura/{order} (issue 26 §2): the sale invoice and, when
 * there is one, its return invoice. Same access as the print pages: the order's owner, staff, or a signed link (the
 * invoice mail and the guest's order page carry one); anyone else, and an order not invoiced yet, gets 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const copies = await printing.earsivCopies(context.app, request, params.order);
  if (!copies?.length) throw refusal(null, 404, { headers: { "Cache-Control": "no-store" } });
  return data({ copies }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function Efatura({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 bg-stone-100 px-3 py-4 sm:px-6 print:bg-white print:p-0">
      {loaderData.copies.map((c) => (
        <EarsivCopy key={c.doc.number} d={c.doc} status={c.status} />
      ))}
      <p className="print:hidden">
        <button type="button" onClick={() => window.print()} className="rounded-full bg-choc-800 px-5 py-2 font-semibold text-white">
          {earsivTr.print}
        </button>
      </p>
    </div>
  );
}
