import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import * as geo from "../geo/service";
import { getSettings } from "../settings/service";
import { computeAmounts, type Amounts } from "~/shared/amounts";
import * as repo from "./repo";

/**
 * City campaigns (SPEC §4 'City campaign', §7 'Check city campaign'):
 * - FreeCity: staff name cities whose orders get free delivery.
 * - HEDEF81: while active, the first order from a city our cookies have not reached yet costs 1 TL in all and
 *   holds one introduction package; the city then counts as reached (hedef81_cities).
 */
export type Coverage = "FreeCity" | "HEDEF81";

export interface CityCampaign {
  cityId: number;
  CityName: string;
  coverage: Coverage;
}

/** What the whole HEDEF81 order costs (kuruş). */
export const HEDEF81_TOTAL = 100;

export async function forCity(app: AppContext, cityId: number, db: DbOrTx = app.db): Promise<CityCampaign | null> {
  const s = (await getSettings(app, db)).campaign;
  const city = await geo.getCity(app, cityId);
  if (!city) return null;
  if (s.freeCityIds.includes(cityId)) return { cityId, CityName: city.name, coverage: "FreeCity" };
  if (!s.hedef81Active) return null;
  const reached = await repo.findReached(db, cityId);
  return reached ? null : { cityId, CityName: city.name, coverage: "HEDEF81" };
}

export async function introProductId(app: AppContext): Promise<number> {
  return (await getSettings(app)).campaign.introProductId;
}

/** The amounts of a HEDEF81 order: one introduction package, no delivery fee, 1 TL in all. */
export function hedef81Amounts(introPrice: number): Amounts {
  return computeAmounts({
    lines: [{ unitPrice: introPrice, quantity: 1 }],
    promo: { kind: "fixed", amount: Math.max(0, introPrice - HEDEF81_TOTAL) },
    deliveryCost: 0,
  });
}

/** Marks the city reached by this order, inside the order's transaction. False: another order was first. */
export async function claimHedef81(tx: DbOrTx, app: AppContext, cityId: number, orderId: number): Promise<boolean> {
  return repo.insertReached(tx, { cityId, orderId, reachedAt: app.clock.now() });
}

// ─── staff (issue 12) ───────────────────────────────────────────────────────────────────────────

/** The cities HEDEF81 has reached, by plate code, with the order that reached each (null: before the shop). */
export async function reachedCities(app: AppContext): Promise<{ cityId: number; name: string; orderId: number | null; reachedAt: Date }[]> {
  const [rows, cities] = await Promise.all([repo.listReached(app.db), geo.listCities(app)]);
  const names = new Map(cities.map((c) => [c.id, c.name]));
  return rows.map((r) => ({ cityId: r.cityId, name: names.get(r.cityId) ?? String(r.cityId), orderId: r.orderId, reachedAt: r.reachedAt }));
}

/** Staff marks a city reached (true) or not yet reached (false), in `tx`; answers whether anything changed. */
export async function setReached(app: AppContext, tx: DbOrTx, cityId: number, reached: boolean): Promise<boolean> {
  if (reached) return repo.insertReached(tx, { cityId, orderId: null, reachedAt: app.clock.now() });
  return repo.deleteReached(tx, cityId);
}
