import type { Route } from "./+types/game-period";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { GamePeriodPage } from "~/features/management/GamePeriodPage";
import { pageTitle } from "~/ui/PageTitle";
import { fieldErrors } from "~/shared/management";
import { claimSchema, gamePeriodSchema, idParam, prizeCodeSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const w = t.period;

export function meta({ data }: Route.MetaArgs) {
  return pageTitle(fmt(w.title, { id: data?.period.id ?? "" }));
}

const periodIdOf = (raw: string | undefined) => {
  const id = idParam(raw);
  if (id === null) throw management.notFound();
  return id;
};

/** One period: its settings and its winners with asil / yedek places as they stand now. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await management.guard(context, request, "game.edit");
  const page = await management.periodPage(context.app, periodIdOf(params.periodId));
  if (!page) throw management.notFound();
  return page;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = periodIdOf(params.periodId);
  const { staff, form } = await management.staffAction(context, request, "game.edit");
  const values = Object.fromEntries(form);
  const intent = String(values.intent ?? "");
  if (intent === "claim") {
    const parsed = claimSchema.safeParse(values);
    const key = `claim-${String(values.code ?? "")}`;
    if (!parsed.success) return invalidAnswer(key, fieldErrors(parsed.error));
    return outcomeAnswer(key, await management.claimPrize(context.app, staff, parsed.data.code, parsed.data.nick));
  }
  if (intent === "reject") {
    const parsed = prizeCodeSchema.safeParse(values);
    if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
    return outcomeAnswer(intent, await management.rejectWinner(context.app, staff, parsed.data.code));
  }
  const parsed = gamePeriodSchema.safeParse(values);
  if (!parsed.success) return invalidAnswer("period", fieldErrors(parsed.error));
  return outcomeAnswer("period", await management.updatePeriod(context.app, staff, id, parsed.data));
}

export { SectionError as ErrorBoundary };

export default function GamePeriod({ loaderData, actionData }: Route.ComponentProps) {
  return <GamePeriodPage loaderData={loaderData} actionData={actionData} />;
}
