import { sql, type SQL } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../context";
import type { DbOrTx, Rider, Step } from "../db/client";
import * as loyalty from "../loyalty/service";
import * as invoices from "../invoices/service";
import { canTransition, isOrderStatus, type OrderStatus } from "~/shared/order-status";
import { istanbulParts } from "~/shared/clock";
import * as repo from "./repo";
import * as desk from "./desk";
import { fallbackDeliveryRate, taxSplitOf } from "./tax-split";

export type { OrderRow, OrderLineRow, NewOrder, NewOrderLine } from "./repo";

export class IllegalTransition extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`illegal order transition ${from} → ${to}`);
  }
}
/** The order is not (any more) in one of the statuses the caller expected, seen under the row lock. */
export class UnexpectedStatus extends IllegalTransition {}
export class OrderNotFound extends Error {}

/** 96 random bits, URL-safe: for links that grant access to an order's pages. */
export function newPublicId(): string {
  return randomBytes(12).toString("base64url");
}

type OrderInput = Omit<repo.NewOrder, "orderNumber" | "publicId" | "status" | "createdAt" | "updatedAt" | "paidTotal"> & { paidTotal?: number };

/** Creates an order with its lines and the first 'received' event, inside the caller's transaction (one statement). */
export async function createOrder(app: AppContext, tx: DbOrTx, order: OrderInput, lines: repo.NewOrderLine[], actor: string): Promise<repo.OrderRow> {
  return (await createOrderWith(app, tx, order, lines, actor, () => [])).order;
}

/** The order as its insert will store it, before the insert has made its id and number (what riders are written from). */
export type OrderToBe = Omit<repo.OrderRow, "id" | "orderNumber">;
/** What the order's insert offers its riders: its id and number, as SQL. */
export type OrderMade = repo.OrderMade;

/**
 * `createOrder` carrying riders (other modules' changes, db/client.ts `Rider`) in its statement: `ridersFor` gets
 * the order as it will be stored and answers them; they are made once the order is in, with its id and number
 * (`OrderMade`), each answering how many rows it changed. `steps` (db/client.ts `Step`, decision 0055): other
 * modules' changes made first, in order; the statement is refused (nothing changes, `refusalOf` names why) when
 * one of them cannot happen. With steps and `tx` the database itself, the order needs no transaction around it.
 */
export async function createOrderWith(
  app: AppContext,
  tx: DbOrTx,
  order: OrderInput,
  lines: repo.NewOrderLine[],
  actor: string,
  ridersFor: (toBe: OrderToBe) => readonly Rider<OrderMade>[],
  steps: readonly Step[] = [],
): Promise<{ order: repo.OrderRow; rode: number[] }> {
  const now = app.clock.now();
  // the invoice's KDV split, kept for the sales figures (issue 28); the snapshot's delivery rate when it has one
  const split = taxSplitOf({ discountAmount: order.discountAmount ?? 0, usedBonus: order.usedBonus ?? 0, deliveryCost: order.deliveryCost, taxSnapshot: order.taxSnapshot ?? null }, lines, await fallbackDeliveryRate(app, tx));
  // paid in one go unless installments say otherwise (issue 27): the card paid what the order asks
  const values = { ...order, netTotal: split.netTotal, paidTotal: order.paidTotal ?? order.needToPay + (order.installmentInterest ?? 0), publicId: newPublicId(), status: "received", createdAt: now, updatedAt: now };
  return repo.insertOrder(
    tx,
    istanbulParts(now).year,
    values,
    lines,
    split.rates.map((r) => ({ rateBp: r.rateBp, net: r.net, tax: r.tax })),
    { fromStatus: null, toStatus: "received", actor, reason: "", at: now },
    ridersFor(repo.rowToBe(values)),
    steps,
  );
}

/**
 * Moves an order to a new status under a row lock, recording who, when and why. Illegal moves are refused.
 * Runs in the given transaction (so callers can release stock or refund in the same unit of work) or its own.
 * `expectFrom` narrows the statuses the move may start from; it is checked after the lock is taken, so a
 * check like 'not baking yet' cannot be overtaken by a concurrent move (throws UnexpectedStatus).
 */
export async function transition(
  app: AppContext,
  orderId: number,
  to: OrderStatus,
  actor: string,
  reason = "",
  tx?: DbOrTx,
  opts: { expectFrom?: readonly OrderStatus[] } = {},
): Promise<{ from: OrderStatus; order: repo.OrderRow }> {
  const run = async (t: DbOrTx) => {
    const order = await repo.lockOrder(t, orderId);
    if (!order) throw new OrderNotFound(String(orderId));
    const from = order.status;
    if (!isOrderStatus(from) || !canTransition(from, to)) throw new IllegalTransition(from, to);
    if (opts.expectFrom && !opts.expectFrom.includes(from)) throw new UnexpectedStatus(from, to);
    const now = app.clock.now();
    await repo.updateOrder(t, orderId, { status: to, updatedAt: now });
    await repo.insertEvent(t, { orderId, fromStatus: from, toStatus: to, actor, reason, at: now });
    // SPEC §6: points are earned on delivered orders, credited within a week by a job (idempotent per order)
    if (to === "delivered") {
      await loyalty.scheduleEarn(app, t, { id: order.id, userId: order.userId, paidForProducts: order.needToPay - order.deliveryCost });
    }
    // issue 26 §2: the e-Arşiv invoice is issued (or cancelled / returned) with the status change, in its transaction
    await invoices.onOrderStatus(app, t, order, from, to, () => repo.linesOf(t, [orderId]));
    return { from, order: { ...order, status: to, updatedAt: now } };
  };
  return tx ? run(tx) : app.db.transaction((t) => run(t));
}

// ---------------------------------------------------------------- cancellation (the flow: flows/cancel-order.ts)

export interface CancelOptions {
  /** Who cancels: 'member:12', 'staff:3', 'system'. */
  actor: string;
  reason?: string;
  /** Statuses the order may be cancelled from, checked under the row lock (e.g. ['received'] for members). */
  expectFrom?: readonly OrderStatus[];
  /** More work in the cancel's transaction (e.g. the staff area's audit entry and the customer's mail). */
  inTx?: (tx: DbOrTx, cancelled: repo.OrderRow, from: OrderStatus) => Promise<void>;
}

export type RefundState =
  /** Nothing was charged (fully paid with points or a code): nothing to give back. */
  | { status: "none" }
  | { status: "refunded"; amount: number }
  /** Not confirmed yet (provider unreachable or answer unknown): the refund job and payment reconcile finish it. */
  | { status: "pending"; message: string };

export interface Cancelled {
  order: repo.OrderRow;
  refund: RefundState;
}

/** Whether a cancelled order has a card payment to give back. */
export const needsRefund = (o: repo.OrderRow) => Boolean(o.paymentRef) && o.needToPay > 0;

/** A cancelled order whose refund the provider confirmed becomes 'refunded' (once; under the row lock). */
export async function markRefunded(app: AppContext, orderId: number, refundedTotal: number, actor: string, reason: string): Promise<repo.OrderRow | null> {
  return app.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, orderId);
    if (!locked || locked.status !== "cancelled") return locked ?? null;
    await repo.updateOrder(tx, orderId, { refundedAmount: refundedTotal });
    return (await transition(app, orderId, "refunded", actor, reason, tx)).order;
  });
}

export const getById = (app: AppContext, id: number) => repo.findById(app.db, id);
export const getByPublicId = (app: AppContext, publicId: string) => repo.findByPublicId(app.db, publicId);
export const getByNumber = (app: AppContext, n: string) => repo.findByNumber(app.db, n);
export const getByPaymentRef = (app: AppContext, paymentRef: string) => repo.findByPaymentRef(app.db, paymentRef);
export const getByBasket = (db: DbOrTx, basketId: number) => repo.findByBasket(db, basketId);
export const listForUser = (app: AppContext, userId: number, email?: string) => repo.listByUser(app.db, userId, email);
export const linesOf = (app: AppContext, orderIds: number[]) => repo.linesOf(app.db, orderIds);
/** An order's lines in the caller's transaction. */
export const linesIn = (tx: DbOrTx, orderId: number) => repo.linesOf(tx, [orderId]);
export const eventsOf = (app: AppContext, orderId: number) => repo.eventsOf(app.db, orderId);
/** Orders that hold production capacity on a ready date (for the delivery engine). */
export const bookedCount = (app: AppContext, readyDate: string) => repo.countForReadyDate(app.db, readyDate);
/**
 * A ready date's production capacity, for the hold (issue 24): `capacityLockSql` is the date's lock (a
 * transaction-scoped advisory lock: other placements and holds for that date wait until the caller's transaction
 * ends) as an SQL expression for a statement of that transaction to take (the hold's stock statement carries it,
 * one round trip less); `countLocked`, in a later statement of it, answers the date's orders plus `alsoCount` (a
 * scalar SQL count, such as the checkout's live holds of the date) from one snapshot — taken after the lock was
 * granted, so it sees every placement that finished while this one waited.
 */
export const capacityLockSql = (readyDate: string): SQL => repo.readyDateLockSql(readyDate);
export const countLocked = (tx: DbOrTx, readyDate: string, alsoCount?: SQL): Promise<number> => repo.countForReadyDate(tx, readyDate, alsoCount);
/** Orders per ready date from `fromDate` to `toDate` inclusive ('YYYY-MM-DD' → count; days without orders absent), one query. */
export const bookedCounts = (app: AppContext, fromDate: string, toDate: string) => repo.countByReadyDate(app.db, fromDate, toDate);
/** Units sold per product since each given instant (null: all time); used by the catalogue's top five. */
export const unitsSoldByProduct = (app: AppContext, since: (Date | null)[]) => repo.unitsSoldByProduct(app.db, since);

/** Product ids bought together with these in past orders, best first (basket suggestions). */
export const boughtTogether = (app: AppContext, productIds: number[], limit = 12) => repo.boughtTogether(app.db, productIds, limit);

// ---------------------------------------------------------------- the staff desk (issue 12, orders/desk.ts)

export type { OrderSearch, BakeLine, OrderNoteRow } from "./desk";
/** One page of orders for the management list, and the number matching. */
export const search = (app: AppContext, f: desk.OrderSearch) => desk.searchOrders(app.db, f);
export const countByStatus = (app: AppContext) => desk.countByStatus(app.db);
/** Every order matching the list's filters, at most `limit`, and the number matching (bulk work, CSV). */
export const matching = (app: AppContext, f: Omit<desk.OrderSearch, "page" | "pageSize">, limit: number) => desk.matchingOrders(app.db, f, limit);
/** What to bake on a ready date (units per product, variant and package; open orders). */
export const bakeList = (app: AppContext, readyDate: string) => desk.bakeList(app.db, readyDate);
/** Open door-delivery orders of a ready date, by slot. */
export const doorDeliveries = (app: AppContext, readyDate: string) => desk.doorDeliveries(app.db, readyDate);
export const dayOrders = (app: AppContext, readyDate: string) => desk.dayOrders(app.db, readyDate);
/** Orders placed signed in as `userId` or as a guest with `email`. */
export const ordersOfPerson = (app: AppContext, userId: number, email: string) => desk.ordersOfPerson(app.db, userId, email);
/** Carrier and tracking number, in the caller's transaction. */
export const setShipment = (app: AppContext, tx: DbOrTx, orderId: number, s: { carrier: string | null; trackingNumber: string | null }) =>
  desk.setShipment(tx, orderId, s, app.clock.now());
/** Books the payment module's refunded total on the order, in the caller's transaction. */
export const setRefunded = (app: AppContext, tx: DbOrTx, orderId: number, refundedTotal: number) => desk.setRefunded(tx, orderId, refundedTotal, app.clock.now());
/** KVKK erasure of a person's orders, keeping the invoice fields (docs/decisions/0004); in the caller's transaction. */
export const phonesOfPerson = (tx: DbOrTx, userId: number, email: string) => desk.phonesOfPerson(tx, userId, email);
export const anonymise = (app: AppContext, tx: DbOrTx, person: { userId: number; email: string }, replacementEmail: string) =>
  desk.anonymise(tx, person, replacementEmail, app.clock.now());
/** Staff notes on an order (issue 28): written in the caller's transaction; read by the management area only. */
export const addStaffNote = (app: AppContext, tx: DbOrTx, orderId: number, body: string, actor: string) => desk.addNote(tx, { orderId, body, actor, at: app.clock.now() });
export const staffNotesOf = (app: AppContext, orderId: number) => desk.notesOf(app.db, orderId);
/** Locks an order row in the caller's transaction (status checks before a change). */
export const lock = (tx: DbOrTx, orderId: number) => repo.lockOrder(tx, orderId);

/** Orders placed so far (every process sees the same figure): the metrics' `shop_orders_placed_total`. */
export async function countPlaced(app: AppContext): Promise<number> {
  const r = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
  return (r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------- sales figures (issue 28 §3)

/** The sales figures' SQL aggregates (orders/figures.ts). */
export * as figures from "./figures";
/** Stores the KDV split of orders placed before it was kept; returns how many it filled. */
export { fillMissingTaxSplits } from "./tax-split";
