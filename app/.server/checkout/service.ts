/**
 * Checkout (issue 8): the four steps' state per basket, the checks before placing, and the hold a basket takes
 * before its payment (issue 24 §3). Placing the order itself is a flow: app/.server/flows/place-order.ts.
 */
import { deliveryLabel } from "~/shared/delivery-label";
import { z } from "zod";
import type { AppContext } from "../context";
import type { Companion, DbOrTx, Rider, Step } from "../db/client";
import * as basketService from "../basket/service";
import * as delivery from "../delivery/service";
import * as geo from "../geo/service";
import * as orders from "../orders/service";
import * as campaigns from "../campaigns/service";
import * as printing from "../printing/service";
import { sql } from "drizzle-orm";
import { mailHole, queueMail, queueMailRider, type MailToQueue } from "../mail/service";
import { hit, perClient } from "../ratelimit/service";
import { getSettings } from "../settings/service";
import { discountLabel, withDelivery, type Summary } from "~/shared/amounts";
import { CARD_TYPES } from "~/shared/card";
import { formatDayTr, istanbulDate, type IsoDate } from "~/shared/clock";
import { formatAmount, formatCost } from "~/shared/money";
import { deliveryFormSchema, OPTION_VALUES, type DeliveryForm } from "~/shared/checkout-forms";
import { DELIVERY_TYPES } from "~/shared/order-status";
import { detailsText } from "~/shared/delivery-choice";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { fmt, tr } from "~/shared/texts/tr";
import { acceptedContracts, contractHtml, readAcceptedContracts, type ContractInput } from "./contracts";
import { contractsKeptTr } from "~/shared/texts/contracts-kept.tr";
import { installmentRows } from "~/shared/installments";
import { installmentsTr } from "~/shared/texts/installments.tr";
import * as repo from "./repo";

// installments (issue 27 §3): the payment step's choice and the confirm step's price (checkout/installments.ts)
export { chosenInstallment, paymentChoice, checkChoice as checkInstallmentChoice, TABLE_LIMIT as INSTALLMENT_TABLE_LIMIT, type ChosenInstallment, type InstallmentChoice } from "./installments";

export type BasketView = basketService.BasketView;
/** A basket that exists (checkout state is keyed on its id). */
export type OpenBasket = BasketView & { id: number };

// ─── state ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The steps' state is stored as JSON; it is parsed with these schemas when read (a value that no longer fits is
 * dropped, and the buyer is asked for that step again), never cast.
 */
const addressObjSchema = z.object({
  delFullName: z.string(),
  delAddress: z.string(),
  delCityName: z.string(),
  delCountyName: z.string(),
  delNeighName: z.string(),
  delPhoneNumber: z.string(),
  delCityId: z.number(),
  delCountyId: z.number(),
  delNeighId: z.number().nullable(),
  invFullName: z.string(),
  invAddress: z.string(),
  invCityName: z.string(),
  invCountyName: z.string(),
  invNeighName: z.string(),
  invPhoneNumber: z.string(),
  invCityId: z.number(),
  invCountyId: z.number(),
  invNeighId: z.number().nullable(),
  firmName: z.string(),
  taxAuthority: z.string(),
  TID: z.string(),
  type: z.enum(["Individual", "Corporate"]),
  isSingleAddress: z.union([z.literal(0), z.literal(1)]),
});
export type AddressObj = z.infer<typeof addressObjSchema>;

const isoDate = z.iso.date() as unknown as z.ZodType<IsoDate>;
const chosenSchema = z.object({
  option: z.enum(OPTION_VALUES),
  deliveryType: z.enum(DELIVERY_TYPES),
  deliveryDetails: z.string(),
  /** Store: the pickup place's code and its name and address as shown. */
  location: z.string().nullish(),
  locationName: z.string().nullish(),
  toBeReady: isoDate,
  estimatedDelivery: isoDate,
  price: z.number().int(),
});
export type ChosenDeliveryState = z.infer<typeof chosenSchema>;

const deliveryStateSchema = z.object({ form: z.unknown(), addressObj: addressObjSchema, chosen: chosenSchema });
export interface DeliveryState {
  form: DeliveryForm;
  addressObj: AddressObj;
  chosen: ChosenDeliveryState;
}

const paymentStateSchema = z.object({
  mode: z.enum(["new", "saved"]),
  savedCardId: z.number().int().optional(),
  saveCard: z.boolean(),
  cardHolder: z.string().optional(),
  lastFour: z.string().optional(),
  cardType: z.enum(CARD_TYPES).optional(),
  /** Installments (issue 27): the count chosen on the payment step and the card's BIN it was priced for. */
  installment: z.number().int().positive().optional(),
  bin: z.string().optional(),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

export interface CheckoutState {
  delivery: DeliveryState | null;
  email: string | null;
  payment: PaymentState | null;
  guestChosen: boolean;
  /** City campaign joined on the confirm step. */
  campaign: campaigns.Coverage | null;
}

function parseDelivery(app: AppContext, basketId: number, value: unknown): DeliveryState | null {
  if (value === null || value === undefined) return null;
  const d = deliveryStateSchema.safeParse(value);
  const form = d.success ? deliveryFormSchema.safeParse(d.data.form) : null;
  if (!d.success || !form?.success) {
    app.log.warn({ basketId }, "stored delivery step no longer fits its schema: asked again");
    return null;
  }
  return { form: form.data, addressObj: d.data.addressObj, chosen: d.data.chosen };
}

function parsePayment(app: AppContext, basketId: number, value: unknown): PaymentState | null {
  if (value === null || value === undefined) return null;
  const p = paymentStateSchema.safeParse(value);
  if (!p.success) app.log.warn({ basketId }, "stored payment step no longer fits its schema: asked again");
  return p.success ? p.data : null;
}

const EMPTY: CheckoutState = { delivery: null, email: null, payment: null, guestChosen: false, campaign: null };

export async function getState(app: AppContext, basketId: number, db: DbOrTx = app.db): Promise<CheckoutState> {
  return stateOf(app, basketId, await repo.findState(db, basketId));
}

/** The steps' state read with the basket, in the basket's statement (basket service `getBasket`'s `companion`). */
export const stateCompanion: Companion<repo.StateRow> = repo.stateCompanion;

/** The steps' state from its row as read (`stateCompanion`'s, or none yet): its stored JSON parsed with its schemas. */
export function stateOf(app: AppContext, basketId: number, row: repo.StateRow | null | undefined): CheckoutState {
  if (!row) return EMPTY;
  return {
    delivery: parseDelivery(app, basketId, row.delivery),
    email: row.email,
    payment: parsePayment(app, basketId, row.payment),
    guestChosen: row.guestChosen === 1,
    campaign: row.campaign === "FreeCity" || row.campaign === "HEDEF81" ? row.campaign : null,
  };
}

async function patchState(app: AppContext, basketId: number, patch: repo.StatePatch): Promise<void> {
  await repo.upsertState(app.db, basketId, patch, app.clock.now());
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
async function chooseFor(app: AppContext, basket: OpenBasket, form: DeliveryForm): Promise<{ ok: true; chosen: ChosenDeliveryState } | { ok: false; message: string; field?: string; moved?: true }> {
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
    return { ok: false, message: fmt(checkoutTr.deliveryErrors.dateMoved, { date: formatDayTr(moved) }), field: "option", moved: true };
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
  if (!chosen.ok) return { ok: false, message: chosen.message, ...(chosen.field ? { field: chosen.field } : {}) };
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
  if (await repo.findAddress(app.db, userId, d)) return;
  const corporate = form.invoiceType === "Corporate";
  await repo.insertAddress(app.db, {
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
  const rows = await repo.addressesOf(app.db, userId);
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

/** Why placing stopped, typed: pages choose their notice by `kind`, never by the start of the Turkish text. */
export type RefusalKind =
  | "agreements"
  | "basket"
  | "delivery"
  | "payment_step"
  | "campaign"
  | "out_of_stock"
  | "ready_date_full"
  | "promo"
  | "points"
  | "payment"
  | "system";

export type PlaceResult =
  | { status: "succeeded"; paymentId: string | null; orderPublicId: string }
  | { status: "challenge"; challengeUrl: string }
  | { status: "processing" }
  | { status: "failed"; kind: RefusalKind; message: string; goTo?: "/order/delivery" | "/order/payment" | "/order/confirm" | "/basket" };
export type PlaceRefusal = Extract<PlaceResult, { status: "failed" }>;

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
    deliveryTypeLabel: deliveryLabel({ deliveryType: d.chosen.deliveryType, deliveryOption: d.chosen.option }),
    deliveryDetails: detailsText(d.chosen),
    readyDate: d.chosen.toBeReady,
    estimatedDelivery: d.chosen.estimatedDelivery,
  };
}

/**
 * What the place-order flow keeps with the payment (payment_intents.context) to finish the order when the charge
 * succeeds later (3-D Secure return, reconcile): parsed with this schema when read back.
 */
export const placeContextSchema = z.object({
  basketId: z.number().int(),
  /** The checkout hold made for this payment: the order is made from its draft. */
  holdId: z.number().int(),
  userId: z.number().int().nullable(),
  email: z.string(),
  /** What the buyer was asked to pay (kuruş). */
  expected: z.number().int(),
});
export type PlaceContext = z.infer<typeof placeContextSchema>;

/** Checks a basket before placing: lines available, every step done, a joined campaign and the delivery choice still open now. */
export async function checkReady(app: AppContext, basket: OpenBasket, state: CheckoutState): Promise<PlaceRefusal | null> {
  const C = checkoutTr.confirm;
  if (basket.items.length === 0 || basket.items.some((i) => !i.available)) return { status: "failed", kind: "basket", message: C.basketChanged, goTo: "/basket" };
  if (!state.delivery) return { status: "failed", kind: "delivery", message: C.deliveryChanged, goTo: "/order/delivery" };
  if (!state.email || !state.payment) return { status: "failed", kind: "payment_step", message: checkoutTr.payment.invalid, goTo: "/order/payment" };
  if (state.campaign) {
    const offer = await campaigns.forCity(app, state.delivery.addressObj.delCityId);
    if (offer?.coverage !== state.campaign || (state.campaign === "HEDEF81" && !hedef81Basket(basket))) {
      await patchState(app, basket.id, { campaign: null });
      return { status: "failed", kind: "campaign", message: C.campaignGone, goTo: "/order/confirm" };
    }
  }
  const again = await chooseFor(app, basket, state.delivery.form);
  // a joined campaign sets the delivery fee itself (free), so only the option and its date must still hold
  const priceMoved = !state.campaign && again.ok && again.chosen.price !== state.delivery.chosen.price;
  if (!again.ok || priceMoved || again.chosen.toBeReady !== state.delivery.chosen.toBeReady) {
    // the option is still there but a cutoff or a full day moved its date: say the new date, as the delivery step does
    const message = !again.ok && again.moved ? again.message : C.deliveryChanged;
    return { status: "failed", kind: "delivery", message, goTo: "/order/delivery" };
  }
  return null;
}

/** The Turkish answer for each thing that can run out before a payment (issue 24 §3): the buyer was not charged. */
export function ranOut(kind: "out_of_stock" | "ready_date_full" | "promo" | "points" | "basket" | "campaign", detail = ""): PlaceRefusal {
  const C = checkoutTr.confirm;
  switch (kind) {
    case "out_of_stock":
      return { status: "failed", kind, message: fmt(C.outOfStock, { name: detail }), goTo: "/basket" };
    case "ready_date_full":
      return { status: "failed", kind, message: fmt(C.readyDateFull, { date: detail ? formatDayTr(detail as IsoDate) : "" }), goTo: "/order/delivery" };
    case "promo":
      return { status: "failed", kind, message: fmt(C.promoUsedUp, { code: detail }), goTo: "/basket" };
    case "points":
      return { status: "failed", kind, message: C.pointsChanged, goTo: "/basket" };
    case "campaign":
      return { status: "failed", kind, message: C.campaignGone, goTo: "/order/confirm" };
    case "basket":
      return { status: "failed", kind, message: C.basketChanged, goTo: "/basket" };
  }
}

/** The buyer's details the payment provider asks for, from the invoice address of the delivery step. */
export function buyerOf(state: CheckoutState, basketId: number, userId: number | null, ip: string) {
  const a = state.delivery!.addressObj;
  const [name, ...rest] = a.invFullName.split(/\s+/);
  return {
    id: userId ? `user-${userId}` : `guest-${basketId}`,
    name: name ?? a.invFullName,
    surname: rest.join(" ") || (name ?? ""),
    email: state.email!,
    phone: `+90${a.invPhoneNumber}`,
    identityNumber: a.TID.length === 11 ? a.TID : undefined,
    address: `${a.invAddress}, ${a.invCountyName}`,
    city: a.invCityName,
    ip,
  };
}

// ─── holds (issue 24 §3) ────────────────────────────────────────────────────────────────────────

/**
 * How long a hold lasts without a finished payment: longer than a 3-D Secure challenge may stay open
 * (payments.CHALLENGE_TTL_SECONDS, 30 minutes) plus a reconcile round, so a buyer who completes the bank's
 * page in time always finds their goods held.
 */
export const HOLD_TTL_SECONDS = 35 * 60;

const holdLinesSchema = z.array(z.object({ productId: z.number().int(), quantity: z.number().int().positive() }));
export type HoldLine = z.infer<typeof holdLinesSchema>[number];

export interface MailLine {
  label: string;
  lineTotal: number;
}

/** The order as confirmed (orders' fields and lines, and the mail's lines), stored with the hold. */
const draftSchema = z.object({
  order: z.object({
    userId: z.number().int().nullable(),
    email: z.string(),
    deliveryType: z.string(),
    deliveryDetails: z.string(),
    /** absent from holds confirmed before the option was kept */
    deliveryOption: z.string().nullish(),
    readyDate: z.string(),
    estimatedDelivery: z.string().nullable(),
    pickupLocation: z.string().nullable(),
    pickupPlace: z.string().nullable(),
    address: addressObjSchema,
    giftNote: z.string(),
    mediaLink: z.string(),
    promoCode: z.string().nullable(),
    productTotal: z.number().int(),
    deliveryCost: z.number().int(),
    discountAmount: z.number().int(),
    usedBonus: z.number().int(),
    needToPay: z.number().int(),
    taxSnapshot: z.object({ deliveryRateBp: z.number().int(), groupRatesBp: z.record(z.string(), z.number()) }),
    /** checkout/contracts acceptedContracts(): read back with readAcceptedContracts. */
    contracts: z.unknown(),
    basketId: z.number().int(),
  }),
  lines: z.array(
    z.object({
      productId: z.number().int(),
      variant: z.string(),
      boxType: z.string().nullable(),
      name: z.string(),
      packageContent: z.string(),
      thumbName: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      originalPrice: z.number().int(),
      taxRateBp: z.number().int(),
    }),
  ),
  mailLines: z.array(z.object({ label: z.string(), lineTotal: z.number().int() })),
  wantsNote: z.boolean(),
});
export type OrderDraft = z.infer<typeof draftSchema>;

/** What a basket holds before its payment: stock per product, its ready date, its code use, its points, and the order as confirmed. */
export interface HoldPlan {
  basketId: number;
  userId: number | null;
  email: string;
  lines: HoldLine[];
  readyDate: IsoDate;
  promo: { id: number; code: string; discount: number } | null;
  usedBonus: number;
  needToPay: number;
  hedef81CityId: number | null;
  draft: OrderDraft;
}

/** The plan of a hold for this basket as it is now (priced from the database) with the steps' state. */
export async function holdPlan(app: AppContext, tx: DbOrTx, basketId: number, basket: BasketView, state: CheckoutState, userId: number | null): Promise<HoldPlan> {
  const d = state.delivery!;
  const amounts = finalAmounts(basket, state);
  const need = new Map<number, number>();
  for (const i of basket.items) need.set(i.productId, (need.get(i.productId) ?? 0) + i.quantity);
  const usesCode = state.campaign !== "HEDEF81" && basket.promo?.applies && amounts.discountAmount > 0;
  const settings = await getSettings(app, tx);
  const now = app.clock.now();
  const contract = contractInput(basket, state, istanbulDate(now));
  const draft: OrderDraft = {
    order: {
      userId,
      email: state.email!,
      deliveryType: d.chosen.deliveryType,
      deliveryDetails: d.chosen.deliveryDetails,
      deliveryOption: d.chosen.option,
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
      taxSnapshot: { deliveryRateBp: settings.tax.deliveryRateBp, groupRatesBp: settings.tax.groupRatesBp },
      // the two documents exactly as accepted, with their version (issue 26 §3)
      contracts: acceptedContracts(contract, now),
      basketId,
    },
    lines: basket.items.map((i) => ({
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
    mailLines: basket.items.map((i) => ({ label: `${i.quantity} × ${i.name}${i.variantName ? ` (${i.variantName})` : ""}`, lineTotal: i.lineTotal })),
    wantsNote: Boolean(basket.notes || basket.link),
  };
  return {
    basketId,
    userId,
    email: state.email!,
    lines: [...need].sort((a, b) => a[0] - b[0]).map(([productId, quantity]) => ({ productId, quantity })),
    readyDate: d.chosen.toBeReady,
    promo: usesCode && basket.promo ? { id: basket.promo.id, code: basket.promo.code, discount: amounts.discountAmount } : null,
    usedBonus: amounts.usedBonus,
    needToPay: amounts.needToPay,
    hedef81CityId: state.campaign === "HEDEF81" ? d.addressObj.delCityId : null,
    draft,
  };
}

/** Two confirms of an unchanged basket hold the same things: the second reuses the first's hold. */
export function fingerprintOf(p: HoldPlan): string {
  const { contracts: _c, ...order } = p.draft.order; // the acceptance time differs between two clicks
  return JSON.stringify([p.lines, p.readyDate, p.promo, p.usedBonus, p.needToPay, p.userId, p.email, order, p.draft.lines]);
}

export type Hold = Omit<repo.HoldRow, "lines" | "draft"> & { lines: HoldLine[]; draft: OrderDraft };
/** A hold as read to renew or release it: everything but its draft. */
export type HeldHold = Omit<Hold, "draft">;
const toHold = (row: repo.HoldRow): Hold => ({ ...row, lines: holdLinesSchema.parse(row.lines), draft: draftSchema.parse(row.draft) });

/** The plan a hold was taken for (to take it again from its draft when it was let go before its payment came). */
export function planOf(h: Hold): HoldPlan {
  const o = h.draft.order;
  return {
    basketId: h.basketId,
    userId: h.userId,
    email: o.email,
    lines: h.lines,
    readyDate: h.readyDate as IsoDate,
    promo: h.promoId !== null ? { id: h.promoId, code: o.promoCode ?? "", discount: o.discountAmount } : null,
    usedBonus: h.usedBonus,
    needToPay: o.needToPay,
    hedef81CityId: o.promoCode === "HEDEF81" ? o.address.delCityId : null,
    draft: h.draft,
  };
}

/** The basket's hold still 'held' (live or expired), without its draft, locked for the caller's transaction. */
export async function lockHeld(tx: DbOrTx, basketId: number): Promise<HeldHold | null> {
  const row = await repo.lockHeld(tx, basketId);
  return row ? { ...row, lines: holdLinesSchema.parse(row.lines) } : null;
}

/** A hold by id, locked for the caller's transaction (whatever its status). */
export async function lockHold(tx: DbOrTx, holdId: number): Promise<Hold | null> {
  const row = await repo.lockHold(tx, holdId);
  return row ? toHold(row) : null;
}

export const isLive = (app: AppContext, h: HeldHold) => h.expiresAt.getTime() > app.clock.now().getTime();

/**
 * A hold for the plan, made by another module's statement (the hold's stock statement: one round trip less):
 * `rider` inserts the row, whatever the carrier's gate (an insert has no WHERE: the caller rolls back when the
 * carrier's own change did not happen); `made(id)` is the hold once the carrier answered the id of the row it made.
 */
export function holdToMake(app: AppContext, p: HoldPlan): { rider: Rider; made(id: number): Hold } {
  const row = holdRowOf(app, p);
  return { rider: (db) => db.$with("hold_made").as(repo.insertHoldQuery(db, row)), made: (id) => asStored(row, id) };
}

function holdRowOf(app: AppContext, p: HoldPlan) {
  const now = app.clock.now();
  return {
    basketId: p.basketId,
    status: "held" as const,
    lines: p.lines,
    readyDate: p.readyDate,
    promoId: p.promo?.id ?? null,
    usedBonus: p.usedBonus,
    userId: p.userId,
    draft: p.draft,
    fingerprint: fingerprintOf(p),
    createdAt: now,
    expiresAt: new Date(now.getTime() + HOLD_TTL_SECONDS * 1000),
  };
}

/**
 * The hold as it is stored: what reading it back would give (its JSON as the database keeps it), so an order made
 * from a hold in the request that made it is the one a later read of it would make.
 */
function asStored(row: ReturnType<typeof holdRowOf>, id: number): Hold {
  const stored = JSON.parse(JSON.stringify({ lines: row.lines, draft: row.draft })) as unknown as { lines: unknown; draft: unknown };
  return { ...row, lines: holdLinesSchema.parse(stored.lines), draft: draftSchema.parse(stored.draft), id };
}

export const extendHold = (app: AppContext, tx: DbOrTx, h: HeldHold) => repo.extendHold(tx, h.id, new Date(app.clock.now().getTime() + HOLD_TTL_SECONDS * 1000));
/**
 * Live holds on a ready date (they count against its capacity like orders) as a scalar SQL count, for the
 * capacity check to read together with the date's orders in one statement (one snapshot) under the date's lock.
 */
export const liveHoldsOnSql = (app: AppContext, readyDate: string) => repo.countLiveOnSql(readyDate, app.clock.now());
/**
 * A 'held' hold made into its order: marked 'ordered' and answered whole (with its draft), locked for the caller's
 * transaction, in one statement. Null when it is not 'held' (then `lockHold` tells why). Its order is the basket's.
 */
export async function orderHeld(tx: DbOrTx, holdId: number): Promise<Hold | null> {
  const row = await repo.orderHeld(tx, holdId);
  return row ? toHold(row) : null;
}
/**
 * `orderHeld` for a hold whose draft the caller already has (it made the hold in this request): the hold becomes
 * 'ordered' in the statement that inserts its order (orders `createOrder`'s riders). Its count is 0 when the hold
 * was not 'held' any more: the caller rolls back and takes the order the long way (`orderHeld`, which says why).
 */
export function orderHeldRider<Made = void>(holdId: number): Rider<Made> {
  return (db, gate) => db.$with("hold_ordered").as(repo.orderHeldQuery(db, holdId, gate));
}
/** Why a statement carrying `orderHeldStep` was refused: the hold was not 'held' any more (released or expired). */
export const HOLD_MOVED = "hold moved";
/** A hold 'held' → 'ordered' as a step of the order's statement (db/client.ts `Step`): refused with HOLD_MOVED when it was not 'held'. */
export const orderHeldStep = (db: DbOrTx, holdId: number): Step => ({ ride: db.$with("hold_ordered").as(repo.orderHeldQuery(db, holdId, sql`true`)), refusal: HOLD_MOVED });
export const markHoldOrdered = (tx: DbOrTx, holdId: number) => repo.finishHold(tx, holdId, { status: "ordered" });
export const markHoldReleased = (tx: DbOrTx, holdId: number) => repo.finishHold(tx, holdId, { status: "released" });
/** Baskets whose hold expired without an order (for the periodic release). */
export const expiredHoldBaskets = (app: AppContext) => repo.expiredBaskets(app.db, app.clock.now());

/** How long the invoice link in the confirmation mail works without signing in. */
const INVOICE_LINK_TTL_MS = 30 * 86_400_000;

/** The accepted contracts as the confirmation mail's attachments (a durable copy for the buyer, issue 26 §3). */
function contractAttachments(order: Omit<orders.OrderRow, "id">) {
  const kept = readAcceptedContracts(order.contracts);
  if (!kept?.docs) return [];
  const meta = { orderNumber: order.orderNumber, version: kept.version, acceptedAt: kept.acceptedAt };
  const file = (name: string, doc: typeof kept.docs.preInfo) => ({ filename: fmt(name, { number: order.orderNumber }), contentType: "text/html; charset=utf-8", content: contractHtml(doc, meta) });
  return [file(contractsKeptTr.preInfoFile, kept.docs.preInfo), file(contractsKeptTr.contractFile, kept.docs.distanceSales)];
}

/** The order confirmation (issue 8): items, amounts, delivery, the order's page and the gift note's address. */
export async function confirmationMail(app: AppContext, tx: DbOrTx, order: orders.OrderRow, items: MailLine[], noteCode: string | null): Promise<void> {
  await queueMail(tx, confirmationOf(app, order, items, noteCode), { dedupeKey: `order-confirmation:${order.id}` });
}

/**
 * `confirmationMail` queued in the order's own insert (orders `createOrderWith`'s riders: one statement less), for
 * an order without a gift note (the note's code is made after the order): written from the order as it will be
 * stored, its number filled in by that statement.
 */
export function confirmationMailRider(app: AppContext, toBe: orders.OrderToBe, items: MailLine[]): Rider<orders.OrderMade> {
  return queueMailRider<orders.OrderMade>(
    confirmationOf(app, { ...toBe, orderNumber: mailHole("orderNumber") }, items, null),
    { dedupeKey: (made) => sql`'order-confirmation:' || ${made.id}` },
    { orderNumber: (made) => made.orderNumber },
  );
}

/** The confirmation's content; it never names the order's id (its rider is written before the id exists). */
function confirmationOf(app: AppContext, order: Omit<orders.OrderRow, "id">, items: MailLine[], noteCode: string | null): MailToQueue {
  const m = checkoutTr.mail;
  const kept = order.contracts !== null;
  const money = (k: number) => formatAmount(k);
  const table: [string, string][] = [
    ...items.map((i): [string, string] => [i.label, money(i.lineTotal)]),
    [m.productTotal, money(order.productTotal)],
    [m.deliveryCost, formatCost(order.deliveryCost)],
    ...(order.discountAmount > 0 ? [[discountLabel(order.promoCode), `−${money(order.discountAmount)}`] as [string, string]] : []),
    ...(order.usedBonus > 0 ? [[m.usedBonus, `−${money(order.usedBonus)}`] as [string, string]] : []),
  ];
  return {
    to: order.email,
    subject: fmt(m.subject, { number: order.orderNumber }),
    heading: m.heading,
    paragraphs: [
      fmt(m.intro, { number: order.orderNumber, date: formatDayTr(order.readyDate) }),
      fmt(m.delivery, { type: deliveryLabel(order), details: detailsText({ deliveryDetails: order.deliveryDetails, locationName: order.pickupPlace }) }),
      ...(order.estimatedDelivery ? [fmt(m.estimated, { date: formatDayTr(order.estimatedDelivery) })] : []),
      ...(noteCode ? [fmt(m.giftNote, { url: `${app.config.publicUrl}/s/${noteCode}` })] : []),
      fmt(m.invoice, { url: `${app.config.publicUrl}${printing.signedPrintUrl(app, "invoice", order.publicId, INVOICE_LINK_TTL_MS)}` }),
      ...(kept ? [fmt(contractsKeptTr.mailParagraph, { url: `${app.config.publicUrl}${printing.signedPrintUrl(app, "contracts", order.publicId, INVOICE_LINK_TTL_MS)}` })] : []),
    ],
    attachments: contractAttachments(order),
    table: [...table, [order.installmentCount > 1 ? installmentsTr.order.orderTotal : m.total, money(order.needToPay)], ...installmentRows(order)],
    button: { label: m.button, url: `${app.config.publicUrl}${order.userId ? "/memberarea/orders" : `/order/complete?siparis=${order.publicId}`}` },
  };
}

// ─── KVKK erasure (issue 12) ────────────────────────────────────────────────────────────────────

/**
 * Forgets what checkout kept about a member, in the caller's transaction: the address book and the
 * delivery, e-mail and payment entries of their baskets' checkout steps (placed orders keep theirs).
 */
export async function forgetPerson(app: AppContext, tx: DbOrTx, userId: number): Promise<void> {
  const basketIds = await basketService.forgetPerson(tx, userId, app.clock.now());
  await repo.deleteAddressesOf(tx, userId);
  await repo.deleteStates(tx, basketIds);
  // finished holds keep the order as confirmed (name, address, e-mail): the order itself keeps what the law asks
  await repo.deleteFinishedHolds(tx, userId, basketIds);
}
