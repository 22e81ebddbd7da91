import { and, asc, desc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { readTogether, rideAnswers, rodeSql, stepsSql, stepsWith, type DbOrTx, type Rider, type Step } from "../db/client";
import { orderCounters, orderEvents, orderLines, orderNotes, orders, orderTaxes } from "../db/schema/orders";
import { identifierContains, textContains } from "../db/search";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "orderId">;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/** What the order's insert offers its riders (db/client.ts `Rider`): the order's id and number, as SQL. */
export interface OrderMade {
  id: SQL;
  orderNumber: SQL;
}

/**
 * An order's row as the database will store these values (the columns' defaults where a value is missing), without
 * the id and number its insert makes: what a rider of that insert is written from.
 */
export function rowToBe(values: Omit<NewOrder, "orderNumber" | "id">): Omit<OrderRow, "id" | "orderNumber"> {
  const given = values as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(orders))) {
    if (key === "id" || key === "orderNumber") continue;
    row[key] = given[key] !== undefined ? given[key] : column.hasDefault && column.default !== undefined ? column.default : null;
  }
  return row as Omit<OrderRow, "id" | "orderNumber">;
}

/**
 * Inserts an order with the next number of its year, its lines, its KDV split and its first event in ONE statement
 * (data-modifying WITH): the year's counter row is taken (and stays locked until the transaction ends, so numbers
 * have no gaps), the order gets `YYYY-NNNNNN` from it, and its children reference it — one round trip for the whole
 * order, whatever its number of lines. The order number's format lives here only.
 */
export async function insertOrder(
  tx: DbOrTx,
  year: number,
  order: Omit<NewOrder, "orderNumber">,
  lines: NewOrderLine[],
  taxes: Omit<typeof orderTaxes.$inferInsert, "orderId">[],
  event: Omit<typeof orderEvents.$inferInsert, "orderId">,
  riders: readonly Rider<OrderMade>[] = [],
  steps: readonly Step[] = [],
): Promise<{ order: OrderRow; rode: number[] }> {
  // the steps (other modules' changes that must happen first, decision 0055) run before the counter's row lock: the
  // counter's first value is made from them (1, or the statement is refused)
  const seq = tx
    .$with("seq")
    .as(
      tx
        .insert(orderCounters)
        .values({ year, last: steps.length ? stepsSql(steps) : 1 })
        .onConflictDoUpdate({ target: orderCounters.year, set: { last: sql`${orderCounters.last} + 1` } })
        .returning({ last: orderCounters.last }),
    );
  // at least six digits, more when a year ever passes 999 999 orders (lpad alone would cut them)
  const orderNumber = sql`(select ${String(year)} || '-' || lpad(last::text, greatest(6, length(last::text)), '0') from seq)`;
  const placed = tx.$with("placed").as(tx.insert(orders).values({ ...order, orderNumber }).returning());
  const orderId = sql`(select id from placed)`;
  const children = [
    ...(lines.length ? [tx.$with("placed_lines").as(tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId }))))] : []),
    ...(taxes.length ? [tx.$with("placed_taxes").as(tx.insert(orderTaxes).values(taxes.map((t) => ({ ...t, orderId }))).onConflictDoNothing())] : []),
    tx.$with("placed_event").as(tx.insert(orderEvents).values({ ...event, orderId })),
  ];
  // what rides along (another module's change, db/client.ts `Rider`) happens once the order is in; each answers
  // how many rows it changed
  const made: OrderMade = { id: sql`(select id from ${placed})`, orderNumber: sql`(select order_number from ${placed})` };
  const rides = riders.map((ride) => ride(tx, sql`exists (select 1 from ${placed})`, made));
  const counts = rideAnswers(rides, rodeSql);
  const [row] = await tx
    .with(...stepsWith(steps), seq, placed, ...children, ...rides)
    .select({ ...placed._.selectedFields, ...counts.columns })
    .from(placed);
  if (!row) throw new Error("order insert returned nothing");
  const rode = counts.read(row as Record<string, unknown>).map((n) => n ?? 0);
  const inserted = Object.fromEntries(Object.keys(placed._.selectedFields).map((k) => [k, (row as Record<string, unknown>)[k]])) as OrderRow;
  return { order: inserted, rode };
}

export async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return row;
}

export async function updateOrder(tx: DbOrTx, id: number, patch: Partial<NewOrder>): Promise<void> {
  await tx.update(orders).set(patch).where(eq(orders.id, id));
}

export async function insertEvent(tx: DbOrTx, e: typeof orderEvents.$inferInsert): Promise<void> {
  await tx.insert(orderEvents).values(e);
}

export async function findById(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function findByPublicId(db: DbOrTx, publicId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.publicId, publicId));
  return row;
}

export async function findByNumber(db: DbOrTx, orderNumber: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row;
}

export async function findByPaymentRef(db: DbOrTx, paymentRef: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.paymentRef, paymentRef));
  return row;
}

export async function findByBasket(db: DbOrTx, basketId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.basketId, basketId));
  return row;
}

/**
 * A member's orders: those placed signed in, and guest orders placed with the member's (activated, so verified)
 * e-mail address — e.g. an order placed right after quick membership, before the account was activated.
 */
export async function listByUser(db: DbOrTx, userId: number, email?: string, limit = 50): Promise<OrderRow[]> {
  const mine = email ? or(eq(orders.userId, userId), and(isNull(orders.userId), eq(orders.email, email))) : eq(orders.userId, userId);
  return db.select().from(orders).where(mine).orderBy(desc(orders.createdAt)).limit(limit);
}

export async function linesOf(db: DbOrTx, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id));
}

export async function eventsOf(db: DbOrTx, orderId: number): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

/**
 * Orders holding capacity on a ready date, plus `alsoCount` (a scalar SQL count of another module's, e.g. the live
 * checkout holds of the date) read in the same statement: one snapshot, so a placement that turns a hold into an
 * order between two reads can never be counted in neither.
 */
export async function countForReadyDate(db: DbOrTx, readyDate: string, alsoCount?: SQL): Promise<number> {
  const ofOrders = sql`(select count(*) from ${orders} where ${and(eq(orders.readyDate, readyDate), sql`${orders.status} not in ('cancelled', 'refunded')`)})`;
  const r = await db.execute<{ n: number }>(sql`select (${ofOrders} + ${alsoCount ?? sql`0`})::int as n`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * Serialises order placement per ready date until the caller's transaction ends (a transaction-scoped advisory
 * lock), so that counting the day's orders and adding one cannot interleave with another buyer's: an SQL
 * expression for a statement of that transaction to evaluate.
 */
export const readyDateLockSql = (readyDate: string): SQL => sql`pg_advisory_xact_lock(hashtext(${`shop:capacity:${readyDate}`}))`;

/** Orders holding capacity per ready date in [fromDate, toDate], in one grouped query (dates without orders are absent). */
export async function countByReadyDate(db: DbOrTx, fromDate: string, toDate: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: orders.readyDate, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        sql`${orders.readyDate} between ${fromDate} and ${toDate}`,
        sql`${orders.status} not in ('cancelled', 'refunded')`,
      ),
    )
    .groupBy(orders.readyDate);
  return new Map(rows.map((r) => [String(r.day), Number(r.n)]));
}

/**
 * Units sold per product in several windows at once (for the catalogue's top five): `since[i]` is the start
 * of window i, or null for all time. Cancelled and refunded orders do not count.
 */
export async function unitsSoldByProduct(db: DbOrTx, since: (Date | null)[]): Promise<{ productId: number; units: number[] }[]> {
  const cols = Object.fromEntries(
    since.map((from, i) => [
      `w${i}`,
      from
        ? sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orders.createdAt} >= ${from.toISOString()}), 0)::int`
        : sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    ]),
  );
  const rows = (await db
    .select({ productId: orderLines.productId, ...cols })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(sql`${orders.status} not in ('cancelled', 'refunded')`)
    .groupBy(orderLines.productId)) as unknown as Record<string, number>[];
  return rows.map((r) => ({ productId: Number(r.productId), units: since.map((_, i) => Number(r[`w${i}`] ?? 0)) }));
}

/**
 * Products bought together with any of `productIds` in past orders, most shared orders first
 * (the basket's suggestions). Cancelled and refunded orders do not count.
 */
export async function boughtTogether(db: DbOrTx, productIds: number[], limit: number): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await db.execute<{ product_id: number }>(sql`
    select other.product_id, count(distinct other.order_id)::int as n
    from ${orderLines} mine
    join ${orderLines} other on other.order_id = mine.order_id and other.product_id <> mine.product_id
    join ${orders} o on o.id = mine.order_id and o.status not in ('cancelled', 'refunded')
    where mine.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})
    group by other.product_id
    order by n desc, other.product_id
    limit ${limit}`);
  return (rows as unknown as { rows: { product_id: number }[] }).rows.map((r) => Number(r.product_id));
}

// ─── desk.ts: the staff desk's statements (search, production board, shipment, KVKK erasure, notes) ──────────

export type OrderNoteRow = typeof orderNotes.$inferSelect;

const OPEN = sql`${orders.status} not in ('cancelled', 'refunded')`;
const placedDay = sql`(${orders.createdAt} at time zone 'Europe/Istanbul')::date`;

export interface OrderSearch {
  /** order number, e-mail, name or phone (part of) */
  q: string;
  status: string;
  dateOf: "placed" | "ready";
  from: string;
  to: string;
  deliveryType: string;
  /** delivery city id, 0 for any */
  cityId: number;
  /** door delivery on the day it was ordered */
  sameDay: boolean;
  page: number;
  pageSize: number;
}

function searchWhere(f: Omit<OrderSearch, "page" | "pageSize">): SQL | undefined {
  const conds: SQL[] = [];
  const q = f.q.trim();
  if (q) {
    const digits = q.replace(/\D/g, "");
    conds.push(
      or(
        identifierContains(orders.orderNumber, q),
        identifierContains(orders.email, q),
        textContains(sql`${orders.address}->>'delFullName'`, q),
        textContains(sql`${orders.address}->>'invFullName'`, q),
        ...(digits.length >= 4 ? [sql`${orders.address}->>'delPhoneNumber' like ${`%${digits}%`}`] : []),
      )!,
    );
  }
  if (f.status) conds.push(eq(orders.status, f.status));
  if (f.deliveryType) conds.push(eq(orders.deliveryType, f.deliveryType));
  if (f.cityId > 0) conds.push(sql`${orders.address}->>'delCityId' = ${String(f.cityId)}`);
  const day = f.dateOf === "ready" ? sql`${orders.readyDate}` : placedDay;
  if (f.from) conds.push(sql`${day} >= ${f.from}::date`);
  if (f.to) conds.push(sql`${day} <= ${f.to}::date`);
  if (f.sameDay) conds.push(and(eq(orders.deliveryType, "Delivery"), sql`${orders.readyDate} = ${placedDay}`)!);
  return conds.length ? and(...conds) : undefined;
}

/** One page of the orders matching the filters, newest first, and how many match in all (two reads together). */
export async function searchPage(db: DbOrTx, f: OrderSearch): Promise<{ rows: OrderRow[]; total: number }> {
  const where = searchWhere(f);
  const [rows, [count]] = await readTogether(db, [
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The orders matching the filters (no page), newest first, at most `limit`, and how many match in all (two reads together). */
export async function listMatching(db: DbOrTx, f: Omit<OrderSearch, "page" | "pageSize">, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
  const where = searchWhere(f);
  const [rows, [count]] = await readTogether(db, [
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** How many orders have each status (every status, cancelled and refunded too). */
export async function countsByStatus(db: DbOrTx): Promise<{ status: string; n: number }[]> {
  return db.select({ status: orders.status, n: sql<number>`count(*)::int` }).from(orders).groupBy(orders.status);
}

/** Units and orders per product, variant and package across the open orders of a ready date. */
export async function bakeRows(db: DbOrTx, readyDate: string) {
  return db
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      variant: orderLines.variant,
      packageContent: orderLines.packageContent,
      units: sql<number>`sum(${orderLines.quantity})::int`,
      orders: sql<number>`count(distinct ${orderLines.orderId})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.readyDate, readyDate), OPEN))
    .groupBy(orderLines.productId, orderLines.name, orderLines.variant, orderLines.packageContent)
    .orderBy(asc(orderLines.productId), asc(orderLines.variant), asc(orderLines.packageContent));
}

/** Open door-delivery orders of a ready date, by slot then number. */
export async function doorDeliveriesOn(db: DbOrTx, readyDate: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.readyDate, readyDate), eq(orders.deliveryType, "Delivery"), OPEN))
    .orderBy(asc(orders.deliveryDetails), asc(orders.orderNumber));
}

/** Every open order of a ready date, by type, pickup place, details, number. */
export async function openOrdersOn(db: DbOrTx, readyDate: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.readyDate, readyDate), OPEN))
    .orderBy(asc(orders.deliveryType), asc(orders.pickupLocation), asc(orders.deliveryDetails), asc(orders.orderNumber));
}

/** Orders placed signed in as `userId`, or as a guest with the same e-mail, newest first. */
export async function listOfPerson(db: DbOrTx, userId: number, email: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(or(eq(orders.userId, userId), and(isNull(orders.userId), eq(orders.email, email))))
    .orderBy(desc(orders.createdAt));
}

export async function deleteNotesOf(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.delete(orderNotes).where(eq(orderNotes.orderId, orderId));
}

export async function insertNote(tx: DbOrTx, n: typeof orderNotes.$inferInsert): Promise<OrderNoteRow> {
  const [row] = await tx.insert(orderNotes).values(n).returning();
  return row!;
}

/** An order's staff notes, oldest first. */
export async function listNotes(db: DbOrTx, orderId: number): Promise<OrderNoteRow[]> {
  return db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.at), asc(orderNotes.id));
}

// ─── figures.ts: the sales figures' aggregates (issue 28 §3) ────────────────────────────────────────────────

/** A half-open period of instants [from, to). */
export interface Span {
  from: Date;
  to: Date;
}

/** A row of a figures statement as the database answers it (sums may come as text: the caller makes numbers). */
export type FigureRow = Record<string, unknown>;

const KEPT = sql`o.status not in ('cancelled', 'refunded')`;
const placedIn = (spans: Span[]): SQL =>
  sql.join(
    spans.map((s) => sql`(o.created_at >= ${s.from.toISOString()}::timestamptz and o.created_at < ${s.to.toISOString()}::timestamptz)`),
    sql` or `,
  );
const ISTANBUL_DAY = (col: SQL) => sql`to_char(${col} at time zone 'Europe/Istanbul', 'YYYY-MM-DD')`;

async function figureRows(db: DbOrTx, q: SQL): Promise<FigureRow[]> {
  const r = await db.execute(q);
  return (r as unknown as { rows: FigureRow[] }).rows;
}

/** Per Istanbul day of placing, for orders placed in any of `spans`: day, placed, orders, gross, net, product_total, delivery, discount, points, withdrawn. */
export function salesByDay(db: DbOrTx, spans: Span[]): Promise<FigureRow[]> {
  return figureRows(
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
}

/** rate_bp, net, tax of the orders that count, placed in `span`. */
export function salesTaxByRate(db: DbOrTx, span: Span): Promise<FigureRow[]> {
  return figureRows(
    db,
    sql`select t.rate_bp, sum(t.net) as net, sum(t.tax) as tax
        from order_taxes t join orders o on o.id = t.order_id
        where ${KEPT} and ${placedIn([span])}
        group by t.rate_bp order by t.rate_bp`,
  );
}

/** product_id, name, units, gross, orders of the best-selling products among the orders that count. */
export function salesTopProducts(db: DbOrTx, span: Span, limit: number): Promise<FigureRow[]> {
  return figureRows(
    db,
    sql`select l.product_id, min(l.name) as name, sum(l.quantity) as units, sum(l.quantity * l.unit_price) as gross, count(distinct l.order_id) as orders
        from order_lines l join orders o on o.id = l.order_id
        where ${KEPT} and ${placedIn([span])}
        group by l.product_id order by units desc, l.product_id limit ${limit}`,
  );
}

/** delivery_type, delivery_details, orders, gross of the orders that count. */
export function salesByDelivery(db: DbOrTx, span: Span): Promise<FigureRow[]> {
  return figureRows(
    db,
    sql`select o.delivery_type, o.delivery_details, count(*) as orders, coalesce(sum(o.need_to_pay), 0) as gross
        from orders o where ${KEPT} and ${placedIn([span])}
        group by 1, 2 order by 1, 3 desc, 2`,
  );
}

/** day, cancelled, cancelled_value, refunds, refunded per Istanbul day on which they happened, in any of `spans`. */
export function salesWithdrawals(db: DbOrTx, spans: Span[]): Promise<FigureRow[]> {
  const inSpans = (col: SQL) =>
    sql.join(
      spans.map((s) => sql`(${col} >= ${s.from.toISOString()}::timestamptz and ${col} < ${s.to.toISOString()}::timestamptz)`),
      sql` or `,
    );
  return figureRows(
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
}

/** code, uses, discount, gross of the promo codes used by orders that count. */
export function salesPromoUse(db: DbOrTx, span: Span, limit: number): Promise<FigureRow[]> {
  return figureRows(
    db,
    sql`select c.code, count(*) as uses, coalesce(sum(u.discount), 0) as discount, coalesce(sum(o.need_to_pay), 0) as gross
        from promo_uses u join promo_codes c on c.id = u.promo_id join orders o on o.id = u.order_id
        where ${KEPT} and ${placedIn([span])}
        group by c.code order by uses desc, c.code limit ${limit}`,
  );
}

// ─── tax-split.ts: the orders' stored KDV split (issue 28) ──────────────────────────────────────────────────

export type NewOrderTax = typeof orderTaxes.$inferInsert;

/** KDV rate rows of orders (a rate an order has already stays as it is). `rows` must not be empty. */
export async function insertTaxRates(tx: DbOrTx, rows: NewOrderTax[]): Promise<void> {
  await tx.insert(orderTaxes).values(rows).onConflictDoNothing();
}

/** Orders whose split is not stored yet (net_total null), by id, at most `limit`, with what the split is made of. */
export async function missingSplits(db: DbOrTx, limit: number) {
  return db
    .select({ id: orders.id, discountAmount: orders.discountAmount, usedBonus: orders.usedBonus, deliveryCost: orders.deliveryCost, taxSnapshot: orders.taxSnapshot })
    .from(orders)
    .where(isNull(orders.netTotal))
    .orderBy(orders.id)
    .limit(limit);
}

/** The lines' prices, quantities and rates of these orders, in the order they were added. */
export async function lineAmountsOf(db: DbOrTx, orderIds: number[]) {
  return db
    .select({ orderId: orderLines.orderId, unitPrice: orderLines.unitPrice, quantity: orderLines.quantity, taxRateBp: orderLines.taxRateBp })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.id);
}

/** Every order's net total at once (one statement), where it is still missing. `splits` must not be empty. */
export async function fillNetTotals(tx: DbOrTx, splits: { id: number; netTotal: number }[]): Promise<void> {
  const values = sql.join(
    splits.map((x) => sql`(${x.id}::int, ${x.netTotal}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update orders set net_total = v.net from (values ${values}) as v(id, net) where orders.id = v.id and orders.net_total is null`);
}

/** How many orders have no stored split yet. */
export async function countMissingSplits(db: DbOrTx): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(isNull(orders.netTotal));
  return Number(r?.n ?? 0);
}
