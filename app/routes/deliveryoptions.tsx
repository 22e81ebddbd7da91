import type { Route } from "./+types/deliveryoptions";
import * as delivery from "~/.server/delivery/service";
import { visitorBasket } from "./delivery-basket.server";
import * as geo from "~/.server/geo/service";
import { DeliveryOptionsPage } from "~/features/delivery/DeliveryOptionsPage";
import { calculatorSchema, fieldErrors, optionsQuerySchema, type CityItem, type CountyItem, type NeighbourhoodItem } from "~/shared/geo";
import { deliveryTr } from "~/shared/texts/delivery.tr";
import { tr } from "~/shared/texts/tr";
import { pageMeta } from "~/ui/PageMeta";

const t = deliveryTr.calculator;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: tr.pages.deliveryoptions, description: deliveryTr.calculator.intro });
}

/**
 * Delivery-time info and the shipping-cost calculator (SPEC §2.5, §5). A GET form: without JavaScript
 * each "Hesapla" reloads the page with the next list filled in. Costs are for the visitor's basket.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.app;
  const params = new URL(request.url).searchParams;
  const basket = await visitorBasket(app, request);
  const cityChoices = await delivery.cityList(app);
  const cities: CityItem[] = cityChoices.map((c) => ({ cityID: c.id, cityName: c.name, minDay: c.minDay, colour: c.colour, disabled: c.disabled }));
  const q = optionsQuerySchema.safeParse({ cityId: params.get("cityId"), countyId: params.get("countyId"), areaId: params.get("areaId") });
  const errors: Record<string, string> = {};
  let { cityId, countyId, areaId } = q.success ? q.data : { cityId: undefined, countyId: undefined, areaId: undefined };

  const city = cityChoices.find((c) => c.id === cityId);
  if (cityId !== undefined && (!city || city.disabled)) {
    errors.cityId = city?.disabled ? t.cityDisabled : t.cityRequired;
    cityId = undefined;
  }
  // a county or neighbourhood left over from another city (city changed without JavaScript) is dropped
  const countyList = cityId !== undefined ? await geo.listCounties(app, cityId) : [];
  const county = countyList.find((c) => c.id === countyId);
  if (!county) countyId = undefined;
  const neighList = countyId !== undefined ? await geo.listNeighbourhoods(app, countyId) : [];
  const neighbourhood = neighList.find((n) => n.id === areaId);
  if (!neighbourhood) areaId = undefined;

  let result = null;
  if (params.has("calc")) {
    const v = calculatorSchema.safeParse({ cityId, countyId, areaId });
    if (!v.success) {
      for (const [k, m] of Object.entries(fieldErrors(v.error))) errors[k] ??= m;
    } else {
      const r = await delivery.getOptions(app, v.data, { basket });
      if (!r.ok) errors.cityId = t.invalidAddress;
      else {
        const sameDayCity = cityChoices.find((c) => c.id === r.config.sameDayCityId);
        result = {
          place: [neighbourhood?.name, county?.name, city?.name].filter(Boolean).join(", "),
          options: r.options,
          door: areaId !== undefined ? await delivery.doorCost(app, areaId, basket) : null,
          sameDayCityName: sameDayCity?.name ?? "",
          countyCovered: countyId !== undefined && r.config.zoneCounties.has(countyId),
          inSameDayCity: cityId === r.config.sameDayCityId,
        };
      }
    }
  }
  const counties: CountyItem[] = countyList.map((c) => ({ countyID: c.id, countyName: c.name }));
  const neighbourhoods: NeighbourhoodItem[] = neighList.map((n) => ({ neighborhoodID: n.id, neighborhoodName: n.name, postalCode: n.postalCode }));
  const config = await delivery.getConfig(app);
  return {
    cities,
    counties,
    neighbourhoods,
    value: { cityId, countyId, areaId },
    errors,
    result,
    basket,
    sameDayCityId: config.sameDayCityId,
  };
}

export default function DeliveryOptions({ loaderData }: Route.ComponentProps) {
  return <DeliveryOptionsPage loaderData={loaderData} />;
}
