import type { Route } from "./+types/delivery-days";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { DeliveryDaysPage } from "~/features/management/DeliveryDaysPage";
import { pageTitle } from "~/ui/PageTitle";
import { istanbulParts } from "~/shared/clock";
import { fieldErrors } from "~/shared/management";
import { closedDayRemoveSchema, closedDaySchema } from "~/shared/management-forms";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const y = t.days;

export function meta() {
  return pageTitle(y.title);
}

/** Closed days and holidays one year at a time (`?year=`; default this year). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "delivery.edit");
  const raw = Number(new URL(request.url).searchParams.get("year"));
  const year = Number.isInteger(raw) && raw >= 2020 && raw <= 2100 ? raw : istanbulParts(context.app.clock.now()).year;
  return management.closedDaysPage(context.app, year);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "delivery.edit");
  const values = Object.fromEntries(form);
  if (values.intent === "remove") {
    const parsed = closedDayRemoveSchema.safeParse(values);
    if (!parsed.success) return invalidAnswer("remove", fieldErrors(parsed.error));
    return outcomeAnswer("remove", await management.removeClosedDay(context.app, staff, parsed.data.day));
  }
  const parsed = closedDaySchema.safeParse(values);
  if (!parsed.success) return invalidAnswer("add", fieldErrors(parsed.error));
  return outcomeAnswer("add", await management.addClosedDay(context.app, staff, parsed.data.day, parsed.data.reason));
}

export { SectionError as ErrorBoundary };

export default function DeliveryDays({ loaderData, actionData }: Route.ComponentProps) {
  return <DeliveryDaysPage loaderData={loaderData} actionData={actionData} />;
}
