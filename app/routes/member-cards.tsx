import { data } from "react-router";
import type { Route } from "./+types/member-cards";
import * as accounts from "~/.server/accounts/service";
import * as payments from "~/.server/payments/service";
import { pageTitle } from "~/ui/PageTitle";
import { paymentTr } from "~/shared/texts/payment.tr";
import { MemberCardsPage } from "~/features/payments/MemberCardsPage";

const t = paymentTr.savedCards;

export function meta() {
  return pageTitle(t.title);
}

/** A member's saved cards (SPEC §2.8, §3 Saved card): logo, BIN-based type, last four; deletion. Only the owner sees them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await accounts.requireUser(context, request);
  return { cards: await payments.listSavedCards(context.app, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await accounts.requireUser(context, request);
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const cardId = Number(form.get("cardId"));
  const ok = Number.isInteger(cardId) && cardId > 0 && cardId <= 2_147_483_647 && (await payments.deleteSavedCard(context.app, user.id, cardId));
  return ok ? data({ ok: true, message: t.removed }) : data({ ok: false, message: t.removeFailed }, { status: 404 });
}

export default function MemberCards({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberCardsPage loaderData={loaderData} actionData={actionData} />;
}
