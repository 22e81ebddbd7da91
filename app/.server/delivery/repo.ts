import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import {
  deliveryCarriers,
  deliveryCityDays,
  deliveryClosedDays,
  deliveryPickupLocations,
  deliverySettings,
  deliveryZoneAreas,
} from "../db/schema/delivery";

export async function readSettings(db: DbOrTx): Promise<Record<string, unknown>> {
  const rows = await db.select().from(deliverySettings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown, at: Date): Promise<void> {
  await db
    .insert(deliverySettings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: deliverySettings.key, set: { value, updatedAt: at } });
}

export function readCarriers(db: DbOrTx) {
  return db
    .select({ code: deliveryCarriers.code, name: deliveryCarriers.name, trackingUrl: deliveryCarriers.trackingUrl })
    .from(deliveryCarriers)
    .where(eq(deliveryCarriers.active, true))
    .orderBy(asc(deliveryCarriers.position));
}

export function readPickupLocations(db: DbOrTx) {
  return db
    .select({
      code: deliveryPickupLocations.code,
      name: deliveryPickupLocations.name,
      displayName: deliveryPickupLocations.displayName,
      details: deliveryPickupLocations.details,
      earlyHour: deliveryPickupLocations.earlyHour,
      lateHour: deliveryPickupLocations.lateHour,
    })
    .from(deliveryPickupLocations)
    .where(eq(deliveryPickupLocations.active, true))
    .orderBy(asc(deliveryPickupLocations.position));
}

export function readClosedDays(db: DbOrTx) {
  return db.select().from(deliveryClosedDays);
}

export async function addClosedDay(db: DbOrTx, day: string, reason: string): Promise<void> {
  await db.insert(deliveryClosedDays).values({ day, reason }).onConflictDoUpdate({ target: deliveryClosedDays.day, set: { reason } });
}

export function readCityDays(db: DbOrTx) {
  return db.select().from(deliveryCityDays);
}

export function readZone(db: DbOrTx) {
  return db
    .select({
      neighbourhoodId: deliveryZoneAreas.neighbourhoodId,
      stdPrice: deliveryZoneAreas.stdPrice,
      vipPrice: deliveryZoneAreas.vipPrice,
      stdFreeFrom: deliveryZoneAreas.stdFreeFrom,
      vipFreeFrom: deliveryZoneAreas.vipFreeFrom,
      countyId: sql<number>`(select county_id from geo_neighbourhoods n where n.id = ${deliveryZoneAreas.neighbourhoodId})`.mapWith(Number),
    })
    .from(deliveryZoneAreas)
    .where(eq(deliveryZoneAreas.active, true));
}

export async function setZoneArea(
  db: DbOrTx,
  row: { neighbourhoodId: number; stdPrice: number | null; vipPrice: number | null; stdFreeFrom: number | null; vipFreeFrom: number | null; active?: boolean },
): Promise<void> {
  const set = { ...row, active: row.active ?? true };
  await db.insert(deliveryZoneAreas).values(set).onConflictDoUpdate({ target: deliveryZoneAreas.neighbourhoodId, set });
}

// ─── staff (issue 12) ───────────────────────────────────────────────────────────────────────────

export async function removeClosedDay(db: DbOrTx, day: string): Promise<string | null> {
  const [row] = await db.delete(deliveryClosedDays).where(eq(deliveryClosedDays.day, day)).returning();
  return row ? row.reason : null;
}

export function readClosedDaysOfYear(db: DbOrTx, year: number) {
  return db
    .select()
    .from(deliveryClosedDays)
    .where(and(gte(deliveryClosedDays.day, `${year}-01-01`), lt(deliveryClosedDays.day, `${year + 1}-01-01`)))
    .orderBy(asc(deliveryClosedDays.day));
}

export function readZoneOfCounty(db: DbOrTx, countyId: number) {
  return db
    .select()
    .from(deliveryZoneAreas)
    .where(sql`${deliveryZoneAreas.neighbourhoodId} in (select id from geo_neighbourhoods where county_id = ${countyId})`);
}

export async function coveredPerCounty(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db.execute(sql`
    select n.county_id as "countyId", count(*)::int as n
    from delivery_zone_areas z join geo_neighbourhoods n on n.id = z.neighbourhood_id
    where z.active group by n.county_id`);
  const list = ((rows as unknown as { rows?: { countyId: number; n: number }[] }).rows ?? (rows as unknown as { countyId: number; n: number }[])) ?? [];
  return new Map(list.map((r) => [Number(r.countyId), Number(r.n)]));
}

/** Covers (prices) or uncovers (null) every neighbourhood of a county; answers the rows written. */
export async function setCountyZone(
  db: DbOrTx,
  countyId: number,
  p: { stdPrice: number | null; vipPrice: number | null; stdFreeFrom: number | null; vipFreeFrom: number | null } | null,
): Promise<number> {
  if (!p) {
    const rows = await db
      .update(deliveryZoneAreas)
      .set({ active: false })
      .where(and(eq(deliveryZoneAreas.active, true), sql`${deliveryZoneAreas.neighbourhoodId} in (select id from geo_neighbourhoods where county_id = ${countyId})`))
      .returning({ id: deliveryZoneAreas.neighbourhoodId });
    return rows.length;
  }
  const rows = await db.execute(sql`
    insert into delivery_zone_areas (neighbourhood_id, std_price, vip_price, std_free_from, vip_free_from, active)
    select n.id, ${p.stdPrice}, ${p.vipPrice}, ${p.stdFreeFrom}, ${p.vipFreeFrom}, true from geo_neighbourhoods n where n.county_id = ${countyId}
    on conflict (neighbourhood_id) do update set std_price = excluded.std_price, vip_price = excluded.vip_price,
      std_free_from = excluded.std_free_from, vip_free_from = excluded.vip_free_from, active = true
    returning neighbourhood_id`);
  const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
  return Array.isArray(list) ? list.length : 0;
}

export async function setCityMinDay(db: DbOrTx, cityId: number, minDay: number): Promise<number | null> {
  const [before] = await db.select().from(deliveryCityDays).where(eq(deliveryCityDays.cityId, cityId));
  await db.insert(deliveryCityDays).values({ cityId, minDay }).onConflictDoUpdate({ target: deliveryCityDays.cityId, set: { minDay } });
  return before?.minDay ?? null;
}

export type PickupRow = Omit<typeof deliveryPickupLocations.$inferSelect, "position"> & { position?: number };
export type CarrierRow = Omit<typeof deliveryCarriers.$inferSelect, "position"> & { position?: number };

export function readAllPickupLocations(db: DbOrTx) {
  return db.select().from(deliveryPickupLocations).orderBy(asc(deliveryPickupLocations.position), asc(deliveryPickupLocations.code));
}

export function readAllCarriers(db: DbOrTx) {
  return db.select().from(deliveryCarriers).orderBy(asc(deliveryCarriers.position), asc(deliveryCarriers.code));
}

export async function savePickupLocation(db: DbOrTx, row: PickupRow): Promise<PickupRow | null> {
  const [before] = await db.select().from(deliveryPickupLocations).where(eq(deliveryPickupLocations.code, row.code)).for("update");
  const position = row.position ?? before?.position ?? ((await db.select({ n: sql<number>`coalesce(max(position), 0)::int` }).from(deliveryPickupLocations))[0]?.n ?? 0) + 1;
  const set = { ...row, position };
  await db.insert(deliveryPickupLocations).values(set).onConflictDoUpdate({ target: deliveryPickupLocations.code, set });
  return before ?? null;
}

export async function saveCarrier(db: DbOrTx, row: CarrierRow): Promise<CarrierRow | null> {
  const [before] = await db.select().from(deliveryCarriers).where(eq(deliveryCarriers.code, row.code)).for("update");
  const position = row.position ?? before?.position ?? ((await db.select({ n: sql<number>`coalesce(max(position), 0)::int` }).from(deliveryCarriers))[0]?.n ?? 0) + 1;
  const set = { ...row, position };
  await db.insert(deliveryCarriers).values(set).onConflictDoUpdate({ target: deliveryCarriers.code, set });
  return before ?? null;
}
