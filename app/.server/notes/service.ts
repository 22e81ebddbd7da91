import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { z } from "zod";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import * as orders from "../orders/service";
import { normalizeMediaLink } from "~/shared/basket-forms";
import type { IsoDate } from "~/shared/clock";
import * as repo from "./repo";

/**
 * Digital gift notes (issue 10, SPEC §2.9, §3 Smart): when an order with a gift note or a media link is placed,
 * the note gets a short unguessable code; the recipient's page is /s/{code}. The recipient's page shows the note,
 * the link and what was sent — never prices, addresses or order numbers. The order's own pages (printed note,
 * invoice) are guarded by the printing module.
 */
export type { GiftNoteRow } from "./repo";

/** 72 random bits, URL-safe (12 characters). */
export function newCode(): string {
  return randomBytes(9).toString("base64url");
}

/** What a code in an address may look like (anything else is not looked up). */
export const codeSchema = z.string().regex(/^[A-Za-z0-9_-]{8,32}$/);

/** Creates the order's note inside the order's transaction (idempotent per order). */
export async function createForOrder(
  app: AppContext,
  tx: DbOrTx,
  order: { id: number; giftNote: string; mediaLink: string },
): Promise<repo.GiftNoteRow | null> {
  if (!order.giftNote && !order.mediaLink) return null;
  return repo.insert(tx, { orderId: order.id, code: newCode(), notes: order.giftNote, link: order.mediaLink, createdAt: app.clock.now() });
}

export const findByCode = (app: AppContext, code: string) => (codeSchema.safeParse(code).success ? repo.findByCode(app.db, code) : Promise.resolve(undefined));
export const findByOrder = (app: AppContext, orderId: number) => repo.findByOrder(app.db, orderId);

/** A stored link, checked again before it becomes an anchor: only http(s), otherwise no link at all. */
export function safeLink(stored: string): string | null {
  if (!stored) return null;
  const link = normalizeMediaLink(stored);
  return link ? link : null;
}

// ─── the recipient's page /s/{code} ────────────────────────────────────────────────────────────

/** The product the thank-you card shows (no price). */
export interface GiftProduct {
  productId: number;
  name: string;
  packageContent: string;
  thumbName: string | null;
}

export interface GiftViewer {
  code: string;
  /** Note text as typed (rendered escaped); '' when only a link was sent. */
  notes: string;
  /** The media link (http/https only) or null. */
  link: string | null;
  /** The order has a note or a link (intro page and overlay); otherwise the thank-you card. */
  hasMessage: boolean;
  /** The overlay shows while the note exists and the recipient has not hidden it. */
  messageActive: boolean;
  /** The order's production (ready) date. */
  productionDate: IsoDate;
  product: GiftProduct | null;
}

/** The main product of an order: the line the buyer paid most for (first one on a tie). */
function mainLine(lines: orders.OrderLineRow[]): orders.OrderLineRow | undefined {
  let best: orders.OrderLineRow | undefined;
  for (const l of lines) if (!best || l.unitPrice * l.quantity > best.unitPrice * best.quantity) best = l;
  return best;
}

/** Everything the recipient's page shows, or null for an unknown code (the page then goes home). */
export async function viewer(app: AppContext, code: string): Promise<GiftViewer | null> {
  const note = await findByCode(app, code);
  if (!note) return null;
  const order = await orders.getById(app, note.orderId);
  if (!order) return null;
  const line = mainLine(await orders.linesOf(app, [order.id]));
  const link = safeLink(note.link);
  const hasMessage = note.notes.trim() !== "" || link !== null;
  return {
    code: note.code,
    notes: hasMessage && note.isMessageActive ? note.notes : "",
    link: hasMessage && note.isMessageActive ? link : null,
    hasMessage,
    messageActive: hasMessage && note.isMessageActive,
    productionDate: order.readyDate,
    product: line ? { productId: line.productId, name: line.name, packageContent: line.packageContent, thumbName: line.thumbName } : null,
  };
}

/** 'MESAJI BİR DAHA GÖSTERME': the note of this code is not shown again. False for an unknown code. */
export async function hide(app: AppContext, code: string): Promise<boolean> {
  if (!codeSchema.safeParse(code).success) return false;
  return repo.hide(app.db, code, app.clock.now());
}

// ─── the printed note ──────────────────────────────────────────────────────────────────────────

/** The recipient's address for a code: what the QR code holds. */
export function viewerUrl(app: AppContext, code: string): string {
  return `${app.config.publicUrl}/s/${code}`;
}

/** The same address without the scheme, short enough to type from paper ('kurabiye.com.tr/s/AbC…'). */
export function shortAddress(app: AppContext, code: string): string {
  return viewerUrl(app, code).replace(/^https?:\/\//, "");
}

/** A QR code for `text` as an SVG document (error correction M, one-module quiet zone). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 1, color: { dark: "#000000", light: "#ffffff" } });
}

export interface PrintedNote {
  notes: string;
  /** When a media link exists: the viewer address, its short form, and the QR code as a data: URL (SVG). */
  qr: { url: string; shortAddress: string; code: string; image: string } | null;
}

/** What the printed note of an order shows, or null when the order has no note. Call after the access check. */
export async function printedNote(app: AppContext, orderId: number): Promise<PrintedNote | null> {
  const note = await findByOrder(app, orderId);
  if (!note) return null;
  const link = safeLink(note.link);
  if (!note.notes.trim() && !link) return null;
  if (!link) return { notes: note.notes, qr: null };
  const url = viewerUrl(app, note.code);
  const svg = await qrSvg(url);
  return {
    notes: note.notes,
    qr: { url, shortAddress: shortAddress(app, note.code), code: note.code, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` },
  };
}

/** Which of these orders carry a gift note (for links to the printed note). */
export async function ordersWithNotes(app: AppContext, orderIds: number[]): Promise<Set<number>> {
  return new Set(await repo.orderIdsWithNotes(app.db, orderIds));
}

/**
 * KVKK erasure (issue 12), in the caller's transaction: the notes of these orders lose their text and link
 * and stop showing (the recipient's page then shows the thank-you card).
 */
export async function forgetForOrders(app: AppContext, tx: DbOrTx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await repo.forgetOrders(tx, orderIds, app.clock.now());
}
