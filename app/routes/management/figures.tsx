import type { Route } from "./+types/figures";
import * as management from "~/.server/management/service";
import { salesFigures } from "~/.server/management/figures-desk";
import { SectionError } from "~/features/management/ui";
import { FiguresPage } from "~/features/management/FiguresPage";
import { pageTitle } from "~/ui/PageTitle";
import { istanbulDate } from "~/shared/clock";
import { parsePeriod } from "~/shared/figures";
import { figuresTr } from "~/shared/texts/figures.tr";

const t = figuresTr;

export function meta() {
  return pageTitle(t.title);
}

/** The numbers of the day (issue 28 §3): today's and a chosen period's figures. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "figures.view");
  const period = parsePeriod(new URL(request.url).searchParams, istanbulDate(context.app.clock.now()));
  return salesFigures(context.app, staff, period);
}

export { SectionError as ErrorBoundary };

export default function Figures({ loaderData }: Route.ComponentProps) {
  return <FiguresPage loaderData={loaderData} />;
}
