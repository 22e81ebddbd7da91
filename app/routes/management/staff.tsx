import { data } from "react-router";
import type { Route } from "./+types/staff";
import * as management from "~/.server/management/service";
import { SectionError, type ActionResult } from "~/features/management/ui";
import { StaffPage } from "~/features/management/StaffPage";
import { pageTitle } from "~/ui/PageTitle";
import { fieldErrors, staffAddSchema, staffRemoveSchema, staffRoleSchema } from "~/shared/management";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const s = t.staff;

export function meta() {
  return pageTitle(s.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "staff.manage");
  return { me: staff.id, staff: await management.staffList(context.app) };
}

/** Admins add staff, change roles and remove staff (the account stays, as a customer). */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "staff.manage");
  const values = Object.fromEntries(form);
  const intent = String(values.intent ?? "");
  const invalid = (fields: Record<string, string>) => data<ActionResult>({ ok: false, message: t.errors.invalidForm, fields, form: intent }, { status: 400 });
  let result: management.Outcome;
  if (intent === "add") {
    const parsed = staffAddSchema.safeParse(values);
    if (!parsed.success) return invalid(fieldErrors(parsed.error));
    result = await management.addStaff(context.app, staff, parsed.data);
  } else if (intent === "role") {
    const parsed = staffRoleSchema.safeParse(values);
    if (!parsed.success) return invalid(fieldErrors(parsed.error));
    result = await management.changeStaffRole(context.app, staff, parsed.data.userId, parsed.data.role);
  } else {
    const parsed = staffRemoveSchema.safeParse(values);
    if (!parsed.success) return invalid(fieldErrors(parsed.error));
    result = await management.changeStaffRole(context.app, staff, parsed.data.userId, "customer");
  }
  return data<ActionResult>({ ...result, form: intent }, { status: result.ok ? 200 : 409 });
}

export { SectionError as ErrorBoundary };

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffPage loaderData={loaderData} actionData={actionData} />;
}
