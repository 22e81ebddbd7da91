import type { DbOrTx } from "../db/client";
import * as repo from "./repo";
import type { Span } from "./repo";

/**
 * The sales figures' queries (issue 28 §3): SQL aggregates over orders, their lines, their stored KDV split,
 * status events, refunds and promo uses. Periods are half-open instants [from, to) (Istanbul midnights, made
 * by the caller); days are Istanbul calendar days. An order "counts" (is a sale) unless it is cancelled or
 * refunded now; partial refunds of a kept order are reported with the refunds, not taken off its sale. The SQL is
 * in repo.ts; here the rows become figures.
 */

export type { Span } from "./repo";

const num = (v: unknown) => Number(v ?? 0);

export interface DayFigures {
  day: string;
  /** every order placed that day, whatever became of it */
  placed: number;
  /** orders that count (not cancelled or refunded) */
  orders: number;
  /** what they charged, KDV included (Σ needToPay = Σ invoice totals) */
  gross: number;
  /** the same without KDV (Σ invoice subtotals) */
  net: number;
  productTotal: number;
  delivery: number;
  discount: number;
  points: number;
  /** placed that day and cancelled or refunded since */
  withdrawn: number;
}

/** Per Istanbul day of placing, for orders placed in any of `spans` (one query). */
export async function byDay(db: DbOrTx, spans: Span[]): Promise<DayFigures[]> {
  const r = await repo.salesByDay(db, spans);
  return r.map((x) => ({
    day: String(x.day),
    placed: num(x.placed),
    orders: num(x.orders),
    gross: num(x.gross),
    net: num(x.net),
    productTotal: num(x.product_total),
    delivery: num(x.delivery),
    discount: num(x.discount),
    points: num(x.points),
    withdrawn: num(x.withdrawn),
  }));
}

/** Net and KDV per rate of the orders that count, placed in `span` (one query). */
export async function taxByRate(db: DbOrTx, span: Span): Promise<{ rateBp: number; net: number; tax: number }[]> {
  const r = await repo.salesTaxByRate(db, span);
  return r.map((x) => ({ rateBp: num(x.rate_bp), net: num(x.net), tax: num(x.tax) }));
}

/** Best-selling products by units (then by product number) among the orders that count (one query). */
export async function topProducts(db: DbOrTx, span: Span, limit: number) {
  const r = await repo.salesTopProducts(db, span, limit);
  return r.map((x) => ({ productId: num(x.product_id), name: String(x.name), units: num(x.units), gross: num(x.gross), orders: num(x.orders) }));
}

/** Orders that count per delivery type and slot / option / pickup hour (one query). */
export async function byDelivery(db: DbOrTx, span: Span) {
  const r = await repo.salesByDelivery(db, span);
  return r.map((x) => ({ type: String(x.delivery_type), details: String(x.delivery_details), orders: num(x.orders), gross: num(x.gross) }));
}

export interface Withdrawals {
  day: string;
  /** orders cancelled that day (by anyone), and what they had charged */
  cancelled: number;
  cancelledValue: number;
  /** money given back that day by the payment provider (cancels and refunds), and how many times */
  refunds: number;
  refunded: number;
}

/** Cancellations and refunds per Istanbul day on which they happened, in any of `spans` (one query). */
export async function withdrawals(db: DbOrTx, spans: Span[]): Promise<Withdrawals[]> {
  const r = await repo.salesWithdrawals(db, spans);
  return r.map((x) => ({ day: String(x.day), cancelled: num(x.cancelled), cancelledValue: num(x.cancelled_value), refunds: num(x.refunds), refunded: num(x.refunded) }));
}

/** Promo codes used by orders that count, with the discount they gave (one query). */
export async function promoUse(db: DbOrTx, span: Span, limit: number) {
  const r = await repo.salesPromoUse(db, span, limit);
  return r.map((x) => ({ code: String(x.code), uses: num(x.uses), discount: num(x.discount), gross: num(x.gross) }));
}
