import { data } from "react-router";
import type { Route } from "./+types/api.checkout.options";
import * as basketService from "~/.server/basket/service";
import * as checkout from "~/.server/checkout/service";

const id = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** Delivery options for the checkout's address and date, computed for the visitor's own basket (no caching). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const basket = await basketService.getBasket(context.app, await basketService.ownerOf(context.app, request));
  if (basket.items.length === 0) return data({ ok: false, options: null }, { status: 409 });
  const date = q.get("date");
  const r = await checkout.optionsFor(context.app, basket, {
    cityId: id(q.get("cityId")),
    countyId: id(q.get("countyId")),
    areaId: id(q.get("areaId")),
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
  });
  return data(r.ok ? { ok: true, options: r.options } : { ok: false, options: null }, { headers: { "Cache-Control": "no-store" } });
}
