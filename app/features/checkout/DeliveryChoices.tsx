import { createContext, memo, useContext } from "react";
import type { DeliveryOptions } from "~/.server/delivery/rules";
import { DeliveryNotices } from "~/features/geo/DeliveryNotices";
import { shownDates } from "~/shared/delivery-choice";
import { formatCost } from "~/shared/money";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { deliveryTr } from "~/shared/texts/delivery.tr";
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

/** Whether 'choose a delivery type' is the form's complaint: every option then carries it (issue 29). */
const OptionInvalid = createContext(false);

function Radio(props: {
  value: string;
  label: string;
  price: number;
  note?: string;
  /** Why the option cannot be chosen (shown beside it). */
  reason?: string;
  choice: Choice;
  onChoose: (c: Choice) => void;
  disabled?: boolean;
  /** Several radios of one option (pickup places): which one this is. */
  location?: string;
}) {
  const id = props.location ? `opt-${props.value}-${props.location}` : `opt-${props.value}`;
  const checked = props.choice.option === props.value && (props.location === undefined || props.choice.location === props.location);
  const invalid = useContext(OptionInvalid);
  return (
    <label htmlFor={id} className={`flex items-start gap-3 rounded-lg border p-3 ${checked ? "border-choc-700 bg-choc-100" : "border-choc-200 bg-white"} ${props.disabled ? "opacity-60" : "cursor-pointer"}`}>
      <input
        id={id}
        type="radio"
        name="option"
        value={props.value}
        disabled={props.disabled}
        checked={checked}
        onChange={() => props.onChoose(props.location === undefined ? { ...props.choice, option: props.value } : { ...props.choice, option: props.value, location: props.location, hour: "" })}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? "option-error" : undefined}
        className="mt-1 h-4 w-4"
      />
      <span className="flex-1">
        <span className="flex justify-between gap-2 font-medium">
          <span>{props.label}</span>
          <span>{formatCost(props.price)}</span>
        </span>
        {props.note ? <span className="block text-sm text-choc-700" data-shown-date>{props.note}</span> : null}
        {props.reason ? <span className="block text-sm text-stone-700">{props.reason}</span> : null}
      </span>
    </label>
  );
}

/**
 * Delivery-option radio groups (SPEC §2.8): carrier, same-day courier, pickup at each place the shop lists.
 * The date beside each option is `shownDates` of that option: the same function the server stores it with.
 * Memoised: the delivery form re-renders it only when the options, the choice or the errors change.
 */
export const DeliveryChoices = memo(function DeliveryChoices({
  options,
  choice,
  onChoose,
  onOrderFor,
  errors,
}: {
  options: DeliveryOptions | null;
  choice: Choice;
  onChoose: (c: Choice) => void;
  /** 'Order for the first suitable day' (VIP past its time): sets the ready date. */
  onOrderFor?: (dateISO: string) => void;
  errors: Record<string, string>;
}) {
  if (!options) return <p className="text-sm text-choc-700">{t.noOptions}</p>;
  const s = options.shipping;
  const d = options.delivery;
  const st = options.store;
  const today = options.today;
  const est = (option: string) => {
    const dates = shownDates(options, { option });
    if (!dates) return undefined;
    return fmt(dates.estimated.dateISO === today ? t.estimatedToday : t.estimated, { date: dates.estimated.date });
  };
  const slotReason = (slot: { isOpen: boolean; closedReason?: "staff" | "time"; orderBy?: string }) =>
    slot.isOpen ? undefined : slot.closedReason === "staff" ? deliveryTr.options.slotClosedStaff : slot.orderBy ? fmt(deliveryTr.options.slotClosedTime, { time: slot.orderBy }) : undefined;
  const chosenPlace = st.locations.find((l) => l.code === choice.location) ?? st.locations[0];
  return (
    <OptionInvalid value={Boolean(errors.option)}>
    <div className="space-y-5">
      <DeliveryNotices options={options} onOrderFor={onOrderFor} />
      {s.available ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 font-bold">{t.carrierGroup}</legend>
          <Radio value="Standart" label={t.standart} price={s.slots.standart.price} note={est("Standart")} choice={choice} onChoose={onChoose} />
          {s.slots.express ? <Radio value="Express" label={t.express} price={s.slots.express.price} note={est("Express")} choice={choice} onChoose={onChoose} /> : null}
          <Radio value="Other" label={t.other} price={s.slots.other.price} note={est("Other")} choice={choice} onChoose={onChoose} />
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
          <Radio value="Special" label={t.special} price={s.slots.special.price} note={est("Special")} choice={choice} onChoose={onChoose} />
        </fieldset>
      ) : null}
      {d.std.available || d.vip.available ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 font-bold">{t.courierGroup}</legend>
          {d.std.available && d.std.price !== null ? (
            <>
              <Radio value="DeliveryStandart" label={t.deliveryStandart} price={d.std.price} note={est("DeliveryStandart")} choice={choice} onChoose={onChoose} />
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
                    aria-describedby={errors.slot ? "slot-error" : undefined}
                    className="mt-1 w-full rounded border border-choc-200 bg-white p-2"
                  >
                    <option value="">—</option>
                    {d.std.slots.map((sl) => (
                      <option key={sl.code} value={sl.code} disabled={!sl.isOpen}>
                        {sl.isOpen ? sl.timeFrame : fmt(deliveryTr.options.slotClosed, { timeFrame: sl.timeFrame })}
                      </option>
                    ))}
                  </select>
                  {errors.slot ? <p id="slot-error" className="text-sm text-red-700">{errors.slot}</p> : null}
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
                    note={slot.isOpen ? est(value) : undefined}
                    reason={slotReason(slot)}
                    choice={choice}
                    onChoose={onChoose}
                    disabled={!slot.isOpen}
                  />
                );
              })
            : null}
        </fieldset>
      ) : null}
      {st.locations.some((l) => l.suggested) ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 font-bold">{t.pickupGroup}</legend>
          {st.locations.map((l) =>
            l.suggested ? (
              <Radio
                key={l.code}
                value="Store"
                location={l.code}
                label={`${t.store}: ${l.displayName}`}
                price={0}
                note={`${fmt(l.suggested.isToday ? t.readyOnToday : t.readyOn, { date: l.suggested.date })} · ${fmt(t.pickupHours, { early: l.deliveryTimes[0] ?? "", late: l.deliveryTimes.at(-1) ?? "" })}`}
                reason={l.locationDetails}
                choice={choice}
                onChoose={onChoose}
              />
            ) : null,
          )}
          {choice.option === "Store" && chosenPlace?.suggested ? (
            <div className="ml-8">
              <input type="hidden" name="location" value={chosenPlace.code} />
              <label htmlFor="hour" className="mt-2 block text-sm font-medium">
                {t.hourChoice}
              </label>
              <select
                id="hour"
                name="hour"
                value={choice.hour}
                onChange={(e) => onChoose({ ...choice, hour: e.target.value, location: chosenPlace.code })}
                aria-invalid={Boolean(errors.hour)}
                aria-describedby={errors.hour ? "hour-error" : undefined}
                className="mt-1 w-full rounded border border-choc-200 bg-white p-2"
              >
                <option value="">—</option>
                {chosenPlace.deliveryTimes.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
              {errors.hour ? <p id="hour-error" className="text-sm text-red-700">{errors.hour}</p> : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      {errors.option ? <p id="option-error" className="text-sm font-medium text-red-700">{errors.option}</p> : null}
    </div>
    </OptionInvalid>
  );
});
