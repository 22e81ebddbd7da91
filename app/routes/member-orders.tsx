import { data } from "react-router";
import type { Route } from "./+types/member-orders";
import * as accounts from "~/.server/accounts/service";
import { cancelMemberOrder } from "~/.server/flows/cancel-order";
import * as printing from "~/.server/printing/service";
import { pageTitle } from "~/ui/PageTitle";
import { accountTr } from "~/shared/texts/account.tr";
import { MemberOrdersPage } from "~/features/account/MemberOrdersPage";

const t = accountTr.member;

export function meta() {
  return pageTitle(t.ordersTitle);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await accounts.requireUser(context, request);
  const [orders, printLinks] = await Promise.all([accounts.memberOrders(context.app, user.id), printing.memberPrintLinks(context.app, user.id)]);
  return { orders, printLinks };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await accounts.requireUser(context, request);
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const orderNumber = String(form.get("orderNumber") ?? "");
  // a cancellation refunds at once: it is asked first (the dialog; without JavaScript, this answer's own form)
  const refused = (r: accounts.Failure) => data({ ok: false, message: r.error }, { status: r.status === 429 ? 429 : 200 });
  if (form.get("confirmed") !== "1") {
    const may = await accounts.mayCancelMemberOrder(context.app, user.id, orderNumber);
    return may.ok ? data({ ok: false, message: undefined, confirm: may.orderNumber }) : refused(may);
  }
  const r = await cancelMemberOrder(context.app, user.id, orderNumber);
  return r.ok ? data({ ok: true, message: r.message }) : refused(r);
}

export default function MemberOrders({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberOrdersPage loaderData={loaderData} actionData={actionData} />;
}
