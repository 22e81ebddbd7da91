import { eq } from "drizzle-orm";
import type { Database, Db } from "./db/client";
import { seedRuns } from "./db/schema/system";
import { seedSite } from "./site/seed";
import { seedFortune } from "./fortune/seed";
import { seedGeo, seedGeoRest } from "./geo/seed";
import { seedDelivery, seedHolidays } from "./delivery/seed";
import { seedCatalog } from "./catalog/seed";
import { seedPromos } from "./promos/seed";
import { seedCampaigns } from "./campaigns/seed";
import { istanbulDate, systemClock, type IsoDate } from "~/shared/clock";

/** A module's demo data; `today` is the shop's Istanbul date from the app clock. */
type ModuleSeed = (db: Db, today: IsoDate) => Promise<void>;

/** Module seeds in dependency order. Each runs once per database, inside one transaction with its marker. */
export const SEEDS: [name: string, seed: ModuleSeed][] = [
  ["site", seedSite],
  ["fortune", seedFortune],
  ["geo", seedGeo],
  ["delivery", seedDelivery],
  ["delivery-holidays-2028", seedHolidays],
  ["catalog", seedCatalog],
  ["promos", seedPromos],
  ["campaigns", seedCampaigns],
];

/** Seeds that are demo data: left out when SEED=catalog or none (a real shop's first start). */
const DEMO_ONLY = new Set(["promos"]);
/** Seeds that fill the product catalogue: left out when SEED=none. */
const CATALOG = new Set(["catalog"]);

/**
 * The seeds for the SEED switch: `demo` all of them; `catalog` without the demo promotion codes (HOSGELDIN10,
 * TEKSEFER…); `none` without products either. Settings every shop needs (site texts, geography, delivery,
 * holidays, prize-game periods, HEDEF81 cities) are always seeded. No seed makes accounts, orders or points.
 * A skipped seed is not marked as run: switching to `demo` later adds it.
 */
export function seedsFor(mode: "demo" | "catalog" | "none"): [name: string, seed: ModuleSeed][] {
  if (mode === "demo") return SEEDS;
  return SEEDS.filter(([name]) => !DEMO_ONLY.has(name) && (mode === "catalog" || !CATALOG.has(name)));
}

/** Every neighbourhood outside İstanbul (≈ 72 k rows): boot runs it unless GEO_SEED=minimal (unit tests). */
export const GEO_REST_SEEDS: [name: string, seed: ModuleSeed][] = [["geo-all", seedGeoRest]];

/** Runs the seeds not yet run; `today` (Istanbul date of the app clock) defaults to the system clock's. */
export async function seedAll(database: Database, seeds = SEEDS, today: IsoDate = istanbulDate(systemClock.now())): Promise<string[]> {
  return database.withLock(async (db) => {
    const ran: string[] = [];
    for (const [name, seed] of seeds) {
      const done = await db.select().from(seedRuns).where(eq(seedRuns.name, name));
      if (done.length > 0) continue;
      await db.transaction(async (tx) => {
        await seed(tx as unknown as Db, today);
        await tx.insert(seedRuns).values({ name });
      });
      ran.push(name);
    }
    return ran;
  });
}
