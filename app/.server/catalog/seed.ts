import type { Db } from "../db/client";
import {
  catalogBoxTypes,
  catalogCookies,
  catalogGroupProducts,
  catalogGroups,
  catalogProducts,
  catalogSalesHistory,
  catalogStorefront,
  catalogVariants,
} from "../db/schema/catalog";
import { BOX_TYPES, GROUPS, SALES_PROFILE, VARIANTS, VARIETIES, buildProducts } from "./data";
import { addDays, type IsoDate } from "~/shared/clock";

/** A small deterministic PRNG (mulberry32), so every seeded database has the same history. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const HISTORY_DAYS = 420;

/** Daily sales for the last HISTORY_DAYS days, ending the day before `today`. */
export function salesHistory(today: string): { productId: number; day: string; quantity: number }[] {
  const rows: { productId: number; day: string; quantity: number }[] = [];
  for (const [id, p] of Object.entries(SALES_PROFILE)) {
    const rnd = prng(Number(id));
    for (let ago = 1; ago <= HISTORY_DAYS; ago++) {
      const factor = ago <= 45 ? p.recent : ago > 200 ? p.old : 1;
      const q = Math.round(p.base * factor * (0.5 + rnd()));
      if (q > 0) rows.push({ productId: Number(id), day: addDays(today, -ago), quantity: q });
    }
  }
  return rows;
}

/**
 * The demo catalogue (SPEC §3, DESIGN demo data). Runs once per database. `today` is the shop's
 * Istanbul date from the app clock (so SHOP_NOW is honoured): the sales history ends the day before
 * and the storefront's products are produced on it.
 */
export async function seedCatalog(db: Db, today: IsoDate): Promise<void> {
  await db.insert(catalogBoxTypes).values([...BOX_TYPES]).onConflictDoNothing();
  await db.insert(catalogGroups).values(GROUPS.map((g) => ({ ...g }))).onConflictDoNothing();
  const products = buildProducts();
  await db
    .insert(catalogProducts)
    .values(
      products.map(({ groups: _g, createdAt, ...p }) => ({ ...p, createdAt: new Date(createdAt), updatedAt: new Date(createdAt) })),
    )
    .onConflictDoNothing();
  const links: (typeof catalogGroupProducts.$inferInsert)[] = [];
  for (const [position, p] of products.entries()) {
    for (const g of p.groups) links.push({ groupCode: g, productId: p.id, position });
  }
  await db.insert(catalogGroupProducts).values(links).onConflictDoNothing();
  await db.insert(catalogVariants).values(VARIANTS.map((v, i) => ({ ...v, position: i }))).onConflictDoNothing();
  await db
    .insert(catalogCookies)
    .values(
      VARIETIES.map((v, i) => ({
        pid: v.pid,
        name: v.name,
        image: `/img/products/cookie-${v.slug}.svg`,
        ingredients: v.ingredients,
        firstProduced: v.firstProduced,
        sizes: v.sizes,
        nutrition: v.nutrition,
        archived: v.archived ?? false,
        position: i,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(catalogStorefront)
    .values({ productId: 10003, stock: 8, producedOn: today, note: "Belçika çikolatası, tereyağı, el yapımı" })
    .onConflictDoNothing();
  const history = salesHistory(today);
  for (let i = 0; i < history.length; i += 1000) {
    await db.insert(catalogSalesHistory).values(history.slice(i, i + 1000)).onConflictDoNothing();
  }
}
