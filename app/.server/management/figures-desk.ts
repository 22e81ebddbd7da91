import type { AppContext } from "../context";
import * as delivery from "../delivery/service";
import * as orders from "../orders/service";
import type { Staff } from "./outcome";
import { addDays, istanbulDate, istanbulInstant, type IsoDate } from "~/shared/clock";
import { CAPACITY_DAYS, eachDay, TOP_PRODUCTS, TOP_PROMOS, type Period } from "~/shared/figures";
import { can } from "~/shared/management";
import { roundHalfAwayFromZero } from "~/shared/money";

/**
 * The numbers of the day (issue 28 §3): today's and a period's orders, revenue with and without KDV (from the
 * KDV split stored with each order by the invoice rule), average basket, top products, orders per delivery type
 * and slot, capacity used per ready date, cancellations and refunds, promo code use. Seven SQL aggregate
 * queries (plus one that finds orders whose KDV split is not stored yet); nothing loops over orders in JS.
 * A role without `figures.revenue` gets the counts only: the money fields are null (docs/decisions/0043).
 */

/** Istanbul midnight of `day` to the next midnight, as instants. */
const spanOf = (from: IsoDate, to: IsoDate) => ({ from: istanbulInstant(from), to: istanbulInstant(addDays(to, 1)) });

type Money = number | null;

export interface Totals {
  placed: number;
  orders: number;
  gross: Money;
  net: Money;
  kdv: Money;
  averageBasket: Money;
  discount: Money;
  points: Money;
  delivery: Money;
  withdrawn: number;
  cancelled: number;
  cancelledValue: Money;
  refunds: number;
  refunded: Money;
}

export async function salesFigures(app: AppContext, staff: Staff, period: Period) {
  const money = can(staff.role, "figures.revenue");
  const today = istanbulDate(app.clock.now());
  const periodSpan = spanOf(period.from, period.to);
  const todaySpan = spanOf(today, today);
  await orders.fillMissingTaxSplits(app);
  const f = orders.figures;
  const [days, taxes, top, byDelivery, withdrawals, promos, booked, config] = await Promise.all([
    f.byDay(app.db, [periodSpan, todaySpan]),
    money ? f.taxByRate(app.db, periodSpan) : Promise.resolve([]),
    f.topProducts(app.db, periodSpan, TOP_PRODUCTS),
    f.byDelivery(app.db, periodSpan),
    f.withdrawals(app.db, [periodSpan, todaySpan]),
    f.promoUse(app.db, periodSpan, TOP_PROMOS),
    orders.bookedCounts(app, today, addDays(today, CAPACITY_DAYS - 1)),
    delivery.getConfig(app),
  ]);
  const dayMap = new Map(days.map((d) => [d.day, d]));
  const wMap = new Map(withdrawals.map((w) => [w.day, w]));
  const m = (v: number): Money => (money ? v : null);

  const totalsOf = (list: IsoDate[]): Totals => {
    const sum = (pick: (d: orders.figures.DayFigures) => number) => list.reduce((s, day) => s + (dayMap.has(day) ? pick(dayMap.get(day)!) : 0), 0);
    const wsum = (pick: (w: orders.figures.Withdrawals) => number) => list.reduce((s, day) => s + (wMap.has(day) ? pick(wMap.get(day)!) : 0), 0);
    const count = sum((d) => d.orders);
    const gross = sum((d) => d.gross);
    const net = sum((d) => d.net);
    return {
      placed: sum((d) => d.placed),
      orders: count,
      gross: m(gross),
      net: m(net),
      kdv: m(gross - net),
      averageBasket: m(count ? roundHalfAwayFromZero(gross / count) : 0),
      discount: m(sum((d) => d.discount)),
      points: m(sum((d) => d.points)),
      delivery: m(sum((d) => d.delivery)),
      withdrawn: sum((d) => d.withdrawn),
      cancelled: wsum((w) => w.cancelled),
      cancelledValue: m(wsum((w) => w.cancelledValue)),
      refunds: wsum((w) => w.refunds),
      refunded: m(wsum((w) => w.refunded)),
    };
  };

  const periodDays = eachDay(period.from, period.to);
  return {
    today,
    period,
    money,
    todayTotals: totalsOf([today]),
    totals: totalsOf(periodDays),
    /** one entry per day of the period (the chart and its table) */
    daily: periodDays.map((day) => ({ day, orders: dayMap.get(day)?.orders ?? 0, gross: m(dayMap.get(day)?.gross ?? 0), cancelled: wMap.get(day)?.cancelled ?? 0 })),
    taxes: money ? taxes : null,
    top: top.map((p) => ({ ...p, gross: m(p.gross) })),
    byDelivery: byDelivery.map((d) => ({ ...d, gross: m(d.gross) })),
    promos: promos.map((p) => ({ ...p, gross: m(p.gross) })),
    capacity: {
      perDay: config.capacityPerDay,
      days: eachDay(today, addDays(today, CAPACITY_DAYS - 1)).map((day) => ({ day, booked: booked.get(day) ?? 0 })),
    },
  };
}
export type SalesFigures = Awaited<ReturnType<typeof salesFigures>>;
