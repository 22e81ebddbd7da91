import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { storefrontTr } from "~/shared/texts/storefront.tr";
import { fmt } from "~/shared/texts/tr";
import { useHydrated } from "~/ui/useHydrated";

const t = storefrontTr.wizard;

/**
 * Cookie choice wizard (SPEC §2.13): a vertical stepper, step 1 dough, step 2 chocolate, then a done step with
 * Back and Reset. Both steps are required. No server call once hydrated: the choices and the step live in client
 * state (the address is kept in step with history.replaceState, so a reload shows the same step, without a
 * router navigation that would revalidate the root loader). Before JavaScript the same markup is a plain GET
 * form with links, so it also works without JavaScript.
 */
const CHOICES = {
  dough: ["vanilla", "cocoa"],
  butter: ["normal", "extra"],
  sugar: ["less", "normal", "sweeter"],
  chocolate: ["dark", "milk", "ruby", "gold"],
} as const;
type Key = keyof typeof CHOICES;
type Picks = Partial<Record<Key, string>>;
const LABELS = {
  dough: { legend: t.dough, options: t.doughs },
  butter: { legend: t.butter, options: t.butters },
  sugar: { legend: t.sugar, options: t.sugars },
  chocolate: { legend: t.chocolate, options: t.chocolates },
} as const;
const STEP_KEYS: Record<1 | 2, Key[]> = { 1: ["dough", "butter", "sugar"], 2: ["chocolate"] };
/** Closest products to a recipe: by chocolate, cocoa dough first. */
const SUGGEST: Record<string, number> = { dark: 10006, milk: 10009, ruby: 10014, gold: 10015, cocoa: 10010 };

function read(params: URLSearchParams): { picks: Picks; step: 1 | 2 | 3; missing: boolean } {
  const picks: Picks = {};
  for (const k of Object.keys(CHOICES) as Key[]) {
    const v = params.get(k);
    if (v && (CHOICES[k] as readonly string[]).includes(v)) picks[k] = v;
  }
  const asked = Number(params.get("step") ?? 1);
  const done = (s: 1 | 2) => STEP_KEYS[s].every((k) => picks[k]);
  if (asked >= 2 && !done(1)) return { picks, step: 1, missing: true };
  if (asked >= 3 && !done(2)) return { picks, step: 2, missing: true };
  return { picks, step: asked >= 3 ? 3 : asked === 2 ? 2 : 1, missing: false };
}

function query(picks: Picks, step: number): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(picks)) if (v) p.set(k, v);
  p.set("step", String(step));
  return `?${p.toString()}`;
}

/** The cookie choice wizard's screen (SPEC §2.13; route: routes/yourcookie.tsx). */
export function YourCookiePage() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [state, setState] = useState(() => {
    const r = read(params);
    return { picks: r.picks, draft: r.picks, step: r.step, error: r.missing };
  });
  const { picks, draft, step, error } = state;
  // a real navigation to this page (a menu link, the browser's back button) starts from its address again;
  // our own step changes use replaceState, which the router does not see
  const key = params.toString();
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    const r = read(new URLSearchParams(key));
    setState({ picks: r.picks, draft: r.picks, step: r.step, error: r.missing });
  }, [key]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    // a step change moves focus to the new step's heading (not on the first render)
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  /** Client-side step change: no router navigation, no request. */
  const go = (next: 1 | 2 | 3, nextPicks: Picks) => {
    setState({ picks: nextPicks, draft: nextPicks, step: next, error: false });
    window.history.replaceState(window.history.state, "", `/yourcookie${next === 1 && Object.keys(nextPicks).length === 0 ? "" : query(nextPicks, next)}`);
  };

  const steps = [
    { n: 1, title: t.step1 },
    { n: 2, title: t.step2 },
    { n: 3, title: t.step3 },
  ] as const;

  const fields = (keys: Key[]) =>
    keys.map((k) => (
      <fieldset key={k} className="mt-3">
        <legend className="text-sm font-semibold">{LABELS[k].legend}</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {CHOICES[k].map((v) => (
            <label key={v} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-white px-3 ring-1 ring-choc-200 has-checked:ring-2 has-checked:ring-choc-700">
              <input
                type="radio"
                name={k}
                value={v}
                required
                checked={draft[k] === v}
                onChange={() => setState((st) => ({ ...st, draft: { ...st.draft, [k]: v }, error: false }))}
                className="accent-choc-700"
              />
              {(LABELS[k].options as Record<string, string>)[v]}
            </label>
          ))}
        </div>
      </fieldset>
    ));

  const hidden = (keys: Key[]) => keys.map((k) => (picks[k] ? <input key={k} type="hidden" name={k} value={picks[k]} /> : null));
  const label = (k: Key) => (picks[k] ? (LABELS[k].options as Record<string, string>)[picks[k]!]!.toLocaleLowerCase("tr") : "");
  const suggestion = SUGGEST[picks.dough === "cocoa" ? "cocoa" : (picks.chocolate ?? "dark")];
  const secondary = "flex min-h-11 items-center rounded-lg border border-choc-700 px-4 font-semibold";
  const primary = "flex min-h-11 items-center rounded-lg bg-choc-700 px-4 font-bold text-white";
  /** A link before hydration (works without JavaScript), a button that changes the step afterwards. */
  const stepControl = (text: string, className: string, next: 1 | 2 | 3, nextPicks: Picks) =>
    hydrated ? (
      <button type="button" className={className} onClick={() => go(next, nextPicks)}>
        {text}
      </button>
    ) : (
      <Link to={next === 1 && Object.keys(nextPicks).length === 0 ? "/yourcookie" : query(nextPicks, next)} className={className}>
        {text}
      </Link>
    );

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold text-choc-900">{t.title}</h1>
      <p className="mt-2 text-stone-700">{t.intro}</p>
      <ol className="mt-6 flex flex-col">
        {steps.map((s) => {
          const active = s.n === step;
          const complete = s.n < step;
          return (
            <li key={s.n} aria-current={active ? "step" : undefined} className="relative border-l-2 border-choc-200 pb-6 pl-8 last:border-transparent">
              <span
                aria-hidden="true"
                className={`absolute -left-4 top-0 flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold ${
                  complete || active ? "bg-choc-700 text-white" : "bg-choc-100 text-choc-900"
                }`}
              >
                {complete ? "✓" : s.n}
              </span>
              <h2 ref={active ? headingRef : undefined} tabIndex={active ? -1 : undefined} className="text-lg font-bold leading-8 focus:outline-none">
                <span className="sr-only">{fmt(t.stepOf, { n: s.n })}: </span>
                {s.title}
              </h2>
              {active && s.n < 3 ? (
                <form
                  method="get"
                  action="/yourcookie"
                  noValidate={hydrated}
                  onSubmit={(e) => {
                    // hydrated: never a request; the step changes in client state
                    e.preventDefault();
                    const need = STEP_KEYS[s.n as 1 | 2];
                    if (!need.every((k) => draft[k])) {
                      setState((st) => ({ ...st, error: true }));
                      return;
                    }
                    go((s.n + 1) as 2 | 3, { ...picks, ...draft });
                  }}
                >
                  {hidden(s.n === 2 ? STEP_KEYS[1] : [])}
                  {s.n === 1 ? hidden(STEP_KEYS[2]) : null}
                  {fields(STEP_KEYS[s.n as 1 | 2])}
                  {error ? (
                    <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
                      {t.required}
                    </p>
                  ) : null}
                  <div className="mt-4 flex gap-2">
                    {s.n === 2 ? stepControl(t.back, secondary, 1, picks) : null}
                    <button type="submit" name="step" value={s.n + 1} className="min-h-11 rounded-lg bg-choc-700 px-6 font-bold text-white hover:bg-choc-800">
                      {t.next}
                    </button>
                  </div>
                </form>
              ) : null}
              {active && s.n === 3 ? (
                <div className="mt-2">
                  <p className="font-semibold">{t.doneTitle}</p>
                  <p className="mt-1">
                    {fmt(t.summary, {
                      dough: (LABELS.dough.options as Record<string, string>)[picks.dough!]!,
                      butter: label("butter"),
                      sugar: label("sugar"),
                      chocolate: label("chocolate"),
                    })}
                  </p>
                  {suggestion ? (
                    <p className="mt-2">
                      {t.suggestion}{" "}
                      {/* discover="none": no route-manifest request while the wizard is used */}
                      <Link to={`/product/${suggestion}`} discover="none" className="font-semibold text-choc-700 underline">
                        {t.browse}
                      </Link>
                    </p>
                  ) : null}
                  <div className="mt-4 flex gap-2">
                    {stepControl(t.back, secondary, 2, picks)}
                    {stepControl(t.reset, primary, 1, {})}
                  </div>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
