import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import type { Route } from "../../routes/management/+types/figures";
import type { Totals } from "~/.server/management/figures-desk";
import { BarChart } from "~/features/management/bar-chart";
import { buttonClass, Cell, Panel, panelClass, Row, Table, TextField } from "~/features/management/ui";
import { formatDateTr } from "~/shared/clock";
import { MAX_PERIOD_DAYS, presets, TOP_PRODUCTS, CAPACITY_DAYS } from "~/shared/figures";
import { formatRate } from "~/shared/invoice";
import { deliveryTypeLabel } from "~/shared/management";
import { formatAmount } from "~/shared/money";
import { fmt } from "~/shared/texts/tr";
import { figuresTr } from "~/shared/texts/figures.tr";

const t = figuresTr;

const money = (v: number | null) => (v === null ? t.none : formatAmount(v));
const dayOfMonth = (d: string) => String(Number(d.slice(8)));

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col rounded-lg border border-choc-200 p-3" data-testid={testId}>
      <dt className="text-sm">{label}</dt>
      <dd className="text-xl font-bold break-words">{value}</dd>
    </div>
  );
}

function TotalsGrid({ totals, withMoney, id }: { totals: Totals; withMoney: boolean; id: string }) {
  const c = t.cards;
  return (
    <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" data-testid={id}>
      <Figure label={c.orders} value={totals.orders} testId={`${id}-orders`} />
      {withMoney ? (
        <>
          <Figure label={c.gross} value={money(totals.gross)} testId={`${id}-gross`} />
          <Figure label={c.net} value={money(totals.net)} testId={`${id}-net`} />
          <Figure label={c.kdv} value={money(totals.kdv)} testId={`${id}-kdv`} />
          <Figure label={c.averageBasket} value={money(totals.averageBasket)} testId={`${id}-average`} />
          <Figure label={c.discount} value={money(totals.discount)} />
          <Figure label={c.points} value={money(totals.points)} />
          <Figure label={c.delivery} value={money(totals.delivery)} />
        </>
      ) : null}
      <Figure label={c.placed} value={totals.placed} />
      <Figure label={c.withdrawn} value={totals.withdrawn} />
    </dl>
  );
}

/** The figures screen (route: routes/management/figures.tsx, /management/figures). */
export function FiguresPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const d = loaderData;
  const { period } = d;
  const best = d.daily.reduce((a, b) => (b.orders > a.orders ? b : a), d.daily[0]!);
  const fullest = d.capacity.days.reduce((a, b) => (b.booked > a.booked ? b : a), d.capacity.days[0]!);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <section className={panelClass} aria-label={t.period}>
        <p className="text-sm text-stone-700">{t.intro}</p>
        {d.money ? <p className="mt-2 text-sm text-stone-700">{t.rule}</p> : <p className="mt-2 text-sm">{t.noMoney}</p>}
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
          <TextField label={t.from} name="from" type="date" defaultValue={period.from} />
          <TextField label={t.to} name="to" type="date" defaultValue={period.to} />
          <button type="submit" className={buttonClass}>
            {t.show}
          </button>
        </Form>
        <nav aria-label={t.presets.label} className="mt-3">
          <ul className="flex flex-wrap gap-2">
            {presets(d.today).map((p) => (
              <li key={p.key}>
                <Link
                  to={`?from=${p.from}&to=${p.to}`}
                  aria-current={p.from === period.from && p.to === period.to ? "true" : undefined}
                  className="inline-flex min-h-11 items-center rounded-lg border border-choc-700 px-3 py-2 text-sm font-medium hover:bg-choc-100 aria-[current=true]:bg-choc-700 aria-[current=true]:text-white"
                >
                  {t.presets[p.key]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {period.adjusted ? (
          <p className="mt-2 text-sm font-medium" role="status">
            {fmt(t.adjusted, { max: MAX_PERIOD_DAYS, from: formatDateTr(period.from), to: formatDateTr(period.to) })}
          </p>
        ) : null}
      </section>

      <Panel id="fig-today" title={fmt(t.today, { date: formatDateTr(d.today) })}>
        <TotalsGrid totals={d.todayTotals} withMoney={d.money} id="today" />
      </Panel>

      <Panel id="fig-period" title={fmt(t.periodTitle, { from: formatDateTr(period.from), to: formatDateTr(period.to) })}>
        <TotalsGrid totals={d.totals} withMoney={d.money} id="period" />
      </Panel>

      <Panel id="fig-daily" title={t.daily} hint={t.dailyHint}>
        <BarChart
          id="daily-chart"
          bars={d.daily.map((x) => ({ label: dayOfMonth(x.day), value: x.orders }))}
          summary={d.totals.orders ? fmt(t.dailyChart, { days: d.daily.length, orders: d.totals.orders, best: formatDateTr(best.day), max: best.orders }) : t.dailyChartEmpty}
        />
        <details className="mt-2">
          <summary className="min-h-11 cursor-pointer py-2 font-medium">{t.showTable}</summary>
          <Table caption={t.daily} columns={d.money ? [t.day, t.orders, t.gross, t.cancelled] : [t.day, t.orders, t.cancelled]}>
            {d.daily.map((x) => (
              <Row key={x.day}>
                <Cell label={t.day}>{formatDateTr(x.day)}</Cell>
                <Cell label={t.orders}>{x.orders}</Cell>
                {d.money ? <Cell label={t.gross}>{money(x.gross)}</Cell> : null}
                <Cell label={t.cancelled}>{x.cancelled}</Cell>
              </Row>
            ))}
          </Table>
        </details>
      </Panel>

      {d.taxes ? (
        <Panel id="fig-taxes" title={t.taxes} hint={t.taxesHint}>
          {d.taxes.length === 0 ? (
            <p>{t.nothing}</p>
          ) : (
            <Table caption={t.taxes} columns={[t.rate, t.net, t.tax, t.total]}>
              {d.taxes.map((r) => (
                <Row key={r.rateBp}>
                  <Cell label={t.rate}>{formatRate(r.rateBp)}</Cell>
                  <Cell label={t.net}>{formatAmount(r.net)}</Cell>
                  <Cell label={t.tax}>{formatAmount(r.tax)}</Cell>
                  <Cell label={t.total}>{formatAmount(r.net + r.tax)}</Cell>
                </Row>
              ))}
            </Table>
          )}
        </Panel>
      ) : null}

      <Panel id="fig-top" title={t.top} hint={fmt(d.money ? t.topHint : t.topHintCounts, { n: TOP_PRODUCTS })}>
        {d.top.length === 0 ? (
          <p>{t.nothing}</p>
        ) : (
          <Table caption={t.top} columns={d.money ? [t.product, t.units, t.ordersWith, t.lineGross] : [t.product, t.units, t.ordersWith]}>
            {d.top.map((p) => (
              <Row key={p.productId}>
                <Cell label={t.product}>
                  {p.name} <span className="text-xs text-stone-600">#{p.productId}</span>
                </Cell>
                <Cell label={t.units}>{p.units}</Cell>
                <Cell label={t.ordersWith}>{p.orders}</Cell>
                {d.money ? <Cell label={t.lineGross}>{money(p.gross)}</Cell> : null}
              </Row>
            ))}
          </Table>
        )}
      </Panel>

      <Panel id="fig-delivery" title={t.delivery}>
        {d.byDelivery.length === 0 ? (
          <p>{t.nothing}</p>
        ) : (
          <Table caption={t.delivery} columns={d.money ? [t.deliveryType, t.slot, t.orders, t.gross] : [t.deliveryType, t.slot, t.orders]}>
            {d.byDelivery.map((x) => (
              <Row key={`${x.type}-${x.details}`}>
                <Cell label={t.deliveryType}>{deliveryTypeLabel(x.type)}</Cell>
                <Cell label={t.slot}>{x.details || t.noSlot}</Cell>
                <Cell label={t.orders}>{x.orders}</Cell>
                {d.money ? <Cell label={t.gross}>{money(x.gross)}</Cell> : null}
              </Row>
            ))}
          </Table>
        )}
      </Panel>

      <Panel
        id="fig-capacity"
        title={t.capacity}
        hint={d.capacity.perDay > 0 ? fmt(t.capacityHint, { days: CAPACITY_DAYS, capacity: d.capacity.perDay }) : fmt(t.capacityUnlimited, { days: CAPACITY_DAYS })}
      >
        <BarChart
          id="capacity-chart"
          bars={d.capacity.days.map((x) => ({ label: dayOfMonth(x.day), value: x.booked }))}
          limit={d.capacity.perDay > 0 ? d.capacity.perDay : undefined}
          summary={fmt(t.capacityChart, { days: CAPACITY_DAYS, best: formatDateTr(fullest.day), booked: fullest.booked, capacity: d.capacity.perDay > 0 ? d.capacity.perDay : "∞" })}
        />
        <details className="mt-2">
          <summary className="min-h-11 cursor-pointer py-2 font-medium">{t.showTable}</summary>
          <Table caption={t.capacity} columns={[t.readyDate, t.booked, t.used]}>
            {d.capacity.days.map((x) => (
              <Row key={x.day}>
                <Cell label={t.readyDate}>{formatDateTr(x.day)}</Cell>
                <Cell label={t.booked}>{x.booked}</Cell>
                <Cell label={t.used}>{d.capacity.perDay > 0 ? `%${Math.round((x.booked / d.capacity.perDay) * 100)}` : t.none}</Cell>
              </Row>
            ))}
          </Table>
        </details>
      </Panel>

      <Panel id="fig-withdrawals" title={t.withdrawals} hint={t.withdrawalsHint}>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="withdrawals">
          <Figure label={t.cards.cancelled} value={d.totals.cancelled} />
          {d.money ? <Figure label={t.cards.cancelledValue} value={money(d.totals.cancelledValue)} /> : null}
          <Figure label={t.cards.refunds} value={d.totals.refunds} />
          {d.money ? <Figure label={t.cards.refunded} value={money(d.totals.refunded)} /> : null}
        </dl>
      </Panel>

      <Panel id="fig-promos" title={t.promos} hint={t.promosHint}>
        {d.promos.length === 0 ? (
          <p>{t.nothing}</p>
        ) : (
          <Table caption={t.promos} columns={d.money ? [t.code, t.uses, t.discountGiven, t.ordersGross] : [t.code, t.uses, t.discountGiven]}>
            {d.promos.map((p) => (
              <Row key={p.code}>
                <Cell label={t.code}>{p.code}</Cell>
                <Cell label={t.uses}>{p.uses}</Cell>
                <Cell label={t.discountGiven}>{formatAmount(p.discount)}</Cell>
                {d.money ? <Cell label={t.ordersGross}>{money(p.gross)}</Cell> : null}
              </Row>
            ))}
          </Table>
        )}
      </Panel>
    </div>
  );
}
