import { useState, type FormEvent } from "react";
import { Form, useLocation } from "react-router";
import type { Route } from "../../routes/+types/deliveryoptions";
import { GeoPicker } from "~/features/geo/GeoPicker";
import { DeliveryNotices } from "~/features/geo/DeliveryNotices";
import { calculatorSchema, fieldErrors, type CityItem } from "~/shared/geo";
import { formatAmount, formatCost } from "~/shared/money";
import { deliveryTr } from "~/shared/texts/delivery.tr";
import { fmt, tr } from "~/shared/texts/tr";

const t = deliveryTr.calculator;

/** The delivery-times and shipping-cost calculator screen (SPEC §2.5, §5; its data: routes/deliveryoptions.tsx). */
export function DeliveryOptionsPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { cities, result, basket } = loaderData;
  const location = useLocation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? loaderData.errors;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const data = Object.fromEntries(new FormData(e.currentTarget));
    const v = calculatorSchema.safeParse(data);
    if (!v.success) {
      e.preventDefault();
      setClientErrors(fieldErrors(v.error));
    } else setClientErrors(null);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-choc-900">{tr.pages.deliveryoptions}</h1>

      <section aria-labelledby="calc-title" className="mt-6 rounded-lg bg-white p-4 shadow-sm sm:p-6">
        <h2 id="calc-title" className="text-xl font-semibold">
          {t.title}
        </h2>
        <p className="mt-2 max-w-prose text-stone-700">{t.intro}</p>
        <Form method="get" action="/deliveryoptions" className="mt-4" noValidate onSubmit={onSubmit} preventScrollReset>
          <GeoPicker
            key={location.search}
            cities={cities}
            counties={loaderData.counties}
            neighbourhoods={loaderData.neighbourhoods}
            value={loaderData.value}
            errors={errors}
            sameDayCityId={loaderData.sameDayCityId}
            neighbourhoodOptional
          />
          <button type="submit" name="calc" value="1" className="mt-4 rounded bg-choc-800 px-5 py-2 font-semibold text-white hover:bg-choc-900">
            {t.submit}
          </button>
        </Form>
        <p className="mt-3 text-sm text-stone-600">
          {basket.itemCount > 0 ? fmt(t.basketTotal, { amount: formatAmount(basket.productTotal) }) : t.emptyBasket}
        </p>
        {result ? <CalculatorResult result={result} /> : null}
      </section>

      <DeliveryTimes cities={cities} />

      <section aria-labelledby="types-title" className="mt-8">
        <h2 id="types-title" className="text-xl font-semibold">
          {deliveryTr.info.typesTitle}
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          {deliveryTr.info.types.map((type) => (
            <article key={type.title} className="rounded-lg bg-white p-4 shadow-sm">
              <h3 className="font-semibold">{type.title}</h3>
              <p className="mt-2 text-sm text-stone-700">{type.text}</p>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}

type Result = NonNullable<Route.ComponentProps["loaderData"]["result"]>;

function CalculatorResult({ result }: { result: Result }) {
  const o = result.options;
  const s = o.shipping;
  const rows = [
    { key: "standart", name: deliveryTr.options.standart, slot: s.slots.standart, extra: null },
    ...(s.slots.express ? [{ key: "express", name: deliveryTr.options.express, slot: s.slots.express, extra: null }] : []),
    {
      key: "other",
      name: deliveryTr.options.other,
      slot: s.slots.other,
      extra: fmt(t.carriers, { names: s.slots.other.carriers.map((c) => c.name).join(", ") }),
    },
    { key: "special", name: deliveryTr.options.special, slot: s.slots.special, extra: null },
  ];
  return (
    <div className="mt-6" aria-live="polite">
      <h3 className="text-lg font-semibold">{fmt(t.resultTitle, { place: result.place })}</h3>
      <DeliveryNotices options={o} />

      <table className="mt-4 w-full text-left text-sm">
        <caption className="text-left font-semibold">{t.shippingTitle}</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-2">
              {t.option}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t.price}
            </th>
            <th scope="col" className="py-2">
              {t.estimated}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-stone-200" data-option={r.key}>
              <th scope="row" className="py-2 pr-2 font-medium">
                {r.name}
                {r.extra ? <span className="block text-xs font-normal text-stone-600">{r.extra}</span> : null}
              </th>
              <td className="py-2 pr-2">{formatCost(r.slot.price)}</td>
              <td className="py-2">{r.slot.estimatedDelivery.date}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-sm text-stone-700">{fmt(t.readyOn, { date: s.suggested.isToday ? `${deliveryTr.options.today}, ${s.suggested.date}` : s.suggested.date })}</p>
      <p className="text-sm text-stone-700">
        {s.remainingtoFree === 0
          ? t.freeReached
          : s.remainingtoRP > 0
            ? `${fmt(t.remainingtoRP, { amount: formatAmount(s.remainingtoRP), cost: formatAmount(s.reasonableDeliveryCost) })} ${fmt(t.remainingtoFree, { amount: formatAmount(s.remainingtoFree) })}`
            : fmt(t.remainingtoFree, { amount: formatAmount(s.remainingtoFree) })}
      </p>

      <h4 className="mt-6 font-semibold">{t.doorTitle}</h4>
      {result.door ? (
        <table className="mt-2 w-full text-left text-sm" data-testid="door-costs">
          <tbody>
            {(
              [
                ["std", deliveryTr.options.doorStd, result.door.std],
                ["vip", deliveryTr.options.doorVip, result.door.vip],
              ] as const
            ).map(([key, name, c]) => {
              const day = o.delivery[key].suggested;
              return (
                <tr key={key} className="border-b border-stone-200" data-option={`door-${key}`}>
                  <th scope="row" className="py-2 pr-2 font-medium">
                    {name}
                  </th>
                  <td className="py-2 pr-2">{c.cost === null ? t.noPrice : formatCost(c.cost)}</td>
                  <td className="py-2 pr-2">{day ? day.date : ""}</td>
                  <td className="py-2 text-stone-600">
                    {c.remainingtoFree ? fmt(t.doorRemainingtoFree, { amount: formatAmount(c.remainingtoFree) }) : ""}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="mt-2 text-sm text-stone-700">
          {!result.inSameDayCity
            ? fmt(t.doorOnlyIn, { city: result.sameDayCityName })
            : result.countyCovered && !o.delivery.inZone && o.notices.every((n) => n.code !== "areaNotCovered")
              ? t.doorChooseNeighbourhood
              : t.doorNotCovered}
        </p>
      )}
      {result.door ? (
        <ul className="mt-2 text-sm text-stone-700" aria-label={deliveryTr.options.doorVip}>
          {o.delivery.vip.slots.map((slot) => (
            <li key={slot.code}>
              {deliveryTr.vipSlots[slot.code]}: {slot.isOpen ? slot.timeFrame : fmt(deliveryTr.options.slotClosed, { timeFrame: slot.timeFrame })}
            </li>
          ))}
        </ul>
      ) : null}

      <h4 className="mt-6 font-semibold">{t.storeTitle}</h4>
      <ul className="mt-2 text-sm text-stone-700">
        {o.store.locations.map((l) => (
          <li key={l.code} data-option={`store-${l.code}`}>
            {fmt(t.storeHours, { name: l.displayName, early: l.deliveryTimes[0] ?? "", late: l.deliveryTimes.at(-1) ?? "" })} ({l.locationDetails}) —{" "}
            {formatCost(0)}
            {l.suggested ? ` — ${fmt(t.storeReady, { date: l.suggested.date })}` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}

const COLOUR_CLASS = { green: "bg-green-600", yellow: "bg-yellow-400", red: "bg-red-600" } as const;

function DeliveryTimes({ cities }: { cities: CityItem[] }) {
  const i = deliveryTr.info;
  return (
    <section aria-labelledby="times-title" className="mt-8">
      <h2 id="times-title" className="text-xl font-semibold">
        {i.title}
      </h2>
      <p className="mt-2 max-w-prose text-stone-700">{i.intro}</p>
      <p className="mt-3 flex flex-wrap gap-4 text-sm" aria-label={i.legendTitle}>
        {(
          [
            ["green", i.legendGreen],
            ["yellow", i.legendYellow],
            ["red", i.legendRed],
          ] as const
        ).map(([c, label]) => (
          <span key={c} className="inline-flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${COLOUR_CLASS[c]}`} />
            {label}
          </span>
        ))}
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-4" data-testid="city-days">
        {cities.map((c) => (
          <li key={c.cityID} className={`flex items-center gap-2 ${c.disabled ? "text-stone-600 italic" : ""}`} data-colour={c.disabled ? "disabled" : c.colour}>
            <span aria-hidden="true" className={`inline-block h-3 w-3 shrink-0 rounded-full ${c.disabled ? "bg-stone-300" : COLOUR_CLASS[c.colour]}`} />
            <span>{c.cityName}</span>
            <span className="ml-auto text-stone-600">{c.disabled ? i.disabled : fmt(c.minDay >= 3 ? i.minDayPlus : i.minDay, { count: c.minDay })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
