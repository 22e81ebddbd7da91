import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "../../routes/management/+types/layout";
import { CsrfField } from "~/ui/CsrfField";
import { StaffAlerts } from "~/features/management/StaffAlerts";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;

/** The staff area's shell screen (route: routes/management/layout.tsx, /management): the menu of the sections the role may open, the alerts and the section. */
export function ManagementAreaPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
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
