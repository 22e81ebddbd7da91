import type { Route } from "./+types/api.delivery.earliest";
import * as delivery from "~/.server/delivery/service";

/**
 * GET /api/delivery/earliest?cityId — 'Bugün sipariş verirsen en erken …' for a city (default: the same-day
 * city), from the checkout engine at this moment (issue 27 §4). Asked by the browser after the page loads, so
 * a cached product page never carries a stale day across a cutoff; the answer itself is never stored.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("cityId");
  const config = await delivery.getConfig(context.app);
  const cityId = raw && /^\d{1,4}$/.test(raw) ? Number(raw) : config.sameDayCityId;
  const obj = await delivery.earliestForCity(context.app, cityId);
  return Response.json({ obj }, { headers: { "Cache-Control": "private, no-store" } });
}
