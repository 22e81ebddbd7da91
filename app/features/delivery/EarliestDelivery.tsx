import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { EarliestForCity } from "~/.server/delivery/service";
import { timeDativeTr } from "~/shared/clock";
import type { CityItem } from "~/shared/geo";
import { deliveryTr } from "~/shared/texts/delivery.tr";
import { fmt } from "~/shared/texts/tr";

const t = deliveryTr.earliest;
/** The shopper's chosen city is remembered in this browser only (no cookie: anonymous pages stay cacheable). */
const CITY_KEY = "teslimat-ili";

type City = { id: number; name: string };

function rememberedCity(): number | null {
  try {
    const v = Number(window.localStorage.getItem(CITY_KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

function leftText(seconds: number): string {
  const total = Math.max(1, Math.ceil(seconds / 60));
  const h = Math.floor(total / 60);
  const m = total % 60;
  return fmt(t.left, { time: h > 0 ? fmt(t.hours, { h, m }) : fmt(t.minutes, { m }) });
}

/**
 * 'Bugün sipariş verirsen en erken …' (issue 27 §4) for the shopper's city, asked from
 * `/api/delivery/earliest` once the page runs (a cached page never shows yesterday's cutoff), with the
 * countdown while same-day delivery is still possible. Without JavaScript: a link to the calculator.
 * `cities` is the list to choose from when the page has it; otherwise it is fetched when asked for.
 */
export function EarliestDelivery({ cities: given }: { cities?: City[] }) {
  const [line, setLine] = useState<EarliestForCity | null | "loading" | "failed" | undefined>(undefined);
  const [cities, setCities] = useState<City[] | undefined>(given);
  const [choosing, setChoosing] = useState(false);
  const [left, setLeft] = useState<number | null>(null);
  const fetchedAt = useRef(0);
  const selectRef = useRef<HTMLSelectElement>(null);
  const id = useId();

  const load = useCallback(async (cityId: number | null) => {
    setLine((l) => (l === undefined ? "loading" : l));
    try {
      const res = await fetch(`/api/delivery/earliest${cityId ? `?cityId=${cityId}` : ""}`);
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { obj: EarliestForCity | null };
      fetchedAt.current = performance.now();
      setLine(body.obj);
      setLeft(body.obj?.secondsLeft ?? null);
    } catch {
      setLine("failed");
    }
  }, []);

  useEffect(() => {
    void load(rememberedCity());
  }, [load]);

  // the countdown: from the shop's own clock (secondsLeft), counted down here; at zero the line is asked anew
  useEffect(() => {
    if (typeof line !== "object" || line === null || line.secondsLeft === null) return;
    const start = line.secondsLeft;
    const timer = window.setInterval(() => {
      const now = start - (performance.now() - fetchedAt.current) / 1000;
      if (now <= 0) {
        window.clearInterval(timer);
        void load(line.city.id);
      } else setLeft(now);
    }, 15_000);
    return () => window.clearInterval(timer);
  }, [line, load]);

  useEffect(() => {
    if (choosing) selectRef.current?.focus();
  }, [choosing, cities]);

  const openChooser = async () => {
    setChoosing(true);
    if (cities) return;
    try {
      const res = await fetch("/api/geo/cities");
      const body = (await res.json()) as { obj: CityItem[] };
      setCities(body.obj.filter((c) => !c.disabled).map((c) => ({ id: c.cityID, name: c.cityName })));
    } catch {
      setChoosing(false);
    }
  };

  const choose = (value: string) => {
    const cityId = Number(value);
    try {
      window.localStorage.setItem(CITY_KEY, String(cityId));
    } catch {
      // private mode: the choice lasts for this page only
    }
    setChoosing(false);
    void load(cityId);
  };

  const box = "mt-4 min-h-[5.5rem] rounded-lg bg-green-50 p-3 text-sm text-green-950 ring-1 ring-green-700/30";
  if (line === undefined) {
    return (
      <section className={box} aria-labelledby={`${id}-h`} data-testid="earliest-delivery">
        <h2 id={`${id}-h`} className="sr-only">{t.heading}</h2>
        <noscript>
          <a href="/deliveryoptions" className="inline-flex min-h-11 items-center font-semibold underline">
            {t.noJs}
          </a>
        </noscript>
      </section>
    );
  }
  const current = typeof line === "object" && line !== null ? line : null;
  const day = current ? (current.isTomorrow ? fmt(t.tomorrow, { date: current.date.date }) : current.date.date) : "";
  return (
    <section className={box} aria-labelledby={`${id}-h`} data-testid="earliest-delivery" aria-busy={line === "loading"}>
      <h2 id={`${id}-h`} className="sr-only">{t.heading}</h2>
      {line === "loading" ? <p>{t.loading}</p> : null}
      {current ? (
        <p className="text-base font-semibold" data-earliest-date={current.date.dateISO}>
          {current.isToday && current.orderBy ? fmt(t.today, { until: timeDativeTr(current.orderBy) }) : fmt(t.later, { day })}
        </p>
      ) : null}
      {line === null || line === "failed" ? <p>{t.unavailable}</p> : null}
      <p className="mt-1 flex flex-wrap items-center gap-x-2">
        {current ? (
          <span>
            {current.city.name} · {t.via[current.kind]}
            {current.isToday && left !== null ? <> · <span data-testid="earliest-left">{leftText(left)}</span></> : null}
          </span>
        ) : null}
        {choosing ? null : (
          <button type="button" className="min-h-11 font-semibold text-choc-700 underline" onClick={() => void openChooser()}>
            {t.changeCity}
          </button>
        )}
      </p>
      {choosing && cities ? (
        <label className="mt-1 flex flex-col gap-1">
          <span className="font-semibold">{t.cityLabel}</span>
          <select
            ref={selectRef}
            className="min-h-11 rounded border border-stone-400 bg-white px-2"
            defaultValue={current?.city.id ?? ""}
            onChange={(e) => choose(e.currentTarget.value)}
          >
            {cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </section>
  );
}
