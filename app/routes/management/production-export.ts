import type { Route } from "./+types/production-export";
import * as management from "~/.server/management/service";
import * as batch from "~/.server/management/batch-desk";
import { csvResponse } from "~/.server/management/csv";
import { istanbulDate } from "~/shared/clock";
import { productionDaySchema } from "~/shared/management";

/** The production board's bake list of a day (default today) as a CSV download (issue 28 §1). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "production.view");
  const { day } = productionDaySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const r = await batch.productionCsv(context.app, day || istanbulDate(context.app.clock.now()));
  return csvResponse(r.body, r.filename);
}
