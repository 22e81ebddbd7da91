import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/outbox";
import * as management from "~/.server/management/service";
import { failedMessages, resendMessages } from "~/.server/management/outbox-desk";
import { ActionMessage, buttonClass, Cell, invalidAnswer, outcomeAnswer, panelClass, ResultTable, Row, SectionError, secondaryButtonClass, type ActionResult } from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { pageTitle } from "~/ui/PageTitle";
import { busyProps } from "~/ui/busy";
import { formatDateTimeTr } from "~/shared/management";
import { idParam } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { messagingTr } from "~/shared/texts/messaging.tr";

const F = messagingTr.failed;

export function meta() {
  return pageTitle(F.title);
}

/** Mails and SMS that failed for good, newest first, with the reason (issue 28 §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "outbox.resend");
  return failedMessages(context.app);
}

/** Resend one (`id`) or all (`all`). */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "outbox.resend");
  if (form.get("all") === "1") return outcomeAnswer("resend", await resendMessages(context.app, staff, null));
  const id = idParam(String(form.get("id") ?? ""));
  if (id === null) return invalidAnswer("resend", { id: F.gone });
  return outcomeAnswer("resend", await resendMessages(context.app, staff, id));
}

export { SectionError as ErrorBoundary };

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, retentionDays } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{F.title}</h1>
      <p className={`${panelClass} text-sm`}>{fmt(F.intro, { days: retentionDays })}</p>
      <ActionMessage result={result} />
      {total > 0 ? (
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="all" value="1" />
          <button type="submit" className={buttonClass} {...busyProps(busy)}>
            {busy ? F.sending : fmt(F.resendAll, { n: total })}
          </button>
        </Form>
      ) : null}
      {total === 0 ? (
        <p className={panelClass}>{F.empty}</p>
      ) : (
        <ResultTable total={total} shown={rows.length} caption={F.title} columns={[F.kind, F.to, F.subject, F.reason, F.failedAt, F.actions]}>
          {rows.map((r) => (
            <Row key={r.id}>
              <Cell label={F.kind}>{F.kinds[r.kind]}</Cell>
              <Cell label={F.to} className="break-all">
                {r.to}
              </Cell>
              <Cell label={F.subject} className="max-w-md break-words">
                {r.summary}
              </Cell>
              <Cell label={F.reason} className="max-w-sm break-words text-red-900">
                {r.reason}
              </Cell>
              <Cell label={F.failedAt}>
                {formatDateTimeTr(r.failedAt)}
                <span className="block text-xs">{fmt(F.attempts, { n: r.attempts })}</span>
              </Cell>
              <Cell label={F.actions}>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" className={secondaryButtonClass} aria-label={fmt(F.resendOne, { to: r.to })} {...busyProps(busy)}>
                    {F.resend}
                  </button>
                </Form>
              </Cell>
            </Row>
          ))}
        </ResultTable>
      )}
    </div>
  );
}
