import type { Nutrition } from "~/shared/catalog";
import { catalogTr } from "~/shared/texts/catalog.tr";

const t = catalogTr.nutrition;
const KEYS = ["cal", "fat", "satfat", "carb", "sugar", "pro", "salt"] as const;
let numberFormat: Intl.NumberFormat | undefined;
// made on first use (building an Intl formatter is slow at page start)
const num = { format: (n: number) => (numberFormat ??= new Intl.NumberFormat("tr-TR", { maximumFractionDigits: 1 })).format(n) };

/** Nutrition per 100 g of one product (SPEC §2.5 fields: cal, fat, satfat, carb, sugar, pro, salt). */
export function NutritionTable({ nutrition, caption }: { nutrition: Nutrition; caption: string }) {
  return (
    <table className="w-full max-w-sm text-sm">
      <caption className="mb-1 text-left font-semibold">{caption}</caption>
      <tbody>
        {KEYS.map((k) => (
          <tr key={k} className="border-b border-choc-100">
            <th scope="row" className="py-1 text-left font-normal">
              {t.fields[k]}
            </th>
            <td className="py-1 text-right tabular-nums">
              {num.format(nutrition[k])} {k === "cal" ? t.kcal : t.gram}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Many varieties side by side: one row per variety, one column per nutrient. */
export function NutritionGrid({ rows, caption }: { rows: { name: string; nutrition: Nutrition }[]; caption: string }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="mb-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-choc-200">
            <th scope="col" className="py-2 text-left">
              {t.variety}
            </th>
            {KEYS.map((k) => (
              <th key={k} scope="col" className="px-1 py-2 text-right">
                {t.short[k]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} className="border-b border-choc-100">
              <th scope="row" className="py-1 text-left font-semibold">
                {r.name}
              </th>
              {KEYS.map((k) => (
                <td key={k} className="px-1 py-1 text-right tabular-nums">
                  {num.format(r.nutrition[k])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
