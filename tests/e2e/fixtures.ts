/**
 * Shop data made through the services, for tests that drive a started shop over HTTP (and for the load
 * benchmark): members, sessions (cookie + CSRF token, as a browser would hold them), baskets ready to confirm.
 * Runs inside `startPreparedShop`'s prepare callback or `withShopDb` (PGlite: before the shop starts).
 */
import { users } from "~/.server/db/schema/accounts";
import type { AppContext } from "~/.server/context";
import { testPasswordHash } from "~/.server/accounts/testing";
import { createSession, sessionCookieName } from "~/.server/accounts/sessions";
import * as basket from "~/.server/basket/service";
import * as checkout from "~/.server/checkout/service";
import { placeOrder } from "~/.server/flows/place-order";
import * as geo from "~/.server/geo/service";
import * as payments from "~/.server/payments/service";
import { parseDeliveryForm } from "~/shared/checkout-forms";
import { shownDates } from "~/shared/delivery-choice";

export interface Visitor {
  cookie: string;
  csrf: string;
}

/** An activated member (with a password when given). */
export async function member(app: AppContext, m: { email: string; name: string; password?: string }): Promise<{ id: number; email: string }> {
  const now = app.clock.now();
  const [u] = await app.db
    .insert(users)
    .values({ email: m.email, name: m.name, passwordHash: m.password ? await testPasswordHash(m.password) : null, activatedAt: now, createdAt: now, updatedAt: now })
    .returning();
  return { id: u!.id, email: m.email };
}

/** A browser session (guest when `userId` is null): its cookie header and CSRF token. */
export async function session(app: AppContext, userId: number | null): Promise<Visitor & { sessionId: string }> {
  const s = await createSession(app, new Request("http://fixture.invalid/"), userId);
  return { cookie: `${sessionCookieName(app)}=${s.token}`, csrf: s.session.csrfToken, sessionId: s.session.sessionId };
}

/** A saved sandbox card of a member, as the payment step's 'saved card' choice. */
export async function savedCard(app: AppContext, userId: number, email: string, number = "5528790000000008"): Promise<{ cardId: number; pay: checkout.PaymentState }> {
  const r = await payments.saveCardForUser(app, userId, email, { number, holder: "Test Alici", expMonth: 12, expYear: 2030 });
  if (!r.ok) throw new Error(r.message);
  return { cardId: r.card.cardId, pay: { mode: "saved", savedCardId: r.card.cardId, saveCard: false, lastFour: number.slice(-4), cardType: "Mastercard" } };
}

export const NEW_CARD: checkout.PaymentState = { mode: "new", saveCard: false, cardHolder: "Ayse Yilmaz", lastFour: "0008", cardType: "Mastercard" };

let place: { cityId: number; countyId: number } | undefined;
async function ankara(app: AppContext) {
  if (!place) {
    const city = (await geo.listCities(app)).find((c) => c.name === "Ankara")!;
    const county = (await geo.listCounties(app, city.id)).find((c) => c.name === "Çankaya")!;
    place = { cityId: city.id, countyId: county.id };
  }
  return place;
}

/**
 * A basket with `lines`, its delivery (standard carrier to Ankara/Çankaya, `fullName` and `address` as given) and
 * payment saved: ready for the confirm step (a guest has chosen to go on without signing in unless `guestChosen: false`).
 */
export async function readyBasket(
  app: AppContext,
  owner: basket.Owner,
  opts: { lines: { productId: number; quantity: number }[]; pay: checkout.PaymentState; email: string; fullName?: string; address?: string; guestChosen?: boolean },
): Promise<checkout.OpenBasket> {
  for (const l of opts.lines) {
    const r = await basket.addItem(app, owner, l);
    if (!r.ok) throw new Error(r.error);
  }
  const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
  const where = await ankara(app);
  const options = await checkout.optionsFor(app, b, where);
  if (!options.ok) throw new Error("no delivery options");
  const form = parseDeliveryForm({
    fullName: opts.fullName ?? "Ayşe Yılmaz",
    address: opts.address ?? "Atatürk Bulvarı No 12 Daire 3",
    cityId: String(where.cityId),
    countyId: String(where.countyId),
    phone: "5321234567",
    invoiceType: "Individual",
    // the dates shown beside the option, as the delivery step sends them
    readyDate: shownDates(options.options, { option: "Standart" })!.ready.dateISO,
    estimatedDelivery: shownDates(options.options, { option: "Standart" })!.estimated.dateISO,
    option: "Standart",
  });
  if (!form.success) throw new Error(JSON.stringify(form.error.issues));
  const saved = await checkout.saveDelivery(app, b, owner.userId, form.data);
  if (!saved.ok) throw new Error(saved.message);
  await checkout.savePayment(app, b.id, opts.email, opts.pay);
  if (owner.userId === null && opts.guestChosen !== false) await checkout.chooseGuest(app, b.id);
  return (await basket.getBasket(app, owner)) as checkout.OpenBasket;
}

/** Places the order of a ready basket paid with a saved card (no 3-D Secure). */
export async function placeWithSavedCard(app: AppContext, b: checkout.OpenBasket, userId: number): Promise<string> {
  const r = await placeOrder(app, { basket: b, userId, ip: "127.0.0.1", acceptPreInfo: true, acceptContract: true });
  if (r.status !== "succeeded") throw new Error(`order not placed: ${JSON.stringify(r)}`);
  return r.orderPublicId;
}
