import type { DeliveryOptions } from "~/.server/delivery/rules";
import { DeliveryNotices } from "~/features/geo/DeliveryNotices";
import { formatTRY } from "~/shared/money";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { fmt } from "~/shared/texts/tr";

const t = checkoutTr.delivery;

export interface Choice {
  option: string;
  carrier: string;
  slot: string;
  hour: string;
  location: string;
}

const VIP = [
  ["DeliveryMorning", "morning"],
  ["DeliveryAfternoon", "afternoon"],
  ["DeliveryEvening", "evening"],
  ["DeliveryNight", "night"],
] as const;

function Radio(props: { value: string; label: string; price: number; note?: string; choice: Choice; onChoose: (c: Choice) => void; disabled?: boolean }) {
  const id = `opt-${props.value}`;
  return (
    <label htmlFor={id} className={`flex items-start gap-3 rounded-lg border p-3 ${props.choice.option === props.value ? "border-choc-700 bg-choc-100" : "border-choc-200 bg-white"} ${props.disabled ? "opacity-50" : "cursor-pointer"}`}>
      <input
        id={id}
        type="radio"
        name="option"
        value={props.value}
        disabled={props.disabled}
        checked={props.choice.option === props.value}
        onChange={() => props.onChoose({ ...props.choice, option: props.value })}
        className="mt-1 h-4 w-4"
      />
      <span className="flex-1">
        <span className="flex justify-between gap-2 font-medium">
          <span>{props.label}</span>
          <span>{formatTRY(props.price)}</span>
        </span>
        {props.note ? <span className="block text-sm text-choc-700">{props.note}</span> : null}
      </span>
    </label>
  );
}

/** Delivery-option radio groups (SPEC §2.8): carrier, same-day courier, workshop pickup. */
export function DeliveryChoices({ options, choice, onChoose, errors }: { options: DeliveryOptions | null; choice: Choice; onChoose: (c: Choice) => void; errors: Record<string, string> }) {
  if (!options) return <p className="text-sm text-choc-700">{t.noOptions}</p>;
  const s = options.shipping;
  const d = options.delivery;
  const st = options.store;
  const est = (date: string) => fmt(t.estimated, { date });
  const location = st.locations.find((l) => l.code === choice.location) ?? st.locations[0];
  return (
    <div className="space-y-5">
      <DeliveryNotices options={options} />
      {s.available ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 font-bold">{t.carrierGroup}</legend>
          <Radio value="Standart" label={t.standart} price={s.slots.standart.price} note={est(s.slots.standart.estimatedDelivery.date)} choice={choice} onChoose={onChoose} />
          {s.slots.express ? <Radio value="Express" label={t.express} price={s.slots.express.price} note={est(s.slots.express.estimatedDelivery.date)} choice={choice} onChoose={onChoose} /> : null}
          <Radio value="Other" label={t.other} price={s.slots.other.price} note={est(s.slots.other.estimatedDelivery.date)} choice={choice} onChoose={onChoose} />
          {choice.option === "Other" ? (
            <div className="ml-8">
              <label htmlFor="carrier" className="block text-sm font-medium">
                {t.carrierChoice}
              </label>
              <select
                id="carrier"
                name="carrier"
                value={choice.carrier}
                onChange={(e) => onChoose({ ...choice, carrier: e.target.value })}
                aria-invalid={Boolean(errors.carrier)}
                aria-describedby={errors.carrier ? "carrier-error" : undefined}
                className="mt-1 w-full rounded border border-choc-200 bg-white p-2"
              >
                <option value="">—</option>
                {s.slots.other.carriers.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              {errors.carrier ? <p id="carrier-error" className="text-sm text-red-700">{errors.carrier}</p> : null}
            </div>
          ) : null}
          <Radio value="Special" label={t.special} price={s.slots.special.price} note={est(s.slots.special.estimatedDelivery.date)} choice={choice} onChoose={onChoose} />
        </fieldset>
      ) : null}
      {d.std.available || d.vip.available ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 font-bold">{t.courierGroup}</legend>
          {d.std.available && d.std.price !== null ? (
            <>
              <Radio value="DeliveryStandart" label={t.deliveryStandart} price={d.std.price} note={d.std.suggested ? est(d.std.suggested.date) : undefined} choice={choice} onChoose={onChoose} />
              {choice.option === "DeliveryStandart" ? (
                <div className="ml-8">
                  <label htmlFor="slot" className="block text-sm font-medium">
                    {t.slotChoice}
                  </label>
                  <select
                    id="slot"
                    name="slot"
                    value={choice.slot}
                    onChange={(e) => onChoose({ ...choice, slot: e.target.value })}
                    aria-invalid={Boolean(errors.slot)}
                    className="mt-1 w-full rounded border border-choc-200 bg-white p-2"
                  >
                    <option value="">—</option>
                    {d.std.slots.map((sl) => (
                      <option key={sl.code} value={sl.code} disabled={!sl.isOpen}>
                        {sl.timeFrame}
                      </option>
                    ))}
                  </select>
                  {errors.slot ? <p className="text-sm text-red-700">{errors.slot}</p> : null}
                </div>
              ) : null}
            </>
          ) : null}
          {d.vip.available && d.vip.price !== null
            ? VIP.map(([value, code]) => {
                const slot = d.vip.slots.find((x) => x.code === code);
                if (!slot) return null;
                return (
                  <Radio
                    key={value}
                    value={value}
                    label={`${t.vip} — ${t.vipSlots[code]} (${slot.timeFrame})`}
                    price={d.vip.price!}
                    note={d.vip.suggested ? est(d.vip.suggested.date) : undefined}
                    choice={choice}
                    onChoose={onChoose}
                    disabled={!slot.isOpen}
                  />
                );
              })
            : null}
        </fieldset>
      ) : null}
      {st.suggested && st.locations.length > 0 && location ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 font-bold">{t.pickupGroup}</legend>
          <Radio value="Store" label={`${t.store}: ${location.displayName}`} price={0} note={fmt(t.readyOn, { date: st.suggested.date })} choice={choice} onChoose={onChoose} />
          {choice.option === "Store" ? (
            <div className="ml-8">
              <input type="hidden" name="location" value={location.code} />
              <p className="text-sm text-choc-700">{location.locationDetails}</p>
              <label htmlFor="hour" className="mt-2 block text-sm font-medium">
                {t.hourChoice}
              </label>
              <select
                id="hour"
                name="hour"
                value={choice.hour}
                onChange={(e) => onChoose({ ...choice, hour: e.target.value, location: location.code })}
                aria-invalid={Boolean(errors.hour)}
                className="mt-1 w-full rounded border border-choc-200 bg-white p-2"
              >
                <option value="">—</option>
                {location.deliveryTimes.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
              {errors.hour ? <p className="text-sm text-red-700">{errors.hour}</p> : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      {errors.option ? <p className="text-sm font-medium text-red-700">{errors.option}</p> : null}
    </div>
  );
}
