import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/memberarea-layout";
import * as accounts from "~/.server/accounts/service";
import { CsrfField } from "~/ui/CsrfField";
import { accountTr } from "~/shared/texts/account.tr";

const t = accountTr.member;

/** Member area shell, guarded: a visitor without a session is sent to sign-in and brought back (SPEC §2.1, §6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await accounts.requireUser(context, request);
  return { name: user.name, staff: user.role !== "customer" };
}

export default function MemberArea({ loaderData }: Route.ComponentProps) {
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
