import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

/**
 * The sales figures' queries (issue 28 §3): SQL aggregates over orders, their lines, their stored KDV split,
 * status events, refunds and promo uses. Periods are half-open instants [from, to) (Istanbul midnights, made
 * by the caller); days are Istanbul calendar days. An order "counts" (is a sale) unless it is cancelled or
 * refunded now; partial refunds of a kept order are reported with the refunds, not taken off its sale.
 */

export interface Span {
  from: Date;
  to: Date;
}

const KEPT = sql`o.status not in ('cancelled', 'refunded')`;
const placedIn = (spans: Span[]): SQL =>
  sql.join(
    spans.map((s) => sql`(o.created_at >= ${s.from.toISOString()}::timestamptz and o.created_at < ${s.to.toISOString()}::timestamptz)`),
    sql` or `,
  );
const ISTANBUL_DAY = (col: SQL) => sql`to_char(${col} at time zone 'Europe/Istanbul', 'YYYY-MM-DD')`;

const num = (v: unknown) => Number(v ?? 0);
async function rows<T>(db: DbOrTx, q: SQL): Promise<T[]> {
  const r = await db.execute(q);
  return (r as unknown as { rows: T[] }).rows;
}

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
  const r = await rows<Record<string, unknown>>(
    db,
    sql`select ${ISTANBUL_DAY(sql`o.created_at`)} as day,
          count(*) as placed,
          count(*) filter (where ${KEPT}) as orders,
          coalesce(sum(o.need_to_pay) filter (where ${KEPT}), 0) as gross,
          coalesce(sum(o.net_total) filter (where ${KEPT}), 0) as net,
          coalesce(sum(o.product_total) filter (where ${KEPT}), 0) as product_total,
          coalesce(sum(o.delivery_cost) filter (where ${KEPT}), 0) as delivery,
          coalesce(sum(o.discount_amount) filter (where ${KEPT}), 0) as discount,
          coalesce(sum(o.used_bonus) filter (where ${KEPT}), 0) as points,
          count(*) filter (where not ${KEPT}) as withdrawn
        from orders o where ${placedIn(spans)}
        group by 1 order by 1`,
  );
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
  const r = await rows<Record<string, unknown>>(
    db,
    sql`select t.rate_bp, sum(t.net) as net, sum(t.tax) as tax
        from order_taxes t join orders o on o.id = t.order_id
        where ${KEPT} and ${placedIn([span])}
        group by t.rate_bp order by t.rate_bp`,
  );
  return r.map((x) => ({ rateBp: num(x.rate_bp), net: num(x.net), tax: num(x.tax) }));
}

/** Best-selling products by units (then by product number) among the orders that count (one query). */
export async function topProducts(db: DbOrTx, span: Span, limit: number) {
  const r = await rows<Record<string, unknown>>(
    db,
    sql`select l.product_id, min(l.name) as name, sum(l.quantity) as units, sum(l.quantity * l.unit_price) as gross, count(distinct l.order_id) as orders
        from order_lines l join orders o on o.id = l.order_id
        where ${KEPT} and ${placedIn([span])}
        group by l.product_id order by units desc, l.product_id limit ${limit}`,
  );
  return r.map((x) => ({ productId: num(x.product_id), name: String(x.name), units: num(x.units), gross: num(x.gross), orders: num(x.orders) }));
}

/** Orders that count per delivery type and slot / option / pickup hour (one query). */
export async function byDelivery(db: DbOrTx, span: Span) {
  const r = await rows<Record<string, unknown>>(
    db,
    sql`select o.delivery_type, o.delivery_details, count(*) as orders, coalesce(sum(o.need_to_pay), 0) as gross
        from orders o where ${KEPT} and ${placedIn([span])}
        group by 1, 2 order by 1, 3 desc, 2`,
  );
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
  const inSpans = (col: SQL) =>
    sql.join(
      spans.map((s) => sql`(${col} >= ${s.from.toISOString()}::timestamptz and ${col} < ${s.to.toISOString()}::timestamptz)`),
      sql` or `,
    );
  const r = await rows<Record<string, unknown>>(
    db,
    sql`select day, sum(cancelled) as cancelled, sum(cancelled_value) as cancelled_value, sum(refunds) as refunds, sum(refunded) as refunded from (
          select ${ISTANBUL_DAY(sql`e.at`)} as day, count(*) as cancelled, coalesce(sum(o.need_to_pay), 0) as cancelled_value, 0 as refunds, 0 as refunded
            from order_events e join orders o on o.id = e.order_id
            where e.to_status = 'cancelled' and (${inSpans(sql`e.at`)}) group by 1
          union all
          select ${ISTANBUL_DAY(sql`r.finished_at`)}, 0, 0, count(*), coalesce(sum(r.amount), 0)
            from payment_refunds r
            where r.status = 'succeeded' and (${inSpans(sql`r.finished_at`)}) group by 1
        ) w group by day order by day`,
  );
  return r.map((x) => ({ day: String(x.day), cancelled: num(x.cancelled), cancelledValue: num(x.cancelled_value), refunds: num(x.refunds), refunded: num(x.refunded) }));
}

/** Promo codes used by orders that count, with the discount they gave (one query). */
export async function promoUse(db: DbOrTx, span: Span, limit: number) {
  const r = await rows<Record<string, unknown>>(
    db,
    sql`select c.code, count(*) as uses, coalesce(sum(u.discount), 0) as discount, coalesce(sum(o.need_to_pay), 0) as gross
        from promo_uses u join promo_codes c on c.id = u.promo_id join orders o on o.id = u.order_id
        where ${KEPT} and ${placedIn([span])}
        group by c.code order by uses desc, c.code limit ${limit}`,
  );
  return r.map((x) => ({ code: String(x.code), uses: num(x.uses), discount: num(x.discount), gross: num(x.gross) }));
}
