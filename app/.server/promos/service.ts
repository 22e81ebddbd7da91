import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { hitAll, perClient, perSubject } from "../ratelimit/service";
import * as repo from "./repo";
import type { PromoRule } from "~/shared/amounts";
import { normalizePromoCode } from "~/shared/management-forms";
import { formatAmount } from "~/shared/money";
import { basketTr } from "~/shared/texts/basket.tr";
import { fmt, tr } from "~/shared/texts/tr";

/**
 * Promotion codes (issue 6, SPEC §3 Promo, §6): percentage or fixed discounts with a minimum basket, a validity
 * window, a total number of uses, uses per customer and an audience (everyone, members only, guests only).
 * A code is checked when it is put in a basket and again, under the code's row lock, when the order is paid:
 * only then is the use counted, so the last use of a code goes to exactly one order.
 */
export type { PromoRow } from "./repo";

export interface PromoView {
  id: number;
  code: string;
  rule: PromoRule;
}

export type PromoCheck = { ok: true; promo: PromoView } | { ok: false; error: string };

export interface Customer {
  userId: number | null;
  /** The order e-mail: counts a guest's earlier uses. Unknown while the code is only put in the basket. */
  email?: string | null;
}

const E = basketTr.promo.errors;
const RESERVATION_DAYS = 7;

/** 'hoşgeldin-10 ' → 'HOŞGELDIN-10' (one rule with the staff form's: `normalizePromoCode`). */
export const normalizeCode = normalizePromoCode;

export function ruleOf(p: repo.PromoRow): PromoRule {
  const minBasket = p.minBasket > 0 ? p.minBasket : undefined;
  return p.kind === "percent"
    ? { kind: "percent", basisPoints: p.percentBp ?? 0, minBasket, maxDiscount: p.maxDiscount ?? undefined }
    : { kind: "fixed", amount: p.amount ?? 0, minBasket };
}

const view = (p: repo.PromoRow): PromoView => ({ id: p.id, code: p.code, rule: ruleOf(p) });

/** The rules that do not depend on the basket: active, window, uses left, audience, uses of this customer. */
async function usable(app: AppContext, db: DbOrTx, p: repo.PromoRow | undefined, who: Customer, heldBy?: number | null): Promise<PromoCheck> {
  const now = app.clock.now();
  if (!p || !p.active) return { ok: false, error: E.notFound };
  if (p.startsAt && p.startsAt > now) return { ok: false, error: E.notStarted };
  if (p.endsAt && p.endsAt <= now) return { ok: false, error: E.expired };
  // the use a checkout hold already counts for this very basket does not count against it
  const own = heldBy != null && (await repo.holdHasUse(db, heldBy, p.id)) ? 1 : 0;
  if (p.maxUses !== null && p.usedCount - own >= p.maxUses) return { ok: false, error: E.exhausted };
  if (p.audience === "members" && who.userId === null) return { ok: false, error: E.membersOnly };
  if (p.audience === "guests" && who.userId !== null) return { ok: false, error: E.guestsOnly };
  if (p.perCustomer !== null && (who.userId !== null || who.email)) {
    const used = await repo.countUses(db, p.id, { userId: who.userId, email: who.email ?? null });
    if (used - own >= p.perCustomer) return { ok: false, error: E.perCustomer };
  }
  return { ok: true, promo: view(p) };
}

/** Whether a typed code can go into a basket worth `productTotal` for this customer. */
export async function check(app: AppContext, code: string, who: Customer, productTotal: number): Promise<PromoCheck> {
  const r = await usable(app, app.db, await repo.findByCode(app.db, normalizeCode(code)), who);
  if (!r.ok) return r;
  if (productTotal <= 0) return { ok: false, error: E.emptyBasket };
  const min = r.promo.rule.minBasket ?? 0;
  if (productTotal < min) return { ok: false, error: fmt(E.minBasket, { amount: formatAmount(min) }) };
  return r;
}

/**
 * The code a basket holds, as long as it is still usable by this customer (else null: the basket drops it).
 * `heldBy`: the basket's checkout hold, whose own use of the code does not count against it.
 */
export async function stillUsable(app: AppContext, db: DbOrTx, promoId: number, who: Customer, heldBy?: number | null): Promise<PromoView | null> {
  const r = await usable(app, db, await repo.findById(db, promoId), who, heldBy);
  return r.ok ? r.promo : null;
}

/**
 * Counts a use for a paid order, inside the order's transaction: the code's row is locked, every rule is checked
 * again, and the count goes up by one. Concurrent orders for the last use wait on the lock; all but one fail.
 */
export async function consumeUse(
  tx: DbOrTx,
  app: AppContext,
  use: { promoId: number; orderId: number; userId: number | null; email: string; discount: number },
): Promise<{ ok: true } | { ok: false; error: string }> {
  const p = await repo.lockById(tx, use.promoId);
  const r = await usable(app, tx, p, { userId: use.userId, email: use.email });
  if (!r.ok) return r;
  await repo.incrementUsed(tx, use.promoId);
  await repo.insertUse(tx, { promoId: use.promoId, orderId: use.orderId, userId: use.userId, email: use.email, discount: use.discount, at: app.clock.now() });
  return { ok: true };
}

/**
 * Holds a use for a basket whose payment is about to run (issue 24 §3), in the hold's transaction: the code's row
 * is locked, every rule checked again counting the uses other baskets hold, and the count goes up by one. The
 * order made from the hold takes the use over (`attachHeldUse`); a released hold gives it back (`releaseHeldUse`).
 */
export async function holdUse(
  tx: DbOrTx,
  app: AppContext,
  use: { promoId: number; holdId: number; userId: number | null; email: string; discount: number },
): Promise<{ ok: true } | { ok: false; error: string }> {
  const p = await repo.lockById(tx, use.promoId);
  const r = await usable(app, tx, p, { userId: use.userId, email: use.email });
  if (!r.ok) return r;
  await repo.incrementUsed(tx, use.promoId);
  await repo.insertUse(tx, { promoId: use.promoId, holdId: use.holdId, orderId: null, userId: use.userId, email: use.email, discount: use.discount, at: app.clock.now() });
  return { ok: true };
}

/** The order made from a hold takes over the use the hold counted. */
export const attachHeldUse = (tx: DbOrTx, holdId: number, orderId: number) => repo.attachHeldUse(tx, holdId, orderId);

/** A released hold gives its use back to the code. */
export const releaseHeldUse = (tx: DbOrTx, holdId: number) => repo.deleteHeldUse(tx, holdId);

/** Gives the use of a cancelled order back to its code. */
export function releaseUse(tx: DbOrTx, orderId: number): Promise<boolean> {
  return repo.deleteUseOfOrder(tx, orderId);
}

/** Code attempts are limited per visitor and per address so codes cannot be guessed by trying. */
export async function attemptAllowed(app: AppContext, ip: string, subject: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const r = await hitAll(app, [
    { key: perClient("promo", ip), limit: 30, windowSeconds: 600 },
    { key: perSubject("promo", "who", subject), limit: 10, windowSeconds: 600 },
  ]);
  return r.allowed ? { ok: true } : { ok: false, error: tr.errors.tooManyRequests };
}

/**
 * /p/{code}: reserves a code for this visitor's session, to be applied when the basket next loads (SPEC §4
 * promo page). Only the rules that do not depend on the basket are checked now.
 */
export async function reserve(app: AppContext, input: { sessionId: string; userId: number | null; code: string; ip: string }): Promise<PromoCheck> {
  const allowed = await attemptAllowed(app, input.ip, `session:${input.sessionId}`);
  if (!allowed.ok) return allowed;
  const r = await usable(app, app.db, await repo.findByCode(app.db, normalizeCode(input.code)), { userId: input.userId });
  if (!r.ok) return r;
  const now = app.clock.now();
  await repo.upsertReservation(app.db, { sessionId: input.sessionId, promoId: r.promo.id, createdAt: now, expiresAt: new Date(now.getTime() + RESERVATION_DAYS * 86_400_000) });
  return r;
}

/** The code reserved for this session (and forgets the reservation). */
export function takeReservation(app: AppContext, db: DbOrTx, sessionId: string): Promise<number | null> {
  return repo.takeReservation(db, sessionId, app.clock.now());
}

// ---------------------------------------------------------------- staff (management area)

export interface PromoInput {
  code: string;
  description?: string;
  kind: "percent" | "fixed";
  percentBp?: number | null;
  amount?: number | null;
  maxDiscount?: number | null;
  minBasket?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  maxUses?: number | null;
  perCustomer?: number | null;
  audience?: "all" | "members" | "guests";
  active?: boolean;
}

/** Creates a code (pass the open transaction as `db` from inside one). A code that exists already is refused by its unique key. */
export async function create(app: AppContext, input: PromoInput, actor: string, db: DbOrTx = app.db): Promise<repo.PromoRow> {
  return repo.insertPromo(db, {
    code: normalizeCode(input.code),
    description: input.description ?? "",
    kind: input.kind,
    percentBp: input.kind === "percent" ? (input.percentBp ?? 0) : null,
    amount: input.kind === "fixed" ? (input.amount ?? 0) : null,
    maxDiscount: input.maxDiscount ?? null,
    minBasket: input.minBasket ?? 0,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    maxUses: input.maxUses ?? null,
    perCustomer: input.perCustomer ?? null,
    audience: input.audience ?? "all",
    active: input.active ?? true,
    createdAt: app.clock.now(),
    createdBy: actor,
  });
}

export const findByCode = (app: AppContext, code: string) => repo.findByCode(app.db, normalizeCode(code));
export const getById = (app: AppContext, id: number) => repo.findById(app.db, id);
export const list = (app: AppContext, limit = 50, offset = 0) => repo.listPromos(app.db, limit, offset);
export const usesOf = (app: AppContext, promoId: number) => repo.usesOf(app.db, promoId);
export const setActive = (app: AppContext, id: number, active: boolean, db: DbOrTx = app.db) => repo.updatePromo(db, id, { active });

/** Staff list (issue 12): codes by code or description, newest first, one page at a time, with the total. */
export const listPage = (app: AppContext, f: { q: string; page: number; pageSize: number }) =>
  repo.listPage(app.db, normalizeCode(f.q), f.q.trim(), f.pageSize, (f.page - 1) * f.pageSize);
/** Uses of a code, newest first, one page at a time, with the total and the discounts given. */
export const usesPage = (app: AppContext, promoId: number, page: number, pageSize: number) => repo.usesPage(app.db, promoId, pageSize, (page - 1) * pageSize);
/** The code's row locked in `tx` (its state before a staff change). */
export const lockForChange = (tx: DbOrTx, id: number) => repo.lockById(tx, id);

/** KVKK erasure (issue 12), in the caller's transaction: a person's code uses keep their amounts, not the e-mail. */
export async function forgetEmail(tx: DbOrTx, email: string, replacement: string): Promise<void> {
  await repo.replaceUseEmail(tx, email, replacement);
}
