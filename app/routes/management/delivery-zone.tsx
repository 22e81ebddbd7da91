import type { Route } from "./+types/delivery-zone";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { DeliveryZonePage } from "~/features/management/DeliveryZonePage";
import { pageTitle } from "~/ui/PageTitle";
import { fieldErrors } from "~/shared/management";
import { cityDaysSchema, zoneAreaSchema, zoneQuerySchema } from "~/shared/management-forms";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const z = t.zone;

export function meta() {
  return pageTitle(z.title);
}

/** The same-day city's counties; with `?county=` that county's neighbourhoods and their door-delivery prices. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "delivery.edit");
  const { county } = zoneQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return management.zonePage(context.app, county);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "delivery.edit");
  const values = Object.fromEntries(form);
  if (values.intent === "cityDays") {
    const key = `city-${String(values.cityId ?? "")}`;
    const parsed = cityDaysSchema.safeParse(values);
    if (!parsed.success) return invalidAnswer(key, fieldErrors(parsed.error));
    return outcomeAnswer(key, await management.saveCityMinDay(context.app, staff, parsed.data.cityId, parsed.data.minDay));
  }
  const key = `zone-${String(values.neighbourhoodId || "county")}`;
  const parsed = zoneAreaSchema.safeParse(values);
  if (!parsed.success) return invalidAnswer(key, fieldErrors(parsed.error));
  const { countyId, neighbourhoodId, covered, ...prices } = parsed.data;
  return outcomeAnswer(key, await management.saveZone(context.app, staff, { countyId, neighbourhoodId, covered, prices }));
}

export { SectionError as ErrorBoundary };

export default function DeliveryZone({ loaderData, actionData }: Route.ComponentProps) {
  return <DeliveryZonePage loaderData={loaderData} actionData={actionData} />;
}
