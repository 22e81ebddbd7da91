import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";

const t = catalogTr.detail;
const COLOURS = {
  green: "bg-green-100 text-green-900 ring-green-700",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-600",
  red: "bg-red-100 text-red-900 ring-red-700",
} as const;

export interface CityDay {
  id: number;
  name: string;
  minDay: number;
  colour: keyof typeof COLOURS;
}

/** Cities with their minimum delivery days, coloured MinDay 1 green, 2 yellow, 3 or more red (SPEC §2.4). */
export function CityDays({ cities }: { cities: CityDay[] }) {
  if (cities.length === 0) return null;
  return (
    <details className="mt-6 rounded-xl bg-white p-4 shadow-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">{t.cities}</summary>
      <p className="mt-2 text-sm text-stone-700">{t.citiesHint}</p>
      <ul className="mt-2 flex flex-wrap gap-3 text-xs" aria-hidden="true">
        {(["green", "yellow", "red"] as const).map((c) => (
          <li key={c} className="flex items-center gap-1">
            <span className={`inline-block h-3 w-3 rounded-full ring-1 ${COLOURS[c]}`} />
            {t.legend[c]}
          </li>
        ))}
      </ul>
      <ul className="mt-3 grid grid-cols-2 gap-1 text-sm sm:grid-cols-3 md:grid-cols-4">
        {cities.map((c) => (
          <li key={c.id} data-colour={c.colour} className={`flex justify-between rounded px-2 py-1 ring-1 ${COLOURS[c.colour]}`}>
            <span>{c.name}</span>
            <span className="tabular-nums">{fmt(t.cityDays, { n: c.minDay })}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
