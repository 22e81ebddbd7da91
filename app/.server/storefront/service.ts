import type { AppContext } from "../context";
import * as catalog from "../catalog/service";
import * as orders from "../orders/service";
import { addDays, istanbulDate, istanbulInstant } from "~/shared/clock";
import { TOP_FIVE_REFRESH_MS, TOP_FIVE_WINDOWS, type TopFiveWindow } from "~/shared/constants";
import { rankTopFive, type TopFive } from "~/shared/catalog";

/**
 * The storefront's pieces that need both the catalogue and the sales (SPEC §2.4): the top five, ranked from the
 * order lines of placed orders (orders) and the imported sales history (catalog), and the home screen that shows
 * it. So neither catalog nor orders imports the other (issue 24 §1).
 */

const WINDOW_DAYS: Record<TopFiveWindow, number | null> = { "30": 30, "90": 90, "180": 180, all: null };

/** First day (Istanbul) of each top-five window ending today: the last N days including today. */
export function windowStarts(today: string): Record<TopFiveWindow, string | null> {
  return Object.fromEntries(
    TOP_FIVE_WINDOWS.map((w) => {
      const days = WINDOW_DAYS[w];
      return [w, days === null ? null : addDays(today, -(days - 1))];
    }),
  ) as Record<TopFiveWindow, string | null>;
}

/**
 * Top five per window (SPEC §2.4: 30, 90, 180 days and all), from the order lines of placed orders plus the
 * imported sales history. Cached per Istanbul day under the catalogue's cache prefix and counted again after
 * `TOP_FIVE_REFRESH_MS`, not after every order (counting sums every order line, and one order seldom moves the
 * ranking); a catalogue change drops it at once with the catalogue.
 */
export async function getTopFive(app: AppContext): Promise<TopFive> {
  const today = istanbulDate(app.clock.now());
  return app.cache.get(
    catalog.cacheKey(`top5:${today}`),
    async () => {
      const starts = windowStarts(today);
      const days = TOP_FIVE_WINDOWS.map((w) => starts[w]);
      const [history, sold] = await Promise.all([
        catalog.historyUnitsByProduct(app, days),
        orders.unitsSoldByProduct(app, days.map((d) => (d === null ? null : istanbulInstant(d)))),
      ]);
      const totals = new Map<number, number[]>();
      for (const r of [...history, ...sold]) {
        const t = totals.get(r.productId) ?? days.map(() => 0);
        r.units.forEach((u, i) => (t[i] = (t[i] ?? 0) + u));
        totals.set(r.productId, t);
      }
      // only products of the catalogue (a product deleted since it sold is not ranked)
      const products = await catalog.getProducts(app, [...totals.keys()]);
      const out = {} as TopFive;
      TOP_FIVE_WINDOWS.forEach((w, i) => {
        const counts = products.map((product) => ({ product, units: totals.get(product.id)?.[i] ?? 0 }));
        out[w] = rankTopFive(counts).map(({ product, units }) => ({
          SID: product.id,
          pLongName: product.name,
          packageContent: product.packageContent,
          imgName: product.imgName,
          units,
        }));
      });
      return out;
    },
    { maxAgeMs: TOP_FIVE_REFRESH_MS },
  );
}

/** The home screen (`catalog.getHomeLists`) with the top five in its widgets (only the main group has them). */
export type HomePage = Omit<catalog.HomeLists, "widgets"> & { widgets: (NonNullable<catalog.HomeLists["widgets"]> & { topFive: TopFive }) | null };

/**
 * The home screen (SPEC §2.4): `/home` shows the main group and the widget set, `/home/{group}` a top-level
 * group, `/home/sub/{group}` a sub group. An unknown group gives null.
 */
export async function getHomePage(app: AppContext, opts: { group?: string; sub?: string } = {}): Promise<HomePage | null> {
  // the main page has the widgets: its top five is read beside its lists, as the lists' own widgets are
  const main = !opts.group && !opts.sub;
  const [lists, topFive] = await Promise.all([catalog.getHomeLists(app, opts), main ? getTopFive(app) : null]);
  if (!lists) return null;
  if (!lists.widgets) return { ...lists, widgets: null };
  return { ...lists, widgets: { ...lists.widgets, topFive: topFive ?? (await getTopFive(app)) } };
}
