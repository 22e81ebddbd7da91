import { z } from "zod/mini";
import type { Route } from "./+types/game";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { GamePage } from "~/features/management/GamePage";
import { pageTitle } from "~/ui/PageTitle";
import { fieldErrors } from "~/shared/management";
import { claimSchema, followerSchema, fortuneTextSchema, gamePeriodSchema, idParam, prizeCodeSchema } from "~/shared/management-forms";
import { managementTr } from "~/shared/texts/management.tr";

const g = managementTr.game;

export function meta() {
  return pageTitle(g.title);
}

const querySchema = z.object({
  pp: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))), undefined),
  q: z.catch(z.string().check(z.trim(), z.maxLength(50)), ""),
  fp: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  tp: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "game.edit");
  const { pp, q, fp, tp } = querySchema.parse({ q: "", ...Object.fromEntries(new URL(request.url).searchParams) });
  return management.gamePage(context.app, { periodPage: pp ?? null, q, followerPage: fp, textPage: tp });
}

/** Periods, fortune texts, followers and prize codes: everything `npm run site -- fortune …` does. */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "game.edit");
  const values = Object.fromEntries(form);
  const intent = String(values.intent ?? "");
  const app = context.app;
  switch (intent) {
    case "period": {
      const parsed = gamePeriodSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.createPeriod(app, staff, parsed.data));
    }
    case "fortuneAdd": {
      const parsed = fortuneTextSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.addFortune(app, staff, parsed.data.text));
    }
    case "fortuneEdit":
    case "fortuneActive": {
      const id = idParam(String(values.id ?? ""));
      const key = `${intent}-${id ?? ""}`;
      if (id === null) return invalidAnswer(key, {});
      if (intent === "fortuneActive") return outcomeAnswer(key, await management.setFortuneActive(app, staff, id, values.active === "on"));
      const parsed = fortuneTextSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(key, fieldErrors(parsed.error));
      return outcomeAnswer(key, await management.editFortune(app, staff, id, parsed.data.text));
    }
    case "follower": {
      const parsed = followerSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.setFollower(app, staff, parsed.data.nick, parsed.data.follower));
    }
    case "claim": {
      const parsed = claimSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.claimPrize(app, staff, parsed.data.code, parsed.data.nick));
    }
    case "reject": {
      const parsed = prizeCodeSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.rejectWinner(app, staff, parsed.data.code));
    }
    default:
      return invalidAnswer(intent, {});
  }
}

export { SectionError as ErrorBoundary };

export default function Game({ loaderData, actionData }: Route.ComponentProps) {
  return <GamePage loaderData={loaderData} actionData={actionData} />;
}
