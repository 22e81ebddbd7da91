import { data, redirect } from "react-router";
import { refusal as refused } from "../http/refuse";
import { installmentRows } from "~/shared/installments";
import type { AppContext, RequestContext } from "../context";
import * as accounts from "../accounts/service";
import * as audit from "../audit/service";
import * as catalog from "../catalog/service";
import * as checkout from "../checkout/service";
import * as contact from "../contact/service";
import * as delivery from "../delivery/service";
import * as geo from "../geo/service";
import * as invoices from "../invoices/service";
import * as loyalty from "../loyalty/service";
import * as notes from "../notes/service";
import * as orders from "../orders/service";
import { cancelOrder as cancelOrderFlow } from "../flows/cancel-order";
import * as payments from "../payments/service";
import * as promos from "../promos/service";
import * as sms from "../sms/service";
import * as mails from "./mails";
import { failed, ok, type Outcome, type Staff } from "./outcome";
import { safeReturnUrl } from "~/shared/account";
import { addDays, istanbulDate } from "~/shared/clock";
import { detailsText } from "~/shared/delivery-choice";
import { isVipOption } from "~/shared/delivery-label";
import { formatAmount } from "~/shared/money";
import { isOrderStatus, TRANSITIONS, type OrderStatus } from "~/shared/order-status";
import {
  AUDIT_PAGE_SIZE,
  can,
  CUSTOMERS_PAGE_SIZE,
  isStaffRole,
  ORDERS_PAGE_SIZE,
  sectionsFor,
  staffMoves,
  type Capability,
  type OrderFilter,
  type StaffRole,
  type StatusChange,
} from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import * as mail from "../mail/service";
import * as consent from "../consent/service";

/**
 * The staff area /management (issue 12). Every loader and action starts with `guard` (or `staffAction`),
 * which answers a visitor with the sign-in redirect, a customer with 404 and a staff member without the
 * capability with 403. Every change writes an audit entry in the change's own transaction.
 */

const N = managementTr.notices;

export type { Outcome, Staff } from "./outcome";

/** Thrown answers of the guard; the area's error boundary tells them apart by `reason`. */
export const notFound = () => data({ reason: "notFound" as const }, { status: 404 });
const forbidden = () => data({ reason: "forbidden" as const }, { status: 403 });

/**
 * The guard of every management loader and action. Not signed in (or the short staff session ended): the
 * sign-in page, coming back here. A customer: 404, as if the area did not exist. A staff member without
 * `capability`: 403 ('yetkiniz yok').
 */
export async function guard(ctx: Pick<RequestContext, "app">, request: Request, capability: Capability): Promise<Staff> {
  const session = await accounts.getSession(ctx.app, request);
  const user = session.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth/login?returnUrl=${encodeURIComponent(safeReturnUrl(url.pathname + url.search))}`);
  }
  if (!isStaffRole(user.role)) throw notFound();
  if (!can(user.role, capability)) throw forbidden();
  return { id: user.id, name: user.name, email: user.email, role: user.role, actor: `staff:${user.id}` };
}

/**
 * An action's start: the guard, the form and its CSRF check (a failed check answers 403 'csrf'). The
 * capability may depend on the form (one action, several intents).
 */
export async function staffAction(
  ctx: Pick<RequestContext, "app">,
  request: Request,
  capability: Capability | ((form: FormData) => Capability),
): Promise<{ staff: Staff; form: FormData }> {
  const staff = await guard(ctx, request, typeof capability === "string" ? capability : "area.enter");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // a body over the route's limit (limitBody) or not a form at all
    throw refused({ reason: "tooLarge" as const }, 413);
  }
  // each field once: a repeated one would be read as its last copy by one check and its first by another
  const repeated = repeatedField(form);
  if (repeated) throw refused({ reason: "repeated" as const, field: repeated }, 400);
  if (typeof capability === "function" && !can(staff.role, capability(form))) throw forbidden();
  try {
    await accounts.verifyCsrf(ctx, request, form);
  } catch {
    throw refused({ reason: "csrf" as const }, 403);
  }
  return { staff, form };
}

/** The first field name a form carries more than once (staff forms send each field once), or null. */
export function repeatedField(form: FormData): string | null {
  const seen = new Set<string>();
  for (const key of form.keys()) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return null;
}

/**
 * A request whose body may be at most `maxBytes` (uploads): a larger declared length is refused at once, a
 * longer stream stops being read there (staffAction then answers 413).
 */
export function limitBody(request: Request, maxBytes: number): Request {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw refused({ reason: "tooLarge" as const }, 413);
  if (!request.body) return request;
  let seen = 0;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new RangeError("body too large"));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal, duplex: "half" } as RequestInit);
}

const actorOf = (staff: Staff): accounts.Actor => ({ userId: staff.id, actor: staff.actor });

/** The area's shell: who is signed in and the sections of their menu. */
export function shell(app: AppContext, staff: Staff) {
  return {
    name: staff.name,
    role: staff.role,
    sections: sectionsFor(staff.role).map((s) => ({ key: s.key, path: s.path })),
    idleMinutes: app.config.session.staffIdleMinutes,
  };
}

// ─── people in the log ──────────────────────────────────────────────────────────────────────────

/** Readable names for actors ('staff:3' → the staff member's name; members, guests, the system). */
export async function actorNames(app: AppContext, actors: string[]): Promise<Record<string, string>> {
  const ids = [...new Set(actors.map((a) => /^staff:(\d+)$/.exec(a)?.[1]).filter((x): x is string => Boolean(x)).map(Number))];
  const names = await accounts.namesOf(app, ids);
  const A = managementTr.actors;
  const out: Record<string, string> = {};
  for (const a of actors) {
    const staff = /^staff:(\d+)$/.exec(a);
    if (staff) {
      const n = names.get(Number(staff[1]));
      out[a] = n ? `${n.name} (${n.email})` : fmt(A.staff, { id: staff[1]! });
    } else if (/^(member|user):\d+$/.test(a)) out[a] = A.customer;
    else if (a === "guest") out[a] = A.guest;
    else if (a === "cli") out[a] = A.cli;
    else out[a] = A.system;
  }
  return out;
}

// ─── summary ────────────────────────────────────────────────────────────────────────────────────

export async function summary(app: AppContext, staff: Staff) {
  const today = istanbulDate(app.clock.now());
  if (!can(staff.role, "orders.view")) return { today, counts: null, readyToday: null };
  const [counts, readyToday] = await Promise.all([orders.countByStatus(app), orders.bookedCount(app, today)]);
  return { today, counts, readyToday };
}

// ─── orders ─────────────────────────────────────────────────────────────────────────────────────

export async function orderList(app: AppContext, f: OrderFilter) {
  const cityId = /^\d+$/.test(f.city) ? Number(f.city) : 0;
  const [{ rows, total }, cities] = await Promise.all([
    orders.search(app, { ...f, cityId, pageSize: ORDERS_PAGE_SIZE }),
    geo.listCities(app),
  ]);
  return {
    total,
    pages: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)),
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
    rows: rows.map((o) => {
      const a = (o.address ?? {}) as Record<string, unknown>;
      return {
        orderNumber: o.orderNumber,
        status: o.status,
        placedAt: o.createdAt.toISOString(),
        readyDate: o.readyDate,
        deliveryType: o.deliveryType,
        deliveryOption: o.deliveryOption,
        deliveryDetails: o.deliveryDetails,
        customer: String(a.delFullName ?? a.invFullName ?? ""),
        email: o.email,
        city: String(a.delCityName ?? ""),
        needToPay: o.needToPay,
      };
    }),
  };
}

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

function addressView(raw: unknown) {
  const a = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const delivery = {
    name: str(a.delFullName),
    address: str(a.delAddress),
    area: [str(a.delNeighName), str(a.delCountyName), str(a.delCityName)].filter(Boolean).join(", "),
    phone: str(a.delPhoneNumber),
  };
  const single = a.isSingleAddress === 1 || a.isSingleAddress === "1";
  const invoice = single
    ? null
    : {
        name: str(a.invFullName),
        address: str(a.invAddress),
        area: [str(a.invNeighName), str(a.invCountyName), str(a.invCityName)].filter(Boolean).join(", "),
        phone: str(a.invPhoneNumber),
      };
  const corporate = a.type === "Corporate" || str(a.firmName) ? { firm: str(a.firmName), office: str(a.taxAuthority), tid: str(a.TID) } : null;
  return { delivery, invoice, corporate };
}

/** Everything the order page shows, or null for an unknown number. */
export async function orderDetail(app: AppContext, staff: Staff, orderNumber: string) {
  const order = await orders.getByNumber(app, orderNumber);
  if (!order) return null;
  const [lines, events, payment, config, auditRows] = await Promise.all([
    orders.linesOf(app, [order.id]),
    orders.eventsOf(app, order.id),
    order.paymentRef ? payments.getPayment(app, order.paymentRef) : Promise.resolve(null),
    delivery.getConfig(app),
    audit.list(app, { entity: "order", entityId: String(order.id), limit: 100 }),
  ]);
  const attempts = payment ? await payments.attemptsOfOrder(app, payment.orderRef) : [];
  const earsiv = await invoices.forOrder(app, order.id);
  const products = new Map((await catalog.getProducts(app, [...new Set(lines.map((l) => l.productId))])).map((p) => [p.id, p]));
  const trackingUrl = order.carrier && order.trackingNumber ? await delivery.trackingUrl(app, order.carrier, order.trackingNumber) : null;
  const status = isOrderStatus(order.status) ? order.status : null;
  const moves = status ? staffMoves(TRANSITIONS[status], order.deliveryType) : [];
  const canCancel = status ? TRANSITIONS[status].includes("cancelled") : false;
  const refundable = payment && payment.status === "succeeded" && order.status !== "cancelled" && order.status !== "refunded" ? payment.amount - payment.refundedAmount : 0;
  const timeline = [
    ...events.map((e) => ({ at: e.at.toISOString(), kind: "status" as const, from: e.fromStatus, to: e.toStatus, actor: e.actor, text: e.reason })),
    ...auditRows
      .filter((r) => r.action === "order.shipment" || r.action === "order.refund")
      .map((r) => ({ at: r.at.toISOString(), kind: r.action, from: null, to: null, actor: r.actor, text: describeAudit(r.action, r.after) })),
  ].sort((x, y) => x.at.localeCompare(y.at));
  const names = await actorNames(app, timeline.map((t) => t.actor));
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      publicId: order.publicId,
      status: order.status,
      placedAt: order.createdAt.toISOString(),
      readyDate: order.readyDate,
      estimatedDelivery: order.estimatedDelivery,
      deliveryType: order.deliveryType,
      deliveryOption: order.deliveryOption,
      deliveryDetails: detailsText({ deliveryDetails: order.deliveryDetails, locationName: order.pickupPlace }),
      email: order.email,
      member: order.userId !== null,
      userId: order.userId,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl,
      giftNote: order.giftNote,
      mediaLink: order.mediaLink,
      promoCode: order.promoCode,
      productTotal: order.productTotal,
      deliveryCost: order.deliveryCost,
      discountAmount: order.discountAmount,
      usedBonus: order.usedBonus,
      needToPay: order.needToPay,
      refundedAmount: payment?.refundedAmount ?? order.refundedAmount,
      // installments (issue 27): count, the bank's interest and what the card paid
      installments: installmentRows(order),
      installmentCount: order.installmentCount,
      installmentInterest: order.installmentInterest,
      paidTotal: order.paidTotal,
    },
    address: addressView(order.address),
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      name: l.name,
      variant: products.get(l.productId)?.variants.find((v) => v.code === l.variant)?.name ?? l.variant,
      packageContent: l.packageContent,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineTotal: l.unitPrice * l.quantity,
    })),
    payment: payment
      ? {
          status: payment.status,
          amount: payment.amount,
          refundedAmount: payment.refundedAmount,
          card: `${payment.card.type} **** ${payment.card.lastFour ?? ""}${payment.card.bankName ? ` (${payment.card.bankName})` : ""}`,
          holder: payment.cardHolder,
        }
      : null,
    attempts: attempts.map((a) => ({
      id: a.id,
      kind: a.kind,
      status: a.status,
      amount: a.amount,
      message: a.errorMessage ?? "",
      at: a.createdAt.toISOString(),
    })),
    timeline: timeline.map((t) => ({ ...t, actor: names[t.actor] ?? t.actor })),
    moves,
    canCancel,
    refundable,
    carriers: config.carriers.map((c) => ({ code: c.code, name: c.name })),
    may: { change: can(staff.role, "orders.change"), refund: can(staff.role, "orders.refund") },
    print: { invoice: `/printinvoice/${order.publicId}`, note: order.giftNote || order.mediaLink ? `/printnote/${order.publicId}` : null },
    // issue 26 §2: the order's e-Arşiv invoices and where they are with the provider (queued ones until sent)
    earsiv: {
      url: earsiv.length ? `/efatura/${order.publicId}` : null,
      invoices: earsiv.map((i) => ({ number: i.number, kind: i.kind, status: i.status, total: i.total, issuedAt: i.issuedAt.toISOString(), lastError: i.status === "queued" ? i.lastError : null })),
    },
  };
}

function describeAudit(action: string, after: unknown): string {
  const a = (after ?? {}) as Record<string, unknown>;
  if (action === "order.shipment") return `${str(a.carrier)} ${str(a.trackingNumber)}`.trim();
  if (action === "order.refund") return `${typeof a.amount === "number" ? formatAmount(a.amount) : ""} ${str(a.reason)}`.trim();
  return "";
}

const statusText = (s: string) => (managementTr.moves as Record<string, string>)[s] ?? s;

function refusal(err: unknown): Outcome | null {
  if (err instanceof orders.UnexpectedStatus) return failed(N.changedMeanwhile);
  if (err instanceof orders.IllegalTransition) return failed(fmt(N.illegal, { from: statusText(err.from), to: statusText(err.to) }));
  if (err instanceof orders.OrderNotFound) return failed(managementTr.errors.notFoundBody);
  return null;
}

/**
 * A status change from the order page through the state machine: shipped needs a known carrier and a
 * tracking number; out for delivery and ready for pickup set the carrier the member area reads (Adrese,
 * Elden); cancel goes through the cancel-order flow. The customer's mail and the audit entry are written in the
 * change's transaction. `change.from` is the status the staff member saw: a change in between is refused.
 */
export async function changeStatus(app: AppContext, staff: Staff, orderNumber: string, change: StatusChange & { from?: OrderStatus }): Promise<Outcome> {
  const order = await orders.getByNumber(app, orderNumber);
  if (!order || !isOrderStatus(order.status)) return failed(managementTr.errors.notFoundBody);
  const from = change.from ?? order.status;
  if (change.to === "cancelled") return cancelOrder(app, staff, order, from, change.reason);
  if (!staffMoves(TRANSITIONS[from], order.deliveryType).includes(change.to)) {
    return failed(fmt(N.illegal, { from: statusText(from), to: statusText(change.to) }));
  }
  let shipment: { carrier: string | null; trackingNumber: string | null } | null = null;
  let trackingUrl: string | null = null;
  if (change.to === "shipped") {
    const carrier = (await delivery.getConfig(app)).carriers.find((c) => c.code === change.carrier || c.name === change.carrier);
    if (!carrier) return failed(managementTr.validation.carrierUnknown, { carrier: managementTr.validation.carrierUnknown });
    shipment = { carrier: carrier.name, trackingNumber: change.trackingNumber };
    trackingUrl = await delivery.trackingUrl(app, carrier.code, change.trackingNumber);
  } else if (change.to === "outfordelivery") shipment = { carrier: "Adrese", trackingNumber: null };
  else if (change.to === "collected") shipment = { carrier: "Elden", trackingNumber: null };
  try {
    await app.db.transaction(async (tx) => {
      // the shipment first: the e-Arşiv invoice issued by the status change names the carrier (issue 26 §2)
      if (shipment) await orders.setShipment(app, tx, order.id, shipment);
      const moved = await orders.transition(app, order.id, change.to, staff.actor, change.reason, tx, { expectFrom: [from] });
      const after = { ...moved.order, ...(shipment ?? {}) };
      await audit.record(app, tx, {
        actor: staff.actor,
        action: "order.status",
        entity: "order",
        entityId: order.id,
        before: { orderNumber: order.orderNumber, status: moved.from, carrier: order.carrier, trackingNumber: order.trackingNumber },
        after: { orderNumber: order.orderNumber, status: change.to, carrier: after.carrier, trackingNumber: after.trackingNumber, reason: change.reason },
      });
      if (change.to === "shipped") await mails.shippedMail(app, tx, after, after.carrier!, after.trackingNumber!, trackingUrl);
      if (change.to === "outfordelivery") await mails.outForDeliveryMail(app, tx, after);
      if (change.to === "collected") await mails.readyForPickupMail(app, tx, after);
      await sms.orderStatusSms(tx, after, change.to, trackingUrl);
    });
  } catch (err) {
    const r = refusal(err);
    if (r) return r;
    throw err;
  }
  return ok(fmt(N.statusChanged, { status: statusText(change.to) }));
}

async function cancelOrder(app: AppContext, staff: Staff, order: orders.OrderRow, from: OrderStatus, reason: string): Promise<Outcome> {
  let done: orders.Cancelled;
  try {
    done = await cancelOrderFlow(app, order.id, {
      actor: staff.actor,
      reason,
      expectFrom: [from],
      inTx: async (tx, cancelled, was) => {
        await audit.record(app, tx, {
          actor: staff.actor,
          action: "order.cancel",
          entity: "order",
          entityId: order.id,
          before: { orderNumber: order.orderNumber, status: was },
          after: { orderNumber: order.orderNumber, status: "cancelled", reason },
        });
        await mails.cancelledMail(app, tx, cancelled, reason, Boolean(cancelled.paymentRef) && cancelled.needToPay > 0);
      },
    });
  } catch (err) {
    const r = refusal(err);
    if (r) return r;
    throw err;
  }
  if (done.refund.status === "refunded") return ok(N.cancelledRefunded);
  if (done.refund.status === "pending") return ok(N.cancelledRefundPending);
  return ok(N.cancelled);
}

/** Corrects the carrier or tracking number of a shipped order; the customer gets the shipped mail again. */
export async function updateShipment(app: AppContext, staff: Staff, orderNumber: string, s: { carrier: string; trackingNumber: string }): Promise<Outcome> {
  const order = await orders.getByNumber(app, orderNumber);
  if (!order) return failed(managementTr.errors.notFoundBody);
  const carrier = (await delivery.getConfig(app)).carriers.find((c) => c.code === s.carrier || c.name === s.carrier);
  if (!carrier) return failed(managementTr.validation.carrierUnknown, { carrier: managementTr.validation.carrierUnknown });
  const trackingUrl = await delivery.trackingUrl(app, carrier.code, s.trackingNumber);
  const r = await app.db.transaction(async (tx) => {
    const locked = await orders.lock(tx, order.id);
    if (!locked || locked.status !== "shipped") return failed(fmt(N.illegal, { from: statusText(locked?.status ?? ""), to: statusText("shipped") }));
    if (locked.carrier === carrier.name && locked.trackingNumber === s.trackingNumber) return ok(N.shipmentUpdated);
    await orders.setShipment(app, tx, order.id, { carrier: carrier.name, trackingNumber: s.trackingNumber });
    await audit.record(app, tx, {
      actor: staff.actor,
      action: "order.shipment",
      entity: "order",
      entityId: order.id,
      before: { orderNumber: order.orderNumber, carrier: locked.carrier, trackingNumber: locked.trackingNumber },
      after: { orderNumber: order.orderNumber, carrier: carrier.name, trackingNumber: s.trackingNumber },
    });
    await mails.shippedMail(app, tx, { ...locked, carrier: carrier.name, trackingNumber: s.trackingNumber }, carrier.name, s.trackingNumber, trackingUrl);
    await sms.orderStatusSms(tx, { ...locked, carrier: carrier.name, trackingNumber: s.trackingNumber }, "shipped", trackingUrl);
    return ok(N.shipmentUpdated);
  });
  return r;
}

/**
 * A partial (or, for a delivered order, full) refund through the payment provider. `key` comes from the
 * form, so a double submit refunds once. The payment module mails the customer; the order books the total
 * and becomes 'refunded' when a delivered order is refunded in full.
 */
export async function refundOrder(app: AppContext, staff: Staff, orderNumber: string, input: { amount: number; reason: string; key: string }): Promise<Outcome> {
  const order = await orders.getByNumber(app, orderNumber);
  if (!order) return failed(managementTr.errors.notFoundBody);
  if (order.status === "cancelled" || order.status === "refunded") return failed(N.refundNotAllowed);
  const payment = order.paymentRef ? await payments.getPayment(app, order.paymentRef) : null;
  if (!payment || payment.status !== "succeeded") return failed(N.noRefundable);
  const remaining = payment.amount - payment.refundedAmount;
  if (input.amount > remaining) return failed(fmt(N.refundFailed, { message: fmt(managementTr.order.refundHint, { amount: formatAmount(remaining) }) }), { amount: managementTr.validation.amount });
  if (input.amount === remaining && order.status !== "delivered") return failed(N.fullRefundUseCancel);
  const r = await payments.refund(app, { paymentId: payment.paymentId, amount: input.amount, reason: input.reason, requestedBy: staff.actor, key: `staff-refund:${order.id}:${input.key}`, orderLabel: order.orderNumber });
  if (!r.ok) return failed(fmt(N.refundFailed, { message: r.message }));
  await app.db.transaction(async (tx) => {
    const locked = await orders.lock(tx, order.id);
    if (!locked) return;
    await orders.setRefunded(app, tx, order.id, r.refundedTotal);
    if (r.remaining === 0 && locked.status === "delivered") await orders.transition(app, order.id, "refunded", staff.actor, input.reason, tx);
    await audit.record(app, tx, {
      actor: staff.actor,
      action: "order.refund",
      entity: "order",
      entityId: order.id,
      before: { orderNumber: order.orderNumber, refunded: locked.refundedAmount, status: locked.status },
      after: { orderNumber: order.orderNumber, refunded: r.refundedTotal, amount: r.amount, reason: input.reason, status: r.remaining === 0 && locked.status === "delivered" ? "refunded" : locked.status },
    });
  });
  return ok(fmt(N.refunded, { amount: formatAmount(r.amount) }));
}

// ─── production board ───────────────────────────────────────────────────────────────────────────

/**
 * The production board of a ready date: what to bake, the door-delivery route per slot, the pickups per place
 * and hour, and the parcels to hand to carriers. Every list reads the order's stored ready date and details.
 */
export async function productionBoard(app: AppContext, day: string) {
  const [bake, dayOrders, orderCount] = await Promise.all([orders.bakeList(app, day), orders.dayOrders(app, day), orders.bookedCount(app, day)]);
  const products = new Map((await catalog.getProducts(app, [...new Set(bake.map((b) => b.productId))])).map((p) => [p.id, p]));
  const lines = await orders.linesOf(app, dayOrders.map((o) => o.id));
  const stopOf = (o: orders.OrderRow) => routeStop(o, lines.filter((l) => l.orderId === o.id));
  const group = (rows: orders.OrderRow[], key: (o: orders.OrderRow) => string) => {
    const m = new Map<string, ReturnType<typeof routeStop>[]>();
    for (const o of rows) m.set(key(o), [...(m.get(key(o)) ?? []), stopOf(o)]);
    return [...m].sort(([a], [b]) => a.localeCompare(b, "tr"));
  };
  const of = (type: string) => dayOrders.filter((o) => o.deliveryType === type);
  return {
    day,
    previous: addDays(day, -1),
    next: addDays(day, 1),
    bake: bake.map((b) => ({ ...b, variant: products.get(b.productId)?.variants.find((v) => v.code === b.variant)?.name ?? b.variant })),
    totals: { units: bake.reduce((s, b) => s + b.units, 0), orders: orderCount },
    slots: group(of("Delivery"), (o) => o.deliveryDetails).map(([slot, stops]) => ({ slot, stops })),
    pickups: group(of("Store"), (o) => o.pickupPlace ?? "").map(([place, stops]) => ({ place, stops })),
    shipments: group(of("Carrier"), (o) => o.deliveryDetails).map(([carrier, stops]) => ({ carrier, stops })),
  };
}

function routeStop(o: orders.OrderRow, lines: orders.OrderLineRow[]) {
  const a = addressView(o.address).delivery;
  return {
    orderNumber: o.orderNumber,
    status: o.status,
    recipient: a.name,
    address: a.address,
    area: a.area,
    phone: a.phone,
    items: lines.map((l) => `${l.quantity} × ${l.name}`).join(", "),
    hasNote: Boolean(o.giftNote || o.mediaLink),
    /** a VIP courier slot (its window alone does not say so: a standard slot can have the same hours) */
    vip: isVipOption(o.deliveryOption),
    /** Pickup hour, time slot or carrier as stored; the delivery date promised to the buyer. */
    details: o.deliveryDetails,
    estimatedDelivery: o.estimatedDelivery,
  };
}

// ─── customers ──────────────────────────────────────────────────────────────────────────────────

export async function customerList(app: AppContext, q: string, page: number) {
  const { rows, total } = await accounts.searchCustomers(app, q, page, CUSTOMERS_PAGE_SIZE);
  return { total, pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)), rows: rows.map(userView) };
}

function userView(u: accounts.UserSummary) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
    activated: Boolean(u.activatedAt),
    disabled: Boolean(u.disabledAt),
    erasedAt: u.erasedAt?.toISOString() ?? null,
  };
}

export async function customerDetail(app: AppContext, staff: Staff, userId: number) {
  const user = await accounts.userById(app, userId);
  if (!user || user.role !== "customer") return null;
  const [list, available, history] = await Promise.all([orders.ordersOfPerson(app, user.id, user.email), loyalty.available(app, user.id), loyalty.history(app, user.id)]);
  return {
    user: userView(user),
    orders: list.map((o) => ({ orderNumber: o.orderNumber, status: o.status, placedAt: o.createdAt.toISOString(), needToPay: o.needToPay })),
    points: {
      available,
      history: history.map((h) => ({ id: h.id, kind: h.kind, amount: h.amount, note: h.note ?? "", at: h.createdAt.toISOString() })),
    },
    may: {
      manage: can(staff.role, "customers.manage"),
      privacy: can(staff.role, "customers.privacy"),
      orders: can(staff.role, "orders.view"),
      points: can(staff.role, "loyalty.adjust"),
    },
  };
}

export async function resendActivation(app: AppContext, staff: Staff, userId: number, ip: string): Promise<Outcome> {
  const user = await accounts.userById(app, userId);
  if (!user || user.role !== "customer" || user.erasedAt) return failed(managementTr.errors.notFoundBody);
  if (user.activatedAt) return failed(N.alreadyActive);
  const r = await accounts.resendActivation(app, { email: user.email, ip });
  if (!r.ok) return failed(fmt(N.activationFailed, { message: r.error }));
  await audit.record(app, app.db, { actor: staff.actor, action: "customer.resendActivation", entity: "user", entityId: user.id, before: null, after: { email: user.email } });
  return ok(N.activationSent);
}

export async function setCustomerDisabled(app: AppContext, staff: Staff, userId: number, disabled: boolean): Promise<Outcome> {
  const r = await accounts.setDisabled(app, userId, disabled, actorOf(staff));
  return r.ok ? ok(r.message) : failed(r.error);
}

/** KVKK: a copy of everything the shop keeps about a customer, as one JSON document. Written to the audit log. */
export async function exportCustomer(app: AppContext, staff: Staff, userId: number): Promise<{ filename: string; body: string } | null> {
  const user = await accounts.userById(app, userId);
  if (!user || user.role !== "customer") return null;
  const [account, addresses, cards, list, points, available, messages] = await Promise.all([
    accounts.exportAccount(app, userId),
    checkout.listAddresses(app, userId),
    payments.listSavedCards(app, userId),
    orders.ordersOfPerson(app, user.id, user.email),
    loyalty.history(app, userId),
    loyalty.available(app, userId),
    contact.messagesOf(app, user.email),
  ]);
  const lines = await orders.linesOf(app, list.map((o) => o.id));
  const now = app.clock.now();
  const document = {
    exportedAt: now.toISOString(),
    controller: "Kurabiye Atölyesi",
    account,
    savedAddresses: addresses,
    savedCards: cards.map((c) => ({ cardType: c.cardTypeName, bin: c.cardBin, lastFour: c.cardLastFour, bank: c.bankName })),
    orders: list.map((o) => ({
      orderNumber: o.orderNumber,
      placedAt: o.createdAt.toISOString(),
      status: o.status,
      email: o.email,
      deliveryType: o.deliveryType,
      deliveryDetails: o.deliveryDetails,
      readyDate: o.readyDate,
      address: o.address,
      giftNote: o.giftNote,
      mediaLink: o.mediaLink,
      promoCode: o.promoCode,
      amounts: { productTotal: o.productTotal, deliveryCost: o.deliveryCost, discount: o.discountAmount, usedPoints: o.usedBonus, paid: o.needToPay, refunded: o.refundedAmount, currency: "TRY (kuruş)" },
      items: lines.filter((l) => l.orderId === o.id).map((l) => ({ productId: l.productId, name: l.name, variant: l.variant, quantity: l.quantity, unitPrice: l.unitPrice })),
    })),
    loyalty: { available, ledger: points.map((p) => ({ kind: p.kind, amount: p.amount, note: p.note, at: p.createdAt.toISOString(), expiresAt: p.expiresAt?.toISOString() ?? null })) },
    contactMessages: messages.map((m) => ({ sentAt: m.createdAt.toISOString(), name: m.name, email: m.email, findus: m.findus, newsletter: m.news, message: m.message })),
  };
  await audit.record(app, app.db, { actor: staff.actor, action: "customer.export", entity: "user", entityId: userId, before: null, after: { orders: list.length } });
  return { filename: `kvkk-${userId}-${istanbulDate(now)}.json`, body: JSON.stringify(document, null, 2) };
}

/**
 * KVKK erasure on request: the account is anonymised and deactivated, saved cards (at the provider too) and
 * addresses deleted, the person's orders keep only the invoice fields the law requires
 * (docs/decisions/0004-kvkk-erasure.md). One transaction for everything in our database.
 */
export async function eraseCustomer(app: AppContext, staff: Staff, userId: number, reason: string): Promise<Outcome> {
  const user = await accounts.userById(app, userId);
  if (!user || user.role !== "customer") return failed(managementTr.errors.notFoundBody);
  if (user.erasedAt) return failed(N.alreadyErased);
  for (const card of await payments.listSavedCards(app, userId)) await payments.deleteSavedCard(app, userId, card.cardId);
  let mailIds: number[] = [];
  let smsIds: number[] = [];
  const done = await app.db.transaction(async (tx) => {
    const phones = await orders.phonesOfPerson(tx, userId, user.email);
    const erased = await accounts.eraseAccount(app, tx, userId);
    if (!erased) return false;
    // issue 26 §4: mails queued and sent (their bodies hold name, address, phone) and the consent records
    mailIds = await mail.forgetMails(tx, erased.email, phones);
    smsIds = await sms.forgetMessages(tx, phones);
    await consent.forgetEmail(app, tx, erased.email, userId);
    await payments.forgetHookEmail(tx, erased.email, erased.replacement);
    const orderIds = await orders.anonymise(app, tx, { userId, email: erased.email }, erased.replacement);
    await checkout.forgetPerson(app, tx, userId);
    await notes.forgetForOrders(app, tx, orderIds);
    await promos.forgetEmail(tx, erased.email, erased.replacement);
    const messages = await contact.forgetEmail(tx, erased.email);
    await audit.record(app, tx, { actor: staff.actor, action: "customer.erase", entity: "user", entityId: userId, before: null, after: { reason, orders: orderIds.length, contactMessages: messages, mails: mailIds.length } });
    return true;
  });
  if (done) {
    mail.removeOutboxCopies(app, mailIds);
    sms.removeOutboxCopies(app, smsIds);
  }
  return done ? ok(N.erased) : failed(N.alreadyErased);
}

// ─── staff ──────────────────────────────────────────────────────────────────────────────────────

export async function staffList(app: AppContext) {
  return (await accounts.listStaff(app)).map(userView);
}

export async function addStaff(app: AppContext, staff: Staff, input: { email: string; name: string; role: StaffRole }): Promise<Outcome> {
  const r = await accounts.addStaff(app, input, actorOf(staff));
  return r.ok ? ok(r.message) : failed(r.error);
}

export async function changeStaffRole(app: AppContext, staff: Staff, userId: number, role: StaffRole | "customer"): Promise<Outcome> {
  const r = await accounts.changeRole(app, userId, role, actorOf(staff));
  return r.ok ? ok(r.message) : failed(r.error);
}

// ─── audit log ──────────────────────────────────────────────────────────────────────────────────

/** One page of the audit log, newest first (keyset: entries older than `beforeId`). */
export async function auditPage(app: AppContext, opts: { beforeId?: number; entity?: string; entityId?: string }) {
  const rows = await audit.list(app, { ...opts, limit: AUDIT_PAGE_SIZE + 1 });
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const names = await actorNames(app, page.map((r) => r.actor));
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: names[r.actor] ?? r.actor,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before === null ? null : JSON.stringify(r.before),
      after: r.after === null ? null : JSON.stringify(r.after),
    })),
    olderThan: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}

// ─── the second half's sections (catalogue, menu, promotions, game, delivery, site, inbox) ─────

export { catalogList, productPage, createProduct, saveProduct, saveStock, saveStorefront, uploadImage, removeImage, menuPage, saveTile } from "./catalog-desk";
export { pagesPage, saveInfoPage, resetInfoPage } from "./pages-desk";
export { promoList, promoDetail, createPromo, setPromoActive, adjustPoints } from "./promo-desk";
export { gamePage, periodPage, createPeriod, updatePeriod, addFortune, editFortune, setFortuneActive, setFollower, claimPrize, rejectWinner } from "./game-desk";
export { settingsPage, saveSettings, savePickup, saveCarrier, closedDaysPage, addClosedDay, removeClosedDay, zonePage, saveZone, saveCityMinDay } from "./delivery-desk";
export { sitePage, setMaintenance, setMessages, setCampaign, setReached, inbox, message, setMessageState } from "./site-desk";
export { installmentCampaignsText, setInstallmentCampaigns } from "./installments-desk";
