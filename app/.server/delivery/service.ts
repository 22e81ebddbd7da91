import type { AppContext } from "../context";
import { readTogether, type DbOrTx } from "../db/client";
import * as geo from "../geo/service";
import * as orders from "../orders/service";
import { addDays, istanbulDate, type IsoDate } from "~/shared/clock";
import type { Kurus } from "~/shared/money";
import { buildConfig, settingsSchema, type DeliveryConfig, type DeliverySettings } from "./config";
import * as repo from "./repo";
import {
  chooseDelivery,
  deliveryOptions,
  EMPTY_BASKET,
  minDayColour,
  type AddressInput,
  type BasketInput,
  type ChosenDelivery,
  type ChoiceError,
  type DeliveryChoice,
  type DeliveryOptions,
} from "./rules";
import { earliestArrival, type EarliestArrival } from "./earliest";

export type { DeliverySettings, DeliveryConfig } from "./config";
export type { PickupRow, CarrierRow } from "./repo";

const CONFIG_KEY = "delivery:config";
const CITY_LIST_KEY = "delivery:cities";

/**
 * Orders booked for one production day. Optional: without it getOptions reads the booked counts of the
 * whole date range from the orders module in one grouped query, which is what the running shop uses.
 * A per-day provider is still accepted (tests, what-if checks) but costs one call per day.
 */
export type BookedCountProvider = (date: IsoDate) => number | Promise<number>;

/** The delivery configuration (cached per process). Pass the open transaction as `db` from inside one (PGlite has a single connection). */
export function getConfig(app: AppContext, db: DbOrTx = app.db): Promise<DeliveryConfig> {
  return app.cache.get(CONFIG_KEY, async () => {
    const [settings, carriers, pickupLocations, closedDays, cityMinDays, zone] = await readTogether(db, [
      repo.readSettings(db),
      repo.readCarriers(db),
      repo.readPickupLocations(db),
      repo.readClosedDays(db),
      repo.readCityDays(db),
      repo.readZone(db),
    ]);
    return buildConfig({ settings, carriers, pickupLocations, closedDays, cityMinDays, zone });
  });
}

/** Drops the cached configuration and city list in every process (from inside a transaction: when it commits). */
export async function invalidateConfig(app: AppContext, db: DbOrTx = app.db): Promise<void> {
  await app.cache.invalidatePrefix(CONFIG_KEY, db);
  await app.cache.invalidatePrefix(CITY_LIST_KEY, db);
}

/**
 * Staff change of one setting (validated like at load time). Pass the open transaction as `db` from inside
 * one. Answers the value stored before (the default when the row was missing) and the new one.
 */
export async function updateSetting<K extends keyof DeliverySettings>(
  app: AppContext,
  key: K,
  value: DeliverySettings[K],
  db: DbOrTx = app.db,
): Promise<{ before: DeliverySettings[K]; after: DeliverySettings[K] }> {
  const parsed = settingsSchema.shape[key].parse(value) as DeliverySettings[K];
  const stored = await repo.readSettings(db);
  const before = (settingsSchema.shape[key].safeParse(stored[key]).data ?? settingsSchema.shape[key].parse(undefined)) as DeliverySettings[K];
  await repo.writeSetting(db, key, parsed, app.clock.now());
  await invalidateConfig(app, db);
  return { before, after: parsed };
}

/** A closed day (holiday, closure) with its reason; a day that is closed already gets the new reason. */
export async function addClosedDay(app: AppContext, day: IsoDate, reason: string, db: DbOrTx = app.db): Promise<void> {
  await repo.addClosedDay(db, day, reason);
  await invalidateConfig(app, db);
}

/** Opens a closed day again; answers its reason, or null when it was not closed. */
export async function removeClosedDay(app: AppContext, day: IsoDate, db: DbOrTx = app.db): Promise<string | null> {
  const reason = await repo.removeClosedDay(db, day);
  if (reason !== null) await invalidateConfig(app, db);
  return reason;
}

/** Closed days of one year, in date order. */
export const closedDaysOf = (app: AppContext, year: number) => repo.readClosedDaysOfYear(app.db, year);

export async function setZoneArea(app: AppContext, row: Parameters<typeof repo.setZoneArea>[1], db: DbOrTx = app.db): Promise<void> {
  await repo.setZoneArea(db, row);
  await invalidateConfig(app, db);
}

export type ZonePrices = { stdPrice: number | null; vipPrice: number | null; stdFreeFrom: number | null; vipFreeFrom: number | null };

/**
 * Door delivery for every neighbourhood of a county of the same-day city at once: covered with these prices,
 * or (null) not covered any more. Answers how many neighbourhoods changed.
 */
export async function setCountyZone(app: AppContext, countyId: number, prices: ZonePrices | null, db: DbOrTx = app.db): Promise<number> {
  const n = await repo.setCountyZone(db, countyId, prices);
  await invalidateConfig(app, db);
  return n;
}

/** The neighbourhoods of a county with their door-delivery row (null: never covered), in Turkish order. */
export async function zoneOfCounty(app: AppContext, countyId: number) {
  const [neighbourhoods, rows] = await Promise.all([geo.listNeighbourhoods(app, countyId), repo.readZoneOfCounty(app.db, countyId)]);
  const byId = new Map(rows.map((r) => [r.neighbourhoodId, r]));
  return neighbourhoods.map((n) => ({ id: n.id, name: n.name, area: byId.get(n.id) ?? null }));
}

/** Counties of the same-day city with how many of their neighbourhoods are covered. */
export async function zoneCounties(app: AppContext) {
  const config = await getConfig(app);
  const [counties, covered] = await Promise.all([geo.listCounties(app, config.sameDayCityId), repo.coveredPerCounty(app.db)]);
  return counties.map((c) => ({ id: c.id, name: c.name, covered: covered.get(c.id) ?? 0 }));
}

/** A city's minimum carrier delivery days (MinDay of the coloured city list). */
export async function setCityMinDay(app: AppContext, cityId: number, minDay: number, db: DbOrTx = app.db): Promise<number | null> {
  const before = await repo.setCityMinDay(db, cityId, minDay);
  await invalidateConfig(app, db);
  return before;
}

/** Pickup locations and carriers as staff edit them, inactive ones too. */
export async function listsForStaff(app: AppContext) {
  const [pickupLocations, carriers] = await Promise.all([repo.readAllPickupLocations(app.db), repo.readAllCarriers(app.db)]);
  return { pickupLocations, carriers };
}

/** Adds or changes a pickup location (hours from early to late, inclusive); answers the row before, or null. */
export async function savePickupLocation(app: AppContext, row: repo.PickupRow, db: DbOrTx = app.db): Promise<repo.PickupRow | null> {
  const before = await repo.savePickupLocation(db, row);
  await invalidateConfig(app, db);
  return before;
}

/** Adds or changes a carrier ({tracking} in the URL is the tracking number); answers the row before, or null. */
export async function saveCarrier(app: AppContext, row: repo.CarrierRow, db: DbOrTx = app.db): Promise<repo.CarrierRow | null> {
  const before = await repo.saveCarrier(db, row);
  await invalidateConfig(app, db);
  return before;
}

export interface CityChoice {
  id: number;
  name: string;
  minDay: number;
  colour: "green" | "yellow" | "red";
  disabled: boolean;
}

/** Cities in Turkish order with their MinDay; the configured disabled entries are listed but marked. */
export function cityList(app: AppContext): Promise<CityChoice[]> {
  return app.cache.get(CITY_LIST_KEY, async () => {
    const [cities, config] = await Promise.all([geo.listCities(app), getConfig(app)]);
    const disabled = new Set(config.disabledCities.map((c) => c.id));
    const entries = [
      ...cities,
      ...config.disabledCities.filter((d) => !cities.some((c) => c.id === d.id)),
    ];
    return entries
      .map((c) => {
        const minDay = config.cityMinDays.get(c.id) ?? config.defaultMinDay;
        return { id: c.id, name: c.name, minDay, colour: minDayColour(minDay), disabled: disabled.has(c.id) };
      })
      .sort(geo.trCompare);
  });
}

export interface OptionsQuery {
  date?: IsoDate | null;
  cityId?: number | null;
  countyId?: number | null;
  areaId?: number | null;
}

export type OptionsResult = { ok: true; options: DeliveryOptions; config: DeliveryConfig } | { ok: false; error: "invalidAddress" };

/**
 * Delivery options for an address and a basket (`{ itemCount, productTotal }`, default the empty basket;
 * routes get the visitor's with `basketOf`). Production capacity is always enforced: the orders booked per
 * day come from the orders module (one grouped query over today … horizon), or from `bookedCount` when
 * a caller passes its own per-day provider.
 */
export async function getOptions(
  app: AppContext,
  query: OptionsQuery,
  opts: { basket?: BasketInput; bookedCount?: BookedCountProvider } = {},
): Promise<OptionsResult> {
  const config = await getConfig(app);
  const address: AddressInput = {};
  if (query.cityId != null) {
    const disabled = config.disabledCities.some((c) => c.id === query.cityId);
    const resolved = disabled
      ? { invalid: "city" as const }
      : await geo.resolveAddress(app, {
          cityId: query.cityId,
          countyId: query.countyId ?? undefined,
          neighbourhoodId: query.areaId ?? undefined,
        });
    if (resolved.invalid) return { ok: false, error: "invalidAddress" };
    address.cityId = query.cityId;
    address.countyId = query.countyId ?? null;
    address.areaId = query.areaId ?? null;
  } else if (query.countyId != null || query.areaId != null) {
    return { ok: false, error: "invalidAddress" };
  }
  const now = app.clock.now();
  const booked = config.capacityPerDay > 0 ? await bookedCounts(app, opts.bookedCount, istanbulDate(now), config.horizonDays + BOOKED_SLACK_DAYS) : null;
  const options = deliveryOptions(opts.basket ?? EMPTY_BASKET, address, query.date ?? null, now, config, (d) => booked?.get(d) ?? 0);
  return { ok: true, options, config };
}

/** Days read past the horizon: a requested date near the horizon may move on past full or closed days. */
const BOOKED_SLACK_DAYS = 21;

/** Orders booked per day from `from` for `days` more days: one grouped query, or the caller's per-day provider. */
async function bookedCounts(app: AppContext, provider: BookedCountProvider | undefined, from: IsoDate, days: number): Promise<Map<IsoDate, number>> {
  if (!provider) return orders.bookedCounts(app, from, addDays(from, days));
  const dates = Array.from({ length: days + 1 }, (_, i) => addDays(from, i));
  return new Map(await Promise.all(dates.map(async (d) => [d, await provider(d)] as const)));
}

export interface DoorCost {
  std: { cost: Kurus | null; remainingtoFree: Kurus | null };
  vip: { cost: Kurus | null; remainingtoFree: Kurus | null };
}

/** Door-delivery cost for a neighbourhood (SPEC §7); null when it is not covered. */
export async function doorCost(app: AppContext, neighbourhoodId: number, basket: BasketInput = EMPTY_BASKET): Promise<DoorCost | null> {
  const config = await getConfig(app);
  const area = config.zone.get(neighbourhoodId);
  if (!area) return null;
  const one = (price: Kurus | null, freeFrom: Kurus | null) => ({
    cost: price === null ? null : freeFrom !== null && basket.productTotal >= freeFrom ? 0 : price,
    remainingtoFree: price === null || freeFrom === null ? null : Math.max(0, freeFrom - basket.productTotal),
  });
  return { std: one(area.stdPrice, area.stdFreeFrom), vip: one(area.vipPrice, area.vipFreeFrom) };
}

/** Applies a delivery choice (SPEC §4) to options computed for the same address and date. */
export async function choose(
  app: AppContext,
  options: DeliveryOptions,
  choice: DeliveryChoice,
): Promise<ChosenDelivery | { ok: false; error: ChoiceError }> {
  const config = await getConfig(app);
  return chooseDelivery(options, choice, config.carriers);
}

/** A carrier's tracking page for a tracking number, or null for an unknown carrier. */
export async function trackingUrl(app: AppContext, carrier: string, trackingNumber: string): Promise<string | null> {
  const config = await getConfig(app);
  const c = config.carriers.find((x) => x.code === carrier || x.name === carrier);
  return c ? c.trackingUrl.replace("{tracking}", encodeURIComponent(trackingNumber)) : null;
}

export interface EarliestForCity extends EarliestArrival {
  city: { id: number; name: string };
}

/**
 * 'Bugün sipariş verirsen en erken …' for a city (issue 27 §4), from the checkout engine: the options a basket
 * would get for an address in that city now (in the same-day city, a covered neighbourhood), booked the way
 * the delivery step books them. Null for an unknown or disabled city, or when nothing can be booked.
 */
export async function earliestForCity(app: AppContext, cityId: number): Promise<EarliestForCity | null> {
  const [config, cities] = await Promise.all([getConfig(app), cityList(app)]);
  const city = cities.find((c) => c.id === cityId && !c.disabled);
  if (!city) return null;
  const address: AddressInput = { cityId };
  if (cityId === config.sameDayCityId) {
    const area = [...config.zone.values()].find((z) => z.stdPrice !== null || z.vipPrice !== null);
    if (area) Object.assign(address, { countyId: area.countyId, areaId: area.neighbourhoodId });
  }
  const now = app.clock.now();
  const booked = config.capacityPerDay > 0 ? await bookedCounts(app, undefined, istanbulDate(now), config.horizonDays + BOOKED_SLACK_DAYS) : null;
  const found = earliestArrival(address, now, config, (d) => booked?.get(d) ?? 0);
  return found ? { ...found, city: { id: city.id, name: city.name } } : null;
}
