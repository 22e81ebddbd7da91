import type { Route } from "./+types/api.geo.cities";
import * as delivery from "~/.server/delivery/service";
import type { CityItem } from "~/shared/geo";

/** GET /api/geo/cities — every city (plate-code ids) in Turkish order with MinDay; disabled entries marked. */
export async function loader({ context }: Route.LoaderArgs) {
  const cities = await delivery.cityList(context.app);
  const obj: CityItem[] = cities.map((c) => ({ cityID: c.id, cityName: c.name, minDay: c.minDay, colour: c.colour, disabled: c.disabled }));
  // MinDay and disabled entries are configuration: cache for an hour, not forever
  return Response.json({ obj }, { headers: { "Cache-Control": "public, max-age=3600" } });
}
