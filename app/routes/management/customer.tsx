import { data } from "react-router";
import type { Route } from "./+types/customer";
import * as management from "~/.server/management/service";
import { SectionError, type ActionResult } from "~/features/management/ui";
import { CustomerPage } from "~/features/management/CustomerPage";
import { pageTitle } from "~/ui/PageTitle";
import { eraseSchema, fieldErrors } from "~/shared/management";
import { idParam, pointsSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const c = t.customer;

export function meta({ data }: Route.MetaArgs) {
  return pageTitle(fmt(c.title, { name: data?.user.name ?? "" }));
}

const userIdOf = (raw: string | undefined) => {
  const id = idParam(raw);
  if (!id) throw management.notFound();
  return id;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "customers.view");
  const detail = await management.customerDetail(context.app, staff, userIdOf(params.userId));
  if (!detail) throw management.notFound();
  return detail;
}

const INTENT_CAPABILITY = {
  resend: "customers.manage",
  deactivate: "customers.manage",
  reactivate: "customers.manage",
  erase: "customers.privacy",
  points: "loyalty.adjust",
} as const;
type Intent = keyof typeof INTENT_CAPABILITY;
const intentOf = (form: FormData): Intent => {
  const i = String(form.get("intent") ?? "");
  return i in INTENT_CAPABILITY ? (i as Intent) : "resend";
};

/** Resend activation, deactivate / reactivate, KVKK erasure, a correction of the points. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const userId = userIdOf(params.userId);
  const { staff, form } = await management.staffAction(context, request, (f) => INTENT_CAPABILITY[intentOf(f)]);
  const intent = intentOf(form);
  let result: management.Outcome;
  switch (intent) {
    case "resend":
      result = await management.resendActivation(context.app, staff, userId, context.clientIp);
      break;
    case "deactivate":
    case "reactivate":
      result = await management.setCustomerDisabled(context.app, staff, userId, intent === "deactivate");
      break;
    case "erase": {
      const parsed = eraseSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return data<ActionResult>({ ok: false, message: t.errors.invalidForm, fields: fieldErrors(parsed.error), form: "erase" }, { status: 400 });
      result = await management.eraseCustomer(context.app, staff, userId, parsed.data.reason);
      break;
    }
    case "points": {
      const parsed = pointsSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return data<ActionResult>({ ok: false, message: t.errors.invalidForm, fields: fieldErrors(parsed.error), form: "points" }, { status: 400 });
      result = await management.adjustPoints(context.app, staff, { userId }, parsed.data.amount, parsed.data.reason);
      break;
    }
  }
  return data<ActionResult>({ ...result, form: intent }, { status: result.ok ? 200 : 409 });
}

export { SectionError as ErrorBoundary };

export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  return <CustomerPage loaderData={loaderData} actionData={actionData} />;
}
