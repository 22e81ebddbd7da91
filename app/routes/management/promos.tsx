import type { Route } from "./+types/promos";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { PromosPage } from "~/features/management/PromosPage";
import { pageTitle } from "~/ui/PageTitle";
import { fieldErrors } from "~/shared/management";
import { listQuerySchema, pointsByEmailSchema, promoSchema } from "~/shared/management-forms";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const s = t.promos;

export function meta() {
  return pageTitle(s.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "promos.edit");
  const { q, page } = listQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { q, page, ...(await management.promoList(context.app, q, page)) };
}

const INTENT_CAPABILITY = { create: "promos.edit", points: "loyalty.adjust" } as const;
type Intent = keyof typeof INTENT_CAPABILITY;
const intentOf = (form: FormData): Intent => (String(form.get("intent") ?? "") === "points" ? "points" : "create");

/** A new code with all its rules; a customer's points corrected with a reason. */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, (f) => INTENT_CAPABILITY[intentOf(f)]);
  const intent = intentOf(form);
  const values = Object.fromEntries(form);
  if (intent === "points") {
    const parsed = pointsByEmailSchema.safeParse(values);
    if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
    return outcomeAnswer(intent, await management.adjustPoints(context.app, staff, { email: parsed.data.email }, parsed.data.amount, parsed.data.reason));
  }
  const parsed = promoSchema.safeParse(values);
  if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
  return outcomeAnswer(intent, await management.createPromo(context.app, staff, parsed.data));
}

export { SectionError as ErrorBoundary };

export default function Promos({ loaderData, actionData }: Route.ComponentProps) {
  return <PromosPage loaderData={loaderData} actionData={actionData} />;
}
