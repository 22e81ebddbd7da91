import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import type { Route } from "../../routes/+types/promo";
import { TIMING } from "~/shared/constants";
import { basketTr } from "~/shared/texts/basket.tr";
import { fmt } from "~/shared/texts/tr";
import { CsrfField } from "~/ui/CsrfField";
import { isNetworkFailure } from "~/ui/network";

const t = basketTr.redeem;

/** What the reservation answers (routes/promo.tsx's action). */
export type Answer = { ok: true; code: string } | { ok: false; error: string };

function Countdown() {
  const navigate = useNavigate();
  const [left, setLeft] = useState<number>(TIMING.promoRedirectCountdownS);
  useEffect(() => {
    if (left <= 0) {
      void navigate("/home");
      return;
    }
    const id = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left, navigate]);
  return (
    <p className="text-sm text-stone-700" aria-live="off">
      {fmt(t.countdown, { n: left })}
    </p>
  );
}

/** The promo-code redemption screen /p/{code} (SPEC §2.13; its data and form: routes/promo.tsx). */
export function PromoPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const fetcher = useFetcher<NonNullable<Route.ComponentProps["actionData"]>>();
  const started = useRef(false);
  const [hydrated, setHydrated] = useState(false);
  const csrfForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    setHydrated(true);
    if (started.current || actionData) return;
    started.current = true;
    if (csrfForm.current) void fetcher.submit(csrfForm.current);
  }, [actionData, fetcher]);
  const answer = (fetcher.data ?? actionData) as Answer | { ok: false; network: true } | undefined;
  // once hydrated the reservation starts at once, so until its answer arrives the page says to wait
  const waiting = hydrated && !answer;

  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-choc-900">{t.title}</h1>
      <div role="status" aria-live="polite" className="flex flex-col gap-3">
        {answer === undefined ? (
          waiting ? (
            <p>{t.waiting}</p>
          ) : (
            <p>{fmt(t.confirmIntro, { code: loaderData.code })}</p>
          )
        ) : answer.ok ? (
          <>
            <p className="text-xl font-bold text-green-800">{t.success}</p>
            <p>{fmt(t.successBody, { code: answer.code })}</p>
            <p className="text-sm text-stone-700">{t.tiedNote}</p>
            <Countdown />
          </>
        ) : (
          <p className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">{isNetworkFailure(answer) ? t.failed : answer.error}</p>
        )}
      </div>
      <fetcher.Form ref={csrfForm} method="post" hidden={hydrated || Boolean(answer)}>
        <CsrfField />
        <button type="submit" className="min-h-11 rounded-lg bg-choc-700 px-6 font-bold text-white">
          {t.reserve}
        </button>
      </fetcher.Form>
      <Link to="/home" className="mx-auto flex min-h-11 items-center rounded-lg border border-choc-700 px-6 font-semibold text-choc-900">
        {t.home}
      </Link>
    </section>
  );
}
