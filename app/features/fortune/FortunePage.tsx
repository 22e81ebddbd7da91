import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "../../routes/+types/fortune";
import { fortuneFormSchema, FORTUNE } from "~/shared/fortune";
import { fortuneTr } from "~/shared/texts/fortune.tr";
import { useNotice } from "~/ui/Notices";
import { isNetworkFailure, type NetworkFailure } from "~/ui/network";
import { CsrfField } from "~/ui/CsrfField";
import { Accordion } from "~/features/fortune/Accordion";
import { FortuneResultView } from "~/features/fortune/FortuneResultView";
import { WinnersPanel } from "~/features/fortune/WinnersPanel";
import type { AskView, GameView } from "~/features/fortune/types";
import { busyProps } from "~/ui/busy";
import { PrivacyNotice } from "~/features/chrome/Consent";

/** What the /fortune loader gives the page: the winners list once asked for (`?kazananlar=1`). */
export type GameData = { game: GameView | null; gameError: string | null };
export const NO_GAME: GameData = { game: null, gameError: null };

/** The prize game's screen (SPEC §2.10; its data: routes/fortune.tsx). Works as a plain form before JavaScript loads. */
export function FortunePage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
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
