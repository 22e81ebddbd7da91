import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import * as geo from "../geo/service";
import * as orders from "../orders/service";
import * as delivery from "./service";
import { HOLIDAYS } from "./seed";

let app: TestApp;
let kadikoy: geo.County;
let silivri: geo.County;
let caferaga: geo.Neighbourhood;
beforeAll(async () => {
  app = await createTestApp({ now: "2026-11-23T10:00:00+03:00" });
  const counties = await geo.listCounties(app, 34);
  kadikoy = counties.find((c) => c.name === "Kadıköy")!;
  silivri = counties.find((c) => c.name === "Silivri")!;
  caferaga = (await geo.listNeighbourhoods(app, kadikoy.id)).find((n) => n.name.startsWith("Caferağa"))!;
});
afterAll(() => app.close());

const BASKET = { itemCount: 3, productTotal: 45_000 };

describe("delivery configuration from the database", () => {
  it("has the spec's constants", async () => {
    const c = await delivery.getConfig(app);
    expect(c.cutoffs).toEqual({ shippingSameDay: "15:00", courierSameDay: "11:00", pickupSameDay: "15:00" });
    expect(c.doorSlots.map((s) => [s.from, s.to])).toEqual([[10, 12], [14, 16], [16, 18], [18, 20]]);
    expect(c.vipSlots.map((s) => s.code)).toEqual(["morning", "afternoon", "evening", "night"]);
    expect(c.carriers.map((x) => x.name)).toEqual(["Yurtiçi Kargo", "Aras Kargo", "MNG Kargo"]);
    expect(c.sameDayCityId).toBe(34);
    expect(c.closedDays.get("2026-10-29")).toBe("Cumhuriyet Bayramı");
    // 2028 is seeded too, religious holidays on their official (Diyanet) dates
    expect(c.closedDays.get("2028-02-25")).toBe("Ramazan Bayramı Arifesi");
    expect(["2028-02-26", "2028-02-27", "2028-02-28"].map((d) => c.closedDays.get(d))).toEqual(Array(3).fill("Ramazan Bayramı"));
    expect(c.closedDays.get("2028-05-04")).toBe("Kurban Bayramı Arifesi");
    expect(["2028-05-05", "2028-05-06", "2028-05-07", "2028-05-08"].map((d) => c.closedDays.get(d))).toEqual(Array(4).fill("Kurban Bayramı"));
    expect(c.closedDays.get("2028-10-29")).toBe("Cumhuriyet Bayramı");
    expect(c.zoneCounties.has(kadikoy.id)).toBe(true);
    expect(c.zoneCounties.has(silivri.id)).toBe(false);
  });

  it("the holiday list has every national holiday of 2026–2028 and an eve before each religious one", () => {
    const days = new Map(HOLIDAYS);
    expect(days.size).toBe(HOLIDAYS.length);
    for (const year of [2026, 2027, 2028]) {
      for (const md of ["01-01", "04-23", "05-01", "05-19", "07-15", "08-30", "10-29"]) expect(days.has(`${year}-${md}`), `${year}-${md}`).toBe(true);
      const ramazan = HOLIDAYS.filter(([d, r]) => d.startsWith(String(year)) && r === "Ramazan Bayramı").map(([d]) => d);
      const kurban = HOLIDAYS.filter(([d, r]) => d.startsWith(String(year)) && r.startsWith("Kurban Bayramı") && !r.includes("Arifesi")).map(([d]) => d);
      expect(ramazan, `${year} Ramazan`).toHaveLength(3);
      expect(kurban, `${year} Kurban`).toHaveLength(4);
      const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect(days.get(dayBefore(ramazan[0]!))).toBe("Ramazan Bayramı Arifesi");
      expect(days.get(dayBefore(kurban[0]!))).toBe("Kurban Bayramı Arifesi");
    }
  });

  it("city list: Turkish order, MinDay colours, city 83 listed but disabled", async () => {
    const list = await delivery.cityList(app);
    expect(list).toHaveLength(82);
    expect(list.find((c) => c.id === 34)).toMatchObject({ name: "İstanbul", minDay: 1, colour: "green", disabled: false });
    expect(list.find((c) => c.id === 6)).toMatchObject({ minDay: 2, colour: "yellow" });
    expect(list.find((c) => c.id === 65)).toMatchObject({ name: "Van", colour: "red" });
    expect(list.find((c) => c.id === 83)).toMatchObject({ disabled: true });
    expect(list.filter((c) => c.disabled)).toHaveLength(1);
  });

  it("a staff change of a setting is picked up at once", async () => {
    await delivery.updateSetting(app, "notice", "Bayram haftası teslimatlar gecikebilir.");
    const r = await delivery.getOptions(app, { cityId: 6 });
    expect(r.ok && r.options.doNotShowMsg).toBe("Bayram haftası teslimatlar gecikebilir.");
    await delivery.updateSetting(app, "notice", "");
    const again = await delivery.getOptions(app, { cityId: 6 });
    expect(again.ok && again.options.doNotShowMsg).toBeNull();
    await expect(delivery.updateSetting(app, "cutoffs", { shippingSameDay: "25:00", courierSameDay: "11:00", pickupSameDay: "15:00" })).rejects.toThrow();
  });
});

describe("delivery options", () => {
  it("a covered Kadıköy neighbourhood before 11:00 offers same-day door delivery", async () => {
    const r = await delivery.getOptions(app, { cityId: 34, countyId: kadikoy.id, areaId: caferaga.id }, { basket: BASKET });
    if (!r.ok) throw new Error(r.error);
    const o = r.options;
    expect(o.delivery.inZone).toBe(true);
    expect(o.delivery.std).toMatchObject({ available: true, isToday: true, price: 12_000 });
    expect(o.delivery.std.suggested?.date).toBe("23 Kasım Pazartesi");
    expect(o.shipping.slots.express).toBeNull(); // door delivery is cheaper than express
    // 10:00: only the VIP morning slot has passed its order time (two hours before it starts)
    expect(o.notices).toEqual([expect.objectContaining({ code: "sameDayPassed", slots: ["morning"], all: false })]);
  });

  it("an uncovered county gets the notice and express shipping", async () => {
    const r = await delivery.getOptions(app, { cityId: 34, countyId: silivri.id }, { basket: BASKET });
    if (!r.ok) throw new Error(r.error);
    expect(r.options.notices.map((n) => n.code)).toEqual(["areaNotCovered"]);
    expect(r.options.shipping.slots.express).not.toBeNull();
  });

  it("without a basket: the empty basket", async () => {
    const r = await delivery.getOptions(app, { cityId: 34, countyId: kadikoy.id, areaId: caferaga.id });
    expect(r.ok && r.options.notices.map((n) => n.code)).toEqual(["basketEmpty"]);
  });

  it("mismatched or disabled address parts are refused", async () => {
    expect(await delivery.getOptions(app, { cityId: 6, countyId: kadikoy.id })).toEqual({ ok: false, error: "invalidAddress" });
    expect(await delivery.getOptions(app, { cityId: 83 })).toEqual({ ok: false, error: "invalidAddress" });
    expect(await delivery.getOptions(app, { countyId: kadikoy.id })).toEqual({ ok: false, error: "invalidAddress" });
    expect(await delivery.getOptions(app, { cityId: 34, countyId: kadikoy.id, areaId: 6_01_001 })).toEqual({ ok: false, error: "invalidAddress" });
  });

  it("full production days from the booked-count provider are skipped", async () => {
    const bookedCount = async (d: string) => (d === "2026-11-23" || d === "2026-11-24" ? 200 : 0);
    const r = await delivery.getOptions(app, { cityId: 6 }, { basket: BASKET, bookedCount });
    expect(r.ok && r.options.shipping.suggested.dateISO).toBe("2026-11-25");
  });

  it("production capacity is enforced from the placed orders by default (one grouped query), cancelled ones freed", async () => {
    const place = (readyDate: string) =>
      app.db.transaction((tx) =>
        orders.createOrder(
          app,
          tx,
          {
            userId: null,
            email: "kapasite@example.com",
            deliveryType: "Carrier",
            readyDate,
            address: {},
            productTotal: 10_000,
            deliveryCost: 0,
            needToPay: 10_000,
            taxSnapshot: {},
          },
          [],
          "test",
        ),
      );
    const a = await place("2026-11-23");
    await place("2026-11-23");
    await place("2026-11-24");
    await place("2026-12-31"); // outside the window read; harmless
    expect(await orders.bookedCounts(app, "2026-11-23", "2026-11-30")).toEqual(new Map([["2026-11-23", 2], ["2026-11-24", 1]]));

    await delivery.updateSetting(app, "capacityPerDay", 2);
    try {
      const full = await delivery.getOptions(app, { cityId: 6 }, { basket: BASKET });
      expect(full.ok && full.options.shipping.suggested.dateISO).toBe("2026-11-24"); // the 23rd has its 2 orders
      await orders.transition(app, a.id, "cancelled", "test");
      const freed = await delivery.getOptions(app, { cityId: 6 }, { basket: BASKET });
      expect(freed.ok && freed.options.shipping.suggested.dateISO).toBe("2026-11-23");
    } finally {
      await delivery.updateSetting(app, "capacityPerDay", 200);
    }
  });

  it("follows the movable clock: after 15:00 shipping moves to tomorrow", async () => {
    app.clock.set("2026-11-23T15:01:00+03:00");
    const r = await delivery.getOptions(app, { cityId: 6 }, { basket: BASKET });
    expect(r.ok && r.options.shipping.suggested.dateISO).toBe("2026-11-24");
    app.clock.set("2026-11-23T10:00:00+03:00");
  });

  it("a holiday added by staff closes that day", async () => {
    await delivery.addClosedDay(app, "2026-11-24", "Bakım");
    app.clock.set("2026-11-23T16:00:00+03:00");
    const r = await delivery.getOptions(app, { cityId: 6 }, { basket: BASKET });
    expect(r.ok && r.options.shipping.suggested.dateISO).toBe("2026-11-25");
    app.clock.set("2026-11-23T10:00:00+03:00");
  });
});

describe("staff changes (issue 12)", () => {
  it("updateSetting answers the value before and after; a closed day can be opened again", async () => {
    expect(await delivery.updateSetting(app, "capacityPerDay", 180)).toEqual({ before: 200, after: 180 });
    expect(await delivery.updateSetting(app, "capacityPerDay", 200)).toEqual({ before: 180, after: 200 });
    await delivery.addClosedDay(app, "2027-02-01", "Tadilat");
    expect((await delivery.closedDaysOf(app, 2027)).find((d) => d.day === "2027-02-01")).toEqual({ day: "2027-02-01", reason: "Tadilat" });
    expect((await delivery.getConfig(app)).closedDays.get("2027-02-01")).toBe("Tadilat");
    expect(await delivery.removeClosedDay(app, "2027-02-01")).toBe("Tadilat");
    expect(await delivery.removeClosedDay(app, "2027-02-01")).toBeNull();
    expect((await delivery.getConfig(app)).closedDays.has("2027-02-01")).toBe(false);
  });

  it("a whole county is covered and uncovered at once; zone lists per county", async () => {
    const n = (await geo.listNeighbourhoods(app, silivri.id))[0]!;
    const covered = await delivery.setCountyZone(app, silivri.id, { stdPrice: 20_000, vipPrice: null, stdFreeFrom: null, vipFreeFrom: null });
    expect(covered).toBe((await geo.listNeighbourhoods(app, silivri.id)).length);
    expect((await delivery.zoneCounties(app)).find((c) => c.id === silivri.id)?.covered).toBe(covered);
    expect((await delivery.zoneOfCounty(app, silivri.id)).find((x) => x.id === n.id)?.area).toMatchObject({ stdPrice: 20_000, active: true });
    expect((await delivery.doorCost(app, n.id))?.std.cost).toBe(20_000);
    expect(await delivery.setCountyZone(app, silivri.id, null)).toBe(covered);
    expect(await delivery.doorCost(app, n.id)).toBeNull();
    expect((await delivery.getConfig(app)).zoneCounties.has(silivri.id)).toBe(false);
  });

  it("MinDay per city, pickup locations and carriers (inactive ones stay listed for staff)", async () => {
    expect(await delivery.setCityMinDay(app, 6, 1)).toBe(2);
    expect((await delivery.cityList(app)).find((c) => c.id === 6)).toMatchObject({ minDay: 1, colour: "green" });
    await delivery.setCityMinDay(app, 6, 2);
    const mng = (await delivery.listsForStaff(app)).carriers.find((c) => c.code === "mng")!;
    expect(await delivery.saveCarrier(app, { ...mng, active: false })).toMatchObject({ code: "mng", active: true });
    expect((await delivery.getConfig(app)).carriers.map((c) => c.code)).not.toContain("mng");
    expect((await delivery.listsForStaff(app)).carriers.find((c) => c.code === "mng")).toMatchObject({ active: false, position: mng.position });
    await delivery.saveCarrier(app, { ...mng, active: true });
    expect(await delivery.savePickupLocation(app, { code: "moda", name: "Moda Kiosk", displayName: "Moda Kiosk", details: "", earlyHour: 12, lateHour: 17, active: true })).toBeNull();
    expect((await delivery.getConfig(app)).pickupLocations.at(-1)).toMatchObject({ code: "moda", earlyHour: 12, lateHour: 17 });
    await delivery.savePickupLocation(app, { code: "moda", name: "Moda Kiosk", displayName: "Moda Kiosk", details: "", earlyHour: 12, lateHour: 17, active: false });
    expect((await delivery.getConfig(app)).pickupLocations.map((l) => l.code)).not.toContain("moda");
  });
});

describe("door-delivery cost by neighbourhood", () => {
  it("gives standard and VIP cost with remainingtoFree", async () => {
    expect(await delivery.doorCost(app, caferaga.id, { itemCount: 1, productTotal: 150_000 })).toEqual({
      std: { cost: 12_000, remainingtoFree: 50_000 },
      vip: { cost: 22_000, remainingtoFree: null },
    });
    expect((await delivery.doorCost(app, caferaga.id, { itemCount: 1, productTotal: 200_000 }))?.std.cost).toBe(0);
  });
  it("is null outside the zone", async () => {
    const n = (await geo.listNeighbourhoods(app, silivri.id))[0]!;
    expect(await delivery.doorCost(app, n.id)).toBeNull();
  });
});

it("tracking URL of a carrier", async () => {
  expect(await delivery.trackingUrl(app, "Aras Kargo", "12 34")).toBe("https://kargotakip.araskargo.com.tr/mainpage.aspx?code=12%2034");
  expect(await delivery.trackingUrl(app, "yok", "1")).toBeNull();
});
