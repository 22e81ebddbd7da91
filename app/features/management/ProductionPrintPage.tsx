import { Form, Link } from "react-router";
import { deliveryLabel } from "~/shared/delivery-label";
import type { Route } from "../../routes/management/+types/production-print";
import { buttonClass, Cell, panelClass, Row, secondaryButtonClass, Table, TextField } from "~/features/management/ui";
import { InvoiceCopy } from "~/features/invoice/InvoiceSheet";
import { useHydrated } from "~/ui/useHydrated";
import { formatDayTr } from "~/shared/clock";
import { statusLabel } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { batchTr } from "~/shared/texts/batch.tr";
import { invoiceTr } from "~/shared/texts/invoice.tr";
import { managementTr } from "~/shared/texts/management.tr";

const P = batchTr.print;

/** The invoice copy keeps its A4 width in print; on a screen it is scaled to fit (as on /printinvoice). */
const CSS = `
.day-invoice { width: 194mm; }
.day-invoice .invoice-copy { height: 93mm; overflow: hidden; }
@media screen and (max-width: 1100px) { .day-invoice { zoom: 0.6; } }
@media screen and (max-width: 620px) { .day-invoice { zoom: 0.44; } }
@media screen and (max-width: 400px) { .day-invoice { zoom: 0.4; } }
@media print {
  .day-sheet { break-after: page; box-shadow: none !important; }
  .day-invoice { zoom: 1 !important; }
}
`;

function Toolbar({ day, what }: { day: string; what: "boxes" | "routes" }) {
  const hydrated = useHydrated();
  const other = what === "routes" ? "" : "&what=routes";
  return (
    <div className="no-print flex flex-wrap items-end gap-2">
      <Form method="get" className="flex items-end gap-2">
        {what === "routes" ? <input type="hidden" name="what" value="routes" /> : null}
        <TextField label={managementTr.production.day} name="day" type="date" defaultValue={day} />
        <button type="submit" className={buttonClass}>
          {managementTr.production.show}
        </button>
      </Form>
      <button type="button" className={buttonClass} disabled={!hydrated} onClick={() => window.print()}>
        {P.print}
      </button>
      <Link to={`?day=${day}${other}`} className={secondaryButtonClass}>
        {what === "routes" ? P.open : P.routeSheets}
      </Link>
      <Link to={`/management/production?day=${day}`} className={secondaryButtonClass}>
        {P.back}
      </Link>
    </div>
  );
}

/** The production print screen (route: routes/management/production-print.tsx, /management/production/print): a day's box sheets or its courier route sheets. */
export function ProductionPrintPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  return (
    <div className="flex flex-col gap-4">
      <style>{CSS}</style>
      {loaderData.what === "routes" ? <RouteSheets r={loaderData.routes} /> : <DayDocument d={loaderData.boxes} />}
    </div>
  );
}

function DayDocument({ d }: { d: Extract<Route.ComponentProps["loaderData"], { what: "boxes" }>["boxes"] }) {
  const gifts = d.sheets.filter((s) => s.gift).length;
  return (
    <>
      <h1 className="text-2xl font-bold">{fmt(P.title, { day: formatDayTr(d.day) })}</h1>
      <Toolbar day={d.day} what="boxes" />
      <p className="no-print text-sm text-stone-700">{P.hint}</p>
      <p className="font-medium">{fmt(P.count, { count: d.sheets.length, gifts })}</p>
      {d.sheets.length === 0 ? <p className={panelClass}>{P.nothing}</p> : null}
      {d.sheets.map((s) => (
        <article key={s.orderNumber} className={`${panelClass} day-sheet flex flex-col gap-3`} aria-labelledby={`sheet-${s.orderNumber}`} data-testid="day-sheet">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h2 id={`sheet-${s.orderNumber}`} className="text-xl font-bold">
                {s.orderNumber}
              </h2>
              <p className="text-sm">
                {deliveryLabel(s)}
                {s.pickupPlace ? ` · ${s.pickupPlace}` : ""}
                {s.details ? ` · ${s.details}` : ""} · {statusLabel(s.status)}
              </p>
              <p className="text-sm">
                {P.recipient}: {s.recipient.name}
                {s.recipient.area ? ` · ${s.recipient.area}` : ""}
              </p>
            </div>
            <p
              className={`rounded-lg border-2 px-3 py-1 text-sm font-bold ${s.gift ? "border-amber-700 bg-amber-50 text-amber-950" : "border-stone-500 text-stone-900"}`}
              data-testid={s.gift ? "gift-badge" : "own-badge"}
            >
              {s.gift ? P.giftBadge : P.ownBadge}
              {s.gift ? <span className="block text-xs font-medium">{s.gift === "note" ? P.giftByNote : P.giftByRecipient}</span> : null}
            </p>
          </div>
          <section aria-label={`${P.packing} ${s.orderNumber}`}>
            <h3 className="font-semibold">{P.packing}</h3>
            <Table caption={`${P.packing} ${s.orderNumber}`} columns={[P.box, P.product, P.content, P.quantity]}>
              {s.packing.map((b) => (
                <Row key={`${b.boxes}-${b.name}`}>
                  <Cell label={P.box}>{fmt(P.boxN, { n: b.boxes })}</Cell>
                  <Cell label={P.product}>
                    {b.name}
                    {b.boxType ? <span className="block text-xs text-stone-600">{b.boxType}</span> : null}
                  </Cell>
                  <Cell label={P.content}>{b.packageContent || P.none}</Cell>
                  <Cell label={P.quantity}>{b.quantity}</Cell>
                </Row>
              ))}
            </Table>
          </section>
          <section aria-label={`${P.inBox} ${s.orderNumber}`}>
            <h3 className="font-semibold">
              {P.inBox}: {s.gift ? P.slip : P.invoiceCopy}
            </h3>
            {s.invoice ? (
              <div className="max-w-full overflow-hidden">
                <div className="day-invoice border border-stone-300 bg-white">
                  <InvoiceCopy v={s.invoice} label={`${invoiceTr.copies[0]} · ${s.orderNumber}`} index={0} headingId={`invoice-${s.orderNumber}`} />
                </div>
              </div>
            ) : (
              <div className="rounded-lg border border-stone-400 p-3" data-testid="packing-slip">
                <p className="font-semibold">
                  {P.slip} · {s.orderNumber}
                </p>
                <p className="text-sm">
                  {s.recipient.name}
                  {s.recipient.address ? `, ${s.recipient.address}` : ""}
                  {s.recipient.area ? `, ${s.recipient.area}` : ""}
                </p>
                <ul className="mt-2 list-disc pl-5 text-sm">
                  {s.packing.map((b) => (
                    <li key={`${b.boxes}-${b.name}`}>
                      {b.quantity} × {b.name}
                      {b.packageContent ? ` (${b.packageContent})` : ""}
                    </li>
                  ))}
                </ul>
                <p className="mt-2 text-xs">{P.slipNote}</p>
              </div>
            )}
          </section>
          {s.note ? (
            <section aria-label={`${P.giftNote} ${s.orderNumber}`} className="rounded-lg border-2 border-dashed border-choc-300 p-4" data-testid="day-gift-note">
              <h3 className="font-semibold">{P.giftNote}</h3>
              <p className="mt-2 font-serif text-lg break-words whitespace-pre-wrap">{s.note.notes}</p>
              {s.note.qr ? (
                <p className="mt-2 flex items-center gap-3 text-sm">
                  <img src={s.note.qr.image} alt="" width={96} height={96} />
                  <span className="break-all">{s.note.qr.shortAddress}</span>
                </p>
              ) : null}
            </section>
          ) : null}
        </article>
      ))}
    </>
  );
}

function RouteSheets({ r }: { r: Extract<Route.ComponentProps["loaderData"], { what: "routes" }>["routes"] }) {
  return (
    <>
      <h1 className="text-2xl font-bold">{fmt(P.routeTitle, { day: formatDayTr(r.day) })}</h1>
      <Toolbar day={r.day} what="routes" />
      {r.slots.length === 0 ? <p className={panelClass}>{managementTr.production.noDeliveries}</p> : null}
      {r.slots.map((s) => (
        <section key={s.slot} className={`${panelClass} day-sheet`} aria-labelledby={`slot-${s.slot}`} data-testid="route-sheet">
          <h2 id={`slot-${s.slot}`} className="text-lg font-bold">
            {s.slot ? fmt(P.slot, { slot: s.slot }) : P.noSlot} · {fmt(P.stops, { count: s.stops.length })}
          </h2>
          <Table caption={s.slot ? fmt(P.slot, { slot: s.slot }) : P.noSlot} columns={["#", managementTr.production.order, P.recipient, managementTr.production.address, managementTr.production.phone, managementTr.production.items, P.signature]}>
            {s.stops.map((stop, i) => (
              <Row key={stop.orderNumber}>
                <Cell label="#">{i + 1}</Cell>
                <Cell label={managementTr.production.order}>
                  {stop.orderNumber}
                  {stop.vip ? <span className="block text-xs font-semibold">{P.vipMark}</span> : null}
                  {stop.gift ? <span className="block text-xs font-semibold">{P.giftMark}</span> : null}
                </Cell>
                <Cell label={P.recipient}>{stop.recipient.name}</Cell>
                <Cell label={managementTr.production.address}>
                  {stop.recipient.address}
                  <span className="block text-xs text-stone-600">{stop.recipient.area}</span>
                </Cell>
                <Cell label={managementTr.production.phone}>{stop.recipient.phone || P.none}</Cell>
                <Cell label={managementTr.production.items}>{stop.items}</Cell>
                <Cell label={P.signature}>
                  <span className="inline-block h-8 w-28 border-b border-stone-500" aria-hidden="true" />
                </Cell>
              </Row>
            ))}
          </Table>
        </section>
      ))}
    </>
  );
}
