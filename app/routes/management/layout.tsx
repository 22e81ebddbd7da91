import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import * as management from "~/.server/management/service";
import { CsrfField } from "~/ui/CsrfField";
import { StaffAlerts } from "~/features/management/StaffAlerts";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import "~/features/management/management.css";

const t = managementTr;

/**
 * The staff area's shell (issue 12): its menu shows the sections the staff member's role may open. The guard
 * runs here and again in every section (loaders run in parallel; actions run without this loader).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "area.enter");
  return management.shell(context.app, staff);
}

/** Staff pages are personal: never stored by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

export default function ManagementLayout({ loaderData }: Route.ComponentProps) {
  const link = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-lg px-3 py-2 font-medium ${isActive ? "bg-choc-700 text-white" : "bg-white hover:bg-choc-100"}`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-3 py-6 sm:px-4">
      <div className="mgmt-nav flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-lg font-bold">{t.areaName}</p>
          <div className="flex items-center gap-3 text-sm">
            <span>{fmt(t.signedInAs, { name: loaderData.name, role: t.roles[loaderData.role] })}</span>
            <Form method="post" action="/memberarea/logout">
              <CsrfField />
              <button type="submit" className="min-h-11 rounded-lg border border-choc-700 bg-white px-3 py-2 font-medium">
                {t.signOut}
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label={t.nav}>
          <ul className="flex flex-wrap gap-2">
            {loaderData.sections.map((s) => (
              <li key={s.key}>
                <NavLink to={s.path} end={s.key === "home"} className={link}>
                  {t.sections[s.key]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-xs text-stone-600">{fmt(t.sessionNote, { minutes: loaderData.idleMinutes })}</p>
      </div>
      {loaderData.sections.some((s) => s.key === "orders") ? <StaffAlerts /> : null}
      <Outlet />
    </div>
  );
}
