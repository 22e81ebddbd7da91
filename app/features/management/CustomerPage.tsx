import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/customer";
import {
  ActionMessage,
  Cell,
  CheckField,
  dangerButtonClass,
  panelClass,
  Row,
  secondaryButtonClass,
  Table,
  TextField,
  useZodForm,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { busyProps } from "~/ui/busy";
import { formatAmount } from "~/shared/money";
import { customerState, eraseSchema, formatDateTimeTr, statusLabel } from "~/shared/management";
import { pointsSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const c = t.customer;
const money = (k: number) => formatAmount(k);

/** The staff's customer screen (route: routes/management/customer.tsx, /management/customers/:userId). */
export function CustomerPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { user, orders, may } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const erase = useZodForm(eraseSchema, result?.form === "erase" ? result.fields : undefined);
  const points = useZodForm(pointsSchema, result?.form === "points" ? result.fields : undefined);
  const erased = Boolean(user.erasedAt);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{fmt(c.title, { name: user.name })}</h1>
        <Link to="/management/customers" className="underline">
          {c.back}
        </Link>
      </div>
      <ActionMessage result={result} />
      <section className={panelClass} aria-labelledby="profile">
        <h2 id="profile" className="text-lg font-semibold">
          {c.profile}
        </h2>
        <dl className="mt-2 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-stone-600">{t.customers.email}</dt>
            <dd className="font-medium break-all">{user.email}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{t.customers.registered}</dt>
            <dd className="font-medium">{formatDateTimeTr(user.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{t.customers.state}</dt>
            <dd className="font-medium">{customerState(user)}</dd>
          </div>
        </dl>
        {user.erasedAt ? <p className="mt-2 text-sm">{fmt(c.erasedNote, { date: formatDateTimeTr(user.erasedAt) })}</p> : null}
      </section>

      {may.manage && !erased ? (
        <section className={panelClass} aria-labelledby="customer-actions">
          <h2 id="customer-actions" className="text-lg font-semibold">
            {c.actions}
          </h2>
          <div className="mt-3 flex flex-wrap gap-2">
            {!user.activated ? (
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="resend" />
                <button type="submit" className={secondaryButtonClass} {...busyProps(busy)}>
                  {c.resend}
                </button>
              </Form>
            ) : null}
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value={user.disabled ? "reactivate" : "deactivate"} />
              <button type="submit" className={user.disabled ? secondaryButtonClass : dangerButtonClass} {...busyProps(busy)}>
                {user.disabled ? c.reactivate : c.deactivate}
              </button>
            </Form>
          </div>
        </section>
      ) : null}

      <section className={panelClass} aria-labelledby="customer-orders">
        <h2 id="customer-orders" className="text-lg font-semibold">
          {c.orders}
        </h2>
        {orders.length === 0 ? (
          <p className="mt-2 text-sm">{c.noOrders}</p>
        ) : (
          <div className="mt-2">
            <Table caption={c.orders} columns={[t.orders.number, t.orders.placed, t.orders.status, t.orders.total]}>
              {orders.map((o) => (
                <Row key={o.orderNumber}>
                  <Cell label={t.orders.number}>
                    {may.orders ? (
                      <Link to={`/management/orders/${o.orderNumber}`} className="underline">
                        {o.orderNumber}
                      </Link>
                    ) : (
                      o.orderNumber
                    )}
                  </Cell>
                  <Cell label={t.orders.placed}>{formatDateTimeTr(o.placedAt)}</Cell>
                  <Cell label={t.orders.status}>{statusLabel(o.status)}</Cell>
                  <Cell label={t.orders.total}>{money(o.needToPay)}</Cell>
                </Row>
              ))}
            </Table>
          </div>
        )}
      </section>

      <section className={panelClass} aria-labelledby="points">
        <h2 id="points" className="text-lg font-semibold">
          {c.points}
        </h2>
        <p className="mt-1 font-medium">{fmt(c.available, { amount: money(loaderData.points.available) })}</p>
        {may.points && !erased ? (
          <Form method="post" onSubmit={points.onSubmit} noValidate className="mt-3 grid gap-3 border-b border-choc-100 pb-4 sm:grid-cols-3" aria-label={c.pointsAdjust}>
            <CsrfField />
            <input type="hidden" name="intent" value="points" />
            <p className="text-sm text-stone-700 sm:col-span-3">{c.pointsAdjustHint}</p>
            <TextField label={t.promos.pointsAmount} name="amount" inputMode="decimal" required error={points.errors.amount} />
            <TextField label={t.promos.pointsReason} name="reason" maxLength={300} required error={points.errors.reason} className="sm:col-span-2" />
            <div>
              <button type="submit" className={secondaryButtonClass} {...busyProps(busy)}>
                {t.promos.pointsSubmit}
              </button>
            </div>
          </Form>
        ) : null}
        {loaderData.points.history.length === 0 ? (
          <p className="mt-2 text-sm">{c.noPoints}</p>
        ) : (
          <div className="mt-2">
            <Table caption={c.history} columns={[c.at, c.kind, c.amount, c.note]}>
              {loaderData.points.history.map((h) => (
                <Row key={h.id}>
                  <Cell label={c.at}>{formatDateTimeTr(h.at)}</Cell>
                  <Cell label={c.kind}>{(c.pointKinds as Record<string, string>)[h.kind] ?? h.kind}</Cell>
                  <Cell label={c.amount}>{money(h.amount)}</Cell>
                  <Cell label={c.note}>{h.note || t.common.none}</Cell>
                </Row>
              ))}
            </Table>
          </div>
        )}
      </section>

      {may.privacy ? (
        <section className={panelClass} aria-labelledby="privacy">
          <h2 id="privacy" className="text-lg font-semibold">
            {c.privacy}
          </h2>
          <p className="mt-1 text-sm text-stone-700">{c.privacyHint}</p>
          <Form method="post" action={`/management/customers/${user.id}/export`} reloadDocument className="mt-3">
            <CsrfField />
            <button type="submit" className={secondaryButtonClass}>
              {c.export}
            </button>
          </Form>
          {!erased ? (
            <Form method="post" onSubmit={erase.onSubmit} noValidate className="mt-4 grid gap-3 border-t border-choc-100 pt-4" aria-label={c.erase}>
              <CsrfField />
              <input type="hidden" name="intent" value="erase" />
              <TextField label={c.eraseReason} name="reason" maxLength={300} required error={erase.errors.reason} />
              <CheckField label={c.eraseConfirm} name="confirm" error={erase.errors.confirm} />
              <div>
                <button type="submit" className={dangerButtonClass} {...busyProps(busy)}>
                  {c.erase}
                </button>
              </div>
            </Form>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
