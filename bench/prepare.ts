/**
 * Data for `npm run bench:load`, made through the shop's own services (as app/.server/checkout/service.test.ts
 * does): members with a saved sandbox card and a basket ready to confirm (delivery and payment chosen: no 3-D
 * Secure), guest sessions for add-to-basket, and stock and daily capacity high enough that no run sells out. Loaded by
 * bench/lib/app.js through Vite (TypeScript, `~` imports); runs against the shop's database before the
 * server starts (PGlite belongs to one process).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { loadConfig } from "~/.server/config";
import { boot } from "~/.server/boot";
import { createLogger } from "~/.server/log";
import type { AppContext } from "~/.server/context";
import * as catalog from "~/.server/catalog/service";
import * as delivery from "~/.server/delivery/service";
import { member, readyBasket, savedCard, session as sessionOf } from "../tests/e2e/fixtures";

/** The in-repo fake of iyzico's API, for bench:load's (g'): the order placement with the adapter production uses. */
export { startFakeIyzico } from "~/.server/payments/fake-iyzico";

export interface Visitor {
  cookie: string;
  csrf: string;
}

export interface Prepared {
  buyers: Visitor[];
  guests: Visitor[];
  /** Products without a default box and without variants: what a card's 'EKLE' adds. */
  productIds: number[];
}

async function withApp<T>(env: Record<string, string>, fn: (app: AppContext) => Promise<T>): Promise<T> {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
  const booted = await boot(config, { listen: false, log: createLogger("silent") });
  try {
    return await fn(booted.ctx);
  } finally {
    await booted.close();
  }
}

async function session(app: AppContext, userId: number | null): Promise<Visitor> {
  const { cookie, csrf } = await sessionOf(app, userId);
  return { cookie, csrf };
}

/** `env` is the shop's environment (DATA_DIR or DATABASE_URL); makes `buyers` ready baskets and `guests` sessions. */
export async function prepare(env: Record<string, string>, counts: { buyers: number; guests: number }): Promise<Prepared> {
  return withApp(env, async (app) => {
    // enough stock for any run: the benchmark measures ordering, not selling out
    await app.db.execute(sql`update catalog_products set stock = 1000000 where stock is not null`);
    await catalog.invalidateCatalog(app);
    // and production capacity: every buyer's basket is for the same ready date (still counted under its lock)
    await delivery.updateSetting(app, "capacityPerDay", 1_000_000);
    const products = (await catalog.listGroup(app, catalog.MAIN_GROUP, "main"))!.products;
    const all = await catalog.getProducts(app, [...new Set([...products.map((p) => p.id), 10001, 10002, 10003, 10004, 10005, 10006, 10007, 10008])]);
    const productIds = all.filter((p) => !p.defaultBox && p.variants.length === 0).map((p) => p.id);
    if (productIds.length === 0) throw new Error("no product to add");

    const guests: Visitor[] = [];
    for (let i = 0; i < counts.guests; i++) guests.push(await session(app, null));

    const buyers: Visitor[] = [];
    const run = randomUUID().slice(0, 8);
    const one = async (i: number): Promise<Visitor> => {
      const m = await member(app, { email: `bench-${run}-${i}@example.com`, name: "Yük Testi Alıcısı" });
      const card = await savedCard(app, m.id, m.email);
      await readyBasket(app, { sessionId: null, userId: m.id }, { lines: [{ productId: productIds[i % productIds.length]!, quantity: 1 }], pay: card.pay, email: m.email });
      return session(app, m.id);
    };
    // a few at a time: PostgreSQL takes them in parallel, PGlite one after another anyway
    for (let i = 0; i < counts.buyers; i += 10) {
      buyers.push(...(await Promise.all(Array.from({ length: Math.min(10, counts.buyers - i) }, (_, k) => one(i + k)))));
    }
    return { buyers, guests, productIds };
  });
}

/** Orders and mails made since the bench started (a check that the order placement really placed orders). */
export async function countOrders(env: Record<string, string>): Promise<{ orders: number; mails: number }> {
  return withApp(env, async (app) => {
    const r = await app.db.execute<{ orders: number; mails: number }>(
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from jobs where dedupe_key like 'order-confirmation:%') as mails`,
    );
    const rows = (r as unknown as { rows: { orders: number; mails: number }[] }).rows;
    return rows[0]!;
  });
}
