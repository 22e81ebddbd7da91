import { Form, Link } from "react-router";
import { deliveryLabel } from "~/shared/delivery-label";
import type { Route } from "../../routes/management/+types/orders";
import {
  buttonClass,
  Cell,
  CheckField,
  Pagination,
  panelClass,
  ResultTable,
  Row,
  secondaryButtonClass,
  SelectField,
  TextField,
  withParams,
} from "~/features/management/ui";
import { formatDateTr } from "~/shared/clock";
import { formatAmount } from "~/shared/money";
import { DELIVERY_TYPES, ORDER_STATUSES } from "~/shared/order-status";
import { deliveryTypeLabel, formatDateTimeTr, statusLabel } from "~/shared/management";
import { BulkCheckbox, BulkPanel } from "~/features/management/bulk";
import { batchTr } from "~/shared/texts/batch.tr";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const o = t.orders;

/** The orders list screen (route: routes/management/orders.tsx, /management/orders). */
export function OrdersPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { filter, rows, total, pages, cities, mayChange, exportHref } = loaderData;
  const { page: _page, ...base } = filter;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{o.title}</h1>
      <Form method="get" className={`${panelClass} no-print grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4`} aria-label={o.filters}>
        <TextField label={o.q} name="q" type="search" defaultValue={filter.q} className="sm:col-span-2" />
        <SelectField label={o.status} name="status" defaultValue={filter.status}>
          <option value="">{t.common.all}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        <SelectField label={o.deliveryType} name="deliveryType" defaultValue={filter.deliveryType}>
          <option value="">{t.common.all}</option>
          {DELIVERY_TYPES.map((d) => (
            <option key={d} value={d}>
              {deliveryTypeLabel(d)}
            </option>
          ))}
        </SelectField>
        <SelectField label={o.dateOf} name="dateOf" defaultValue={filter.dateOf}>
          <option value="placed">{o.datePlaced}</option>
          <option value="ready">{o.dateReady}</option>
        </SelectField>
        <TextField label={o.from} name="from" type="date" defaultValue={filter.from} />
        <TextField label={o.to} name="to" type="date" defaultValue={filter.to} />
        <SelectField label={o.city} name="city" defaultValue={filter.city}>
          <option value="">{t.common.all}</option>
          {cities.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end">
          <CheckField label={o.sameDay} name="sameDay" value="1" defaultChecked={filter.sameDay} />
        </div>
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3 lg:justify-end">
          <Link to="/management/orders" className={secondaryButtonClass}>
            {t.common.clear}
          </Link>
          <button type="submit" className={buttonClass}>
            {t.common.filter}
          </button>
        </div>
      </Form>
      <div className="no-print flex flex-wrap items-center gap-2">
        <a href={exportHref} className={secondaryButtonClass} download>
          {batchTr.csv.orders}
        </a>
        <span className="text-sm text-stone-700">{batchTr.csv.ordersHint}</span>
      </div>
      {mayChange ? <BulkPanel total={total} filter={base} answer={actionData} /> : null}
      <ResultTable total={total} shown={rows.length} caption={o.title} columns={[...(mayChange ? [batchTr.bulk.select] : []), o.number, o.placed, o.ready, o.customer, o.city, o.deliveryType, o.status, o.total]}>
        {rows.map((r) => (
          <Row key={r.orderNumber}>
            {mayChange ? (
              <Cell label={batchTr.bulk.select}>
                <BulkCheckbox orderNumber={r.orderNumber} status={r.status} />
              </Cell>
            ) : null}
            <Cell label={o.number}>
              <Link to={`/management/orders/${r.orderNumber}`} className="font-semibold underline" aria-label={fmt(o.open, { number: r.orderNumber })}>
                {r.orderNumber}
              </Link>
            </Cell>
            <Cell label={o.placed}>{formatDateTimeTr(r.placedAt)}</Cell>
            <Cell label={o.ready}>{formatDateTr(r.readyDate)}</Cell>
            <Cell label={o.customer}>
              <span className="block">{r.customer || t.common.none}</span>
              <span className="block text-xs text-stone-600">{r.email}</span>
            </Cell>
            <Cell label={o.city}>{r.city || t.common.none}</Cell>
            <Cell label={o.deliveryType}>
              {deliveryLabel(r)}
              {r.deliveryDetails ? <span className="block text-xs text-stone-600">{r.deliveryDetails}</span> : null}
            </Cell>
            <Cell label={o.status}>{statusLabel(r.status)}</Cell>
            <Cell label={o.total}>{formatAmount(r.needToPay)}</Cell>
          </Row>
        ))}
      </ResultTable>
      <Pagination page={filter.page} pages={pages} href={(p) => withParams(base, { page: p })} />
    </div>
  );
}
