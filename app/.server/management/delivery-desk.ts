import type { AppContext } from "../context";
import * as audit from "../audit/service";
import * as delivery from "../delivery/service";
import * as geo from "../geo/service";
import { failed, ok, type Outcome, type Staff } from "./outcome";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/**
 * Delivery settings (issue 12 item 7): every configuration row of the delivery module through its service —
 * carrier prices and days, free and reasonable shipping thresholds, cutoffs, door and VIP slots (open or
 * closed), lead times, closed weekdays and carrier rest days, the same-day city, daily capacity, horizon,
 * default MinDay, disabled city entries, the notice; pickup locations and their hours; carriers and tracking
 * links; closed days and holidays; MinDay per city; the covered neighbourhoods with their prices. The cached
 * configuration drops in every process when a change commits, so the next delivery options use it.
 */

const N = managementTr.notices;

export async function settingsPage(app: AppContext) {
  const [config, lists, cities] = await Promise.all([delivery.getConfig(app), delivery.listsForStaff(app), geo.listCities(app)]);
  const { carriers: _c, pickupLocations: _p, closedDays: _d, cityMinDays: _m, zone: _z, zoneCounties: _zc, ...settings } = config;
  return { settings, pickupLocations: lists.pickupLocations, carriers: lists.carriers, cities: cities.map((c) => ({ id: c.id, name: c.name })) };
}

/** Saves some settings in one transaction; one audit entry per setting that changed. */
export async function saveSettings(app: AppContext, staff: Staff, patch: Partial<delivery.DeliverySettings>): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    let changed = 0;
    for (const key of Object.keys(patch) as (keyof delivery.DeliverySettings)[]) {
      const r = await delivery.updateSetting(app, key, patch[key] as never, tx);
      if (JSON.stringify(r.before) === JSON.stringify(r.after)) continue;
      changed++;
      await audit.record(app, tx, { actor: staff.actor, action: "delivery.setting", entity: "delivery", entityId: key, before: r.before, after: r.after });
    }
    return ok(changed ? N.deliverySaved : N.noChanges);
  });
}

export async function savePickup(app: AppContext, staff: Staff, row: delivery.PickupRow): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const before = await delivery.savePickupLocation(app, row, tx);
    await audit.record(app, tx, { actor: staff.actor, action: "delivery.pickup", entity: "pickup", entityId: row.code, before, after: row });
    return ok(fmt(N.pickupSaved, { name: row.name }));
  });
}

export async function saveCarrier(app: AppContext, staff: Staff, row: delivery.CarrierRow): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const before = await delivery.saveCarrier(app, row, tx);
    await audit.record(app, tx, { actor: staff.actor, action: "delivery.carrier", entity: "carrier", entityId: row.code, before, after: row });
    return ok(fmt(N.carrierSaved, { name: row.name }));
  });
}

// ─── closed days ────────────────────────────────────────────────────────────────────────────────

export async function closedDaysPage(app: AppContext, year: number) {
  const days = await delivery.closedDaysOf(app, year);
  return { year, days: days.map((d) => ({ day: d.day, reason: d.reason })) };
}

export async function addClosedDay(app: AppContext, staff: Staff, day: string, reason: string): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    await delivery.addClosedDay(app, day, reason, tx);
    await audit.record(app, tx, { actor: staff.actor, action: "delivery.closedDay", entity: "closedDay", entityId: day, before: null, after: { day, reason } });
    return ok(fmt(N.dayClosed, { day }));
  });
}

export async function removeClosedDay(app: AppContext, staff: Staff, day: string): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const reason = await delivery.removeClosedDay(app, day, tx);
    if (reason === null) return failed(N.dayNotClosed);
    await audit.record(app, tx, { actor: staff.actor, action: "delivery.openDay", entity: "closedDay", entityId: day, before: { day, reason }, after: null });
    return ok(fmt(N.dayOpened, { day }));
  });
}

// ─── same-day zone and MinDay per city ──────────────────────────────────────────────────────────

export async function zonePage(app: AppContext, countyId: number) {
  const [config, counties, cities] = await Promise.all([delivery.getConfig(app), delivery.zoneCounties(app), delivery.cityList(app)]);
  const county = counties.find((c) => c.id === countyId) ?? null;
  return {
    sameDayCity: cities.find((c) => c.id === config.sameDayCityId)?.name ?? String(config.sameDayCityId),
    counties,
    county,
    neighbourhoods: county ? await delivery.zoneOfCounty(app, county.id) : [],
    cities: cities.filter((c) => !c.disabled).map((c) => ({ id: c.id, name: c.name, minDay: c.minDay, colour: c.colour })),
  };
}

export interface ZoneChange {
  countyId: number;
  /** null: every neighbourhood of the county */
  neighbourhoodId: number | null;
  covered: boolean;
  prices: delivery.ZonePrices;
}

export async function saveZone(app: AppContext, staff: Staff, z: ZoneChange): Promise<Outcome> {
  const counties = await delivery.zoneCounties(app);
  if (!counties.some((c) => c.id === z.countyId)) return failed(N.countyUnknown);
  if (z.neighbourhoodId !== null && !(await geo.listNeighbourhoods(app, z.countyId)).some((n) => n.id === z.neighbourhoodId)) {
    return failed(N.countyUnknown);
  }
  if (z.covered && z.prices.stdPrice === null && z.prices.vipPrice === null) return failed(N.zonePriceNeeded, { stdPrice: N.zonePriceNeeded });
  return app.db.transaction(async (tx) => {
    if (z.neighbourhoodId === null) {
      const n = await delivery.setCountyZone(app, z.countyId, z.covered ? z.prices : null, tx);
      await audit.record(app, tx, { actor: staff.actor, action: "delivery.zone", entity: "county", entityId: z.countyId, before: null, after: { covered: z.covered, ...z.prices, neighbourhoods: n } });
      return ok(fmt(z.covered ? N.countyCovered : N.countyUncovered, { n }));
    }
    const row = { neighbourhoodId: z.neighbourhoodId, ...z.prices, active: z.covered };
    await delivery.setZoneArea(app, row, tx);
    await audit.record(app, tx, { actor: staff.actor, action: "delivery.zone", entity: "neighbourhood", entityId: z.neighbourhoodId, before: null, after: row });
    return ok(z.covered ? N.zoneSaved : N.zoneRemoved);
  });
}

export async function saveCityMinDay(app: AppContext, staff: Staff, cityId: number, minDay: number): Promise<Outcome> {
  const city = await geo.getCity(app, cityId);
  if (!city) return failed(managementTr.errors.notFoundBody);
  return app.db.transaction(async (tx) => {
    const before = await delivery.setCityMinDay(app, cityId, minDay, tx);
    if (before !== minDay) {
      await audit.record(app, tx, { actor: staff.actor, action: "delivery.cityDays", entity: "city", entityId: cityId, before: { minDay: before }, after: { minDay } });
    }
    return ok(fmt(N.cityDaysSaved, { city: city.name, days: minDay }));
  });
}
