/**
 * Checkout (issue 8): the four steps' state per basket, and placing the order.
 *
 * Placing is one operation per basket, split around the card payment:
 *  1. `startPlaceOrder` re-validates everything (basket prices, delivery option at this moment, stock, agreements)
 *     and asks the payments module to charge `needToPay` with the basket as idempotency key (`basket-<id>`):
 *     a double click, a retry or a second tab gets 'processing' or the stored outcome — never a second charge.
 *  2. When the charge succeeds (at once for a saved card, or in the 3-D Secure callback) the payments module runs
 *     the hook `checkout.placeOrder` exactly once, inside the transaction that records the success. The hook locks
 *     the basket, re-prices it, reserves stock (rows locked in id order), creates the order with its number,
 *     consumes the promo use and the points, marks the basket ordered, creates the gift note and queues the
 *     confirmation mail. If anything fails (stock gone meanwhile, basket changed) the hook throws: nothing is
 *     written and the payment is voided at the provider.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx, Tx } from "../db/client";
import { checkoutStates, savedAddresses } from "../db/schema/checkout";
import * as basketService from "../basket/service";
import * as catalog from "../catalog/service";
import * as delivery from "../delivery/service";
import * as geo from "../geo/service";
import * as loyalty from "../loyalty/service";
import * as orders from "../orders/service";
import * as payments from "../payments/service";
import * as promos from "../promos/service";
import * as notes from "../notes/service";
import * as campaigns from "../campaigns/service";
import * as printing from "../printing/service";
import { queueMail } from "../mail/service";
import * as alerts from "../alerts/service";
import { hit, perClient } from "../ratelimit/service";
import { getSettings } from "../settings/service";
import { discountLabel, withDelivery, type Summary } from "~/shared/amounts";
import type { CardType } from "~/shared/card";
import { formatDayTr, istanbulDate, type IsoDate } from "~/shared/clock";
import { formatAmount, formatCost } from "~/shared/money";
import type { DeliveryForm } from "~/shared/checkout-forms";
import { detailsText } from "~/shared/delivery-choice";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { ordersTr } from "~/shared/texts/orders.tr";
import { fmt, tr } from "~/shared/texts/tr";
import { acceptedContracts, contractHtml, readAcceptedContracts, type ContractInput } from "./contracts";
import { contractsKeptTr } from "~/shared/texts/contracts-kept.tr";
import { paymentChoice } from "./installments";
import { installmentRows } from "~/shared/installments";
import { installmentsTr } from "~/shared/texts/installments.tr";

export type BasketView = basketService.BasketView;
/** A basket that exists (checkout state is keyed on its id). */
export type OpenBasket = BasketView & { id: number };

// ─── state ──────────────────────────────────────────────────────────────────────────────────────

export interface AddressObj {
  delFullName: string;
  delAddress: string;
  delCityName: string;
  delCountyName: string;
  delNeighName: string;
  delPhoneNumber: string;
  delCityId: number;
  delCountyId: number;
  delNeighId: number | null;
  invFullName: string;
  invAddress: string;
  invCityName: string;
  invCountyName: string;
  invNeighName: string;
  invPhoneNumber: string;
  invCityId: number;
  invCountyId: number;
  invNeighId: number | null;
  firmName: string;
  taxAuthority: string;
  TID: string;
  type: "Individual" | "Corporate";
  isSingleAddress: 0 | 1;
}

export interface ChosenDeliveryState {
  option: string;
  deliveryType: "Carrier" | "Delivery" | "Store";
  deliveryDetails: string;
  /** Store: the pickup place's code and its name and address as shown. */
  location?: string | null;
  locationName?: string | null;
  toBeReady: IsoDate;
  estimatedDelivery: IsoDate;
  price: number;
}

export interface DeliveryState {
  form: DeliveryForm;
  addressObj: AddressObj;
  chosen: ChosenDeliveryState;
}

export interface PaymentState {
  mode: "new" | "saved";
  savedCardId?: number;
  saveCard: boolean;
  cardHolder?: string;
  lastFour?: string;
  cardType?: CardType;
  /** Installments (issue 27): the count chosen on the payment step and the card's BIN it was priced for. */
  installment?: number;
  bin?: string;
}

export interface CheckoutState {
  delivery: DeliveryState | null;
  email: string | null;
  payment: PaymentState | null;
  guestChosen: boolean;
  /** City campaign joined on the confirm step. */
  campaign: campaigns.Coverage | null;
}

const EMPTY: CheckoutState = { delivery: null, email: null, payment: null, guestChosen: false, campaign: null };

export async function getState(app: AppContext, basketId: number, db: DbOrTx = app.db): Promise<CheckoutState> {
  const [row] = await db.select().from(checkoutStates).where(eq(checkoutStates.basketId, basketId));
  if (!row) return EMPTY;
  return {
    delivery: (row.delivery as DeliveryState | null) ?? null,
    email: row.email,
    payment: (row.payment as PaymentState | null) ?? null,
    guestChosen: row.guestChosen === 1,
    campaign: row.campaign === "FreeCity" || row.campaign === "HEDEF81" ? row.campaign : null,
  };
}

async function patchState(app: AppContext, basketId: number, patch: Partial<typeof checkoutStates.$inferInsert>): Promise<void> {
  const now = app.clock.now();
  await app.db
    .insert(checkoutStates)
    .values({ basketId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: checkoutStates.basketId, set: { ...patch, updatedAt: now } });
}

/** Moves the checkout state of a guest basket to the member's basket after sign-in (nothing entered is lost). */
export async function moveState(app: AppContext, fromBasketId: number, toBasketId: number): Promise<void> {
  if (fromBasketId === toBasketId) return;
  const from = await getState(app, fromBasketId);
  const to = await getState(app, toBasketId);
  await patchState(app, toBasketId, {
    delivery: from.delivery ?? to.delivery,
    email: from.email ?? to.email,
    payment: from.payment ?? to.payment,
  });
}

/**
 * Which step the buyer may be on: 1 delivery, 2 payment, 3 confirm. A guest passes the payment step once the
 * login overlay was answered ('continue without login' or quick membership).
 */
export function reachableStep(s: CheckoutState, member: boolean): 1 | 2 | 3 {
  if (!s.delivery) return 1;
  if (!s.email || !s.payment) return 2;
  if (!member && !s.guestChosen) return 2;
  return 3;
}

// ─── step 1: delivery ───────────────────────────────────────────────────────────────────────────

export type DeliveryResult = { ok: true; state: DeliveryState } | { ok: false; message: string; field?: string };

async function names(app: AppContext, a: { cityId: number; countyId: number; areaId?: number }) {
  const r = await geo.resolveAddress(app, { cityId: a.cityId, countyId: a.countyId, neighbourhoodId: a.areaId });
  if (r.invalid || !r.city || !r.county) return null;
  return { city: r.city.name, county: r.county.name, neigh: r.neighbourhood?.name ?? "" };
}


/** Options for the delivery step's address, date and basket (the same computation the server re-checks). */
export async function optionsFor(app: AppContext, basket: BasketView, q: { cityId?: number; countyId?: number; areaId?: number; date?: IsoDate | null }) {
  return delivery.getOptions(
    app,
    { cityId: q.cityId ?? null, countyId: q.countyId ?? null, areaId: q.areaId ?? null, date: q.date ?? null },
    // production capacity: the delivery service reads the booked orders itself (one grouped query)
    { basket: { itemCount: basket.amounts.totalItem, productTotal: basket.amounts.productTotal } },
  );
}

/**
 * The buyer's choice applied to the options computed now for the same address, requested date and basket
 * (the engine the delivery step showed them with). The ready and delivery dates shown beside the option
 * come with the form; when the option has moved since (a cutoff passed meanwhile) the choice is refused
 * with the new date, so what is stored is always exactly what the buyer saw.
 */
async function chooseFor(app: AppContext, basket: OpenBasket, form: DeliveryForm): Promise<{ ok: true; chosen: ChosenDeliveryState } | { ok: false; message: string; field?: string }> {
  const d = form.delivery;
  // a state saved before the requested date had its own field kept the requested date in readyDate
  const requested = form.requestedDate !== undefined ? form.requestedDate : form.readyDate;
  const opts = await optionsFor(app, basket, { cityId: d.cityId, countyId: d.countyId, areaId: d.areaId, date: requested });
  if (!opts.ok) return { ok: false, message: checkoutTr.deliveryErrors.address, field: "cityId" };
  const c = form.choice;
  const chosen = await delivery.choose(app, opts.options, {
    option: c.option,
    carrier: c.carrier || null,
    slot: c.slot || null,
    hour: c.hour || null,
    location: c.location || null,
  });
  if (!chosen.ok) {
    const field = { carrierRequired: "carrier", storeHourRequired: "hour", slotRequired: "slot", optionUnavailable: "option" }[chosen.error];
    return { ok: false, message: checkoutTr.deliveryErrors[chosen.error], field };
  }
  if (chosen.toBeReady !== form.readyDate || (form.estimatedDelivery && chosen.estimatedDelivery !== form.estimatedDelivery)) {
    const moved = chosen.toBeReady !== form.readyDate ? chosen.toBeReady : chosen.estimatedDelivery;
    return { ok: false, message: fmt(checkoutTr.deliveryErrors.dateMoved, { date: formatDayTr(moved) }), field: "option" };
  }
  return {
    ok: true,
    chosen: {
      option: chosen.option,
      deliveryType: chosen.deliveryType,
      deliveryDetails: chosen.deliveryDetails,
      location: chosen.location,
      locationName: chosen.locationName,
      toBeReady: chosen.toBeReady,
      estimatedDelivery: chosen.estimatedDelivery,
      price: chosen.price,
    },
  };
}

export async function saveDelivery(app: AppContext, basket: OpenBasket, userId: number | null, form: DeliveryForm): Promise<DeliveryResult> {
  const del = await names(app, form.delivery);
  if (!del) return { ok: false, message: checkoutTr.deliveryErrors.address, field: "cityId" };
  const invForm = form.separateInvoice && form.invoice ? form.invoice : form.delivery;
  const inv = form.separateInvoice ? await names(app, invForm) : del;
  if (!inv) return { ok: false, message: checkoutTr.deliveryErrors.address, field: "inv_cityId" };
  const chosen = await chooseFor(app, basket, form);
  if (!chosen.ok) return chosen;
  const corporate = form.invoiceType === "Corporate";
  const addressObj: AddressObj = {
    delFullName: form.delivery.fullName,
    delAddress: form.delivery.address,
    delCityName: del.city,
    delCountyName: del.county,
    delNeighName: del.neigh,
    delPhoneNumber: form.delivery.phone,
    delCityId: form.delivery.cityId,
    delCountyId: form.delivery.countyId,
    delNeighId: form.delivery.areaId ?? null,
    invFullName: invForm.fullName,
    invAddress: invForm.address,
    invCityName: inv.city,
    invCountyName: inv.county,
    invNeighName: inv.neigh,
    invPhoneNumber: invForm.phone,
    invCityId: invForm.cityId,
    invCountyId: invForm.countyId,
    invNeighId: invForm.areaId ?? null,
    firmName: corporate ? form.firmName : "",
    taxAuthority: corporate ? form.taxAuthority : "",
    TID: corporate ? form.taxId : "",
    type: form.invoiceType,
    isSingleAddress: form.separateInvoice ? 0 : 1,
  };
  const state: DeliveryState = { form, addressObj, chosen: chosen.chosen };
  await patchState(app, basket.id, { delivery: state });
  if (userId && form.saveAddress) await saveAddress(app, userId, form);
  return { ok: true, state };
}

// ─── saved addresses ────────────────────────────────────────────────────────────────────────────

export interface SavedAddress {
  AID: number;
  addrName: string;
  firmName: string;
  afullname: string;
  address: string;
  NeighborhoodName: string;
  countyName: string;
  cityName: string;
  cityId: number;
  countyId: number;
  neighId: number | null;
  phone: string;
  ataxauthority: string;
  aPID: string;
}

async function saveAddress(app: AppContext, userId: number, form: DeliveryForm): Promise<void> {
  const d = form.delivery;
  const existing = await app.db
    .select({ id: savedAddresses.id })
    .from(savedAddresses)
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.fullName, d.fullName), eq(savedAddresses.address, d.address), eq(savedAddresses.countyId, d.countyId)));
  if (existing.length) return;
  const corporate = form.invoiceType === "Corporate";
  await app.db.insert(savedAddresses).values({
    userId,
    addrName: d.addrName,
    fullName: d.fullName,
    address: d.address,
    cityId: d.cityId,
    countyId: d.countyId,
    areaId: d.areaId ?? null,
    phone: d.phone,
    firmName: corporate ? form.firmName : "",
    taxAuthority: corporate ? form.taxAuthority : "",
    taxId: corporate ? form.taxId : "",
    createdAt: app.clock.now(),
  });
}

export async function listAddresses(app: AppContext, userId: number): Promise<SavedAddress[]> {
  const rows = await app.db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId)).orderBy(savedAddresses.id);
  return Promise.all(
    rows.map(async (r) => {
      const n = await names(app, { cityId: r.cityId, countyId: r.countyId, areaId: r.areaId ?? undefined });
      return {
        AID: r.id,
        addrName: r.addrName,
        firmName: r.firmName,
        afullname: r.fullName,
        address: r.address,
        NeighborhoodName: n?.neigh ?? "",
        countyName: n?.county ?? "",
        cityName: n?.city ?? "",
        cityId: r.cityId,
        countyId: r.countyId,
        neighId: r.areaId,
        phone: r.phone,
        ataxauthority: r.taxAuthority,
        aPID: r.taxId,
      };
    }),
  );
}

// ─── step 2: payment ────────────────────────────────────────────────────────────────────────────

export async function savePayment(app: AppContext, basketId: number, email: string, payment: PaymentState): Promise<void> {
  await patchState(app, basketId, { email, payment });
}

export async function chooseGuest(app: AppContext, basketId: number): Promise<void> {
  await patchState(app, basketId, { guestChosen: 1 });
}

/** SPEC §7 'Check user by e-mail': s = 1 when a customer account exists for the address. */
/** A guest's saves of the payment step per client: [limit, window seconds] (issue 23 §3). */
export const GUEST_SAVE_LIMIT = { limit: 20, windowSeconds: 900 } as const;

/** Counts a guest's save of the payment step for this client; the refusal when there were too many. */
export async function guestSaveLimited(app: AppContext, ip: string): Promise<{ error: string; retryAfterSeconds: number } | null> {
  const r = await hit(app, perClient("checkout-guest-save", ip), GUEST_SAVE_LIMIT.limit, GUEST_SAVE_LIMIT.windowSeconds);
  return r.allowed ? null : { error: tr.errors.tooManyRequests, retryAfterSeconds: r.retryAfterSeconds };
}

// ─── step 3: confirm and place ──────────────────────────────────────────────────────────────────

export const PLACE_ORDER_HOOK = "checkout.placeOrder";

export type PlaceResult =
  | { status: "succeeded"; paymentId: string | null; orderPublicId: string }
  | { status: "challenge"; challengeUrl: string }
  | { status: "processing" }
  | { status: "failed"; message: string; goTo?: "/order/delivery" | "/order/payment" | "/order/confirm" | "/basket" };

export class OutOfStock extends payments.OrderRefused {
  constructor(readonly productName: string) {
    super(`out of stock: ${productName}`);
  }
}
export class BasketChanged extends payments.OrderRefused {}

/** HEDEF81 holds exactly one introduction package (the basket was reduced to it when the buyer joined). */
function hedef81Basket(basket: BasketView): boolean {
  return basket.items.length === 1 && basket.items[0]!.quantity === 1 && basket.items[0]!.available;
}

/**
 * Amounts the buyer pays: the basket's amounts with the chosen delivery's price; a joined FreeCity campaign makes
 * delivery free, HEDEF81 makes the whole order 1 TL.
 */
/**
 * What the buyer pays, with the code that gave the discount: the one source of every checkout summary (payment
 * and confirm steps, contracts) and of the amounts and promo code the order stores.
 */
export function finalAmounts(basket: BasketView, state: CheckoutState): Summary {
  if (state.campaign === "HEDEF81" && hedef81Basket(basket)) return { ...campaigns.hedef81Amounts(basket.items[0]!.itemPrice), promoCode: "HEDEF81" };
  const promoCode = basket.promo?.applies ? basket.promo.code : null;
  if (state.campaign === "FreeCity") return { ...withDelivery(basket.amounts, 0), promoCode };
  return { ...withDelivery(basket.amounts, state.delivery?.chosen.price ?? 0), promoCode };
}

/** The campaign of the delivery city, when there is one and the buyer has not joined it yet (confirm banner). */
export async function campaignOffer(app: AppContext, state: CheckoutState): Promise<campaigns.CityCampaign | null> {
  if (!state.delivery || state.campaign) return null;
  return campaigns.forCity(app, state.delivery.addressObj.delCityId);
}

/**
 * 'Kampanyaya katıl' (after the buyer confirmed the dialog): FreeCity frees the delivery; HEDEF81 reduces the
 * basket to one introduction package.
 */
export async function joinCampaign(app: AppContext, basket: OpenBasket, owner: basketService.Owner): Promise<{ ok: true } | { ok: false; message: string }> {
  const state = await getState(app, basket.id);
  const offer = await campaignOffer(app, state);
  if (!offer) return { ok: false, message: checkoutTr.confirm.campaignGone };
  if (offer.coverage === "HEDEF81") {
    const r = await basketService.keepOnly(app, owner, await campaigns.introProductId(app));
    if (!r.ok) return { ok: false, message: checkoutTr.confirm.campaignGone };
  }
  await patchState(app, basket.id, { campaign: offer.coverage });
  return { ok: true };
}

export function contractInput(basket: BasketView, state: CheckoutState, date: IsoDate, orderNumber?: string): ContractInput | null {
  const d = state.delivery;
  if (!d) return null;
  const a = d.addressObj;
  return {
    date,
    orderNumber,
    buyer: {
      name: a.delFullName,
      address: `${a.delAddress}, ${a.delNeighName ? `${a.delNeighName}, ` : ""}${a.delCountyName} / ${a.delCityName}`,
      phone: a.delPhoneNumber,
      email: state.email ?? "",
      billing: a.isSingleAddress ? undefined : `${a.firmName ? `${a.firmName}, ` : ""}${a.invFullName}, ${a.invAddress}, ${a.invCountyName} / ${a.invCityName}`,
    },
    lines: basket.items.map((i) => ({ name: i.name, quantity: i.quantity, unitPrice: i.itemPrice })),
    amounts: finalAmounts(basket, state),
    deliveryTypeLabel: ordersTr.deliveryType[d.chosen.deliveryType],
    deliveryDetails: detailsText(d.chosen),
    readyDate: d.chosen.toBeReady,
    estimatedDelivery: d.chosen.estimatedDelivery,
  };
}

interface HookContext {
  basketId: number;
  userId: number | null;
  email: string;
  expected: number;
  deliveryPrice: number;
}

/** Re-validates the basket for confirming: the delivery choice still open now, stock still there. */
async function revalidate(app: AppContext, basket: OpenBasket, state: CheckoutState): Promise<PlaceResult | null> {
  if (basket.items.length === 0 || basket.items.some((i) => !i.available)) return { status: "failed", message: checkoutTr.confirm.basketChanged, goTo: "/basket" };
  if (!state.delivery) return { status: "failed", message: checkoutTr.confirm.deliveryChanged, goTo: "/order/delivery" };
  if (!state.email || !state.payment) return { status: "failed", message: checkoutTr.payment.invalid, goTo: "/order/payment" };
  if (state.campaign) {
    const offer = await campaigns.forCity(app, state.delivery.addressObj.delCityId);
    if (offer?.coverage !== state.campaign || (state.campaign === "HEDEF81" && !hedef81Basket(basket))) {
      await patchState(app, basket.id, { campaign: null });
      return { status: "failed", message: checkoutTr.confirm.campaignGone, goTo: "/order/confirm" };
    }
  }
  const again = await chooseFor(app, basket, state.delivery.form);
  // a joined campaign sets the delivery fee itself (free), so only the option and its date must still hold
  const priceMoved = !state.campaign && again.ok && again.chosen.price !== state.delivery.chosen.price;
  if (!again.ok || priceMoved || again.chosen.toBeReady !== state.delivery.chosen.toBeReady) {
    return { status: "failed", message: checkoutTr.confirm.deliveryChanged, goTo: "/order/delivery" };
  }
  // stock as it is in the database now (the process cache may lag behind another buyer's order)
  const products = (await catalog.pricesFor(app.db, basket.items.map((i) => i.productId))).values();
  const need = new Map<number, number>();
  for (const i of basket.items) need.set(i.productId, (need.get(i.productId) ?? 0) + i.quantity);
  for (const p of products) {
    const q = need.get(p.id) ?? 0;
    if (p.stock !== null && p.stock < q) return { status: "failed", message: fmt(checkoutTr.confirm.outOfStock, { name: p.name }), goTo: "/basket" };
  }
  return null;
}

export async function startPlaceOrder(
  app: AppContext,
  input: {
    basket: OpenBasket;
    /** The basket's checkout state as the caller has just read it in this request (read here when not given). */
    state?: CheckoutState;
    userId: number | null;
    ip: string;
    card?: payments.CardInput;
    /** The installment total the confirm step showed (issue 27): priced again by the payments module. */
    installmentTotal?: number;
    acceptPreInfo: boolean;
    acceptContract: boolean;
  },
): Promise<PlaceResult> {
  const { basket } = input;
  if (!input.acceptPreInfo || !input.acceptContract) return { status: "failed", message: checkoutTr.confirm.waiting };
  const state = input.state ?? (await getState(app, basket.id));
  const problem = await revalidate(app, basket, state);
  if (problem) return problem;
  const d = state.delivery!;
  const pay = state.payment!;
  const amounts = finalAmounts(basket, state);
  const context: HookContext = { basketId: basket.id, userId: input.userId, email: state.email!, expected: amounts.needToPay, deliveryPrice: d.chosen.price };

  if (amounts.needToPay === 0) {
    // fully paid by points and a free delivery: no card payment to take
    const order = await app.db.transaction((tx) => placeInTx(app, tx, context, null));
    return { status: "succeeded", paymentId: null, orderPublicId: order.publicId };
  }
  if (pay.mode === "new" && !input.card) return { status: "failed", message: checkoutTr.payment.cardMissing, goTo: "/order/payment" };
  const [name, ...rest] = d.addressObj.invFullName.split(/\s+/);
  const outcome = await payments.startPayment(app, {
    orderRef: `basket-${basket.id}`,
    amount: amounts.needToPay,
    buyer: {
      id: input.userId ? `user-${input.userId}` : `guest-${basket.id}`,
      name: name ?? d.addressObj.invFullName,
      surname: rest.join(" ") || (name ?? ""),
      email: state.email!,
      phone: `+90${d.addressObj.invPhoneNumber}`,
      identityNumber: d.addressObj.TID.length === 11 ? d.addressObj.TID : undefined,
      address: `${d.addressObj.invAddress}, ${d.addressObj.invCountyName}`,
      city: d.addressObj.invCityName,
      ip: input.ip,
    },
    ...(pay.mode === "saved" && pay.savedCardId ? { savedCardId: pay.savedCardId } : { card: input.card }),
    saveCard: Boolean(input.userId && pay.saveCard && pay.mode === "new"),
    userId: input.userId,
    installment: paymentChoice(pay.installment ? { count: pay.installment, bin: pay.bin } : null, input.installmentTotal),
    hook: PLACE_ORDER_HOOK,
    hookContext: context,
    returnUrl: "/order/complete",
    description: `Sepet ${basket.id}`,
  });
  switch (outcome.status) {
    case "succeeded": {
      const order = await orders.getByPaymentRef(app, outcome.paymentId);
      if (!order) return { status: "failed", message: checkoutTr.confirm.failedNetwork };
      return { status: "succeeded", paymentId: outcome.paymentId, orderPublicId: order.publicId };
    }
    case "challenge":
      return { status: "challenge", challengeUrl: outcome.challengeUrl };
    case "processing":
      return { status: "processing" };
    case "failed": {
      // the charge was voided because the order could not be taken: say why (e.g. someone bought the last one)
      const again = await revalidate(app, basket, await getState(app, basket.id));
      return again && again.status === "failed" ? { ...again, message: `${outcome.message}. ${again.message}` } : { status: "failed", message: outcome.message };
    }
  }
}

/** Everything that makes the order, inside one transaction. Throws to roll back (and void the payment). */
export async function placeInTx(app: AppContext, tx: Tx, ctx: HookContext, paymentId: string | null, paid?: { installment: number; price: number; amount: number }): Promise<orders.OrderRow> {
  const existing = await orders.getByBasket(tx, ctx.basketId);
  if (existing) return existing;
  const basket = await basketService.lockForOrder(tx, app, ctx.basketId, { userId: ctx.userId });
  const state = await getState(app, ctx.basketId, tx);
  if (!state.delivery || basket.items.length === 0 || basket.items.some((i) => !i.available)) throw new BasketChanged("basket empty, changed or delivery missing");
  const d = state.delivery;
  const amounts = finalAmounts(basket, state);
  if (amounts.needToPay !== ctx.expected) throw new BasketChanged(`amount changed ${ctx.expected} → ${amounts.needToPay}`);
  const reserved = await catalog.reserveStock(tx, basket.items);
  if (!reserved.ok) throw new OutOfStock(basket.items.find((i) => i.productId === reserved.productId)?.name ?? String(reserved.productId));
  // stock changed: every process drops its cached stock when this commits (the rest of the catalogue stays)
  await catalog.invalidateStock(app, tx);
  const settings = await getSettings(app, tx);
  const now = app.clock.now();
  const order = await orders.createOrder(
    app,
    tx,
    {
      userId: ctx.userId,
      email: ctx.email,
      deliveryType: d.chosen.deliveryType,
      deliveryDetails: d.chosen.deliveryDetails,
      readyDate: d.chosen.toBeReady,
      estimatedDelivery: d.chosen.estimatedDelivery,
      pickupLocation: d.chosen.deliveryType === "Store" ? (d.chosen.location ?? null) : null,
      pickupPlace: d.chosen.deliveryType === "Store" ? (d.chosen.locationName ?? null) : null,
      address: d.addressObj,
      giftNote: basket.notes,
      mediaLink: basket.link,
      promoCode: amounts.promoCode,
      productTotal: amounts.productTotal,
      deliveryCost: amounts.deliveryCost,
      discountAmount: amounts.discountAmount,
      usedBonus: amounts.usedBonus,
      needToPay: amounts.needToPay,
      // installments (issue 27): the count and the bank's interest the card paid on top of needToPay
      installmentCount: paid?.installment ?? 1,
      installmentInterest: paid ? paid.amount - paid.price : 0,
      paidTotal: paid ? amounts.needToPay + paid.amount - paid.price : amounts.needToPay,
      taxSnapshot: { deliveryRateBp: settings.tax.deliveryRateBp, groupRatesBp: settings.tax.groupRatesBp },
      // the two documents exactly as accepted, with their version (issue 26 §3)
      contracts: acceptedContracts(contractInput(basket, state, istanbulDate(now)), now),
      basketId: ctx.basketId,
      paymentRef: paymentId,
    },
    basket.items.map((i) => ({
      productId: i.productId,
      variant: i.variant,
      boxType: i.boxType || null,
      name: i.name,
      packageContent: i.packageContent ?? "",
      thumbName: i.thumbName ?? null,
      quantity: i.quantity,
      unitPrice: i.itemPrice,
      originalPrice: i.originalPrice,
      taxRateBp: i.taxRateBp,
    })),
    ctx.userId ? `user:${ctx.userId}` : "guest",
  );
  if (state.campaign === "HEDEF81" && !(await campaigns.claimHedef81(tx, app, d.addressObj.delCityId, order.id))) {
    throw new BasketChanged("HEDEF81: another order reached this city first");
  }
  if (state.campaign !== "HEDEF81" && basket.promo?.applies && amounts.discountAmount > 0) {
    const used = await promos.consumeUse(tx, app, { promoId: basket.promo.id, orderId: order.id, userId: ctx.userId, email: ctx.email, discount: amounts.discountAmount });
    if (!used.ok) throw new BasketChanged(`promo: ${used.error}`);
  }
  if (amounts.usedBonus > 0) {
    if (!ctx.userId) throw new BasketChanged("points without a member");
    await loyalty.spend(app, tx, ctx.userId, amounts.usedBonus, order.id);
  }
  await basketService.markOrdered(tx, ctx.basketId, now);
  if (paymentId) await payments.labelOrder(tx, paymentId, order.orderNumber);
  const note = basket.notes || basket.link ? await notes.createForOrder(app, tx, order) : null;
  await confirmationMail(app, tx, order, d, basket, note?.code ?? null);
  await alerts.orderPlaced(app, tx, order);
  // production capacity of the ready date, counted under a lock held until commit, so concurrent buyers cannot
  // overbook the day; taken last, so placements for the same day wait on each other as briefly as possible
  const { capacityPerDay } = await delivery.getConfig(app, tx);
  if (!(await orders.holdCapacity(tx, d.chosen.toBeReady, capacityPerDay))) throw new BasketChanged(`ready date ${d.chosen.toBeReady} is full`);
  return order;
}

/** How long the invoice link in the confirmation mail works without signing in. */
const INVOICE_LINK_TTL_MS = 30 * 86_400_000;

/** The accepted contracts as the confirmation mail's attachments (a durable copy for the buyer, issue 26 §3). */
function contractAttachments(order: orders.OrderRow) {
  const kept = readAcceptedContracts(order.contracts);
  if (!kept?.docs) return [];
  const meta = { orderNumber: order.orderNumber, version: kept.version, acceptedAt: kept.acceptedAt };
  const file = (name: string, doc: typeof kept.docs.preInfo) => ({ filename: fmt(name, { number: order.orderNumber }), contentType: "text/html; charset=utf-8", content: contractHtml(doc, meta) });
  return [file(contractsKeptTr.preInfoFile, kept.docs.preInfo), file(contractsKeptTr.contractFile, kept.docs.distanceSales)];
}

/** The order confirmation (issue 8): items, amounts, delivery, the order's page and the gift note's address. */
async function confirmationMail(app: AppContext, tx: DbOrTx, order: orders.OrderRow, d: DeliveryState, basket: BasketView, noteCode: string | null): Promise<void> {
  const m = checkoutTr.mail;
  const kept = order.contracts !== null;
  const money = (k: number) => formatAmount(k);
  const table: [string, string][] = [
    ...basket.items.map((i): [string, string] => [`${i.quantity} × ${i.name}${i.variantName ? ` (${i.variantName})` : ""}`, money(i.lineTotal)]),
    [m.productTotal, money(order.productTotal)],
    [m.deliveryCost, formatCost(order.deliveryCost)],
    ...(order.discountAmount > 0 ? [[discountLabel(order.promoCode), `−${money(order.discountAmount)}`] as [string, string]] : []),
    ...(order.usedBonus > 0 ? [[m.usedBonus, `−${money(order.usedBonus)}`] as [string, string]] : []),
  ];
  await queueMail(
    tx,
    {
      to: order.email,
      subject: fmt(m.subject, { number: order.orderNumber }),
      heading: m.heading,
      paragraphs: [
        fmt(m.intro, { number: order.orderNumber, date: formatDayTr(order.readyDate) }),
        fmt(m.delivery, { type: ordersTr.deliveryType[order.deliveryType as keyof typeof ordersTr.deliveryType] ?? order.deliveryType, details: detailsText({ deliveryDetails: order.deliveryDetails, locationName: order.pickupPlace }) }),
        ...(order.estimatedDelivery ? [fmt(m.estimated, { date: formatDayTr(order.estimatedDelivery) })] : []),
        ...(noteCode ? [fmt(m.giftNote, { url: `${app.config.publicUrl}/s/${noteCode}` })] : []),
        fmt(m.invoice, { url: `${app.config.publicUrl}${printing.signedPrintUrl(app, "invoice", order.publicId, INVOICE_LINK_TTL_MS)}` }),
        ...(kept ? [fmt(contractsKeptTr.mailParagraph, { url: `${app.config.publicUrl}${printing.signedPrintUrl(app, "contracts", order.publicId, INVOICE_LINK_TTL_MS)}` })] : []),
      ],
      attachments: contractAttachments(order),
      table: [...table, [order.installmentCount > 1 ? installmentsTr.order.orderTotal : m.total, money(order.needToPay)], ...installmentRows(order)],
      button: { label: m.button, url: `${app.config.publicUrl}${order.userId ? "/memberarea/orders" : `/order/complete?siparis=${order.publicId}`}` },
    },
    { dedupeKey: `order-confirmation:${order.id}` },
  );
}

// ─── KVKK erasure (issue 12) ────────────────────────────────────────────────────────────────────

/**
 * Forgets what checkout kept about a member, in the caller's transaction: the address book and the
 * delivery, e-mail and payment entries of their baskets' checkout steps (placed orders keep theirs).
 */
export async function forgetPerson(app: AppContext, tx: DbOrTx, userId: number): Promise<void> {
  const basketIds = await basketService.forgetPerson(tx, userId, app.clock.now());
  await tx.delete(savedAddresses).where(eq(savedAddresses.userId, userId));
  if (basketIds.length) await tx.delete(checkoutStates).where(inArray(checkoutStates.basketId, basketIds));
}

payments.onPaymentSucceeded(PLACE_ORDER_HOOK, async (tx, event, app) => {
  await placeInTx(app, tx, event.context as HookContext, event.paymentId, event);
});
