import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/pages";
import * as management from "~/.server/management/service";
import {
  ActionMessage,
  buttonClass,
  fieldsOf,
  outcomeAnswer,
  panelClass,
  secondaryButtonClass,
  SectionError,
  TextAreaField,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { pageTitle } from "~/ui/PageTitle";
import { formatDateTimeTr } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

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

type Page = Awaited<ReturnType<typeof loader>>["pages"][number];

export default function Pages({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{p.title}</h1>
      <p className="text-sm text-stone-700">{p.hint}</p>
      <p className="text-sm text-stone-700">{p.format}</p>
      <ActionMessage result={result} />
      <ul className="flex flex-col gap-3">
        {loaderData.pages.map((page) => (
          <li key={page.key}>
            <PageForm page={page} result={result} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function PageForm({ page, result }: { page: Page; result: ActionResult | undefined }) {
  const key = `page-${page.key}`;
  const busy = useNavigation().state === "submitting";
  const errors = fieldsOf(result, key);
  return (
    <details className={panelClass} open={result?.form === key}>
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-3 font-semibold">
        {fmt(p.page, { title: page.title, path: page.path })}
        <span className="text-sm font-normal text-stone-600">
          {page.edited ? fmt(p.edited, { when: formatDateTimeTr(page.edited.at), who: page.edited.by }) : p.original}
        </span>
      </summary>
      <Form method="post" className="mt-3 flex flex-col gap-3">
        <CsrfField />
        <input type="hidden" name="page" value={page.key} />
        <TextAreaField label={p.text} name="text" defaultValue={page.text} rows={16} required hint={page.faq ? p.faqFormat : undefined} error={errors?.text} className="font-mono" />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className={buttonClass} {...busyProps(busy)}>
            {p.save}
          </button>
          {page.edited ? (
            <button type="submit" name="intent" value="reset" className={secondaryButtonClass} {...busyProps(busy)}>
              {p.reset}
            </button>
          ) : null}
          <a href={page.path} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center underline">
            {p.view}
          </a>
        </div>
      </Form>
    </details>
  );
}
