import { Form, Link } from "react-router";
import type { Route } from "../../routes/+types/member-home";
import { formatAmount } from "~/shared/money";
import { fmt } from "~/shared/texts/tr";
import { accountTr } from "~/shared/texts/account.tr";
import { consentTr } from "~/shared/texts/consent.tr";
import { CsrfField } from "~/ui/CsrfField";
import { FormMessage } from "~/features/account/FormMessage";
import { secondaryButtonClass } from "~/features/account/Field";
import { PrivacyNotice } from "~/features/chrome/Consent";

const t = accountTr.member;

/** The member landing screen (SPEC §2.1; its data: routes/member-home.tsx): name, points available, links. */
export function MemberHomePage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const c = consentTr.member;
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
      <section aria-labelledby="consent-heading" className="flex flex-col gap-2 border-t border-choc-100 pt-4">
        <h2 id="consent-heading" className="text-lg font-bold">
          {c.heading}
        </h2>
        <FormMessage message={actionData?.message} kind="success" trigger={actionData} />
        <p data-testid="marketing-state">{fmt(c.status, { state: loaderData.marketing ? c.on : c.off })}</p>
        <Form method="post">
          <CsrfField />
          <button type="submit" name="marketing" value={loaderData.marketing ? "withdraw" : "grant"} className={secondaryButtonClass}>
            {loaderData.marketing ? c.withdraw : c.grant}
          </button>
        </Form>
        {loaderData.marketing ? null : <p className="text-sm text-stone-700">{consentTr.emailLabel}</p>}
        <PrivacyNotice />
      </section>
    </div>
  );
}
