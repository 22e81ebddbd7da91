import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../context";

/**
 * Signed links to an order's printable pages (a leaf of the printing module, so modules the printing service
 * depends on — the invoices module — can sign links without an import cycle). See printing/service.ts.
 */
export type PrintKind = "invoice" | "note" | "earsiv" | "contracts";

/** `contracts`: the order's accepted pre-information form and distance-sales contract (issue 26 §3), same access rules. */
export const PRINT_PATH: Record<PrintKind, string> = { invoice: "/printinvoice", note: "/printnote", earsiv: "/efatura", contracts: "/ordercontracts" };

const DEFAULT_TTL_MS = 24 * 3_600_000;
const MAX_TTL_MS = 30 * 24 * 3_600_000;

function signature(app: AppContext, kind: PrintKind, ref: string, exp: number): string {
  return createHmac("sha256", app.secretKey).update(`print:${kind}:${ref}:${exp}`).digest("base64url");
}

/**
 * A link to an order's printable page that works without signing in until it expires (default 24 hours, at
 * most 30 days): for staff in the management area and for mails. Relative; prefix `app.config.publicUrl`
 * for a mail.
 */
export function signedPrintUrl(app: AppContext, kind: PrintKind, orderPublicIdOrNumber: string, ttlMs: number = DEFAULT_TTL_MS): string {
  const ttl = Math.min(Math.max(1000, Math.trunc(ttlMs)), MAX_TTL_MS);
  const exp = Math.floor((app.clock.now().getTime() + ttl) / 1000);
  const ref = encodeURIComponent(orderPublicIdOrNumber);
  return `${PRINT_PATH[kind]}/${ref}?exp=${exp}&sig=${signature(app, kind, orderPublicIdOrNumber, exp)}`;
}

/** Whether `search` (the page's query string) carries a valid, unexpired signature for this kind and reference. */
export function validSignature(app: AppContext, kind: PrintKind, ref: string, search: URLSearchParams): boolean {
  const expText = search.get("exp") ?? "";
  const sig = search.get("sig") ?? "";
  if (!/^\d{1,12}$/.test(expText) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const exp = Number(expText);
  if (exp * 1000 <= app.clock.now().getTime()) return false;
  const expected = Buffer.from(signature(app, kind, ref, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

