import { Form, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/staff";
import {
  ActionMessage,
  buttonClass,
  Cell,
  panelClass,
  Row,
  SelectField,
  secondaryButtonClass,
  Table,
  TextField,
  useZodForm,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { formatDateTimeTr, STAFF_ROLES, staffAddSchema } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const s = t.staff;

/** The staff screen (route: routes/management/staff.tsx, /management/staff). */
export function StaffPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const add = useZodForm(staffAddSchema, result?.form === "add" ? result.fields : undefined);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{s.title}</h1>
      <ActionMessage result={result} />
      <section className={panelClass} aria-labelledby="staff-add">
        <h2 id="staff-add" className="text-lg font-semibold">
          {s.add}
        </h2>
        <p className="text-sm text-stone-700">{s.addHint}</p>
        <Form method="post" onSubmit={add.onSubmit} noValidate className="mt-3 grid gap-3 sm:grid-cols-3">
          <CsrfField />
          <input type="hidden" name="intent" value="add" />
          <TextField label={s.email} name="email" type="email" autoComplete="off" required error={add.errors.email} />
          <TextField label={s.name} name="name" autoComplete="off" maxLength={60} error={add.errors.name} />
          <SelectField label={s.role} name="role" defaultValue="operations" error={add.errors.role}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t.roles[r]}
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-3">
            <button type="submit" className={buttonClass} {...busyProps(busy)}>
              {s.add}
            </button>
          </div>
        </Form>
      </section>
      <section className="lg:rounded-xl lg:bg-white lg:p-3 lg:shadow-sm" aria-labelledby="staff-list">
        <h2 id="staff-list" className="mb-2 text-lg font-semibold">
          {s.list}
        </h2>
        {loaderData.staff.length === 0 ? (
          <p>{s.noStaff}</p>
        ) : (
          <Table caption={s.list} columns={[t.customers.name, s.email, s.since, s.role, t.order.actions]}>
            {loaderData.staff.map((u) => {
              const me = u.id === loaderData.me;
              return (
                <Row key={u.id}>
                  <Cell label={t.customers.name}>
                    {u.name} {me ? <span className="text-xs">{s.you}</span> : null}
                  </Cell>
                  <Cell label={s.email}>{u.email}</Cell>
                  <Cell label={s.since}>{formatDateTimeTr(u.createdAt)}</Cell>
                  <Cell label={s.role}>
                    {me || u.role === "customer" ? (
                      t.roles[u.role]
                    ) : (
                      <Form method="post" className="flex flex-wrap items-end gap-2">
                        <CsrfField />
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="userId" value={u.id} />
                        <label className="sr-only" htmlFor={`role-${u.id}`}>
                          {fmt(s.roleLabel, { email: u.email })}
                        </label>
                        <select id={`role-${u.id}`} name="role" defaultValue={u.role} className="min-h-11 rounded-lg border border-choc-200 bg-white px-2">
                          {STAFF_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {t.roles[r]}
                            </option>
                          ))}
                        </select>
                        <button type="submit" className={secondaryButtonClass} {...busyProps(busy)}>
                          {s.changeRole}
                        </button>
                      </Form>
                    )}
                  </Cell>
                  <Cell label={t.order.actions}>
                    {me ? null : (
                      <Form method="post">
                        <CsrfField />
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="userId" value={u.id} />
                        <button type="submit" className={secondaryButtonClass} {...busyProps(busy)} aria-label={fmt(s.removeLabel, { email: u.email })}>
                          {s.remove}
                        </button>
                      </Form>
                    )}
                  </Cell>
                </Row>
              );
            })}
          </Table>
        )}
      </section>
    </div>
  );
}
