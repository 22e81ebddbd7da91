import { afterEach, describe, expect, it, vi } from "vitest";
import { buildConfig, type DeliveryConfig, type DeliverySettings } from "./config";
import { chooseDelivery, deliveryOptions, minDayColour, shippingPrice, type AddressInput, type BasketInput, type BookedCount } from "./rules";

/** A fixed configuration: the defaults of config.ts plus small, explicit lists. */
function config(settings: Partial<DeliverySettings> = {}): DeliveryConfig {
  return buildConfig({
    settings,
    carriers: [
      { code: "yurtici", name: "Yurtiçi Kargo", trackingUrl: "https://x/{tracking}" },
      { code: "aras", name: "Aras Kargo", trackingUrl: "https://y/{tracking}" },
      { code: "mng", name: "MNG Kargo", trackingUrl: "https://z/{tracking}" },
    ],
    pickupLocations: [{ code: "kadikoy", name: "Kadıköy Atölye", displayName: "Kadıköy Atölyemiz", details: "Moda", earlyHour: 10, lateHour: 19 }],
    closedDays: [
      { day: "2026-10-29", reason: "Cumhuriyet Bayramı" },
      { day: "2027-01-01", reason: "Yılbaşı" },
    ],
    cityMinDays: [
      { cityId: 34, minDay: 1 },
      { cityId: 6, minDay: 2 },
      { cityId: 65, minDay: 3 },
    ],
    zone: [
      // Kadıköy-like: door delivery dearer than express? no: 120 TL < 150 TL express
      { neighbourhoodId: 3401001, countyId: 3401, stdPrice: 12_000, vipPrice: 22_000, stdFreeFrom: 200_000, vipFreeFrom: null },
      // farther: standard door delivery 180 TL > express 150 TL
      { neighbourhoodId: 3402001, countyId: 3402, stdPrice: 18_000, vipPrice: 28_000, stdFreeFrom: null, vipFreeFrom: null },
      // covered but without any price
      { neighbourhoodId: 3403001, countyId: 3403, stdPrice: null, vipPrice: null, stdFreeFrom: null, vipFreeFrom: null },
      // VIP only: no standard door delivery here, VIP 300 TL, free from 2 500 TL
      { neighbourhoodId: 3405001, countyId: 3405, stdPrice: null, vipPrice: 30_000, stdFreeFrom: null, vipFreeFrom: 250_000 },
    ],
  });
}

const CFG = config();
const BASKET: BasketInput = { itemCount: 2, productTotal: 40_000 };
const EMPTY: BasketInput = { itemCount: 0, productTotal: 0 };
const KADIKOY: AddressInput = { cityId: 34, countyId: 3401, areaId: 3401001 };
const FAR: AddressInput = { cityId: 34, countyId: 3402, areaId: 3402001 };
const VIP_ONLY: AddressInput = { cityId: 34, countyId: 3405, areaId: 3405001 };
const ANKARA: AddressInput = { cityId: 6, countyId: 601 };
/** Istanbul wall-clock time → instant. */
const at = (local: string) => new Date(`${local}+03:00`);

describe("ready dates and cutoffs (Europe/Istanbul)", () => {
  const cases: {
    name: string;
    now: Date;
    address?: AddressInput;
    basket?: BasketInput;
    ship: string;
    std?: string;
    vip?: string;
    store?: string | null;
    standartArrives?: string;
  }[] = [
    { name: "weekday 10:59: everything today", now: at("2026-11-23T10:59"), ship: "2026-11-23", std: "2026-11-23", vip: "2026-11-23", store: "2026-11-23", standartArrives: "2026-11-24" },
    { name: "weekday 11:00: standard courier tomorrow, VIP and shipping still today", now: at("2026-11-23T11:00"), ship: "2026-11-23", std: "2026-11-24", vip: "2026-11-23", store: "2026-11-23" },
    { name: "weekday 14:59: shipping still today, VIP tomorrow (evening slot starts within two hours)", now: at("2026-11-23T14:59"), ship: "2026-11-23", std: "2026-11-24", vip: "2026-11-24" },
    { name: "weekday 13:59: VIP evening slot still today", now: at("2026-11-23T13:59"), ship: "2026-11-23", std: "2026-11-24", vip: "2026-11-23" },
    { name: "weekday 15:00: shipping and pickup tomorrow", now: at("2026-11-23T15:00"), ship: "2026-11-24", std: "2026-11-24", store: "2026-11-24" },
    { name: "weekday 18:30: VIP too tomorrow (night slot closed)", now: at("2026-11-23T18:30"), ship: "2026-11-24", std: "2026-11-24", vip: "2026-11-24" },
    { name: "Saturday morning: shipped today, arrives Monday (no Sunday delivery)", now: at("2026-11-28T09:00"), ship: "2026-11-28", std: "2026-11-28", standartArrives: "2026-11-30" },
    { name: "Saturday after 15:00: Sunday closed, ships Monday", now: at("2026-11-28T15:30"), ship: "2026-11-30", std: "2026-11-30", vip: "2026-11-30", standartArrives: "2026-12-01" },
    { name: "holiday: closed today, ready the next day", now: at("2026-10-29T09:00"), ship: "2026-10-30", std: "2026-10-30", vip: "2026-10-30", store: "2026-10-30" },
    { name: "day before a holiday after cutoff: skips the holiday", now: at("2026-10-28T16:00"), ship: "2026-10-30" },
    { name: "shipped the day before a holiday arrives after it", now: at("2026-10-28T10:00"), ship: "2026-10-28", standartArrives: "2026-10-30" },
    { name: "last day of the month after cutoff: first of next month", now: at("2026-11-30T16:00"), ship: "2026-12-01", std: "2026-12-01" },
    { name: "New Year's Eve after cutoff: 1 January is a holiday", now: at("2026-12-31T16:00"), ship: "2027-01-02" },
    { name: "00:30 in Istanbul is still the previous day in UTC", now: new Date("2026-11-23T21:30:00Z"), ship: "2026-11-24", std: "2026-11-24", vip: "2026-11-24" },
    { name: "23:59 in Istanbul (20:59 UTC): everything tomorrow", now: new Date("2026-11-23T20:59:00Z"), ship: "2026-11-24", std: "2026-11-24", vip: "2026-11-24" },
    { name: "empty basket: never same day", now: at("2026-11-23T09:00"), basket: EMPTY, ship: "2026-11-24", store: null },
    { name: "Ankara: MinDay 2", now: at("2026-11-23T09:00"), address: ANKARA, ship: "2026-11-23", standartArrives: "2026-11-25" },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const o = deliveryOptions(c.basket ?? BASKET, c.address ?? KADIKOY, null, c.now, CFG);
      expect(o.shipping.suggested.dateISO).toBe(c.ship);
      expect(o.shipping.suggested.isToday).toBe(c.ship === o.today);
      if (c.std) expect(o.delivery.std.suggested?.dateISO).toBe(c.std);
      if (c.std) expect(o.delivery.std.isToday).toBe(c.std === o.today);
      if (c.vip) expect(o.delivery.vip.suggested?.dateISO).toBe(c.vip);
      if (c.store !== undefined) expect(o.store.suggested?.dateISO ?? null).toBe(c.store);
      if (c.standartArrives) expect(o.shipping.slots.standart.estimatedDelivery.dateISO).toBe(c.standartArrives);
    });
  }

  it("today is the Istanbul calendar day whatever the server's zone", () => {
    expect(deliveryOptions(BASKET, KADIKOY, null, new Date("2026-11-23T21:00:00Z"), CFG).today).toBe("2026-11-24");
    expect(deliveryOptions(BASKET, KADIKOY, null, new Date("2026-11-23T20:59:59Z"), CFG).today).toBe("2026-11-23");
  });

  it("the default ready date is the first production day from tomorrow", () => {
    expect(deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T09:00"), CFG).defaultReadyDate.dateISO).toBe("2026-11-24");
    expect(deliveryOptions(BASKET, KADIKOY, null, at("2026-11-28T09:00"), CFG).defaultReadyDate.dateISO).toBe("2026-11-30");
  });

  it("dates are shown in Turkish", () => {
    const o = deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T09:00"), CFG);
    expect(o.shipping.suggested.date).toBe("23 Kasım Pazartesi");
    expect(deliveryOptions(BASKET, KADIKOY, null, at("2026-11-30T16:00"), CFG).shipping.suggested.date).toBe("1 Aralık Salı");
  });
});

describe("the server's own time zone changes nothing (process.env.TZ)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  // offset of 2026-11-23 21:30 UTC in each zone, to prove the zone really switched
  const zones = [
    ["UTC", 0],
    ["America/New_York", 300],
    ["Pacific/Kiritimati", -840],
    ["Europe/Istanbul", -180],
  ] as const;
  for (const [tz, offset] of zones) {
    it(`midnight in Istanbul with TZ=${tz}`, () => {
      vi.stubEnv("TZ", tz);
      expect(new Date("2026-11-23T21:30:00Z").getTimezoneOffset()).toBe(offset);
      // 00:30 Tuesday in Istanbul: Monday evening in New York, Tuesday noon on Kiritimati
      const justAfter = deliveryOptions(BASKET, KADIKOY, null, new Date("2026-11-23T21:30:00Z"), CFG);
      expect(justAfter.today).toBe("2026-11-24");
      expect(justAfter.shipping.suggested).toMatchObject({ dateISO: "2026-11-24", date: "24 Kasım Salı", isToday: true });
      expect(justAfter.delivery.std.suggested?.dateISO).toBe("2026-11-24");
      expect(justAfter.defaultReadyDate.dateISO).toBe("2026-11-25");
      // 23:59 Monday in Istanbul: past every cutoff, everything tomorrow
      const justBefore = deliveryOptions(BASKET, KADIKOY, null, new Date("2026-11-23T20:59:00Z"), CFG);
      expect(justBefore.today).toBe("2026-11-23");
      expect(justBefore.shipping.suggested.dateISO).toBe("2026-11-24");
      expect(justBefore.delivery.vip.suggested?.dateISO).toBe("2026-11-24");
      // 10:59 vs 11:00 in Istanbul decides the standard courier, whatever the zone
      expect(deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T10:59"), CFG).delivery.std.isToday).toBe(true);
      expect(deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T11:00"), CFG).delivery.std.isToday).toBe(false);
      // Saturday 23:30 in Istanbul is already Sunday (closed): production on Monday
      const sunday = deliveryOptions(BASKET, KADIKOY, null, new Date("2026-11-28T21:30:00Z"), CFG);
      expect(sunday.today).toBe("2026-11-29");
      expect(sunday.shipping.suggested.dateISO).toBe("2026-11-30");
    });
  }
});

describe("door-delivery slots", () => {
  it("same-day slots close two hours before they start", () => {
    const o = deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T10:00"), CFG);
    expect(o.delivery.std.slots.map((s) => [s.timeFrame, s.isOpen])).toEqual([
      ["10:00-12:00", false],
      ["14:00-16:00", true],
      ["16:00-18:00", true],
      ["18:00-20:00", true],
    ]);
    expect(o.delivery.vip.slots.map((s) => [s.code, s.isOpen])).toEqual([
      ["morning", false],
      ["afternoon", true], // 12:00 is exactly two hours away
      ["evening", true],
      ["night", false], // closed in the configuration
    ]);
  });

  it("on a later day every configured slot is open", () => {
    const o = deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T16:00"), CFG);
    expect(o.delivery.std.slots.every((s) => s.isOpen)).toBe(true);
    expect(o.delivery.vip.slots.filter((s) => s.isOpen).map((s) => s.code)).toEqual(["morning", "afternoon", "evening"]);
  });

  it("pickup hours run hourly from early to late inclusive, as 'HH:00'", () => {
    const later = deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T16:00"), CFG);
    expect(later.store.early).toBe(10);
    expect(later.store.late).toBe(19);
    expect(later.store.locations[0]!.deliveryTimes).toEqual(["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00"]);
    const today = deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T12:10"), CFG);
    expect(today.store.suggested).toMatchObject({ dateISO: "2026-11-23", pickup: "15:00", isToday: true });
    expect(today.store.locations[0]!.deliveryTimes[0]).toBe("15:00");
  });
});

describe("notices", () => {
  const codes = (address: AddressInput, now = at("2026-11-23T10:00"), basket = BASKET, date: string | null = null) =>
    deliveryOptions(basket, address, date, now, CFG).notices.map((n) => n.code);

  it("an uncovered county in the same-day city", () => {
    const o = deliveryOptions(BASKET, { cityId: 34, countyId: 3404 }, null, at("2026-11-23T10:00"), CFG);
    expect(o.notices.map((n) => n.code)).toEqual(["areaNotCovered"]);
    expect(o.delivery.inZone).toBe(false);
    expect(o.delivery.std.available).toBe(false);
    expect(o.delivery.vip.available).toBe(false);
  });

  it("a neighbourhood outside the zone in a covered county", () => {
    expect(codes({ cityId: 34, countyId: 3401, areaId: 3401999 })).toEqual(["areaNotCovered"]);
  });

  it("a covered county needs the neighbourhood", () => {
    expect(codes({ cityId: 34, countyId: 3401 })).toEqual(["neighbourhoodNeeded"]);
  });

  it("other cities get no same-day notices", () => {
    expect(codes(ANKARA)).toEqual([]);
  });

  it("an empty basket shows no same-day options", () => {
    const o = deliveryOptions(EMPTY, KADIKOY, null, at("2026-11-23T10:00"), CFG);
    expect(o.notices.map((n) => n.code)).toEqual(["basketEmpty"]);
    expect(o.delivery.std.available).toBe(false);
    expect(o.delivery.std.price).toBe(12_000); // the cost is still known for the calculator
  });

  it("same-day time has passed: shipping and courier cutoffs say so, VIP offers the first suitable day, pickup has its own notice", () => {
    const o = deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T19:00"), CFG);
    const tomorrow = { date: "24 Kasım Salı", dateISO: "2026-11-24" };
    expect(o.notices).toEqual([
      { code: "shippingCutoffPassed", time: "15:00", date: tomorrow },
      { code: "courierCutoffPassed", time: "11:00", date: tomorrow },
      { code: "sameDayPassed", date: tomorrow, slots: ["morning", "afternoon", "evening"], all: true },
      { code: "pickupSameDayPassed", time: "15:00", date: tomorrow },
    ]);
  });

  it("each cutoff is announced from its own time, not before", () => {
    const at_ = (hm: string) => codes(KADIKOY, at(`2026-11-23T${hm}`));
    expect(at_("06:59")).toEqual([]);
    expect(at_("07:01")).toEqual(["sameDayPassed"]); // the morning VIP slot (09:00) closes two hours before
    expect(at_("10:59")).toEqual(["sameDayPassed"]);
    expect(at_("11:01")).toEqual(["courierCutoffPassed", "sameDayPassed"]);
    expect(at_("14:59")).toEqual(["courierCutoffPassed", "sameDayPassed"]);
    expect(at_("15:01")).toEqual(["shippingCutoffPassed", "courierCutoffPassed", "sameDayPassed", "pickupSameDayPassed"]);
    // a requested later day has no same-day cutoffs
    expect(codes(KADIKOY, at("2026-11-23T15:01"), BASKET, "2026-11-25")).toEqual([]);
    // a closed day (Sunday) has no same-day cutoffs either
    expect(codes(KADIKOY, at("2026-11-29T12:00"))).toEqual([]);
  });

  it("a closed VIP slot says why: closed by staff, or its order time passed today", () => {
    const o = deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T10:30"), CFG);
    expect(o.delivery.vip.slots.map((s) => [s.code, s.isOpen, s.closedReason ?? null, s.orderBy ?? null])).toEqual([
      ["morning", false, "time", "07:00"],
      ["afternoon", false, "time", "10:00"],
      ["evening", true, null, null],
      ["night", false, "staff", null],
    ]);
    expect(o.notices.find((n) => n.code === "sameDayPassed")).toMatchObject({ slots: ["morning", "afternoon"], all: false, date: { dateISO: "2026-11-24" } });
  });

  it("doNotShowMsg comes from the configuration when present", () => {
    expect(deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T10:00"), CFG).doNotShowMsg).toBeNull();
    const msg = "Yılbaşı haftası yoğunluk nedeniyle teslimatlar 1 gün gecikebilir.";
    expect(deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T10:00"), config({ notice: msg })).doNotShowMsg).toBe(msg);
  });
});

describe("express shipping rule", () => {
  const express = (address: AddressInput) => deliveryOptions(BASKET, address, null, at("2026-11-23T10:00"), CFG).shipping.slots.express;
  it("offered when door delivery is not offered", () => {
    expect(express(ANKARA)?.price).toBe(15_000);
    expect(express({ cityId: 34, countyId: 3404 })).not.toBeNull();
  });
  it("offered when neither VIP nor standard door delivery has a price", () => {
    expect(express({ cityId: 34, countyId: 3403, areaId: 3403001 })).not.toBeNull();
  });
  it("offered only when cheaper than standard door delivery", () => {
    expect(express(FAR)).not.toBeNull(); // 150 TL < 180 TL
    expect(express(KADIKOY)).toBeNull(); // 150 TL ≥ 120 TL
  });
  it("offered in a covered neighbourhood where door delivery is not offered: empty basket", () => {
    // Kadıköy's door delivery (120 TL) is cheaper than express, but with nothing in the basket it is not offered
    const o = deliveryOptions(EMPTY, KADIKOY, null, at("2026-11-23T10:00"), CFG);
    expect(o.delivery.inZone).toBe(true);
    expect(o.delivery.std.available).toBe(false);
    expect(o.delivery.vip.available).toBe(false);
    expect(o.shipping.slots.express?.price).toBe(15_000);
  });
  it("offered in a covered neighbourhood where door delivery is not offered: today requested after every cutoff", () => {
    const late = deliveryOptions(BASKET, KADIKOY, "2026-11-23", at("2026-11-23T21:00"), CFG);
    expect(late.delivery.inZone).toBe(true);
    expect(late.delivery.std.notFeasible).toBe(true);
    expect(late.delivery.vip.notFeasible).toBe(true);
    expect(late.shipping.slots.express?.price).toBe(15_000);
    // the same evening without a requested date: door delivery tomorrow is offered (and cheaper), so no express
    expect(deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T21:00"), CFG).shipping.slots.express).toBeNull();
  });
  it("standard door delivery without a price while VIP has one: VIP is door delivery, express is not offered", () => {
    const o = deliveryOptions(BASKET, VIP_ONLY, null, at("2026-11-23T10:00"), CFG);
    expect(o.delivery.std).toMatchObject({ price: null, remainingtoFree: null, available: false, suggested: null, isToday: false });
    expect(o.delivery.vip).toMatchObject({ price: 30_000, available: true, isToday: true });
    expect(o.delivery.price).toBe(30_000);
    expect(o.notices.map((n) => n.code)).toEqual(["sameDayPassed"]); // only the morning slot has passed at 10:00
    expect(o.shipping.slots.express).toBeNull(); // door delivery offered, VIP priced, no standard price to undercut
    expect(chooseDelivery(o, { option: "DeliveryStandart", slot: "14-16" }, CFG.carriers)).toEqual({ ok: false, error: "optionUnavailable" });
    expect(chooseDelivery(o, { option: "DeliveryEvening" }, CFG.carriers)).toMatchObject({ ok: true, deliveryType: "Delivery", price: 30_000 });
  });
});

describe("thresholds", () => {
  const t = CFG.thresholds; // free from 1500 TL, 5 TL from 750 TL
  const ship = (productTotal: number) => deliveryOptions({ itemCount: 1, productTotal }, ANKARA, null, at("2026-11-23T10:00"), CFG).shipping;
  it.each([
    [t.freeFrom, 0, 0, 0],
    [t.freeFrom - 1, 500, 1, 0],
    [t.reasonableFrom, 500, t.freeFrom - t.reasonableFrom, 0],
    [t.reasonableFrom - 1, 9_000, t.freeFrom - t.reasonableFrom + 1, 1],
    [0, 9_000, t.freeFrom, t.reasonableFrom],
  ])("product total %i kuruş: standard %i, remainingtoFree %i, remainingtoRP %i", (total, price, toFree, toRP) => {
    const s = ship(total);
    expect(s.slots.standart.price).toBe(price);
    expect(s.slots.other.price).toBe(price);
    expect(s.remainingtoFree).toBe(toFree);
    expect(s.remainingtoRP).toBe(toRP);
    expect(s.reasonableDeliveryCost).toBe(500);
    expect(s.slots.express?.price).toBe(15_000); // express and special never discounted
    expect(s.slots.special.price).toBe(25_000);
  });

  it("door delivery is free from the neighbourhood's threshold, not one kuruş below", () => {
    const door = (productTotal: number) => deliveryOptions({ itemCount: 1, productTotal }, KADIKOY, null, at("2026-11-23T10:00"), CFG).delivery;
    expect(door(200_000).std).toMatchObject({ price: 0, remainingtoFree: 0 });
    expect(door(199_999).std).toMatchObject({ price: 12_000, remainingtoFree: 1 });
    expect(door(199_999).vip).toMatchObject({ price: 22_000, remainingtoFree: null });
  });

  it("VIP door delivery is free from its threshold exactly, not one kuruş below", () => {
    const vip = (productTotal: number) => deliveryOptions({ itemCount: 1, productTotal }, VIP_ONLY, null, at("2026-11-23T10:00"), CFG).delivery.vip;
    expect(vip(250_000)).toMatchObject({ price: 0, remainingtoFree: 0, available: true });
    expect(vip(249_999)).toMatchObject({ price: 30_000, remainingtoFree: 1, available: true });
    expect(vip(0)).toMatchObject({ price: 30_000, remainingtoFree: 250_000 });
  });

  it("shippingPrice never raises a list price below the reasonable cost", () => {
    expect(shippingPrice(300, 80_000, t)).toBe(300);
  });
});

describe("production capacity and advance dates", () => {
  it("a full day is skipped", () => {
    const full: BookedCount = (d) => (d === "2026-11-23" ? 200 : 0);
    const o = deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T09:00"), CFG, full);
    expect(o.shipping.suggested.dateISO).toBe("2026-11-24");
    expect(o.delivery.std.suggested?.dateISO).toBe("2026-11-24");
    const almost: BookedCount = (d) => (d === "2026-11-23" ? 199 : 0);
    expect(deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T09:00"), CFG, almost).shipping.suggested.dateISO).toBe("2026-11-23");
  });

  it("full days and closed days are skipped together", () => {
    const full: BookedCount = (d) => (d === "2026-11-27" || d === "2026-11-28" ? 500 : 0);
    const o = deliveryOptions(BASKET, KADIKOY, null, at("2026-11-26T16:00"), CFG, full);
    expect(o.shipping.suggested.dateISO).toBe("2026-11-30"); // Fri, Sat full, Sun closed
  });

  it("an advance-dated order keeps its date; a closed date moves to the next production day", () => {
    const o = deliveryOptions(BASKET, KADIKOY, "2026-12-10", at("2026-11-23T09:00"), CFG);
    expect(o.requestedDate).toBe("2026-12-10");
    expect(o.reqDateIsToday).toBe(false);
    expect(o.shipping.suggested.dateISO).toBe("2026-12-10");
    expect(o.delivery.vip.suggested?.dateISO).toBe("2026-12-10");
    expect(o.delivery.std.slots.every((s) => s.isOpen)).toBe(true);
    const sunday = deliveryOptions(BASKET, KADIKOY, "2026-11-29", at("2026-11-23T09:00"), CFG);
    expect(sunday.shipping.suggested.dateISO).toBe("2026-11-30");
    expect(sunday.delivery.std.notFeasible).toBe(true);
    expect(sunday.notices.map((n) => n.code)).toContain("closedDay");
  });

  it("a date beyond the horizon or in the past is ignored with a notice", () => {
    for (const d of ["2026-12-24", "2026-11-22"]) {
      const o = deliveryOptions(BASKET, KADIKOY, d, at("2026-11-23T09:00"), CFG);
      expect(o.requestedDate).toBeNull();
      expect(o.notices.map((n) => n.code)).toContain("dateOutOfRange");
    }
    expect(deliveryOptions(BASKET, KADIKOY, "2026-12-23", at("2026-11-23T09:00"), CFG).requestedDate).toBe("2026-12-23");
  });

  it("today requested after the courier cutoff: standard door delivery is not feasible", () => {
    const o = deliveryOptions(BASKET, KADIKOY, "2026-11-23", at("2026-11-23T11:30"), CFG);
    expect(o.reqDateIsToday).toBe(true);
    expect(o.delivery.std.notFeasible).toBe(true);
    expect(o.delivery.vip.notFeasible).toBe(false);
  });
});

describe("choosing a delivery type", () => {
  const o = deliveryOptions(BASKET, KADIKOY, null, at("2026-11-23T10:00"), CFG);
  const carriers = CFG.carriers;
  it("carrier options give type Carrier; Other needs a carrier", () => {
    expect(chooseDelivery(o, { option: "Other" }, carriers)).toEqual({ ok: false, error: "carrierRequired" });
    expect(chooseDelivery(o, { option: "Other", carrier: "aras" }, carriers)).toMatchObject({
      ok: true,
      deliveryType: "Carrier",
      deliveryDetails: "Aras Kargo",
      toBeReady: "2026-11-23",
    });
    expect(chooseDelivery(o, { option: "Standart" }, carriers)).toMatchObject({ deliveryType: "Carrier", deliveryDetails: "Standart kargo", price: 9_000 });
    expect(chooseDelivery(o, { option: "Express" }, carriers)).toEqual({ ok: false, error: "optionUnavailable" }); // not offered here
  });
  it("door delivery gives type Delivery and the slot as details", () => {
    expect(chooseDelivery(o, { option: "DeliveryStandart" }, carriers)).toEqual({ ok: false, error: "slotRequired" });
    expect(chooseDelivery(o, { option: "DeliveryStandart", slot: "10-12" }, carriers)).toEqual({ ok: false, error: "optionUnavailable" });
    expect(chooseDelivery(o, { option: "DeliveryStandart", slot: "14:00-16:00" }, carriers)).toMatchObject({
      ok: true,
      deliveryType: "Delivery",
      deliveryDetails: "14:00-16:00",
      toBeReady: "2026-11-23",
      price: 12_000,
    });
    expect(chooseDelivery(o, { option: "DeliveryEvening" }, carriers)).toMatchObject({ deliveryType: "Delivery", deliveryDetails: "16:00-20:00" });
    expect(chooseDelivery(o, { option: "DeliveryNight" }, carriers)).toEqual({ ok: false, error: "optionUnavailable" });
  });
  it("pickup gives type Store and needs an hour from early to late", () => {
    expect(chooseDelivery(o, { option: "Store" }, carriers)).toEqual({ ok: false, error: "storeHourRequired" });
    expect(chooseDelivery(o, { option: "Store", hour: "09:00" }, carriers)).toEqual({ ok: false, error: "storeHourRequired" });
    expect(chooseDelivery(o, { option: "Store", hour: "19:00" }, carriers)).toMatchObject({
      ok: true,
      deliveryType: "Store",
      deliveryDetails: "19:00",
      location: "kadikoy",
    });
  });
  it("no door delivery outside the zone", () => {
    const a = deliveryOptions(BASKET, ANKARA, null, at("2026-11-23T10:00"), CFG);
    expect(chooseDelivery(a, { option: "DeliveryMorning" }, carriers)).toEqual({ ok: false, error: "optionUnavailable" });
    expect(chooseDelivery(a, { option: "Express" }, carriers)).toMatchObject({ ok: true, estimatedDelivery: "2026-11-24" });
  });
});

it("city list colours: 1 green, 2 yellow, 3 or more red", () => {
  expect([1, 2, 3, 5].map(minDayColour)).toEqual(["green", "yellow", "red", "red"]);
});
