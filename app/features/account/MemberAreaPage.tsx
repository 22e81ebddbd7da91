import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "../../routes/+types/memberarea-layout";
import { CsrfField } from "~/ui/CsrfField";
import { accountTr } from "~/shared/texts/account.tr";

const t = accountTr.member;

/** The member area's shell screen (SPEC §2.1; its guard and data: routes/memberarea-layout.tsx): nav and the member page. */
export function MemberAreaPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 font-medium ${isActive ? "bg-choc-700 text-white" : "hover:bg-choc-100"}`;
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <nav aria-label={t.nav} className="flex flex-wrap items-center gap-2">
        <NavLink to="/memberarea/home" className={link}>
          {t.home}
        </NavLink>
        <NavLink to="/memberarea/orders" className={link}>
          {t.orders}
        </NavLink>
        <NavLink to="/memberarea/cards" className={link}>
          {t.cards}
        </NavLink>
        {loaderData.staff ? (
          <NavLink to="/management" className={link}>
            {t.management}
          </NavLink>
        ) : null}
        <Form method="post" action="/memberarea/logout" className="ml-auto">
          <CsrfField />
          <button type="submit" className="rounded-lg border border-choc-700 px-3 py-2 font-medium">
            {t.signOut}
          </button>
        </Form>
      </nav>
      <Outlet />
    </section>
  );
}
