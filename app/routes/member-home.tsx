import { data, Form, Link } from "react-router";
import type { Route } from "./+types/member-home";
import * as accounts from "~/.server/accounts/service";
import * as loyalty from "~/.server/loyalty/service";
import { pageTitle } from "~/ui/PageTitle";
import { formatAmount } from "~/shared/money";
import { fmt } from "~/shared/texts/tr";
import { accountTr } from "~/shared/texts/account.tr";
import * as consent from "~/.server/consent/service";
import { consentTr } from "~/shared/texts/consent.tr";
import { CsrfField } from "~/ui/CsrfField";
import { FormMessage } from "~/features/account/FormMessage";
import { secondaryButtonClass } from "~/features/account/Field";
import { PrivacyNotice } from "~/features/chrome/Consent";

const t = accountTr.member;

export function meta() {
  return pageTitle(t.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await accounts.requireUser(context, request);
  const points = await loyalty.available(context.app, user.id);
  return { name: user.name, email: user.email, role: user.role, points, marketing: await consent.hasConsent(context.app, user.email) };
}

/** Gives or withdraws the commercial-message consent (issue 26 §4), recorded with the member, time and address. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await accounts.requireUser(context, request);
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const grant = form.get("marketing") === "grant";
  if (grant !== (await consent.hasConsent(context.app, user.email))) {
    await consent.record(context.app, context.app.db, { email: user.email, status: grant ? "granted" : "withdrawn", source: "memberarea", ip: context.clientIp, userId: user.id });
  }
  return data({ message: grant ? consentTr.member.granted : consentTr.member.withdrawn });
}

/** Member landing (SPEC §2.1): name, points available, links. */
export default function MemberHome({ loaderData, actionData }: Route.ComponentProps) {
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
