import { z } from "zod";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import * as repo from "./repo";

/**
 * Shop settings with their defaults. Tax rates are configuration (DESIGN): today's KDV is 1/10/20 %;
 * cookies and gift boxes of food are 10 %, the delivery fee 20 %. 1 % = 100 basis points.
 */
const schemas = {
  tax: z.object({
    /** Rate per product group; groups not listed use defaultRateBp. */
    groupRatesBp: z.record(z.string(), z.number().int().min(0).max(10_000)),
    defaultRateBp: z.number().int().min(0).max(10_000),
    deliveryRateBp: z.number().int().min(0).max(10_000),
  }),
  loyalty: z.object({
    /** Points earned per 100 kuruş paid for products (basis points of the product amount paid). */
    earnRateBp: z.number().int().min(0).max(10_000),
    /** Days after delivery before points are credited (SPEC: within a week). */
    creditAfterDays: z.number().int().min(0).max(7),
    validityDays: z.number().int().min(1).max(3650),
  }),
  /** City campaigns (SPEC §4): HEDEF81 on/off and its introduction package; FreeCity: cities with free delivery. */
  campaign: z.object({
    hedef81Active: z.boolean(),
    introProductId: z.number().int().positive(),
    freeCityIds: z.array(z.number().int().min(1).max(99)),
  }),
  /** The seller's bank campaigns for the product page's installment line (issue 27; shape: ~/shared/installments). */
  installments: z.object({
    campaigns: z
      .array(z.object({ families: z.array(z.string().min(1).max(30)).min(1).max(10), count: z.number().int().min(2).max(12), minAmount: z.number().int().min(0).max(100_000_000) }))
      .max(20),
  }),
};

export type Settings = { [K in keyof typeof schemas]: z.infer<(typeof schemas)[K]> };

export const DEFAULT_SETTINGS: Settings = {
  tax: { groupRatesBp: { single: 1000, cookie: 1000, gift: 1000, corp: 1000 }, defaultRateBp: 1000, deliveryRateBp: 2000 },
  loyalty: { earnRateBp: 300, creditAfterDays: 3, validityDays: 365 },
  // 11002 'Karışık Dörtlü': four varieties, the introduction package of HEDEF81
  campaign: { hedef81Active: true, introProductId: 11002, freeCityIds: [] },
  // no campaign configured: no installment line on product pages
  installments: { campaigns: [] },
};

const KEY = "settings:shop";

/** Pass the open transaction as `db` when calling from inside one (PGlite has a single connection). */
export function getSettings(app: AppContext, db: DbOrTx = app.db): Promise<Settings> {
  return app.cache.get(KEY, async () => {
    const rows = await repo.all(db);
    const out: Settings = structuredClone(DEFAULT_SETTINGS);
    for (const r of rows) {
      if (!(r.key in schemas)) continue;
      const k = r.key as keyof Settings;
      const parsed = schemas[k].safeParse(r.value);
      if (parsed.success) (out as Record<string, unknown>)[k] = parsed.data;
      else app.log.warn({ key: r.key }, "ignoring invalid shop setting");
    }
    return out;
  });
}

/** Stores one setting (pass the open transaction as `db` from inside one: every process drops its copy when it commits). */
export async function setSetting<K extends keyof Settings>(app: AppContext, key: K, value: Settings[K], db: DbOrTx = app.db): Promise<void> {
  const v = schemas[key].parse(value);
  const now = app.clock.now();
  await repo.upsert(db, key, v, now);
  await app.cache.invalidatePrefix(KEY, db);
}

export function taxRateFor(s: Settings, group: string): number {
  return s.tax.groupRatesBp[group] ?? s.tax.defaultRateBp;
}
