import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { users } from "../db/schema/accounts";
import { catalogProducts } from "../db/schema/catalog";
import { orders } from "../db/schema/orders";
import * as basket from "../basket/service";
import * as catalog from "../catalog/service";
import * as checkout from "./service";
import { placeOrder } from "../flows/place-order";
import * as delivery from "../delivery/service";
import * as geo from "../geo/service";
import * as payments from "../payments/service";
import { parseDeliveryForm } from "~/shared/checkout-forms";
import { formatDayTr } from "~/shared/clock";

/**
 * Issue 27 §4: 'Bugün sipariş verirsen en erken …' shown on the product page and in the basket for a city is
 * the date checkout books. For each clock time of the table and each city, the line's option is booked through
 * the delivery step and the order placed: the stored delivery date is the line's. The countdown's time is the
 * last moment the line still says today: a minute before it the same option arrives today, at it not.
 */
const TIMES = [
  { label: "Wed 08:00", at: "2026-11-25T08:00:00+03:00" },
  { label: "Wed 10:59", at: "2026-11-25T10:59:00+03:00" },
  { label: "Wed 11:01", at: "2026-11-25T11:01:00+03:00" },
  { label: "Wed 13:15", at: "2026-11-25T13:15:00+03:00" },
  { label: "Wed 14:59", at: "2026-11-25T14:59:00+03:00" },
  { label: "Wed 15:01", at: "2026-11-25T15:01:00+03:00" },
  { label: "Wed 21:00", at: "2026-11-25T21:00:00+03:00" },
  { label: "Sat 12:00 (Sunday closed)", at: "2026-11-28T12:00:00+03:00" },
  { label: "28 Oct 15:01 (29 Oct holiday)", at: "2026-10-28T15:01:00+03:00" },
];

const PRODUCT = 90_327;
let app: TestApp;
let places: Record<"istanbul" | "ankara" | "van", { cityId: number; countyId: number; areaId?: number }>;
let member: { id: number; email: string };
let card: checkout.PaymentState;

beforeAll(async () => {
  app = await createTestApp({ now: TIMES[0]!.at });
  const cities = await geo.listCities(app);
  const county = async (city: string, name: string) => {
    const c = cities.find((x) => x.name === city)!;
    return { cityId: c.id, countyId: (await geo.listCounties(app, c.id)).find((x) => x.name === name)!.id };
  };
  const kadikoy = await county("İstanbul", "Kadıköy");
  const caferaga = (await geo.listNeighbourhoods(app, kadikoy.countyId)).find((n) => n.name.startsWith("Caferağa"))!;
  places = { istanbul: { ...kadikoy, areaId: caferaga.id }, ankara: await county("Ankara", "Çankaya"), van: await county("Van", "İpekyolu") };
  const now = app.clock.now();
  const [u] = await app.db.insert(users).values({ email: "erken@example.com", name: "Erken Alıcı", activatedAt: now, createdAt: now, updatedAt: now }).returning();
  member = { id: u!.id, email: u!.email };
  const saved = await payments.saveCardForUser(app, member.id, member.email, { number: "5528790000000008", holder: "Erken Alici", expMonth: 12, expYear: 2030 });
  if (!saved.ok) throw new Error(saved.message);
  card = { mode: "saved", savedCardId: saved.card.cardId, saveCard: false, lastFour: "0008", cardType: "Mastercard" };
  await app.db.insert(catalogProducts).values({ id: PRODUCT, name: "Erken Kutu", itemPrice: 40_000, originalPrice: 40_000, imgName: "gift-kis", group: "gift", stock: null, createdAt: now, updatedAt: now });
  await catalog.invalidateCatalog(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("the earliest day shown up front is the day checkout books (issue 27 §4)", () => {
  for (const time of TIMES) {
    it(`at ${time.label}: İstanbul, Ankara and Van`, async () => {
      for (const [name, place] of Object.entries(places)) {
        app.clock.set(time.at);
        const line = await delivery.earliestForCity(app, place.cityId);
        if (!line) throw new Error(`no line for ${name}`);
        expect(line.city.id).toBe(place.cityId);
        expect(line.date.date).toBe(formatDayTr(line.date.dateISO));

        // book it the way the shopper does: basket, delivery step with that option, payment, confirm
        const owner = { sessionId: randomUUID(), userId: member.id };
        const added = await basket.addItem(app, owner, { productId: PRODUCT, quantity: 1 });
        if (!added.ok) throw new Error(added.error);
        const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
        const opts = await checkout.optionsFor(app, b, place);
        if (!opts.ok) throw new Error("no options");
        const o = opts.options;
        const form = parseDeliveryForm({
          fullName: "Ayşe Yılmaz",
          address: "Moda Caddesi No 12 Daire 3",
          cityId: String(place.cityId),
          countyId: String(place.countyId),
          areaId: place.areaId ? String(place.areaId) : "",
          phone: "5321234567",
          invoiceType: "Individual",
          readyDate: line.date.dateISO,
          estimatedDelivery: line.date.dateISO,
          option: line.option,
          carrier: line.option === "Other" ? "yurtici" : "",
          slot: line.option === "DeliveryStandart" ? (o.delivery.std.slots.find((s) => s.isOpen)?.code ?? "") : "",
        });
        if (!form.success) throw new Error(JSON.stringify(form.error.issues));
        // the form's ready date is the option's own (shown beside it); take it from the options for the submit
        const shownReady = line.kind === "cargo" ? o.shipping.suggested.dateISO : line.date.dateISO;
        const saved = await checkout.saveDelivery(app, b, member.id, { ...form.data, readyDate: shownReady });
        expect(saved, `${time.label} ${name} ${line.option}`).toMatchObject({ ok: true });
        await checkout.savePayment(app, b.id, member.email, card);
        const placed = await placeOrder(app, { basket: (await basket.getBasket(app, owner)) as checkout.OpenBasket, userId: member.id, ip: "127.0.0.1", acceptPreInfo: true, acceptContract: true });
        expect(placed.status).toBe("succeeded");
        const [order] = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
        expect(order!.estimatedDelivery, `${time.label} ${name}`).toBe(line.date.dateISO);

        // no option of checkout arrives earlier for that address
        const dates = [o.delivery.std, o.delivery.vip].filter((d) => d.available).map((d) => d.suggested!.dateISO);
        if (o.shipping.available) dates.push(...Object.values(o.shipping.slots).flatMap((s) => (s ? [s.estimatedDelivery.dateISO] : [])));
        expect(dates.every((d) => d >= line.date.dateISO)).toBe(true);

        // the countdown: a minute before 'orderBy' the same option still arrives today, at 'orderBy' it does not
        if (line.isToday) {
          expect(line.orderBy).toMatch(/^\d\d:\d\d$/);
          const at = (hhmm: string, deltaMin: number) => new Date(Date.parse(`${time.at.slice(0, 10)}T${hhmm}:00+03:00`) + deltaMin * 60_000);
          expect(line.secondsLeft).toBe((at(line.orderBy!, 0).getTime() - Date.parse(time.at)) / 1000);
          app.clock.set(at(line.orderBy!, -1));
          const before = await delivery.earliestForCity(app, place.cityId);
          expect(before).toMatchObject({ isToday: true, kind: line.kind, orderBy: line.orderBy });
          app.clock.set(at(line.orderBy!, 0));
          const after = await delivery.earliestForCity(app, place.cityId);
          expect(after!.isToday && after!.kind === line.kind).toBe(false);
        } else {
          expect(line.orderBy).toBeNull();
        }
      }
    }, 120_000);
  }

  it("the same-day city at 10:30: standard courier today, order by 11:00; at 13:15 the VIP courier still today", async () => {
    app.clock.set("2026-11-25T10:30:00+03:00");
    expect(await delivery.earliestForCity(app, places.istanbul.cityId)).toMatchObject({ kind: "door", isToday: true, orderBy: "11:00", secondsLeft: 1800, date: { dateISO: "2026-11-25" } });
    app.clock.set("2026-11-25T13:15:00+03:00");
    expect(await delivery.earliestForCity(app, places.istanbul.cityId)).toMatchObject({ kind: "vip", isToday: true, date: { dateISO: "2026-11-25" } });
    app.clock.set("2026-11-25T10:30:00+03:00");
    expect(await delivery.earliestForCity(app, places.ankara.cityId)).toMatchObject({ kind: "cargo", isToday: false, orderBy: null, city: { name: "Ankara" } });
  });

  it("an unknown or disabled city has no line", async () => {
    expect(await delivery.earliestForCity(app, 999)).toBeNull();
    expect(await delivery.earliestForCity(app, 83)).toBeNull();
  });
});
