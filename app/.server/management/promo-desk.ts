import type { AppContext } from "../context";
import * as accounts from "../accounts/service";
import * as audit from "../audit/service";
import * as loyalty from "../loyalty/service";
import * as orders from "../orders/service";
import * as promos from "../promos/service";
import { failed, ok, type Outcome, type Staff } from "./outcome";
import { formatAmount } from "~/shared/money";
import { PROMOS_PAGE_SIZE, type PromoFormInput } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/**
 * Promotions and points (issue 12 item 5): codes with every rule of the basket (promos/service), their uses,
 * on and off; a customer's points corrected with a reason (a ledger entry the customer page shows).
 */

const N = managementTr.notices;
const money = (k: number) => formatAmount(k);

function promoView(p: promos.PromoRow) {
  return {
    id: p.id,
    code: p.code,
    description: p.description,
    kind: p.kind,
    percentBp: p.percentBp,
    amount: p.amount,
    maxDiscount: p.maxDiscount,
    minBasket: p.minBasket,
    startsAt: p.startsAt?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    maxUses: p.maxUses,
    usedCount: p.usedCount,
    perCustomer: p.perCustomer,
    audience: p.audience,
    active: p.active,
    createdAt: p.createdAt.toISOString(),
  };
}
export type PromoListRow = ReturnType<typeof promoView>;

export async function promoList(app: AppContext, q: string, page: number) {
  const { rows, total } = await promos.listPage(app, { q, page, pageSize: PROMOS_PAGE_SIZE });
  return { total, pages: Math.max(1, Math.ceil(total / PROMOS_PAGE_SIZE)), rows: rows.map(promoView) };
}

/** A code with one page of its uses (order number, customer, discount). */
export async function promoDetail(app: AppContext, id: number, page: number) {
  const p = await promos.getById(app, id);
  if (!p) return null;
  const uses = await promos.usesPage(app, id, page, PROMOS_PAGE_SIZE);
  // a use held by a basket whose payment is running has no order yet
  const placed = await Promise.all(uses.rows.map((u) => (u.orderId === null ? null : orders.getById(app, u.orderId))));
  return {
    promo: promoView(p),
    uses: uses.rows.map((u, i) => ({
      id: u.id,
      orderNumber: placed[i]?.orderNumber ?? null,
      member: u.userId !== null,
      email: u.email,
      discount: u.discount,
      at: u.at.toISOString(),
    })),
    usesTotal: uses.total,
    discountTotal: uses.discount,
    pages: Math.max(1, Math.ceil(uses.total / PROMOS_PAGE_SIZE)),
  };
}

/** A new code; a code that exists already is refused at the code field. */
export async function createPromo(app: AppContext, staff: Staff, input: PromoFormInput): Promise<Outcome> {
  if (await promos.findByCode(app, input.code)) return failed(N.promoExists, { code: N.promoExists });
  try {
    return await app.db.transaction(async (tx) => {
      const created = await promos.create(app, input, staff.actor, tx);
      await audit.record(app, tx, { actor: staff.actor, action: "promo.create", entity: "promo", entityId: created.id, before: null, after: promoView(created) });
      return ok(fmt(N.promoCreated, { code: created.code }));
    });
  } catch (err) {
    // a code created by someone else a moment ago (unique key)
    if (await promos.findByCode(app, input.code)) return failed(N.promoExists, { code: N.promoExists });
    throw err;
  }
}

export async function setPromoActive(app: AppContext, staff: Staff, id: number, active: boolean): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const p = await promos.lockForChange(tx, id);
    if (!p) return failed(managementTr.errors.notFoundBody);
    if (p.active === active) return ok(N.noChanges);
    await promos.setActive(app, id, active, tx);
    await audit.record(app, tx, { actor: staff.actor, action: active ? "promo.activate" : "promo.deactivate", entity: "promo", entityId: id, before: { code: p.code, active: p.active }, after: { code: p.code, active } });
    return ok(fmt(active ? N.promoActivated : N.promoDeactivated, { code: p.code }));
  });
}

/**
 * Corrects a customer's points (1 point = 1 kuruş) with a reason; never below zero. The ledger entry and the
 * audit entry are written in one transaction.
 */
export async function adjustPoints(app: AppContext, staff: Staff, who: { userId: number } | { email: string }, amount: number, reason: string): Promise<Outcome> {
  const user = "userId" in who ? await accounts.userById(app, who.userId) : await accounts.findUserByEmail(app, who.email);
  if (!user || user.role !== "customer" || user.erasedAt) {
    return failed(N.customerUnknown, "email" in who ? { email: N.customerUnknown } : undefined);
  }
  try {
    let after = 0;
    await loyalty.adjust(app, user.id, amount, reason, staff.actor, async (tx, balance) => {
      after = balance.after;
      await audit.record(app, tx, {
        actor: staff.actor,
        action: "loyalty.adjust",
        entity: "user",
        entityId: user.id,
        before: { points: balance.before },
        after: { points: balance.after, amount, reason },
      });
    });
    return ok(fmt(N.pointsAdjusted, { email: user.email, amount: money(amount), balance: money(after) }));
  } catch (err) {
    if (err instanceof loyalty.InsufficientPoints) return failed(N.pointsInsufficient, { amount: N.pointsInsufficient });
    throw err;
  }
}
