import type { Route } from "./+types/pages";
import * as management from "~/.server/management/service";
import { outcomeAnswer, SectionError } from "~/features/management/ui";
import { PagesPage } from "~/features/management/PagesPage";
import { pageTitle } from "~/ui/PageTitle";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const p = t.pages;

export function meta() {
  return pageTitle(p.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "pages.edit");
  return { pages: await management.pagesPage(context.app) };
}

/** One page at a time: save its text, or go back to the original. */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "pages.edit");
  const key = String(form.get("page") ?? "");
  const formKey = `page-${key}`;
  if (form.get("intent") === "reset") return outcomeAnswer(formKey, await management.resetInfoPage(context.app, staff, key));
  return outcomeAnswer(formKey, await management.saveInfoPage(context.app, staff, key, String(form.get("text") ?? "")));
}

export { SectionError as ErrorBoundary };

export default function Pages({ loaderData, actionData }: Route.ComponentProps) {
  return <PagesPage loaderData={loaderData} actionData={actionData} />;
}
