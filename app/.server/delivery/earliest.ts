import { addDays, istanbulParts, type IsoDate } from "~/shared/clock";
import type { DeliveryConfig } from "./config";
import { chooseDelivery, dayRef, deliveryOptions, type AddressInput, type BookedCount, type DayRef, type DeliveryChoice, type DeliveryOptions, type OptionCode } from "./rules";

/**
 * 'Bugün sipariş verirsen en erken …' (issue 27 §4): the earliest day an order placed now reaches a shopper in
 * a city, found by asking the checkout engine itself. Nothing here knows a cutoff: the options are the ones
 * `deliveryOptions` computes for the city (in the same-day city: a covered neighbourhood, so door delivery is
 * offered), each choice goes through `chooseDelivery` exactly as the delivery step books it, and the latest
 * order time for today is found by asking the same engine at later minutes of the day.
 */

/** How the earliest day is reached: courier to the door (standard or VIP) or a carrier. */
export type EarliestKind = "door" | "vip" | "cargo";

export interface EarliestArrival {
  /** The option the date belongs to and the choice that books it (what the delivery step stores). */
  option: OptionCode;
  kind: EarliestKind;
  /** Arrival day: the estimated delivery the order would store. */
  date: DayRef;
  isToday: boolean;
  isTomorrow: boolean;
  /** When the date is today: the first minute ('HH:MM') from which ordering no longer gets it today. */
  orderBy: string | null;
  /** Seconds from now until `orderBy`. */
  secondsLeft: number | null;
}

/** A basket with something in it: arrival days depend on the basket only through its being non-empty. */
const ONE_ITEM = { itemCount: 1, productTotal: 0 };

/** The choices tried, in order of preference when two give the same day (cheaper first). */
function candidates(o: DeliveryOptions, config: DeliveryConfig): { choice: DeliveryChoice; kind: EarliestKind }[] {
  const out: { choice: DeliveryChoice; kind: EarliestKind }[] = [];
  const stdSlot = o.delivery.std.slots.find((s) => s.isOpen);
  if (stdSlot) out.push({ choice: { option: "DeliveryStandart", slot: stdSlot.code }, kind: "door" });
  const VIP: Record<string, OptionCode> = { morning: "DeliveryMorning", afternoon: "DeliveryAfternoon", evening: "DeliveryEvening", night: "DeliveryNight" };
  const vipSlot = o.delivery.vip.slots.find((s) => s.isOpen);
  if (vipSlot) out.push({ choice: { option: VIP[vipSlot.code]! }, kind: "vip" });
  for (const option of ["Standart", "Express", "Special"] as const) out.push({ choice: { option }, kind: "cargo" });
  const carrier = config.carriers[0];
  if (carrier) out.push({ choice: { option: "Other", carrier: carrier.code }, kind: "cargo" });
  return out;
}

/** The earliest booked arrival among the options for an address at one instant (null: nothing can be booked). */
export function earliestChoice(address: AddressInput, now: Date, config: DeliveryConfig, booked: BookedCount) {
  const options = deliveryOptions(ONE_ITEM, address, null, now, config, booked);
  let best: { option: OptionCode; kind: EarliestKind; date: IsoDate; today: IsoDate } | null = null;
  for (const c of candidates(options, config)) {
    const chosen = chooseDelivery(options, c.choice, config.carriers);
    if (!chosen.ok) continue;
    if (!best || chosen.estimatedDelivery < best.date) best = { option: c.choice.option, kind: c.kind, date: chosen.estimatedDelivery, today: options.today };
  }
  return best ? { ...best, options } : null;
}

const pad = (n: number) => String(n).padStart(2, "0");

export function earliestArrival(address: AddressInput, now: Date, config: DeliveryConfig, booked: BookedCount): EarliestArrival | null {
  const best = earliestChoice(address, now, config, booked);
  if (!best) return null;
  const isToday = best.date === best.today;
  let orderBy: string | null = null;
  let secondsLeft: number | null = null;
  if (isToday) {
    // the last minute of today at which the same option still arrives today (same-day only closes as the day goes on)
    const parts = istanbulParts(now);
    const nowMin = parts.hour * 60 + parts.minute;
    const startOfMinute = now.getTime() - parts.second * 1000 - (now.getTime() % 1000);
    const stillToday = (min: number) => {
      const at = new Date(startOfMinute + (min - nowMin) * 60_000);
      const r = earliestChoice(address, at, config, booked);
      return r !== null && r.date === best.today && r.kind === best.kind;
    };
    let lo = nowMin; // true
    let hi = 24 * 60; // exclusive bound: midnight is another day
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (stillToday(mid)) lo = mid;
      else hi = mid;
    }
    orderBy = `${pad(Math.floor(hi / 60) % 24)}:${pad(hi % 60)}`;
    secondsLeft = Math.max(0, Math.round((startOfMinute + (hi - nowMin) * 60_000 - now.getTime()) / 1000));
  }
  return { option: best.option, kind: best.kind, date: dayRef(best.date), isToday, isTomorrow: best.date === addDays(best.today, 1), orderBy, secondsLeft };
}
