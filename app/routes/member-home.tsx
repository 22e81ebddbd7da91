import { data } from "react-router";
import type { Route } from "./+types/member-home";
import * as accounts from "~/.server/accounts/service";
import * as loyalty from "~/.server/loyalty/service";
import { pageTitle } from "~/ui/PageTitle";
import { accountTr } from "~/shared/texts/account.tr";
import * as consent from "~/.server/consent/service";
import { consentTr } from "~/shared/texts/consent.tr";
import { MemberHomePage } from "~/features/account/MemberHomePage";

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

export default function MemberHome({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberHomePage loaderData={loaderData} actionData={actionData} />;
}
