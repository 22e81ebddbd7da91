import { Form, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/pages";
import { ActionMessage, buttonClass, fieldsOf, panelClass, secondaryButtonClass, TextAreaField, type ActionResult } from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { formatDateTimeTr } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const p = t.pages;

type Page = Route.ComponentProps["loaderData"]["pages"][number];

/** The info pages screen (route: routes/management/pages.tsx, /management/pages). */
export function PagesPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
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
