import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/fortune";
import { askFromRequest, deviceCookieFor, gameFromRequest } from "~/.server/fortune/http";
import { verifyCsrf } from "~/.server/accounts/service";
import { formatDateTr, istanbulDate, istanbulParts } from "~/shared/clock";
import { fortuneFormSchema, FORTUNE } from "~/shared/fortune";
import { fortuneTr } from "~/shared/texts/fortune.tr";
import { tr } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";
import { useNotice } from "~/ui/Notices";
import { catchNetworkFailure, isNetworkFailure, type NetworkFailure } from "~/ui/network";
import { CsrfField } from "~/ui/CsrfField";
import { Accordion } from "~/features/fortune/Accordion";
import { FortuneResultView } from "~/features/fortune/FortuneResultView";
import { WinnersPanel } from "~/features/fortune/WinnersPanel";
import type { AskView, GameView } from "~/features/fortune/types";
import { busyProps } from "~/ui/busy";
import { PrivacyNotice } from "~/features/chrome/Consent";

export function meta() {
  return pageTitle(fortuneTr.title);
}

type GameData = { game: GameView | null; gameError: string | null };
const NO_GAME: GameData = { game: null, gameError: null };

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

/** The prize game (SPEC §2.10). Works as a plain form before JavaScript loads. */
export default function Fortune({ loaderData, actionData }: Route.ComponentProps) {
  const notify = useNotice();
  const [round, setRound] = useState(0);
  const [showServerResult, setShowServerResult] = useState(true);
  const ask = useFetcher<AskView | NetworkFailure>({ key: `fortune-ask-${round}` });
  const game = useFetcher<GameData | NetworkFailure>({ key: "fortune-game" });
  const pageData: GameData = isNetworkFailure(loaderData) ? NO_GAME : loaderData;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nickRef = useRef<HTMLInputElement>(null);

  // with JavaScript the fetcher answers; without it the document POST renders actionData
  const serverAnswer = showServerResult && actionData && !isNetworkFailure(actionData) ? actionData : undefined;
  const answer: AskView | undefined = ask.data ? (isNetworkFailure(ask.data) ? undefined : ask.data) : serverAnswer;
  const busy = ask.state !== "idle";
  const view = !busy && answer?.ok ? answer : null;
  const inlineError = !ask.data && serverAnswer && !serverAnswer.ok ? serverAnswer.error : null;

  useEffect(() => {
    if (!ask.data) return;
    if (isNetworkFailure(ask.data)) notify(fortuneTr.errors.fortuneFailed, "game");
    else if (ask.data.ok) {
      window.scrollTo({ top: 0, behavior: "smooth" });
      headingRef.current?.focus({ preventScroll: true });
    } else notify(ask.data.error, "game");
  }, [ask.data, notify]);

  const gameData: GameData = game.data && !isNetworkFailure(game.data) ? game.data : pageData;
  useEffect(() => {
    if (!game.data) return;
    if (isNetworkFailure(game.data)) notify(fortuneTr.errors.gameFailed, "game");
    else if (game.data.gameError) notify(game.data.gameError, "game");
  }, [game.data, notify]);

  function validate(e: FormEvent<HTMLFormElement>) {
    const nick = new FormData(e.currentTarget).get("nick");
    const parsed = fortuneFormSchema.safeParse({ nick: typeof nick === "string" ? nick : "" });
    if (!parsed.success) {
      e.preventDefault();
      notify(parsed.error.issues[0]!.message, "game");
      nickRef.current?.focus();
    }
  }

  function askOther(e: MouseEvent) {
    e.preventDefault();
    setShowServerResult(false);
    setRound((r) => r + 1);
    window.setTimeout(() => nickRef.current?.focus(), 0);
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold text-choc-900">{fortuneTr.title}</h1>

      {view ? (
        <div className="mt-4">
          <FortuneResultView view={view} headingRef={headingRef} />
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {!view.result.obj.code && view.result.obj.goForBonus > 0 ? (
              <ask.Form method="post" action="/fortune">
                <CsrfField />
                <input type="hidden" name="nick" value={view.nick} />
                <button type="submit" className="min-h-11 rounded-full bg-choc-700 px-5 font-semibold text-white hover:bg-choc-800">
                  {fortuneTr.tryAgain}
                </button>
              </ask.Form>
            ) : null}
            <a href="/fortune" onClick={askOther} className="inline-flex min-h-11 items-center rounded-full border-2 border-choc-700 px-5 font-semibold text-choc-800 hover:bg-choc-100">
              {fortuneTr.askOther}
            </a>
            <Link to="/home" className="inline-flex min-h-11 items-center px-2 text-choc-800 underline">
              {fortuneTr.backHome}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-3 text-stone-700">{fortuneTr.intro}</p>
          <ask.Form method="post" action="/fortune" onSubmit={validate} noValidate className="mt-5 rounded-2xl bg-white p-5 shadow-sm">
            <CsrfField />
            <label htmlFor="fortune-nick" className="block font-semibold text-choc-900">
              {fortuneTr.nickLabel}
            </label>
            <input
              ref={nickRef}
              id="fortune-nick"
              name="nick"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={FORTUNE.nickMax + 5}
              aria-required="true"
              aria-invalid={inlineError ? true : undefined}
              aria-describedby={inlineError ? "fortune-nick-hint fortune-nick-error" : "fortune-nick-hint"}
              className="mt-2 block w-full rounded-lg border border-choc-200 bg-white px-3 py-3 text-base"
            />
            <p id="fortune-nick-hint" className="mt-1 text-sm text-stone-600">
              {fortuneTr.nickHint}
            </p>
            {inlineError ? (
              <p id="fortune-nick-error" role="alert" className="mt-2 text-sm font-medium text-red-800">
                {inlineError}
              </p>
            ) : null}
            <PrivacyNotice className="mt-3 text-sm text-stone-700" />
            <button
              type="submit"
              {...busyProps(busy)}
              className="mt-4 min-h-11 w-full rounded-full bg-choc-700 px-5 font-semibold text-white hover:bg-choc-800 disabled:opacity-70"
            >
              {busy ? fortuneTr.asking : fortuneTr.ask}
            </button>
          </ask.Form>
        </>
      )}

      <div className="mt-8 space-y-3">
        <Accordion title={fortuneTr.guideButton}>
          <ol className="list-decimal space-y-2 pl-5 text-stone-800">
            {fortuneTr.guideSteps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </Accordion>
        <Accordion
          id="kazananlar"
          title={fortuneTr.winnersTitle}
          open={pageData.game !== null || pageData.gameError !== null ? true : undefined}
          onToggle={(open) => {
            if (open && game.state === "idle") void game.load("/fortune?kazananlar=1");
          }}
        >
          <WinnersPanel game={gameData.game} loading={game.state !== "idle"} error={gameData.gameError} />
        </Accordion>
        <Accordion title={fortuneTr.rulesTitle}>
          <ol className="list-decimal space-y-2 pl-5 text-stone-800">
            {fortuneTr.rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ol>
        </Accordion>
      </div>
    </section>
  );
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
