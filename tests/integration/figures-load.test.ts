import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { TestApp } from "~/.server/db/testing";
import { createHarness, type Harness } from "~/.server/management/testing";
import type { SalesFigures } from "~/.server/management/figures-desk";
import * as figuresRoute from "~/routes/management/figures";

/**
 * How long the figures page's loader takes with many orders (issue 28 §3). Opt-in, not part of `npm test`:
 *   BENCH_FIGURES=2000 npx vitest run --project unit tests/integration/figures-load.test.ts
 * (with DATABASE_URL for PostgreSQL). N orders over the last 30 days, one to three lines each at 1/10/20 %,
 * a tenth with a promo code, one in twenty cancelled, placed without their KDV split (as the migration leaves
 * older orders) so the first load also fills it in. Checks every order's split adds up to what it charged.
 */
const N = Number(process.env.BENCH_FIGURES || 0);

describe.runIf(N > 0)("figures with many orders", () => {
  let h: Harness;
  let app: TestApp;
  beforeAll(async () => {
    h = await createHarness({ now: "2026-11-25T14:00:00+03:00" });
    app = h.app;
    const t0 = performance.now();
    await app.db.execute(sql`insert into promo_codes (code, kind, amount, created_at) values ('BENCH10', 'fixed', 1000, now())`);
    await app.db.execute(sql`
      insert into orders (public_id, order_number, email, status, delivery_type, delivery_details, ready_date, address,
                          promo_code, product_total, delivery_cost, discount_amount, used_bonus, need_to_pay, tax_snapshot, created_at, updated_at)
      select 'bench-' || i, 'B-' || lpad(i::text, 6, '0'), 'b' || i || '@ornek.com.tr',
             case when i % 20 = 0 then 'cancelled' else (array['received','preparing','ready','delivered'])[1 + i % 4] end,
             (array['Carrier','Delivery','Store'])[1 + i % 3],
             (array['Standart','10:00-13:00','14:00-16:00','Express'])[1 + i % 4],
             date '2026-11-25' + (i % 14), '{}'::jsonb,
             case when i % 10 = 0 then 'BENCH10' end,
             0, case when i % 3 = 0 then 0 else 4990 end, case when i % 10 = 0 then 1000 else 0 end, 0, 0,
             '{"deliveryRateBp": 2000}'::jsonb,
             timestamptz '2026-11-25 14:00+03' - (i * (interval '30 days' / ${N})), now()
        from generate_series(1, ${N}) i`);
    await app.db.execute(sql`
      insert into order_lines (order_id, product_id, name, quantity, unit_price, original_price, tax_rate_bp)
      select o.id, 10000 + (o.id * 7 + k) % 40, 'Ürün ' || ((o.id * 7 + k) % 40), 1 + (o.id + k) % 3,
             (array[4590, 11000, 10100, 12990])[1 + (o.id + k) % 4], 11000, (array[1000, 1000, 100, 2000])[1 + (o.id + k) % 4]
        from orders o cross join generate_series(0, 2) k where k <= o.id % 3`);
    await app.db.execute(sql`
      update orders o set product_total = l.total, need_to_pay = l.total - o.discount_amount + o.delivery_cost
        from (select order_id, sum(quantity * unit_price) as total from order_lines group by order_id) l where l.order_id = o.id`);
    await app.db.execute(sql`
      insert into promo_uses (promo_id, order_id, email, discount, at)
      select (select id from promo_codes where code = 'BENCH10'), id, email, 1000, created_at from orders where promo_code = 'BENCH10'`);
    console.log(`seeded ${N} orders in ${Math.round(performance.now() - t0)} ms`);
  }, 600_000);
  afterAll(() => app?.close());

  const load = async (query: string) => {
    const t = performance.now();
    const r = await h.load("admin", figuresRoute.loader, `/management/figures${query}`);
    return { ms: performance.now() - t, data: r.data as SalesFigures };
  };

  it("first load fills in the KDV split, later loads read aggregates only", async () => {
    const first = await load("?from=2026-10-27&to=2026-11-25");
    console.log(`first load (fills in ${N} KDV splits): ${Math.round(first.ms)} ms`);
    const [check] = (
      (await app.db.execute(sql`
        select count(*)::int as bad from orders o
         where o.net_total is null or o.need_to_pay <> o.net_total + coalesce((select sum(tax) from order_taxes t where t.order_id = o.id), 0)`)) as unknown as {
        rows: { bad: number }[];
      }
    ).rows;
    expect(check!.bad).toBe(0);
    for (const [name, q] of [
      ["30 days", "?from=2026-10-27&to=2026-11-25"],
      ["7 days", "?from=2026-11-19&to=2026-11-25"],
      ["today", "?from=2026-11-25&to=2026-11-25"],
    ]) {
      const times: number[] = [];
      let data: SalesFigures | undefined;
      for (let i = 0; i < 5; i++) {
        const r = await load(q!);
        times.push(r.ms);
        data = r.data;
      }
      times.sort((a, b) => a - b);
      console.log(`${name}: median ${Math.round(times[2]!)} ms (min ${Math.round(times[0]!)}, max ${Math.round(times[4]!)}), ${data!.totals.orders} orders counted`);
      expect(data!.taxes!.reduce((s, r) => s + r.tax, 0)).toBe(data!.totals.kdv);
    }
  }, 600_000);
});
