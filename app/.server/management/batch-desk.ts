import type { AppContext } from "../context";
import { deliveryLabel } from "~/shared/delivery-label";
import * as audit from "../audit/service";
import * as catalog from "../catalog/service";
import * as orders from "../orders/service";
import { formatPhone } from "../printing/service";
import { changeStatus, type Staff } from "./service";
import { csvAmount, csvDate, csvDocument } from "./csv";
import { BULK_MAX, bulkItems, CSV_MAX, nextMove, type BulkItem, type BulkResult } from "~/shared/batch";
import { isOrderStatus } from "~/shared/order-status";
import { giftReason } from "~/shared/gift";
import { formatDateTimeTr, parseOrderFilter, statusLabel, type OrderFilter } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { batchTr } from "~/shared/texts/batch.tr";

/**
 * Batch work of the staff desk (issue 28 §1): many orders moved to their next status together, and CSV
 * exports of the order list and the production list. Each order of a bulk change goes through the same
 * `changeStatus` as the order page (state machine, mail, audit line, one transaction per order): one refusal
 * is reported for that order and the others go on.
 */

const B = batchTr.bulk;

const searchOf = (f: OrderFilter) => ({ ...f, cityId: /^\d+$/.test(f.city) ? Number(f.city) : 0 });

/** The orders 'all that match the filter' stands for, with the status each has now; refused above BULK_MAX. */
export async function matchingItems(app: AppContext, f: OrderFilter): Promise<{ ok: true; items: BulkItem[] } | { ok: false; message: string }> {
  const { rows, total } = await orders.matching(app, searchOf(f), BULK_MAX);
  if (total > BULK_MAX) return { ok: false, message: fmt(B.tooMany, { total, max: BULK_MAX }) };
  return { ok: true, items: rows.map((o) => ({ orderNumber: o.orderNumber, seen: null })) };
}

/** Moves each order to its next status, one after the other; every order gets its own answer. */
export async function bulkAdvance(app: AppContext, staff: Staff, items: readonly BulkItem[]): Promise<{ results: BulkResult[]; moved: number; refused: number }> {
  const results: BulkResult[] = [];
  for (const item of items.slice(0, BULK_MAX)) results.push(await advanceOne(app, staff, item));
  const moved = results.filter((r) => r.ok).length;
  return { results, moved, refused: results.length - moved };
}

async function advanceOne(app: AppContext, staff: Staff, { orderNumber, seen }: BulkItem): Promise<BulkResult> {
  const refuse = (from: string, message: string): BulkResult => ({ orderNumber, ok: false, from, to: null, message });
  try {
    const order = await orders.getByNumber(app, orderNumber);
    if (!order) return refuse("", B.notFound);
    // moved by someone else since the list was shown: left alone (the order page shows what happened)
    if (seen && seen !== order.status) return refuse(order.status, fmt(B.changedMeanwhile, { status: statusLabel(order.status) }));
    const from = seen ?? order.status;
    const to = nextMove(from, order.deliveryType);
    if (!to || !isOrderStatus(from)) return refuse(order.status, fmt(B.noNext, { status: statusLabel(from) }));
    // shipped needs the carrier and tracking number, which only the order page asks for
    if (to === "shipped" && !(order.carrier && order.trackingNumber)) return refuse(order.status, B.needsTracking);
    const r = await changeStatus(app, staff, orderNumber, {
      to,
      from,
      reason: "",
      carrier: order.carrier ?? "",
      trackingNumber: order.trackingNumber ?? "",
      confirm: false,
    });
    return r.ok ? { orderNumber, ok: true, from, to, message: fmt(B.moved, { from: statusLabel(from), to: statusLabel(to) }) } : refuse(order.status, r.message);
  } catch (err) {
    // an unexpected failure of one order: logged, reported for that order, the batch goes on
    app.log.error({ err, orderNumber }, "bulk status change failed for one order");
    return refuse("", B.failed);
  }
}

// ─── CSV ────────────────────────────────────────────────────────────────────────────────────────

const C = batchTr.csv;
const P = batchTr.print;
const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/** The filtered orders as CSV (every match, not one page); the export is written to the audit log. */
export async function ordersCsv(app: AppContext, staff: Staff, f: OrderFilter): Promise<{ ok: true; filename: string; body: string; count: number } | { ok: false; message: string }> {
  const { rows, total } = await orders.matching(app, searchOf(f), CSV_MAX);
  if (total > CSV_MAX) return { ok: false, message: fmt(C.tooMany, { total, max: CSV_MAX }) };
  const lines = await orders.linesOf(
    app,
    rows.map((o) => o.id),
  );
  const byOrder = new Map<number, string[]>();
  for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), `${l.quantity} × ${l.name}${l.packageContent ? ` (${l.packageContent})` : ""}`]);
  const body = csvDocument(
    C.orderHeader,
    rows.map((o) => {
      const a = (o.address ?? {}) as Record<string, unknown>;
      const single = a.isSingleAddress === 1 || a.isSingleAddress === "1";
      const gift = giftReason(o);
      return [
        o.orderNumber,
        formatDateTimeTr(o.createdAt.toISOString()),
        csvDate(o.readyDate),
        statusLabel(o.status),
        deliveryLabel(o),
        o.deliveryDetails,
        o.estimatedDelivery ? csvDate(o.estimatedDelivery) : "",
        text(a.delFullName),
        formatPhone(text(a.delPhoneNumber)),
        [text(a.delNeighName), text(a.delAddress)].filter(Boolean).join(", "),
        text(a.delCountyName),
        text(a.delCityName),
        text(a.firmName) || (single ? text(a.delFullName) : text(a.invFullName)),
        o.email,
        (byOrder.get(o.id) ?? []).join("; "),
        csvAmount(o.productTotal),
        csvAmount(o.deliveryCost),
        csvAmount(o.discountAmount),
        csvAmount(o.usedBonus),
        csvAmount(o.needToPay),
        o.promoCode ?? "",
        o.carrier ?? "",
        o.trackingNumber ?? "",
        gift === "note" ? `${C.yes} (${P.giftByNote})` : gift === "recipient" ? `${C.yes} (${P.giftByRecipient})` : C.no,
      ];
    }),
  );
  await audit.record(app, app.db, { actor: staff.actor, action: "orders.export", entity: "order", after: { filter: f, count: rows.length } });
  const stamp = app.clock.now().toISOString().slice(0, 16).replace(/[-:T]/g, "");
  return { ok: true, filename: `siparisler-${stamp}.csv`, body, count: rows.length };
}

/** What to bake on a ready date as CSV (the production board's list). */
export async function productionCsv(app: AppContext, day: string): Promise<{ filename: string; body: string }> {
  const bake = await orders.bakeList(app, day);
  const products = new Map((await catalog.getProducts(app, [...new Set(bake.map((b) => b.productId))])).map((p) => [p.id, p]));
  const body = csvDocument(
    C.productionHeader,
    bake.map((b) => [
      csvDate(day),
      b.productId,
      b.name,
      products.get(b.productId)?.variants.find((v) => v.code === b.variant)?.name ?? b.variant,
      b.packageContent,
      b.units,
      b.orders,
    ]),
  );
  return { filename: `uretim-${day}.csv`, body };
}

// ─── the bulk form ──────────────────────────────────────────────────────────────────────────────

/**
 * The orders a bulk form stands for: the ticked ones ('o.<number>' = the status seen), or with `all=1` every
 * order matching the filter fields the form carries (the list's query string).
 */
export async function bulkTargets(app: AppContext, form: FormData): Promise<{ ok: true; items: BulkItem[] } | { ok: false; message: string }> {
  if (form.get("all") === "1") {
    const params = new URLSearchParams();
    for (const [k, v] of form) if (typeof v === "string" && !k.startsWith("o.") && k !== "_csrf" && k !== "intent" && k !== "all") params.set(k, v);
    return matchingItems(app, parseOrderFilter(params));
  }
  const items = bulkItems(form);
  return items.length ? { ok: true, items } : { ok: false, message: B.noneSelected };
}

/** One bulk request: resolve the targets and move them (the page's form without JavaScript, or one chunk). */
export async function bulkFromForm(app: AppContext, staff: Staff, form: FormData): Promise<BulkAnswer> {
  const targets = await bulkTargets(app, form);
  if (!targets.ok) return { ok: false, message: targets.message, results: [], moved: 0, refused: 0 };
  const r = await bulkAdvance(app, staff, targets.items);
  return { ok: true, message: fmt(B.done, { moved: r.moved, refused: r.refused }), ...r };
}

export interface BulkAnswer {
  ok: boolean;
  message: string;
  results: BulkResult[];
  moved: number;
  refused: number;
}
