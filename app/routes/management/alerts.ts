import type { Route } from "./+types/alerts";
import * as management from "~/.server/management/service";
import * as alerts from "~/.server/alerts/service";

/**
 * The staff area's live order alerts (issue 28 §2), polled by every open staff page (StaffAlerts.tsx):
 * `?after=<order id>` answers the orders placed since, as JSON; without it, only where to start.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "orders.view");
  const raw = new URL(request.url).searchParams.get("after");
  const after = raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  return Response.json(await alerts.since(context.app, after), { headers: { "Cache-Control": "private, no-store" } });
}
