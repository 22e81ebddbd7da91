/**
 * PLACE ORDER — the buyer presses 'Siparişi Onayla' (issue 8, issue 24). The one place that calls checkout,
 * basket, catalog, delivery, orders, promos, loyalty, campaigns, notes and payments together; read top to bottom.
 *
 *   placeOrder (the confirm step)
 *     1. both agreements ticked                                                   else refused
 *     2. basket and steps still valid now (checkout.checkReady)                   else refused, sent to the step
 *     3. HOLD what can run out, in one transaction, BEFORE any payment:           compensation: releaseHold
 *          stock of each line · the ready date's capacity · the code's use · the points
 *        a buyer who loses a race is told here, in Turkish, what ran out; nothing was charged
 *     4. nothing to pay (points, free delivery) → 6 without a payment
 *     5. payments.startPayment: a saved card is charged now ('charged'),          failed → releaseHold
 *        a new card goes to 3-D Secure ('challenge') and comes back in completeThreeDs
 *     6. takeOrder, in one transaction: payments.settleInTx, then the order from the hold
 *        (order + lines, the code's use and the points taken over, basket closed, gift note, mail, staff alert)
 *        the order keeps the installment count, the bank's interest and the paid total from the settle event;
 *        a plain order (no code, points, campaign or gift note; no card to save) from the hold this request
 *        made is ONE statement instead (takeOrderAtOnce, decision 0055): the order's insert books the payment,
 *        closes the basket and orders the hold first, or is refused and changes nothing
 *                                                                     failed → payments.voidCharge + releaseHold
 *   completeThreeDs (the bank's callback): payments.completeChallenge → 6; a failed challenge → releaseHold
 *   settleReconciled (the periodic task): payments.reconcile → 6 for each charge found; expired holds released
 *
 * A hold lives HOLD_TTL_SECONDS; the order made from it takes everything over. When a charge arrives after its
 * hold was released (expired, or a second tab changed the basket), step 6 takes the goods again in the order's
 * transaction, and voids the charge if they are gone: the buyer never pays without an order.
 */
import type { AppContext } from "../context";
import { refusalOf, type DbOrTx, type Tx } from "../db/client";
import * as alerts from "../alerts/service";
import * as basketService from "../basket/service";
import * as campaigns from "../campaigns/service";
import * as catalog from "../catalog/service";
import * as checkout from "../checkout/service";
import * as delivery from "../delivery/service";
import * as loyalty from "../loyalty/service";
import * as notes from "../notes/service";
import * as orders from "../orders/service";
import * as payments from "../payments/service";
import * as promos from "../promos/service";
import type { CallbackFields } from "../payments/gateway";
import { checkoutTr } from "~/shared/texts/checkout.tr";

type Refusal = checkout.PlaceRefusal;

/** Thrown inside a transaction to roll it back with the buyer's answer. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`refused: ${refusal.kind}`);
  }
}

const systemRefusal = (): Refusal => ({ status: "failed", kind: "system", message: checkoutTr.confirm.failedNetwork });

export interface PlaceOrderInput {
  basket: checkout.OpenBasket;
  /** The basket's checkout state as the caller has just read it in this request (read here when not given). */
  state?: checkout.CheckoutState;
  userId: number | null;
  ip: string;
  card?: payments.CardInput;
  /** The installment total the confirm step showed (issue 27): priced again by the payments module. */
  installmentTotal?: number;
  acceptPreInfo: boolean;
  acceptContract: boolean;
}

// ─── the confirm step ───────────────────────────────────────────────────────────────────────────

export async function placeOrder(app: AppContext, input: PlaceOrderInput): Promise<checkout.PlaceResult> {
  const { basket, userId } = input;
  // 1. agreements
  if (!input.acceptPreInfo || !input.acceptContract) return { status: "failed", kind: "agreements", message: checkoutTr.confirm.waiting };
  // 2. still valid
  const state = input.state ?? (await checkout.getState(app, basket.id));
  const problem = await checkout.checkReady(app, basket, state);
  if (problem) return problem;
  const pay = state.payment!;
  const asked = { basketId: basket.id, userId, email: state.email!, expected: checkout.finalAmounts(basket, state).needToPay };
  if (asked.expected > 0 && pay.mode === "new" && !input.card) return { status: "failed", kind: "payment_step", message: checkoutTr.payment.cardMissing, goTo: "/order/payment" };

  // 3. hold what can run out
  const held = await takeHold(app, asked, state, basket, basket.promo?.applies ? basket.promo.code : null);
  if (held.status !== "held") return held;
  const ctx: checkout.PlaceContext = { ...asked, holdId: held.holdId };

  // 4. nothing to pay
  if (ctx.expected === 0) {
    const order = await takeOrder(app, ctx, null, held.made);
    return "orderNumber" in order ? { status: "succeeded", paymentId: null, orderPublicId: order.publicId } : order;
  }

  // 5. the payment
  const outcome = await payments.startPayment(app, {
    orderRef: orderRefOf(basket.id),
    amount: ctx.expected,
    buyer: checkout.buyerOf(state, basket.id, userId, input.ip),
    ...(pay.mode === "saved" && pay.savedCardId ? { savedCardId: pay.savedCardId, ...(held.savedCard ? { savedCardAsRead: held.savedCard } : {}) } : { card: input.card }),
    saveCard: Boolean(userId && pay.saveCard && pay.mode === "new"),
    userId,
    installment: checkout.paymentChoice(pay.installment ? { count: pay.installment, bin: pay.bin } : null, input.installmentTotal),
    context: ctx,
    returnUrl: "/order/complete",
    description: `Sepet ${basket.id}`,
  });
  switch (outcome.status) {
    case "charged": {
      // 6. the order
      const order = await takeOrder(app, ctx, outcome, held.made);
      return "orderNumber" in order ? { status: "succeeded", paymentId: outcome.paymentId, orderPublicId: order.publicId } : order;
    }
    case "succeeded": {
      // a retry after this basket was paid: its order
      const order = await orders.getByPaymentRef(app, outcome.paymentId);
      return order ? { status: "succeeded", paymentId: outcome.paymentId, orderPublicId: order.publicId } : { status: "processing" };
    }
    case "challenge":
      return { status: "challenge", challengeUrl: outcome.challengeUrl };
    case "processing":
      return { status: "processing" };
    case "failed":
      await releaseHold(app, { holdId: ctx.holdId });
      return { status: "failed", kind: "payment", message: outcome.message };
  }
}

// ─── the 3-D Secure return ──────────────────────────────────────────────────────────────────────

export type ThreeDsResult = { status: "rejected" } | (payments.PaymentOutcome & { redirectTo: string }) | null;

/** The bank's callback (route /odeme/3ds/:id/callback): charge once, then take the order, or let the hold go. */
export async function completeThreeDs(app: AppContext, paymentId: string, fields: CallbackFields): Promise<ThreeDsResult> {
  const r = await payments.completeChallenge(app, paymentId, fields);
  if (!r || r.status === "rejected") return r;
  if (r.status === "charged") {
    const ctx = checkout.placeContextSchema.safeParse(r.context);
    if (ctx.success) await takeOrder(app, ctx.data, r);
    else await bookAlone(app, r);
  } else if (r.status === "failed") {
    const view = await payments.getPayment(app, paymentId);
    const ctx = checkout.placeContextSchema.safeParse(view?.context);
    if (ctx.success) await releaseHold(app, { holdId: ctx.data.holdId });
  }
  // the payment as it stands now: succeeded with its order, or failed / voided with the buyer's message
  return r.status === "charged" ? { ...(await payments.outcomeNow(app, r.paymentId)), redirectTo: r.redirectTo } : r;
}

// ─── the periodic task ──────────────────────────────────────────────────────────────────────────

/**
 * Every minute: payments left 'pending' by a crash are asked about at the provider; a charge found is taken
 * into its order exactly as at step 6 (or voided); holds whose payment never completed are released.
 */
export async function settleReconciled(app: AppContext, opts: { olderThanSeconds?: number } = {}): Promise<payments.ReconcileReport & { holdsReleased: number }> {
  const report = await payments.reconcile(app, opts);
  for (const c of report.charged) {
    const ctx = checkout.placeContextSchema.safeParse(c.context);
    if (ctx.success) await takeOrder(app, ctx.data, c);
    else await bookAlone(app, c);
  }
  let holdsReleased = 0;
  for (const basketId of await checkout.expiredHoldBaskets(app)) {
    if (await releaseHold(app, { expiredOf: basketId })) holdsReleased++;
  }
  return { ...report, holdsReleased };
}

// ─── step 3: the hold ───────────────────────────────────────────────────────────────────────────

/**
 * Takes (or renews) the basket's hold. A basket already ordered answers with its order. The basket is priced again
 * under its lock with the prices the buyer was shown (`seen`'s, from the process cache) and the steps' `state` read
 * in this request; a code or points that ran out meanwhile change the amount, and the buyer is told.
 */
async function takeHold(
  app: AppContext,
  asked: Omit<checkout.PlaceContext, "holdId">,
  state: checkout.CheckoutState,
  seen: checkout.OpenBasket,
  askedCode: string | null,
): Promise<{ status: "held"; holdId: number; made: checkout.Hold | null; savedCard: { row: payments.SavedCardRow | null } | null } | checkout.PlaceResult> {
  // read before the transaction: the process cache, warm from this request's basket
  const prices = await basketService.pricesForOrder(app, seen.items.map((i) => i.productId));
  // a member's saved card is read with the basket's lock (for step 5: one statement less)
  const pay = state.payment;
  const card = asked.userId && pay?.mode === "saved" && pay.savedCardId ? payments.savedCardCompanion(asked.userId, pay.savedCardId) : undefined;
  try {
    const taken = await app.db.transaction(async (tx) => {
      // the basket's row first: two confirms of one basket queue here; then its hold
      const { row, companion } = await basketService.lockForOrderWith(tx, asked.basketId, card);
      const savedCard = card ? { row: companion } : null;
      const current = await checkout.lockHeld(tx, asked.basketId);
      // the lines as this request read them, unless the basket changed since (then read again under the lock)
      const basket = await basketService.priceLocked(tx, app, row, { userId: asked.userId, heldBy: current?.id }, prices, seen);
      const plan = await checkout.holdPlan(app, tx, asked.basketId, basket, state, asked.userId);
      if (plan.needToPay !== asked.expected) {
        // the code the buyer saw was used up meanwhile by someone quicker: say so
        if (askedCode && basket.promo?.code !== askedCode) throw new Refused(checkout.ranOut("promo", askedCode));
        throw new Refused(checkout.ranOut("basket"));
      }
      // a second click or tab with the same basket keeps the hold it has
      if (current && checkout.isLive(app, current) && current.fingerprint === checkout.fingerprintOf(plan)) {
        await checkout.extendHold(app, tx, current);
        return { holdId: current.id, made: null, savedCard };
      }
      if (current) await giveBack(app, tx, current);
      const made = await hold(app, tx, plan);
      return { holdId: made.id, made, savedCard };
    });
    return { status: "held", ...taken };
  } catch (err) {
    if (err instanceof Refused) return err.refusal;
    if (err instanceof basketService.BasketNotOpen) {
      const order = await orders.getByBasket(app.db, asked.basketId);
      if (order) return { status: "succeeded", paymentId: order.paymentRef, orderPublicId: order.publicId };
      return checkout.ranOut("basket");
    }
    throw err;
  }
}

/**
 * Holds everything the plan needs, in the caller's transaction, locks taken in one order everywhere (products by
 * id, the ready date, the code, the member). Throws Refused naming what ran out.
 */
async function hold(app: AppContext, tx: Tx, plan: checkout.HoldPlan): Promise<checkout.Hold> {
  // step 2 refuses an empty basket, and a hold taken again has its lines: without lines nothing below would run
  if (plan.lines.length === 0) throw new Error(`a hold without lines (basket ${plan.basketId})`);
  const { capacityPerDay } = await delivery.getConfig(app, tx);
  // the stock of each line; its last statement also makes the hold's row, and takes the ready date's lock (so
  // placements for one day wait on each other from there); every process updates its cached stock when this commits
  const making = checkout.holdToMake(app, plan);
  const stock = await catalog.reserveStock(app, tx, plan.lines, { alongside: capacityPerDay > 0 ? orders.capacityLockSql(plan.readyDate) : undefined, riders: [making.rider] });
  if (!stock.ok) throw new Refused(checkout.ranOut("out_of_stock", plan.draft.lines.find((l) => l.productId === stock.productId)?.name ?? String(stock.productId)));
  const madeId = stock.rode?.[0];
  if (typeof madeId !== "number") throw new Error(`the hold of basket ${plan.basketId} was not made with its stock`);
  const held = making.made(madeId);
  if (plan.promo) {
    const use = await promos.holdUse(tx, app, { promoId: plan.promo.id, holdId: held.id, userId: plan.userId, email: plan.email, discount: plan.promo.discount });
    if (!use.ok) throw new Refused(checkout.ranOut("promo", plan.promo.code));
  }
  if (plan.usedBonus > 0) {
    if (!plan.userId) throw new Refused(checkout.ranOut("points"));
    try {
      await loyalty.holdSpend(app, tx, plan.userId, plan.usedBonus, held.id);
    } catch (err) {
      if (err instanceof loyalty.InsufficientPoints) throw new Refused(checkout.ranOut("points"));
      throw err;
    }
  }
  if (capacityPerDay > 0) {
    // under the date's lock: its orders and its live holds (this one included) within the day's capacity, counted
    // in one statement — two reads could miss an order placed between them (its hold already gone, its order not yet seen)
    const booked = await orders.countLocked(tx, plan.readyDate, checkout.liveHoldsOnSql(app, plan.readyDate));
    if (booked > capacityPerDay) throw new Refused(checkout.ranOut("ready_date_full", plan.readyDate));
  }
  return held;
}

/** Compensation of step 3: gives back what a hold took (stock, the code's use, the points) and marks it released. */
async function giveBack(app: AppContext, tx: DbOrTx, h: checkout.HeldHold): Promise<void> {
  if (!(await checkout.markHoldReleased(tx, h.id))) return;
  await catalog.releaseStock(app, tx, h.lines);
  if (h.promoId !== null) await promos.releaseHeldUse(tx, h.id);
  if (h.usedBonus > 0) await loyalty.releaseHeldSpend(app, tx, h.id);
}

/** Lets a hold go (failed or abandoned payment): by id, or a basket's expired one. False when there was nothing to let go. */
async function releaseHold(app: AppContext, which: { holdId: number } | { expiredOf: number }): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const h = "holdId" in which ? await checkout.lockHold(tx, which.holdId) : await checkout.lockHeld(tx, which.expiredOf);
    if (!h || h.status !== "held" || ("expiredOf" in which && checkout.isLive(app, h))) return false;
    await giveBack(app, tx, h);
    return true;
  });
}

// ─── step 6: the order ──────────────────────────────────────────────────────────────────────────

/** The hold was not 'held' when its order went in (the short way): the transaction rolls back and the long way runs. */
class HoldMoved extends Error {}

/**
 * Books the charge and makes the order from the hold's draft (what the buyer confirmed and paid), in one
 * transaction; on any refusal or fault the charge is voided and the hold let go (compensation). Without a charge
 * (nothing to pay) only the order is made. `made`: the hold as this request made it (its draft known): the hold
 * becomes 'ordered' in the order's own statement (the short way); without it, or when that hold is not 'held' any
 * more, it is made 'ordered' and read first (the long way, which also takes back a hold let go too early).
 */
async function takeOrder(app: AppContext, ctx: checkout.PlaceContext, paid: payments.Charged | null, made: checkout.Hold | null = null): Promise<orders.OrderRow | Refusal> {
  const known = made?.id === ctx.holdId ? made : null;
  try {
    // the common order (a charge that saves no card, no code, points, campaign or gift note): one statement
    const order = known && isPlain(known, paid) ? await takeOrderAtOnce(app, ctx, paid, known) : await app.db.transaction(async (tx) => {
      // locks in the order every placing transaction takes them: the payment, the basket's row (closed here: the
      // order is made in this transaction or it rolls back), then its hold. The basket closes in the payment's
      // statement, only when that statement books the payment.
      const settled = paid ? await payments.settleInTx(tx, app, paid.paymentId, paid.charge, [basketService.markOrderedRider(ctx.basketId, app.clock.now())]) : null;
      if (paid && !settled) {
        // settled meanwhile by a duplicate callback or reconcile: that one made the order
        return orders.getByBasket(tx, ctx.basketId);
      }
      if (!paid) await basketService.markOrdered(tx, ctx.basketId, app.clock.now());
      // its hold: the short way, the one made in this request, becomes 'ordered' in the order's statement below; the
      // long way, made 'ordered' and read with its draft in one statement; when it is not 'held' any more, why
      let h = known ?? (await checkout.orderHeld(tx, ctx.holdId));
      if (!h) {
        const was = await checkout.lockHold(tx, ctx.holdId);
        if (!was) throw new Refused(checkout.ranOut("basket"));
        if (was.status === "ordered") {
          // an order without a payment made twice (a double click with nothing to pay): the first one
          if (paid) throw new Error(`hold ${was.id} already ordered; a second payment is voided`);
          return orders.getByBasket(tx, ctx.basketId);
        }
        // the hold was let go before the payment came (it expired): take it again, unless a newer confirm of the
        // basket holds something else now (then that one's payment decides, and this charge is voided)
        if (await checkout.lockHeld(tx, ctx.basketId)) throw new Refused(checkout.ranOut("basket"));
        h = await hold(app, tx, checkout.planOf(was));
        await checkout.markHoldOrdered(tx, h.id);
      }
      // the order's amount before the bank's installment interest is what the buyer confirmed
      if (settled && settled.price !== h.draft.order.needToPay) throw new Refused(checkout.ranOut("basket"));
      const plan = checkout.planOf(h);
      const d = h.draft;

      // installments (issue 27): the count and the bank's interest the card paid on top of needToPay
      const paidAs = paidAsOf(settled, d.order.needToPay);
      // the order's statement also carries: the hold made 'ordered' (the short way), the confirmation mail unless
      // it names a gift note (the note's code is made after the order), and the staff's alert mail
      const alert = await alerts.orderPlacedRider(app, tx);
      const { order, rode } = await orders.createOrderWith(
        app,
        tx,
        { ...d.order, ...paidAs, readyDate: plan.readyDate, paymentRef: paid?.paymentId ?? null },
        d.lines,
        ctx.userId ? `user:${ctx.userId}` : "guest",
        (toBe) => [
          ...(known ? [checkout.orderHeldRider<orders.OrderMade>(known.id)] : []),
          ...(d.wantsNote ? [] : [checkout.confirmationMailRider(app, toBe, d.mailLines)]),
          ...(alert ? [alert(toBe)] : []),
        ],
      );
      if (known && rode[0] !== 1) throw new HoldMoved(`hold ${known.id} was not 'held' when its order went in`);
      if (plan.promo) await promos.attachHeldUse(tx, h.id, order.id);
      if (plan.usedBonus > 0) await loyalty.attachHeldSpend(tx, h.id, order.id);
      if (plan.hedef81CityId !== null && !(await campaigns.claimHedef81(tx, app, plan.hedef81CityId, order.id))) throw new Refused(checkout.ranOut("campaign"));
      if (d.wantsNote) {
        const note = await notes.createForOrder(app, tx, order);
        await checkout.confirmationMail(app, tx, order, d.mailLines, note?.code ?? null);
      }
      return order;
    });
    return order ?? systemRefusal();
  } catch (err) {
    // rolled back: the long way decides (it reads why the hold moved)
    if (err instanceof HoldMoved) return takeOrder(app, ctx, paid);
    if (err instanceof Refused) app.log.warn({ reason: err.refusal.kind, basketId: ctx.basketId }, "order refused after the payment: voiding");
    else app.log.error({ err, basketId: ctx.basketId }, "the order could not be taken: voiding");
    // compensation of steps 5 and 3
    if (paid) await payments.voidCharge(app, paid.paymentId, paid.charge);
    await releaseHold(app, { holdId: ctx.holdId });
    return err instanceof Refused ? err.refusal : systemRefusal();
  }
}

/**
 * What the card paid (issue 27): the installment count, the bank's interest on top of the order's amount and the
 * total; without a payment, the order's amount in one go.
 */
function paidAsOf(p: { installment: number; amount: number; price: number } | null, needToPay: number) {
  return p ? { installmentCount: p.installment, installmentInterest: p.amount - p.price, paidTotal: p.amount } : { installmentCount: 1, installmentInterest: 0, paidTotal: needToPay };
}

/** The order from the hold this request made needs nothing beyond its own statement (the short way at once). */
function isPlain(h: checkout.Hold, paid: payments.Charged | null): boolean {
  const plan = checkout.planOf(h);
  if (plan.promo || plan.usedBonus > 0 || plan.hedef81CityId !== null || h.draft.wantsNote) return false;
  return !paid || (!paid.charge.stored && paid.price === h.draft.order.needToPay);
}

/**
 * Step 6 for a plain order, in ONE statement without a transaction around it (decision 0055): the order's insert
 * first makes its steps, in the order every placing transaction takes their locks — the payment booked
 * ('pending' → 'succeeded', with the charge call's answer), the basket closed, the hold made 'ordered' — and is
 * refused, changing nothing, when one cannot happen: the payment was booked before (a duplicate callback or
 * reconcile made the order: that one is answered), or the hold moved (HoldMoved: the long way decides).
 */
async function takeOrderAtOnce(app: AppContext, ctx: checkout.PlaceContext, paid: payments.Charged | null, h: checkout.Hold): Promise<orders.OrderRow | undefined> {
  const d = h.draft;
  const paidAs = paidAsOf(paid, d.order.needToPay);
  const alert = await alerts.orderPlacedRider(app, app.db);
  try {
    const { order } = await orders.createOrderWith(
      app,
      app.db,
      { ...d.order, ...paidAs, readyDate: checkout.planOf(h).readyDate, paymentRef: paid?.paymentId ?? null },
      d.lines,
      ctx.userId ? `user:${ctx.userId}` : "guest",
      (toBe) => [checkout.confirmationMailRider(app, toBe, d.mailLines), ...(alert ? [alert(toBe)] : [])],
      [
        ...(paid ? [payments.settleStep(app.db, app, paid.paymentId, paid.charge)] : []),
        basketService.markOrderedStep(app.db, ctx.basketId, app.clock.now()),
        checkout.orderHeldStep(app.db, h.id),
      ],
    );
    return order;
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal === checkout.HOLD_MOVED) throw new HoldMoved(`hold ${h.id} was not 'held' when its order went in`);
    if (paid && refusal === payments.NOT_PENDING) {
      // booked meanwhile by a duplicate callback or reconcile: that one made the order
      await payments.recordAnswer(app, paid.charge);
      return orders.getByBasket(app.db, ctx.basketId);
    }
    throw err;
  }
}

/** A payment started without a basket (no place-order context, e.g. a test payment): booked as it is. */
async function bookAlone(app: AppContext, c: payments.Charged): Promise<void> {
  await app.db.transaction((tx) => payments.settleInTx(tx, app, c.paymentId, c.charge));
}

/** The payment's idempotency key: one charge per basket. */
const orderRefOf = (basketId: number) => `basket-${basketId}`;
