import type { Route } from "./+types/api.geo.neighbourhoods";
import * as geo from "~/.server/geo/service";
import type { NeighbourhoodItem } from "~/shared/geo";
import { GEO_CACHE, notFound } from "~/.server/http/json";

/** GET /api/geo/counties/:countyId/neighbourhoods — immutable geography: long cache. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const countyId = Number(params.countyId);
  if (!Number.isInteger(countyId) || countyId < 1 || countyId > 2_147_483_647 || !(await geo.getCounty(context.app, countyId))) return notFound();
  const obj: NeighbourhoodItem[] = (await geo.listNeighbourhoods(context.app, countyId)).map((n) => ({
    neighborhoodID: n.id,
    neighborhoodName: n.name,
    postalCode: n.postalCode,
  }));
  return Response.json({ obj }, { headers: { "Cache-Control": GEO_CACHE } });
}
