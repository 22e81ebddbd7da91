import { Form, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/outbox";
import { ActionMessage, buttonClass, Cell, panelClass, ResultTable, Row, secondaryButtonClass, type ActionResult } from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { busyProps } from "~/ui/busy";
import { formatDateTimeTr } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { messagingTr } from "~/shared/texts/messaging.tr";

const F = messagingTr.failed;

/** The failed mail and SMS screen (route: routes/management/outbox.tsx, /management/outbox). */
export function OutboxPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
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
