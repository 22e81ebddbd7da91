import type { Route } from "./+types/api.delivery.options";
import * as delivery from "~/.server/delivery/service";
import { optionsQuerySchema } from "~/shared/geo";
import { deliveryTr } from "~/shared/texts/delivery.tr";
import { badRequest } from "~/.server/http/json";
import { visitorBasket } from "./delivery-basket.server";

/**
 * GET /api/delivery/options?date&cityId&countyId&areaId — SPEC §3 'Delivery options' in `obj`,
 * for the visitor's basket.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = optionsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return badRequest(deliveryTr.calculator.invalidAddress);
  const result = await delivery.getOptions(context.app, parsed.data, { basket: await visitorBasket(context.app, request) });
  if (!result.ok) return badRequest(deliveryTr.calculator.invalidAddress);
  return Response.json({ obj: result.options }, { headers: { "Cache-Control": "private, no-store" } });
}
