import { Form, Link } from "react-router";
import type { Route } from "../../routes/management/+types/production";
import { buttonClass, Cell, panelClass, Row, secondaryButtonClass, Table, TextField } from "~/features/management/ui";
import { formatDayTr } from "~/shared/clock";
import { statusLabel } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { batchTr } from "~/shared/texts/batch.tr";

const t = managementTr;
const p = t.production;

/** The production board screen (route: routes/management/production.tsx, /management/production). */
export function ProductionPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { day, previous, next, bake, totals, slots, pickups, shipments } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">
          {p.title}: {formatDayTr(day)}
        </h1>
        <div className="no-print flex flex-wrap items-end gap-2">
          <Link to={`?day=${previous}`} className={secondaryButtonClass} aria-label={formatDayTr(previous)}>
            ‹
          </Link>
          <Form method="get" className="flex items-end gap-2">
            <TextField label={p.day} name="day" type="date" defaultValue={day} />
            <button type="submit" className={buttonClass}>
              {p.show}
            </button>
          </Form>
          <Link to={`?day=${next}`} className={secondaryButtonClass} aria-label={formatDayTr(next)}>
            ›
          </Link>
          <button type="button" className={secondaryButtonClass} onClick={() => window.print()}>
            {p.print}
          </button>
          <Link to={`/management/production/print?day=${day}`} className={secondaryButtonClass}>
            {batchTr.print.open}
          </Link>
          <Link to={`/management/production/print?day=${day}&what=routes`} className={secondaryButtonClass}>
            {batchTr.print.routeSheets}
          </Link>
          <a href={`/management/production/export?day=${day}`} className={secondaryButtonClass} download>
            {batchTr.csv.production}
          </a>
        </div>
      </div>

      <section className={panelClass} aria-labelledby="bake">
        <h2 id="bake" className="text-lg font-semibold">
          {p.bake}
        </h2>
        <p className="text-sm text-stone-700">{p.bakeHint}</p>
        {bake.length === 0 ? (
          <p className="mt-2">{p.nothing}</p>
        ) : (
          <>
            <p className="mt-2 font-medium">{fmt(p.totalUnits, { units: totals.units, orders: totals.orders })}</p>
            <div className="mt-2">
              <Table caption={p.bake} columns={[p.product, p.variant, p.size, p.quantity, p.orders]}>
                {bake.map((b) => (
                  <Row key={`${b.productId}-${b.variant}-${b.packageContent}`}>
                    <Cell label={p.product}>
                      {b.name} <span className="text-xs text-stone-600">#{b.productId}</span>
                    </Cell>
                    <Cell label={p.variant}>{b.variant || t.common.none}</Cell>
                    <Cell label={p.size}>{b.packageContent || t.common.none}</Cell>
                    <Cell label={p.quantity} className="text-lg font-bold">
                      {b.units}
                    </Cell>
                    <Cell label={p.orders}>{b.orders}</Cell>
                  </Row>
                ))}
              </Table>
            </div>
          </>
        )}
      </section>

      <section className={`${panelClass} print-break`} aria-labelledby="routes">
        <h2 id="routes" className="text-lg font-semibold">
          {p.routes}
        </h2>
        <p className="text-sm text-stone-700">{p.routesHint}</p>
        {slots.length === 0 ? <p className="mt-2">{p.noDeliveries}</p> : null}
        {slots.map((s) => (
          <div key={s.slot} className="mt-4">
            <h3 className="font-semibold">{fmt(p.slot, { slot: s.slot || p.noSlot })}</h3>
            <Table caption={fmt(p.slot, { slot: s.slot || p.noSlot })} columns={[p.order, p.recipient, p.address, p.phone, p.items, p.status]}>
              {s.stops.map((stop) => (
                <Row key={stop.orderNumber}>
                  <Cell label={p.order}>
                    <Link to={`/management/orders/${stop.orderNumber}`} className="underline">
                      {stop.orderNumber}
                    </Link>
                    {stop.vip ? <span className="block text-xs font-semibold">{p.vipMark}</span> : null}
                    {stop.hasNote ? <span className="block text-xs font-semibold">{p.giftNote}</span> : null}
                  </Cell>
                  <Cell label={p.recipient}>{stop.recipient}</Cell>
                  <Cell label={p.address}>
                    {stop.address}
                    <span className="block text-xs text-stone-600">{stop.area}</span>
                  </Cell>
                  <Cell label={p.phone}>{stop.phone ? <a href={`tel:+90${stop.phone}`}>{stop.phone}</a> : t.common.none}</Cell>
                  <Cell label={p.items}>{stop.items}</Cell>
                  <Cell label={p.status}>{statusLabel(stop.status)}</Cell>
                </Row>
              ))}
            </Table>
          </div>
        ))}
      </section>

      <section className={`${panelClass} print-break`} aria-labelledby="pickups">
        <h2 id="pickups" className="text-lg font-semibold">
          {p.pickups}
        </h2>
        <p className="text-sm text-stone-700">{p.pickupsHint}</p>
        {pickups.length === 0 ? <p className="mt-2">{p.noPickups}</p> : null}
        {pickups.map((g) => (
          <div key={g.place} className="mt-4" data-testid="board-pickups">
            <h3 className="font-semibold">{g.place ? fmt(p.place, { place: g.place }) : p.noPlace}</h3>
            <Table caption={g.place ? fmt(p.place, { place: g.place }) : p.noPlace} columns={[p.order, p.hour, p.recipient, p.phone, p.items, p.status]}>
              {g.stops.map((stop) => (
                <Row key={stop.orderNumber}>
                  <Cell label={p.order}>
                    <Link to={`/management/orders/${stop.orderNumber}`} className="underline">
                      {stop.orderNumber}
                    </Link>
                  </Cell>
                  <Cell label={p.hour}>{stop.details || t.common.none}</Cell>
                  <Cell label={p.recipient}>{stop.recipient}</Cell>
                  <Cell label={p.phone}>{stop.phone ? <a href={`tel:+90${stop.phone}`}>{stop.phone}</a> : t.common.none}</Cell>
                  <Cell label={p.items}>{stop.items}</Cell>
                  <Cell label={p.status}>{statusLabel(stop.status)}</Cell>
                </Row>
              ))}
            </Table>
          </div>
        ))}
      </section>

      <section className={`${panelClass} print-break`} aria-labelledby="shipments">
        <h2 id="shipments" className="text-lg font-semibold">
          {p.shipments}
        </h2>
        <p className="text-sm text-stone-700">{p.shipmentsHint}</p>
        {shipments.length === 0 ? <p className="mt-2">{p.noShipments}</p> : null}
        {shipments.map((g) => (
          <div key={g.carrier} className="mt-4" data-testid="board-shipments">
            <h3 className="font-semibold">{fmt(p.carrier, { carrier: carrierLabel(g.carrier) })}</h3>
            <Table caption={fmt(p.carrier, { carrier: carrierLabel(g.carrier) })} columns={[p.order, p.recipient, p.address, p.items, p.estimated, p.status]}>
              {g.stops.map((stop) => (
                <Row key={stop.orderNumber}>
                  <Cell label={p.order}>
                    <Link to={`/management/orders/${stop.orderNumber}`} className="underline">
                      {stop.orderNumber}
                    </Link>
                  </Cell>
                  <Cell label={p.recipient}>{stop.recipient}</Cell>
                  <Cell label={p.address}>
                    {stop.address}
                    <span className="block text-xs text-stone-600">{stop.area}</span>
                  </Cell>
                  <Cell label={p.items}>{stop.items}</Cell>
                  <Cell label={p.estimated}>{stop.estimatedDelivery ? formatDayTr(stop.estimatedDelivery) : t.common.none}</Cell>
                  <Cell label={p.status}>{statusLabel(stop.status)}</Cell>
                </Row>
              ))}
            </Table>
          </div>
        ))}
      </section>
    </div>
  );
}

const CARRIER_OPTIONS: Record<string, string> = { Standart: checkoutTr.delivery.standart, Express: checkoutTr.delivery.express, Special: checkoutTr.delivery.special };
/** A carrier order's details: the option (standard, express, special) or the carrier the buyer preferred. */
const carrierLabel = (details: string) => CARRIER_OPTIONS[details] ?? details;
