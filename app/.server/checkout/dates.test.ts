import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { users } from "../db/schema/accounts";
import { catalogProducts } from "../db/schema/catalog";
import { orders } from "../db/schema/orders";
import { jobs } from "../db/schema/system";
import * as basket from "../basket/service";
import * as catalog from "../catalog/service";
import * as checkout from "./service";
import { placeOrder } from "../flows/place-order";
import * as delivery from "../delivery/service";
import * as geo from "../geo/service";
import * as management from "../management/service";
import * as payments from "../payments/service";
import * as printing from "../printing/service";
import type { DeliveryOptions } from "../delivery/rules";
import { parseDeliveryForm } from "~/shared/checkout-forms";
import { formatDayTr, type IsoDate } from "~/shared/clock";
import { shownDates } from "~/shared/delivery-choice";
import { deliveryLabel, isVipOption } from "~/shared/delivery-label";
import { parseOrderFilter } from "~/shared/management";
import { ordersTr } from "~/shared/texts/orders.tr";
import { checkoutTr } from "~/shared/texts/checkout.tr";

/**
 * Issue 22 §1, 'the day shown is the day booked', as a table: every delivery type (carrier standard,
 * express, other, special; standard door delivery; each VIP slot; each pickup place at its first and last
 * hour) at clock times around the cutoffs. For each one offered, the date shown beside the option (what the
 * delivery step renders, `shownDates`) must be exactly the order's stored ready and delivery dates, the
 * dates in the confirmation mail, the contract, the invoice and the production board of that day. Options
 * not offered must be refused at submit. The table as run is written to $TMPDIR/i22-dates-table.md.
 */

const TIMES: { label: string; at: string }[] = [
  { label: "Wed 08:00", at: "2026-11-25T08:00:00+03:00" },
  { label: "Wed 10:59", at: "2026-11-25T10:59:00+03:00" },
  { label: "Wed 11:01", at: "2026-11-25T11:01:00+03:00" },
  { label: "Wed 14:59", at: "2026-11-25T14:59:00+03:00" },
  { label: "Wed 15:01", at: "2026-11-25T15:01:00+03:00" },
  { label: "Wed 21:00", at: "2026-11-25T21:00:00+03:00" },
  { label: "Sat 12:00 (Sunday closed)", at: "2026-11-28T12:00:00+03:00" },
  { label: "28 Oct 15:01 (29 Oct holiday)", at: "2026-10-28T15:01:00+03:00" },
];

type Place = "kadikoy" | "ankara";
interface Kind {
  label: string;
  place: Place;
  option: string;
  carrier?: string;
  /** Store: the place's code and which hour (first or last it offers). */
  location?: string;
  hour?: "first" | "last";
}
const KINDS: Kind[] = [
  { label: "carrier standard", place: "kadikoy", option: "Standart" },
  { label: "carrier express (Ankara)", place: "ankara", option: "Express" },
  { label: "carrier other (Aras)", place: "kadikoy", option: "Other", carrier: "aras" },
  { label: "special", place: "kadikoy", option: "Special" },
  { label: "door standard", place: "kadikoy", option: "DeliveryStandart" },
  { label: "VIP morning", place: "kadikoy", option: "DeliveryMorning" },
  { label: "VIP afternoon", place: "kadikoy", option: "DeliveryAfternoon" },
  { label: "VIP evening", place: "kadikoy", option: "DeliveryEvening" },
  { label: "VIP night", place: "kadikoy", option: "DeliveryNight" },
  { label: "pickup Kadıköy, first hour", place: "kadikoy", option: "Store", location: "kadikoy", hour: "first" },
  { label: "pickup Kadıköy, last hour", place: "kadikoy", option: "Store", location: "kadikoy", hour: "last" },
  { label: "pickup Beşiktaş, first hour", place: "kadikoy", option: "Store", location: "besiktas", hour: "first" },
  { label: "pickup Beşiktaş, last hour", place: "kadikoy", option: "Store", location: "besiktas", hour: "last" },
];

const PRODUCT = 90_301;
let app: TestApp;
let places: Record<Place, { cityId: number; countyId: number; areaId?: number }>;
let member: { id: number; email: string };
let card: checkout.PaymentState;
const table: string[] = [];

beforeAll(async () => {
  app = await createTestApp({ now: TIMES[0]!.at });
  const ist = (await geo.listCities(app)).find((c) => c.name === "İstanbul")!;
  const kadikoy = (await geo.listCounties(app, ist.id)).find((c) => c.name === "Kadıköy")!;
  const caferaga = (await geo.listNeighbourhoods(app, kadikoy.id)).find((n) => n.name.startsWith("Caferağa"))!;
  const ank = (await geo.listCities(app)).find((c) => c.name === "Ankara")!;
  const cankaya = (await geo.listCounties(app, ank.id)).find((c) => c.name === "Çankaya")!;
  places = { kadikoy: { cityId: ist.id, countyId: kadikoy.id, areaId: caferaga.id }, ankara: { cityId: ank.id, countyId: cankaya.id } };
  const now = app.clock.now();
  const [u] = await app.db.insert(users).values({ email: "tarih@example.com", name: "Tarih Alıcı", activatedAt: now, createdAt: now, updatedAt: now }).returning();
  member = { id: u!.id, email: u!.email };
  const saved = await payments.saveCardForUser(app, member.id, member.email, { number: "5528790000000008", holder: "Tarih Alici", expMonth: 12, expYear: 2030 });
  if (!saved.ok) throw new Error(saved.message);
  card = { mode: "saved", savedCardId: saved.card.cardId, saveCard: false, lastFour: "0008", cardType: "Mastercard" };
  // a product without a stock limit: the table places about a hundred orders
  await app.db.insert(catalogProducts).values({ id: PRODUCT, name: "Tarih Kutusu", itemPrice: 40_000, originalPrice: 40_000, imgName: "gift-kis", group: "gift", stock: null, createdAt: now, updatedAt: now });
  await catalog.invalidateCatalog(app);
  table.push("| time | type | shown (ready → delivery, details) | stored | mailed | contract | invoice | board |", "|---|---|---|---|---|---|---|---|");
}, 120_000);

afterAll(async () => {
  writeFileSync(join(tmpdir(), `i22-dates-table-${process.pid}.md`), `${table.join("\n")}\n`);
  await app?.close();
});

/** The choice's details as the buyer fills them in: the first open door slot, the place's first or last hour. */
function detailsOf(o: DeliveryOptions, k: Kind): { slot: string; hour: string; location: string } {
  const slot = k.option === "DeliveryStandart" ? (o.delivery.std.slots.find((s) => s.isOpen)?.code ?? "") : "";
  const place = o.store.locations.find((l) => l.code === k.location);
  const hour = place ? ((k.hour === "first" ? place.deliveryTimes[0] : place.deliveryTimes.at(-1)) ?? "") : "";
  return { slot, hour, location: k.location ?? "" };
}

const day = (d: IsoDate | null | undefined) => (d ? formatDayTr(d) : "—");

async function boardDays(orderNumber: string, around: IsoDate): Promise<IsoDate[]> {
  const found: IsoDate[] = [];
  for (const d of [-1, 0, 1].map((n) => new Date(Date.parse(`${around}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10))) {
    const b = await management.productionBoard(app, d);
    const all = [...b.slots.flatMap((s) => s.stops), ...b.pickups.flatMap((s) => s.stops), ...b.shipments.flatMap((s) => s.stops)];
    if (all.some((s) => s.orderNumber === orderNumber)) found.push(d);
  }
  return found;
}

describe("the day shown is the day booked (issue 22 §1)", () => {
  for (const time of TIMES) {
    it(`at ${time.label}: shown = stored = mailed = contract = invoice = production board, for every type`, async () => {
      app.clock.set(time.at);
      for (const k of KINDS) {
        const owner = { sessionId: randomUUID(), userId: member.id };
        const added = await basket.addItem(app, owner, { productId: PRODUCT, quantity: 1 });
        if (!added.ok) throw new Error(added.error);
        const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
        const place = places[k.place];
        const opts = await checkout.optionsFor(app, b, place);
        if (!opts.ok) throw new Error("no options");
        const o = opts.options;
        // the shipping calculator (/deliveryoptions) asks the same engine for the same basket, place and time
        const calc = await delivery.getOptions(app, place, { basket: { itemCount: b.amounts.totalItem, productTotal: b.amounts.productTotal } });
        expect(calc.ok && calc.options).toEqual(o);

        const d = detailsOf(o, k);
        const shown = shownDates(o, { option: k.option, location: k.location ?? null });
        const vipSlot = k.option.startsWith("Delivery") && k.option !== "DeliveryStandart" ? o.delivery.vip.slots.find((s) => `Delivery${s.code[0]!.toUpperCase()}${s.code.slice(1)}` === k.option) : undefined;
        const offered = shown !== null && (vipSlot ? vipSlot.isOpen : true) && (k.option !== "DeliveryStandart" || d.slot !== "") && (k.option !== "Store" || d.hour !== "");
        const form = parseDeliveryForm({
          fullName: "Ayşe Yılmaz",
          address: "Moda Caddesi No 12 Daire 3",
          cityId: String(place.cityId),
          countyId: String(place.countyId),
          areaId: place.areaId ? String(place.areaId) : "",
          phone: "5321234567",
          invoiceType: "Individual",
          readyDate: shown?.ready.dateISO ?? o.defaultReadyDate.dateISO,
          estimatedDelivery: shown?.estimated.dateISO ?? "",
          option: k.option,
          carrier: k.carrier ?? "",
          slot: d.slot,
          hour: d.hour || (k.option === "Store" ? "12:00" : ""),
          location: d.location,
        });
        if (!form.success) throw new Error(JSON.stringify(form.error.issues));
        const saved = await checkout.saveDelivery(app, b, member.id, form.data);
        if (!offered) {
          // not offered at this time: refused at submit, and the reason is shown beside a closed VIP slot
          expect(saved.ok).toBe(false);
          const why = vipSlot && !vipSlot.isOpen ? (vipSlot.closedReason === "staff" ? "closed by staff" : `order by ${vipSlot.orderBy} passed`) : "not offered";
          if (vipSlot && !vipSlot.isOpen) expect(vipSlot.closedReason).toBeDefined();
          table.push(`| ${time.label} | ${k.label} | ${why} — refused: “${(saved as { message: string }).message}” | — | — | — | — | — |`);
          await basket.clear(app, owner);
          continue;
        }
        expect(saved).toMatchObject({ ok: true });
        await checkout.savePayment(app, b.id, member.email, card);
        const placed = await placeOrder(app, { basket: (await basket.getBasket(app, owner)) as checkout.OpenBasket, userId: member.id, ip: "127.0.0.1", acceptPreInfo: true, acceptContract: true });
        expect(placed.status, JSON.stringify(placed)).toBe("succeeded");
        const [order] = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
        // stored
        expect(order!.readyDate).toBe(shown!.ready.dateISO);
        expect(order!.estimatedDelivery).toBe(shown!.estimated.dateISO);
        // mailed: the confirmation mail names the same days
        const [mail] = await app.db.select().from(jobs).where(sql`${jobs.dedupeKey} = ${`order-confirmation:${order!.id}`}`);
        const text = (mail!.payload as { text: string }).text;
        expect(text).toContain(`Kurabiyeleriniz ${formatDayTr(order!.readyDate)} tarihinde hazır olacak`);
        expect(text).toContain(`Tahmini teslimat: ${formatDayTr(order!.estimatedDelivery!)}`);
        if (k.option === "Store") expect(text).toContain(`${d.hour}, `);
        const mailed = /Kurabiyeleriniz (.+?) tarihinde/.exec(text)?.[1];
        // contract as accepted
        const contract = (order!.contracts as { preInfo: string }).preInfo;
        expect(contract).toContain(`Hazır olma tarihi: ${formatDayTr(order!.readyDate)}`);
        expect(contract).toContain(`Tahmini teslimat: ${formatDayTr(order!.estimatedDelivery!)}`);
        // invoice
        const invoice = await printing.invoiceView(app, order!);
        expect(invoice.delivery?.readyDate).toBe(order!.readyDate);
        // the type as chosen: a VIP slot is named VIP courier on the contract, mail, invoice and staff pages, not courier
        const typeName = isVipOption(k.option) ? "Adrese teslim (VIP kurye)" : ordersTr.deliveryType[order!.deliveryType as "Carrier" | "Delivery" | "Store"];
        expect(order!.deliveryOption).toBe(k.option);
        expect(deliveryLabel(order!)).toBe(typeName);
        expect(contract).toContain(`Teslimat şekli: ${typeName}.`);
        expect(text).toContain(`Teslimat: ${typeName} — `);
        expect(invoice.delivery?.type).toBe(typeName);
        const listed = await management.orderList(app, parseOrderFilter(new URLSearchParams({ q: order!.orderNumber })));
        expect(listed.rows.map((r) => deliveryLabel(r))).toEqual([typeName]);
        // production board: on that day only
        const board = await boardDays(order!.orderNumber, order!.readyDate);
        expect(board).toEqual([order!.readyDate]);
        const details = order!.deliveryType === "Store" ? `${order!.deliveryDetails} ${order!.pickupLocation}` : order!.deliveryDetails;
        table.push(
          `| ${time.label} | ${k.label} | ${shown!.ready.date} → ${shown!.estimated.date}, ${details} | ${day(order!.readyDate)} → ${day(order!.estimatedDelivery)} | ${mailed} | ✓ | ${day(invoice.delivery!.readyDate)} | ${board.map(day).join(", ")} |`,
        );
      }
    }, 120_000);
  }

  /** The delivery step's form for standard shipping to Ankara with the dates the buyer was shown. */
  function standardToAnkara(shown: NonNullable<ReturnType<typeof shownDates>>) {
    const form = parseDeliveryForm({
      fullName: "Ayşe Yılmaz",
      address: "Atatürk Bulvarı No 12 Daire 3",
      cityId: String(places.ankara.cityId),
      countyId: String(places.ankara.countyId),
      phone: "5321234567",
      invoiceType: "Individual",
      readyDate: shown.ready.dateISO,
      estimatedDelivery: shown.estimated.dateISO,
      option: "Standart",
    });
    if (!form.success) throw new Error("form");
    return form;
  }

  /** A member's new basket of one product and the dates shown beside standard shipping to Ankara now. */
  async function standardShownInAnkara() {
    const owner = { sessionId: randomUUID(), userId: member.id };
    await basket.addItem(app, owner, { productId: PRODUCT, quantity: 1 });
    const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
    const opts = await checkout.optionsFor(app, b, places.ankara);
    if (!opts.ok) throw new Error("no options");
    return { b, shown: shownDates(opts.options, { option: "Standart" })! };
  }

  it("a choice whose date moved since it was shown (a cutoff passed meanwhile) is refused with the new date, not stored", async () => {
    app.clock.set("2026-11-25T14:58:00+03:00");
    const { b, shown } = await standardShownInAnkara();
    expect(shown.ready.dateISO).toBe("2026-11-25");
    app.clock.set("2026-11-25T15:02:00+03:00"); // the buyer submits after the shipping cutoff
    const form = standardToAnkara(shown);
    const r = await checkout.saveDelivery(app, b, member.id, form.data);
    expect(r).toEqual({ ok: false, field: "option", message: checkoutTr.deliveryErrors.dateMoved.replace("{date}", "26 Kasım Perşembe") });
    expect((await checkout.getState(app, b.id)).delivery).toBeNull();
  });

  it("a choice stored before a cutoff and confirmed after it: the confirm step names the new date and sends the buyer back to choose", async () => {
    app.clock.set("2026-11-25T14:58:00+03:00");
    const { b, shown } = await standardShownInAnkara();
    const form = standardToAnkara(shown);
    expect(await checkout.saveDelivery(app, b, member.id, form.data)).toMatchObject({ ok: true });
    const state = await checkout.getState(app, b.id);
    expect(state.delivery!.chosen.toBeReady).toBe("2026-11-25");
    expect(await checkout.checkReady(app, b, { ...state, email: member.email, payment: { mode: "new", saveCard: false } })).toBeNull();
    app.clock.set("2026-11-25T15:02:00+03:00"); // 'Siparişi Onayla' after the shipping cutoff
    expect(await checkout.checkReady(app, b, { ...state, email: member.email, payment: { mode: "new", saveCard: false } })).toEqual({
      status: "failed",
      kind: "delivery",
      message: checkoutTr.deliveryErrors.dateMoved.replace("{date}", "26 Kasım Perşembe"),
      goTo: "/order/delivery",
    });
  });

  it("an advance-dated order keeps the requested day; the stored form remembers the request apart from the shown date", async () => {
    app.clock.set("2026-11-25T10:00:00+03:00");
    const owner = { sessionId: randomUUID(), userId: member.id };
    await basket.addItem(app, owner, { productId: PRODUCT, quantity: 1 });
    const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
    const opts = await checkout.optionsFor(app, b, { ...places.kadikoy, date: "2026-11-29" }); // a Sunday: moves to Monday
    if (!opts.ok) throw new Error("no options");
    const shown = shownDates(opts.options, { option: "DeliveryEvening" })!;
    expect(shown.ready.dateISO).toBe("2026-11-30");
    const form = parseDeliveryForm({
      fullName: "Ayşe Yılmaz",
      address: "Moda Caddesi No 12 Daire 3",
      cityId: String(places.kadikoy.cityId),
      countyId: String(places.kadikoy.countyId),
      areaId: String(places.kadikoy.areaId),
      phone: "5321234567",
      invoiceType: "Individual",
      requestedDate: "2026-11-29",
      readyDate: shown.ready.dateISO,
      estimatedDelivery: shown.estimated.dateISO,
      option: "DeliveryEvening",
    });
    if (!form.success) throw new Error("form");
    const r = await checkout.saveDelivery(app, b, member.id, form.data);
    expect(r).toMatchObject({ ok: true, state: { form: { requestedDate: "2026-11-29", readyDate: "2026-11-30" }, chosen: { toBeReady: "2026-11-30", deliveryDetails: "16:00-20:00" } } });
  });
});
