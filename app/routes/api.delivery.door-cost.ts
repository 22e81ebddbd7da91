import type { Route } from "./+types/api.delivery.door-cost";
import * as delivery from "~/.server/delivery/service";
import { notFound } from "~/.server/http/json";
import { visitorBasket } from "./delivery-basket.server";

/** GET /api/delivery/door-cost/:neighId — SPEC §7: obj {vip, std each with cost and remainingtoFree} for the visitor's basket. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = Number(params.neighId);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return notFound();
  const cost = await delivery.doorCost(context.app, id, await visitorBasket(context.app, request));
  if (!cost) return notFound();
  return Response.json({ obj: cost }, { headers: { "Cache-Control": "private, no-store" } });
}
