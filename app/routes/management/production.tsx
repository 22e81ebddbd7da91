import type { Route } from "./+types/production";
import * as management from "~/.server/management/service";
import { SectionError } from "~/features/management/ui";
import { ProductionPage } from "~/features/management/ProductionPage";
import { pageTitle } from "~/ui/PageTitle";
import { istanbulDate } from "~/shared/clock";
import { productionDaySchema } from "~/shared/management";
import { managementTr } from "~/shared/texts/management.tr";

const p = managementTr.production;

export function meta() {
  return pageTitle(p.title);
}

/** The production board of a day (default today): what to bake and the door-delivery route per slot. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "production.view");
  const { day } = productionDaySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return management.productionBoard(context.app, day || istanbulDate(context.app.clock.now()));
}

export { SectionError as ErrorBoundary };

export default function Production({ loaderData }: Route.ComponentProps) {
  return <ProductionPage loaderData={loaderData} />;
}
