import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/delivery-days";
import {
  ActionMessage,
  buttonClass,
  Cell,
  fieldsOf,
  Panel,
  Row,
  secondaryButtonClass,
  Table,
  TextField,
  useZodForm,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { formatDateTr, weekdayOf } from "~/shared/clock";
import { closedDaySchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const y = t.days;

/** The closed days screen (route: routes/management/delivery-days.tsx, /management/delivery/days). */
export function DeliveryDaysPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { year, days } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const add = useZodForm(closedDaySchema, fieldsOf(result, "add"));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{y.title}</h1>
        <Link to="/management/delivery" className="underline">
          {y.back}
        </Link>
      </div>
      <ActionMessage result={result} />
      <Panel id="days-add" title={y.add} hint={y.addHint}>
        <Form method="post" onSubmit={add.onSubmit} noValidate className="flex flex-wrap items-end gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value="add" />
          <TextField label={y.day} name="day" type="date" required error={add.errors.day} />
          <TextField label={y.reason} name="reason" maxLength={100} error={add.errors.reason} className="min-w-64 flex-1" />
          <button type="submit" className={buttonClass} {...busyProps(busy)}>
            {t.forms.add}
          </button>
        </Form>
      </Panel>
      <Panel id="days-list" title={fmt(y.year, { year })}>
        <nav aria-label={y.years} className="mb-3 flex flex-wrap justify-between gap-2">
          <Link to={`?year=${year - 1}`} className={secondaryButtonClass} rel="prev">
            {fmt(y.previousYear, { year: year - 1 })}
          </Link>
          <Link to={`?year=${year + 1}`} className={secondaryButtonClass} rel="next">
            {fmt(y.nextYear, { year: year + 1 })}
          </Link>
        </nav>
        {days.length === 0 ? (
          <p className="text-sm">{y.empty}</p>
        ) : (
          <Table caption={fmt(y.year, { year })} columns={[y.day, y.weekday, y.reasonShort, t.order.actions]}>
            {days.map((x) => (
              <Row key={x.day}>
                <Cell label={y.day}>{formatDateTr(x.day)}</Cell>
                <Cell label={y.weekday}>{t.delivery.weekdayNames[weekdayOf(x.day)]}</Cell>
                <Cell label={y.reasonShort}>{x.reason || t.common.none}</Cell>
                <Cell label={t.order.actions}>
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="day" value={x.day} />
                    <button type="submit" className={secondaryButtonClass} {...busyProps(busy)} aria-label={fmt(y.openLabel, { day: formatDateTr(x.day) })}>
                      {y.open}
                    </button>
                  </Form>
                </Cell>
              </Row>
            ))}
          </Table>
        )}
      </Panel>
    </div>
  );
}
