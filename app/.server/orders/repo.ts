import { and, asc, desc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { rideAnswers, rodeSql, stepsSql, stepsWith, type DbOrTx, type Rider, type Step } from "../db/client";
import { orderCounters, orderEvents, orderLines, orders, orderTaxes } from "../db/schema/orders";

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
