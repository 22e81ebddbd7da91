import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  deliveryCarriers,
  deliveryCityDays,
  deliveryClosedDays,
  deliveryPickupLocations,
  deliverySettings,
} from "../db/schema/delivery";
import { allCityIds, roadDistanceKm } from "../geo/service";
import { settingsSchema } from "./config";

/** Same-day door-delivery coverage around the Kadıköy workshop: price tiers in kuruş. */
const ZONE_TIERS = [
  { counties: ["Kadıköy", "Üsküdar", "Ataşehir"], std: 12_000, vip: 22_000, stdFreeFrom: 200_000, vipFreeFrom: null },
  { counties: ["Maltepe", "Kartal", "Ümraniye", "Beşiktaş", "Şişli", "Beyoğlu"], std: 18_000, vip: 28_000, stdFreeFrom: 300_000, vipFreeFrom: null },
] as const;

/**
 * Public holidays (and eves of the religious ones: half days closed for production) for 2026–2028.
 * Religious holidays on the Diyanet calendar's official dates. Staff add later years (addClosedDay) until
 * a seed for them ships.
 */
export const HOLIDAYS: [string, string][] = [
  ["2026-01-01", "Yılbaşı"],
  ["2026-03-19", "Ramazan Bayramı Arifesi"],
  ["2026-03-20", "Ramazan Bayramı"],
  ["2026-03-21", "Ramazan Bayramı"],
  ["2026-03-22", "Ramazan Bayramı"],
  ["2026-04-23", "Ulusal Egemenlik ve Çocuk Bayramı"],
  ["2026-05-01", "Emek ve Dayanışma Günü"],
  ["2026-05-19", "Atatürk'ü Anma, Gençlik ve Spor Bayramı"],
  ["2026-05-26", "Kurban Bayramı Arifesi"],
  ["2026-05-27", "Kurban Bayramı"],
  ["2026-05-28", "Kurban Bayramı"],
  ["2026-05-29", "Kurban Bayramı"],
  ["2026-05-30", "Kurban Bayramı"],
  ["2026-07-15", "Demokrasi ve Millî Birlik Günü"],
  ["2026-08-30", "Zafer Bayramı"],
  ["2026-10-29", "Cumhuriyet Bayramı"],
  ["2027-01-01", "Yılbaşı"],
  ["2027-03-08", "Ramazan Bayramı Arifesi"],
  ["2027-03-09", "Ramazan Bayramı"],
  ["2027-03-10", "Ramazan Bayramı"],
  ["2027-03-11", "Ramazan Bayramı"],
  ["2027-04-23", "Ulusal Egemenlik ve Çocuk Bayramı"],
  ["2027-05-01", "Emek ve Dayanışma Günü"],
  ["2027-05-15", "Kurban Bayramı Arifesi"],
  ["2027-05-16", "Kurban Bayramı"],
  ["2027-05-17", "Kurban Bayramı"],
  ["2027-05-18", "Kurban Bayramı"],
  ["2027-05-19", "Kurban Bayramı; Atatürk'ü Anma, Gençlik ve Spor Bayramı"],
  ["2027-07-15", "Demokrasi ve Millî Birlik Günü"],
  ["2027-08-30", "Zafer Bayramı"],
  ["2027-10-29", "Cumhuriyet Bayramı"],
  ["2028-01-01", "Yılbaşı"],
  ["2028-02-25", "Ramazan Bayramı Arifesi"],
  ["2028-02-26", "Ramazan Bayramı"],
  ["2028-02-27", "Ramazan Bayramı"],
  ["2028-02-28", "Ramazan Bayramı"],
  ["2028-04-23", "Ulusal Egemenlik ve Çocuk Bayramı"],
  ["2028-05-01", "Emek ve Dayanışma Günü"],
  ["2028-05-04", "Kurban Bayramı Arifesi"],
  ["2028-05-05", "Kurban Bayramı"],
  ["2028-05-06", "Kurban Bayramı"],
  ["2028-05-07", "Kurban Bayramı"],
  ["2028-05-08", "Kurban Bayramı"],
  ["2028-05-19", "Atatürk'ü Anma, Gençlik ve Spor Bayramı"],
  ["2028-07-15", "Demokrasi ve Millî Birlik Günü"],
  ["2028-08-30", "Zafer Bayramı"],
  ["2028-10-29", "Cumhuriyet Bayramı"],
];

/** MinDay from the road distance to the workshop's city: ≤ 350 km 1 day, ≤ 800 km 2, farther 3. */
export function minDayForDistance(km: number | undefined): number {
  if (km === undefined) return 3;
  return km <= 350 ? 1 : km <= 800 ? 2 : 3;
}

/** Default delivery configuration; needs the geo seed. Inserting twice changes nothing. */
export async function seedDelivery(db: Db): Promise<void> {
  const defaults = settingsSchema.parse({});
  await db
    .insert(deliverySettings)
    .values(Object.entries(defaults).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db
    .insert(deliveryCarriers)
    .values([
      { code: "yurtici", name: "Yurtiçi Kargo", trackingUrl: "https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code={tracking}", position: 1 },
      { code: "aras", name: "Aras Kargo", trackingUrl: "https://kargotakip.araskargo.com.tr/mainpage.aspx?code={tracking}", position: 2 },
      { code: "mng", name: "MNG Kargo", trackingUrl: "https://www.mngkargo.com.tr/gonderi-takip?takipNo={tracking}", position: 3 },
    ])
    .onConflictDoNothing();
  await db
    .insert(deliveryPickupLocations)
    .values([
      { code: "kadikoy", name: "Kadıköy Atölye", displayName: "Kadıköy Atölyemiz", details: "Moda Cad. No: 12, Kadıköy / İstanbul", earlyHour: 10, lateHour: 19, position: 1 },
      { code: "besiktas", name: "Beşiktaş Mağaza", displayName: "Beşiktaş Mağazamız", details: "Sinanpaşa Mah. Ihlamurdere Cad. No: 5, Beşiktaş / İstanbul", earlyHour: 11, lateHour: 20, position: 2 },
    ])
    .onConflictDoNothing();
  await seedHolidays(db);
  const workshopCity = defaults.sameDayCityId;
  await db
    .insert(deliveryCityDays)
    .values(allCityIds().map((cityId) => ({ cityId, minDay: minDayForDistance(roadDistanceKm(workshopCity, cityId)) })))
    .onConflictDoNothing();
  for (const tier of ZONE_TIERS) {
    await db.execute(sql`
      insert into delivery_zone_areas (neighbourhood_id, std_price, vip_price, std_free_from, vip_free_from)
      select n.id, ${tier.std}, ${tier.vip}, ${tier.stdFreeFrom}, ${tier.vipFreeFrom}
      from geo_neighbourhoods n join geo_counties c on c.id = n.county_id
      where c.city_id = ${workshopCity} and c.name in (${sql.join(tier.counties.map((c) => sql`${c}`), sql`, `)})
      on conflict (neighbourhood_id) do nothing`);
  }
}

/**
 * The holidays above as closed days; inserting twice changes nothing and a day staff already set keeps
 * its reason. Also run on its own ('delivery-holidays-2028') so databases seeded before 2028 was added
 * get the new years.
 */
export async function seedHolidays(db: Db): Promise<void> {
  await db
    .insert(deliveryClosedDays)
    .values(HOLIDAYS.map(([day, reason]) => ({ day, reason })))
    .onConflictDoNothing();
}
