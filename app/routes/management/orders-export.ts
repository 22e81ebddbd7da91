import type { Route } from "./+types/orders-export";
import * as management from "~/.server/management/service";
import * as batch from "~/.server/management/batch-desk";
import { csvResponse } from "~/.server/management/csv";
import { parseOrderFilter } from "~/shared/management";

/** The order list's filtered orders as a CSV download (issue 28 §1): the list's query string, every match. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "orders.view");
  const r = await batch.ordersCsv(context.app, staff, parseOrderFilter(new URL(request.url).searchParams));
  // a download link: the refusal is a short text the browser shows
  if (!r.ok) return new Response(r.message, { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return csvResponse(r.body, r.filename);
}
