import { randomUUID } from "node:crypto";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { enqueue, type JobHandler } from "../jobs/service";
import { queueMail } from "../mail/service";
import { signedPrintUrl } from "../printing/links";
import { getSellerIdentity } from "../seller/service";
import { getSettings } from "../settings/service";
import { istanbulDate, istanbulParts } from "~/shared/clock";
import { formatInvoiceNumber, type EarsivDocument } from "~/shared/earsiv";
import { isGiftOrder } from "~/shared/gift";
import { formatAmount } from "~/shared/money";
import type { OrderStatus } from "~/shared/order-status";
import { earsivTr } from "~/shared/texts/earsiv.tr";
import { fmt } from "~/shared/texts/tr";
import { buildDocument, type LineInput, type OrderInput } from "./document";
import { localProvider } from "./local";
import { nilveraProvider } from "./nilvera";
import type { InvoiceProvider, ProviderFailure, ProviderResult } from "./provider";
import * as repo from "./repo";
import { buildEarsivXml } from "./ubl";

export type { InvoiceRow } from "./repo";

/**
 * e-Arşiv invoices (issue 26 §2).
 *
 * Issue: `onOrderStatus` is called by orders.transition inside the transaction that changes the order's status.
 * When the new status is the seller's invoicing moment (config INVOICE_MOMENT; default: handed to the carrier,
 * the courier or the buyer), it takes the next number of the series and year (a counter row locked until the
 * transaction ends: gapless, and a rolled-back or crashed transaction gives it back), builds the model, the
 * UBL-TR XML and the readable copy, stores them, and queues the provider job — all or nothing with the status
 * change, and at most one sale invoice per order (unique index, and the order row is locked by the transition).
 *
 * Send: the job hands the XML to the provider with a timeout; a failed or slow provider never blocks shipping —
 * the invoice stays 'queued' (visible to staff with its last error) and the worker retries with backoff. Once the
 * provider accepted it the buyer is mailed a link to the readable copy (a gift's invoice reaches the buyer by
 * e-mail only; the box gets the price-free slip).
 *
 * Undo (the rule we follow, decision 0036): an order cancelled before it left, within 8 days of the invoice
 * (TTK 21/2's objection period; GİB's e-Belge cancellation guide lets the issuer cancel an e-Arşiv invoice for a
 * non-e-Fatura buyer through the integrator or the portal), gets its invoice cancelled (iptal). Goods that were
 * handed over and come back (a delivered order refunded in full), or a cancellation after those 8 days, get a
 * return invoice (IADE) referring to the original. Partial refunds do not issue a document yet.
 */
export const SEND_JOB = "invoices.send";
export const CANCEL_JOB = "invoices.cancel";
const CANCEL_WINDOW_MS = 8 * 86_400_000;
const LINK_TTL_MS = 30 * 86_400_000;

export interface OrderForInvoice extends OrderInput {
  id: number;
  publicId: string;
  userId: number | null;
  giftNote: string;
  mediaLink: string;
}

// ─── providers ───────────────────────────────────────────────────────────────────────────────────

let cached: { key: string; provider: InvoiceProvider } | undefined;

export function providerFor(app: AppContext): InvoiceProvider {
  const c = app.config.invoice;
  const key = `${c.provider}|${c.nilvera.baseUrl}|${c.nilvera.apiKey ?? ""}|${c.timeoutMs}`;
  if (cached?.key === key) return cached.provider;
  const provider = c.provider === "nilvera" ? nilveraProvider({ baseUrl: c.nilvera.baseUrl, apiKey: c.nilvera.apiKey ?? "", timeoutMs: c.timeoutMs }) : localProvider();
  cached = { key, provider };
  return provider;
}

// ─── the moment ──────────────────────────────────────────────────────────────────────────────────

const HANDED_OVER: readonly OrderStatus[] = ["shipped", "outfordelivery", "collected"];

/** Whether an order moving to `to` is invoiced now, for the configured moment. */
export function isInvoiceMoment(moment: AppContext["config"]["invoice"]["moment"], to: OrderStatus): boolean {
  if (moment === "dispatched") return HANDED_OVER.includes(to);
  if (moment === "ready") return to === "ready";
  return to === "preparing";
}

/**
 * The hook in the order's state change (orders.transition), in its transaction: issues the sale invoice at the
 * invoicing moment, cancels it or issues the return invoice when the order is cancelled or refunded after it.
 * `loadLines` reads the order's lines in the same transaction (only when needed).
 */
export async function onOrderStatus(app: AppContext, tx: DbOrTx, order: OrderForInvoice, from: OrderStatus, to: OrderStatus, loadLines: () => Promise<LineInput[]>): Promise<void> {
  if (isInvoiceMoment(app.config.invoice.moment, to)) {
    await issueSale(app, tx, order, await loadLines(), handoverOf(order.deliveryType, to));
  } else if (to === "cancelled") {
    await undoSale(app, tx, order, loadLines, "cancel");
  } else if (to === "refunded" && from === "delivered") {
    await undoSale(app, tx, order, loadLines, "return");
  }
}

// ─── issue ───────────────────────────────────────────────────────────────────────────────────────

async function issue(
  app: AppContext,
  tx: DbOrTx,
  order: OrderForInvoice,
  lines: LineInput[],
  kind: "SATIS" | "IADE",
  returnOf: { id: number; doc: EarsivDocument } | null,
  handover: "carrier" | "courier" | "pickup",
): Promise<repo.InvoiceRow> {
  const now = app.clock.now();
  const p = istanbulParts(now);
  const series = app.config.invoice.series;
  const seq = await repo.takeSequence(tx, series, p.year);
  const number = formatInvoiceNumber(series, p.year, seq);
  const ettn = randomUUID();
  const pad = (n: number) => String(n).padStart(2, "0");
  const issueDate = istanbulDate(now);
  const doc = buildDocument(order, lines, getSellerIdentity(), {
    kind,
    number,
    ettn,
    issueDate,
    issueTime: `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`,
    orderDate: istanbulDate(order.createdAt),
    dispatchDate: issueDate,
    handover,
    gift: isGiftOrder(order),
    returnOf: returnOf ? { number: returnOf.doc.number, ettn: returnOf.doc.ettn, issueDate: returnOf.doc.issueDate } : null,
    fallbackDeliveryRateBp: (await getSettings(app, tx)).tax.deliveryRateBp,
  });
  const row = await repo.insert(tx, {
    orderId: order.id,
    kind,
    number,
    series,
    year: p.year,
    seq,
    ettn,
    refInvoiceId: returnOf?.id ?? null,
    provider: providerFor(app).name,
    status: "queued",
    total: doc.payable,
    xml: buildEarsivXml(doc),
    copy: doc,
    issuedAt: now,
  });
  await enqueue(tx, SEND_JOB, { invoiceId: row.id, to: { publicId: order.publicId, email: order.email } } satisfies SendPayload, { dedupeKey: `${SEND_JOB}:${row.id}` });
  return row;
}

/** How the goods leave: by the status they are handed over with, else by the order's delivery type. */
export function handoverOf(deliveryType: string, to: OrderStatus): "carrier" | "courier" | "pickup" {
  if (to === "collected") return "pickup";
  if (to === "outfordelivery") return "courier";
  if (to === "shipped") return "carrier";
  return deliveryType === "Store" ? "pickup" : deliveryType === "Delivery" ? "courier" : "carrier";
}

/** The order's sale invoice, issued once: a second call (or a second moment) finds the first. */
export async function issueSale(app: AppContext, tx: DbOrTx, order: OrderForInvoice, lines: LineInput[], handover: "carrier" | "courier" | "pickup"): Promise<repo.InvoiceRow> {
  return (await repo.findByOrderAndKind(tx, order.id, "SATIS")) ?? issue(app, tx, order, lines, "SATIS", null, handover);
}

async function undoSale(app: AppContext, tx: DbOrTx, order: OrderForInvoice, loadLines: () => Promise<LineInput[]>, why: "cancel" | "return"): Promise<void> {
  const sale = await repo.findByOrderAndKind(tx, order.id, "SATIS");
  if (!sale || sale.status === "cancelled") return;
  if (await repo.findByOrderAndKind(tx, order.id, "IADE")) return;
  const now = app.clock.now();
  if (why === "cancel" && now.getTime() - sale.issuedAt.getTime() <= CANCEL_WINDOW_MS) {
    await repo.update(tx, sale.id, { status: "cancelled", cancelledAt: now });
    await enqueue(tx, CANCEL_JOB, { invoiceId: sale.id, to: { publicId: order.publicId, email: order.email } } satisfies SendPayload, { dedupeKey: `${CANCEL_JOB}:${sale.id}` });
    // the buyer was told about the invoice only once the provider had it
    if (sale.sentAt) {
      await queueMail(
        tx,
        {
          to: order.email,
          subject: fmt(earsivTr.mailCancelledSubject, { number: sale.number }),
          heading: earsivTr.heading,
          paragraphs: [fmt(earsivTr.mailCancelled, { order: order.orderNumber, number: sale.number })],
        },
        { dedupeKey: `earsiv-cancelled-mail:${sale.id}` },
      );
    }
    return;
  }
  const original = sale.copy as EarsivDocument;
  const handover = original.internetSale.carrier === null ? "pickup" : original.internetSale.carrier.id === original.seller.id ? "courier" : "carrier";
  await issue(app, tx, order, await loadLines(), "IADE", { id: sale.id, doc: original }, handover);
}

// ─── send / cancel at the provider (jobs) ────────────────────────────────────────────────────────

/** A provider call that gives up after the configured timeout (the job then retries later). */
async function withTimeout<T>(app: AppContext, call: () => Promise<ProviderResult<T>>): Promise<ProviderResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProviderFailure>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, code: "timeout", message: `no answer within ${app.config.invoice.timeoutMs} ms`, retry: true }), app.config.invoice.timeoutMs);
  });
  try {
    return await Promise.race([call().catch((err: unknown): ProviderFailure => ({ ok: false, code: "error", message: err instanceof Error ? err.message : String(err), retry: true })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The jobs' payload: the invoice, and where its mail goes (the order's public id for the link, the buyer's address). */
interface SendPayload {
  invoiceId: number;
  to: { publicId: string; email: string };
}

/**
 * Hands an issued invoice to the provider (idempotent: an invoice with a provider reference is not sent again);
 * once accepted, the buyer is mailed the link to its readable copy.
 */
export async function sendInvoice(app: AppContext, invoiceId: number, to: SendPayload["to"]): Promise<ProviderResult<{ providerRef: string }>> {
  const inv = await repo.findById(app.db, invoiceId);
  if (!inv) return { ok: false, code: "missing", message: `invoice ${invoiceId} not found`, retry: false };
  if (inv.providerRef) return { ok: true, providerRef: inv.providerRef };
  const r = await withTimeout(app, () => providerFor(app).send({ number: inv.number, ettn: inv.ettn, kind: inv.kind, xml: inv.xml }));
  if (!r.ok) {
    await repo.update(app.db, inv.id, { lastError: `${r.code}: ${r.message}`.slice(0, 500) });
    return r;
  }
  const doc = inv.copy as EarsivDocument;
  await app.db.transaction(async (tx) => {
    const locked = await repo.lockById(tx, inv.id);
    if (!locked || locked.providerRef) return;
    const now = app.clock.now();
    await repo.update(tx, inv.id, { providerRef: r.providerRef, sentAt: now, lastError: null, status: locked.status === "cancelled" ? "cancelled" : "sent" });
    if (locked.status === "cancelled") return; // cancelled before it went out: the buyer never saw it
    const url = `${app.config.publicUrl}${signedPrintUrl(app, "earsiv", to.publicId, LINK_TTL_MS)}`;
    await queueMail(
      tx,
      {
        to: to.email,
        subject: fmt(inv.kind === "IADE" ? earsivTr.mailSubjectReturn : earsivTr.mailSubject, { number: inv.number, order: doc.orderNumber }),
        heading: inv.kind === "IADE" ? earsivTr.headingReturn : earsivTr.heading,
        paragraphs: [fmt(inv.kind === "IADE" ? earsivTr.mailIntroReturn : earsivTr.mailIntro, { order: doc.orderNumber })],
        table: [
          [earsivTr.number, inv.number],
          [earsivTr.ettn, inv.ettn],
          [earsivTr.issueDate, doc.issueDate],
          [earsivTr.payable, formatAmount(inv.total)],
        ],
        button: { label: earsivTr.mailOpen, url },
      },
      { dedupeKey: `earsiv-mail:${inv.id}` },
    );
  });
  return r;
}

export const sendJob: JobHandler = async (app, payload) => {
  const { invoiceId, to } = payload as SendPayload;
  const r = await sendInvoice(app, invoiceId, to);
  if (!r.ok && r.code !== "missing") throw new Error(`e-Arşiv invoice ${invoiceId} not sent: ${r.code}: ${r.message}`);
};

export const cancelJob: JobHandler = async (app, payload) => {
  const { invoiceId, to } = payload as SendPayload;
  const sent = await sendInvoice(app, invoiceId, to); // a number taken is reported, then cancelled
  if (!sent.ok) {
    if (sent.code === "missing") return;
    throw new Error(`e-Arşiv invoice ${invoiceId} not sent before its cancellation: ${sent.code}: ${sent.message}`);
  }
  const inv = await repo.findById(app.db, invoiceId);
  if (!inv) return;
  const r = await withTimeout(app, () => providerFor(app).cancel(inv.ettn));
  if (!r.ok) {
    await repo.update(app.db, inv.id, { lastError: `${r.code}: ${r.message}`.slice(0, 500) });
    throw new Error(`e-Arşiv invoice ${invoiceId} not cancelled at the provider: ${r.code}: ${r.message}`);
  }
};

// ─── reading ─────────────────────────────────────────────────────────────────────────────────────

/** An order's invoices (sale first, then its return), with what the readable copy shows. */
export const forOrder = (app: AppContext, orderId: number) => repo.listForOrder(app.db, orderId);

/** Invoices the provider has not accepted yet (the staff's list). */
export const waiting = (app: AppContext) => repo.listQueued(app.db);

/** Which of these orders have an e-Arşiv invoice (for links in the member area and the guest's order page). */
export async function invoicedOrders(app: AppContext, orderIds: number[]): Promise<Set<number>> {
  return new Set(await repo.orderIdsWithInvoices(app.db, orderIds));
}

/** The readable copies of an order's invoices, oldest first. */
export async function copiesOf(app: AppContext, orderId: number): Promise<{ doc: EarsivDocument; status: string }[]> {
  return (await repo.listForOrder(app.db, orderId)).map((r) => ({ doc: r.copy as EarsivDocument, status: r.status }));
}
