import { data } from "react-router";
import type { Route } from "./+types/fortune";
import { askFromRequest, deviceCookieFor, gameFromRequest } from "~/.server/fortune/http";
import { verifyCsrf } from "~/.server/accounts/service";
import { formatDateTr, istanbulDate, istanbulParts } from "~/shared/clock";
import { fortuneTr } from "~/shared/texts/fortune.tr";
import { tr } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";
import { catchNetworkFailure, type NetworkFailure } from "~/ui/network";
import type { AskView } from "~/features/fortune/types";
import { FortunePage, NO_GAME, type GameData } from "~/features/fortune/FortunePage";

export function meta() {
  return pageTitle(fortuneTr.title);
}

/**
 * The winners list is loaded when its panel opens (fetcher) or, without JavaScript, by `?kazananlar=1`.
 * The page also gives the browser its device cookie before the first ask (cookie-less asks are limited harder).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const setCookie = deviceCookieFor(context, request);
  const init = setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined;
  if (!new URL(request.url).searchParams.has("kazananlar")) return data<GameData>(NO_GAME, init);
  const answer = await gameFromRequest(context);
  return data<GameData>(answer.status === 200 ? { game: answer.body.game.obj, gameError: null } : { game: null, gameError: answer.body.error }, init);
}

/** A winners list that never reached the server (connection dropped) becomes `{network: true}`: a notice, not the error page. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs): Promise<GameData | NetworkFailure> {
  return catchNetworkFailure(serverLoader);
}

/** Asks the cookie: the same service as POST /games/getFortune. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await verifyCsrf(context, request, form);
  const answer = await askFromRequest(context, request, form.get("nick") ?? undefined);
  if (answer.status !== 200) {
    return data<AskView>({ ok: false, error: answer.body.error }, { status: answer.status, headers: answer.headers });
  }
  const r = answer.body;
  return data<AskView>(
    { ok: true, result: r.result, nick: r.nick, prizeCount: r.prizeCount, claimBy: r.claimBy ? deadline(new Date(r.claimBy)) : null },
    { headers: answer.headers },
  );
}

/** An ask that never reached the server becomes `{network: true}`: the spec's fortune failure notice, not the error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<AskView | NetworkFailure> {
  return catchNetworkFailure(serverAction);
}

/** '24 Kasım 2026 10:00' in Istanbul time. */
function deadline(d: Date): string {
  const p = istanbulParts(d);
  return `${formatDateTr(istanbulDate(d))} ${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
}

export default function Fortune({ loaderData, actionData }: Route.ComponentProps) {
  return <FortunePage loaderData={loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">{fortuneTr.title}</h1>
      <p className="mt-4" role="alert">
        {fortuneTr.errors.fortuneFailed}
      </p>
      <p className="mt-6">
        <a href="/fortune" className="underline">
          {fortuneTr.title}
        </a>
        {" · "}
        <a href="/home" className="underline">
          {tr.common.home}
        </a>
      </p>
    </section>
  );
}
