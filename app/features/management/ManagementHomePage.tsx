import { Link } from "react-router";
import type { Route } from "../../routes/management/+types/home";
import { panelClass } from "~/features/management/ui";
import { formatDateTr } from "~/shared/clock";
import { sectionsFor, statusLabel } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;

const OPEN = ["received", "preparing", "ready", "shipped", "outfordelivery", "collected"] as const;

/** The staff area's landing screen (route: routes/management/home.tsx, /management): who is signed in, what is open, where to go. */
export function ManagementHomePage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { counts, readyToday, today } = loaderData;
  const sections = sectionsFor(loaderData.role).filter((s) => s.key !== "home");
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t.home.title}</h1>
      <section className={panelClass}>
        <p>{fmt(t.home.welcome, { name: loaderData.name })}</p>
        <p className="text-sm text-stone-700">{fmt(t.home.yourRole, { role: t.roles[loaderData.role] })}</p>
      </section>
      {counts ? (
        <section className={panelClass} aria-labelledby="open-orders">
          <h2 id="open-orders" className="text-lg font-semibold">
            {t.home.open}
          </h2>
          <p className="mt-1 text-sm">
            {fmt(t.home.today, { date: formatDateTr(today) })}: <strong>{readyToday ?? 0}</strong>
          </p>
          <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
            {OPEN.map((s) => (
              <li key={s}>
                <Link to={`/management/orders?status=${s}`} className="flex flex-col rounded-lg border border-choc-200 p-3 hover:bg-choc-50">
                  <span className="text-sm">{statusLabel(s)}</span>
                  <span className="text-2xl font-bold">{counts[s] ?? 0}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {sections.length === 0 ? <p className={panelClass}>{t.home.noSections}</p> : null}
    </div>
  );
}
