import type { Route } from "./+types/production-print";
import * as management from "~/.server/management/service";
import * as print from "~/.server/management/print-desk";
import { SectionError } from "~/features/management/ui";
import { ProductionPrintPage } from "~/features/management/ProductionPrintPage";
import { pageTitle } from "~/ui/PageTitle";
import { formatDayTr, istanbulDate } from "~/shared/clock";
import { productionDaySchema } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { batchTr } from "~/shared/texts/batch.tr";

const P = batchTr.print;

export function meta({ data }: Route.MetaArgs) {
  return pageTitle(data?.what === "routes" ? fmt(P.routeTitle, { day: data ? formatDayTr(data.day) : "" }) : fmt(P.title, { day: data ? formatDayTr(data.day) : "" }));
}

/**
 * Print for a ready date (issue 28 §1): `?day=` (default today) with every order's packing list, the paper that
 * goes in its box and its gift note, one order per printed page; `&what=routes` the courier route sheet per slot.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "production.view");
  const params = new URL(request.url).searchParams;
  const { day: asked } = productionDaySchema.parse(Object.fromEntries(params));
  const day = asked || istanbulDate(context.app.clock.now());
  if (params.get("what") === "routes") return { what: "routes" as const, routes: await print.routeSheets(context.app, day), day };
  return { what: "boxes" as const, boxes: await print.printDay(context.app, day), day };
}

export { SectionError as ErrorBoundary };

export default function ProductionPrint({ loaderData }: Route.ComponentProps) {
  return <ProductionPrintPage loaderData={loaderData} />;
}
