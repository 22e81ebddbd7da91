import { Link } from "react-router";
import type { Route } from "./+types/member-home";
import * as accounts from "~/.server/accounts/service";
import * as loyalty from "~/.server/loyalty/service";
import { pageTitle } from "~/ui/PageTitle";
import { formatAmount } from "~/shared/money";
import { fmt } from "~/shared/texts/tr";
import { accountTr } from "~/shared/texts/account.tr";

const t = accountTr.member;

export function meta() {
  return pageTitle(t.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await accounts.requireUser(context, request);
  const points = await loyalty.available(context.app, user.id);
  return { name: user.name, email: user.email, role: user.role, points };
}

/** Member landing (SPEC §2.1): name, points available, links. */
export default function MemberHome({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm">
      <h1 className="text-2xl font-bold">{fmt(t.hello, { name: loaderData.name })}</h1>
      <p className="text-stone-700">{loaderData.email}</p>
      {loaderData.role !== "customer" ? <p className="text-sm font-medium">{t.role[loaderData.role]}</p> : null}
      <p className="text-lg">{fmt(t.points, { amount: formatAmount(loaderData.points) })}</p>
      <ul className="flex flex-wrap gap-3">
        <li>
          <Link to="/memberarea/orders" className="underline">
            {t.orders}
          </Link>
        </li>
        <li>
          <Link to="/memberarea/cards" className="underline">
            {t.cards}
          </Link>
        </li>
        <li>
          <Link to="/home" className="underline">
            {t.shop}
          </Link>
        </li>
      </ul>
    </div>
  );
}
