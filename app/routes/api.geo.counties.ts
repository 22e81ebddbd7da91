import type { Route } from "./+types/api.geo.counties";
import * as geo from "~/.server/geo/service";
import type { CountyItem } from "~/shared/geo";
import { GEO_CACHE, notFound } from "~/.server/http/json";

/** GET /api/geo/cities/:cityId/counties — immutable geography: long cache. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = Number(params.cityId);
  if (!Number.isInteger(cityId) || cityId < 1 || cityId > 2_147_483_647 || !(await geo.getCity(context.app, cityId))) return notFound();
  const obj: CountyItem[] = (await geo.listCounties(context.app, cityId)).map((c) => ({ countyID: c.id, countyName: c.name }));
  return Response.json({ obj }, { headers: { "Cache-Control": GEO_CACHE } });
}
