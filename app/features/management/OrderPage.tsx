import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/order";
import {
  ActionMessage,
  buttonClass,
  Cell,
  CheckField,
  dangerButtonClass,
  panelClass,
  Row,
  SelectField,
  secondaryButtonClass,
  Table,
  TextAreaField,
  TextField,
  useZodForm,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { useHydrated } from "~/ui/useHydrated";
import { busyProps } from "~/ui/busy";
import { discountLabel } from "~/shared/amounts";
import { formatDateTr } from "~/shared/clock";
import { deliveryLabel } from "~/shared/delivery-label";
import { formatAmount, formatCost } from "~/shared/money";
import { formatDateTimeTr, refundSchema, shipmentSchema, statusChangeSchema, statusLabel } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { earsivTr } from "~/shared/texts/earsiv.tr";
import { installmentsTr } from "~/shared/texts/installments.tr";
import { batchTr } from "~/shared/texts/batch.tr";

const t = managementTr;
const o = t.order;
const money = (k: number) => formatAmount(k);

function Dl({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {items.map(([k, v]) => (
        <div key={k} className="flex flex-col">
          <dt className="text-stone-600">{k}</dt>
          <dd className="font-medium break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function AddressBlock({ title, a }: { title: string; a: { name: string; address: string; area: string; phone: string } }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <address className="mt-1 text-sm not-italic">
        {a.name ? <span className="block">{a.name}</span> : null}
        {a.address ? <span className="block">{a.address}</span> : null}
        {a.area ? <span className="block">{a.area}</span> : null}
        {a.phone ? (
          <span className="block">
            {o.phone}: <a href={`tel:+90${a.phone}`}>{a.phone}</a>
          </span>
        ) : null}
      </address>
    </div>
  );
}

/** The staff's order screen (route: routes/management/order.tsx, /management/orders/:orderNumber). */
export function OrderPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { order, address, lines, payment, attempts, timeline, moves, canCancel, refundable, carriers, may, print, refundKey, staffNotes, earsiv } = loaderData;
  const result = actionData as ActionResult | undefined;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{fmt(o.title, { number: order.orderNumber })}</h1>
        <Link to="/management/orders" className="no-print underline">
          {o.back}
        </Link>
      </div>
      <ActionMessage result={result} />
      <section className={panelClass} aria-labelledby="summary">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id="summary" className="text-lg font-semibold">
            {o.summary}
          </h2>
          <div className="no-print flex flex-wrap gap-2">
            <a href={print.invoice} target="_blank" rel="noopener" className={secondaryButtonClass}>
              {o.printInvoice}
            </a>
            {print.note ? (
              <a href={print.note} target="_blank" rel="noopener" className={secondaryButtonClass}>
                {o.printNote}
              </a>
            ) : null}
          </div>
        </div>
        <div className="mt-3">
          <Dl
            items={[
              [o.status, <span key="s" className="rounded bg-choc-100 px-2 py-0.5">{statusLabel(order.status)}</span>],
              [o.placed, formatDateTimeTr(order.placedAt)],
              [o.ready, formatDateTr(order.readyDate)],
              [o.estimated, order.estimatedDelivery ? formatDateTr(order.estimatedDelivery) : t.common.none],
              [o.deliveryType, deliveryLabel(order)],
              [o.deliveryDetails, order.deliveryDetails || t.common.none],
              [o.email, `${order.email} (${order.member ? o.member : o.guest})`],
              [o.carrier, order.carrier ?? t.common.none],
              [
                o.trackingNumber,
                order.trackingNumber ? (
                  <span key="tn">
                    {order.trackingNumber}
                    {order.trackingUrl ? (
                      <>
                        {" · "}
                        <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className="underline">
                          {o.trackingLink}
                        </a>
                      </>
                    ) : null}
                  </span>
                ) : (
                  t.common.none
                ),
              ],
            ]}
          />
        </div>
      </section>

      {may.change ? (
        <StatusActions
          key={`${order.status}-${timeline.length}`}
          status={order.status}
          moves={moves}
          canCancel={canCancel}
          carriers={carriers}
          shipment={{ carrier: order.carrier, trackingNumber: order.trackingNumber }}
          result={result}
        />
      ) : (
        <p className={`${panelClass} no-print text-sm`}>{o.readOnly}</p>
      )}
      {may.refund && refundable > 0 ? <RefundForm refundable={refundable} refundKey={refundKey} result={result} installment={order.installmentCount > 1 ? order : null} /> : null}
      <EarsivBox earsiv={earsiv} />

      <section className={panelClass} aria-labelledby="items">
        <h2 id="items" className="text-lg font-semibold">
          {o.items}
        </h2>
        <div className="mt-2">
          <Table caption={o.items} columns={[o.product, o.variant, o.quantity, o.unitPrice, o.lineTotal]}>
            {lines.map((l) => (
              <Row key={l.id}>
                <Cell label={o.product}>
                  {l.name}
                  {l.packageContent ? <span className="block text-xs text-stone-600">{l.packageContent}</span> : null}
                </Cell>
                <Cell label={o.variant}>{l.variant || t.common.none}</Cell>
                <Cell label={o.quantity}>{l.quantity}</Cell>
                <Cell label={o.unitPrice}>{money(l.unitPrice)}</Cell>
                <Cell label={o.lineTotal}>{money(l.lineTotal)}</Cell>
              </Row>
            ))}
          </Table>
        </div>
        <h3 className="mt-4 font-semibold">{o.amounts}</h3>
        <Dl
          items={[
            [o.productTotal, money(order.productTotal)],
            [o.deliveryCost, formatCost(order.deliveryCost)],
            ...(order.discountAmount > 0 ? [[discountLabel(order.promoCode), `−${money(order.discountAmount)}`] as [string, string]] : []),
            ...(order.usedBonus > 0 ? [[o.usedBonus, `−${money(order.usedBonus)}`] as [string, string]] : []),
            [o.needToPay, money(order.needToPay)],
            ...order.installments,
            ...(order.refundedAmount > 0 ? [[o.refunded, money(order.refundedAmount)] as [string, string]] : []),
          ]}
        />
      </section>

      <section className={panelClass} aria-labelledby="note">
        <h2 id="note" className="text-lg font-semibold">
          {o.giftNote}
        </h2>
        {order.giftNote ? <p className="mt-2 whitespace-pre-wrap">{order.giftNote}</p> : <p className="mt-2 text-sm">{o.noNote}</p>}
        {order.mediaLink ? (
          <p className="mt-2 text-sm break-all">
            {o.mediaLink}: {order.mediaLink}
          </p>
        ) : null}
      </section>

      <StaffNotes notes={staffNotes} mayAdd={may.change} result={result} />

      <section className={`${panelClass} grid gap-4 sm:grid-cols-2`} aria-label={`${o.delivery} / ${o.invoice}`}>
        <AddressBlock title={o.delivery} a={address.delivery} />
        {address.invoice ? (
          <AddressBlock title={o.invoice} a={address.invoice} />
        ) : (
          <div>
            <h3 className="font-semibold">{o.invoice}</h3>
            <p className="mt-1 text-sm">{o.sameAsDelivery}</p>
          </div>
        )}
        {address.corporate ? (
          <p className="text-sm sm:col-span-2">{fmt(o.corporate, { firm: address.corporate.firm, office: address.corporate.office, tid: address.corporate.tid })}</p>
        ) : null}
      </section>

      <section className={panelClass} aria-labelledby="payment">
        <h2 id="payment" className="text-lg font-semibold">
          {o.payment}
        </h2>
        {payment ? (
          <div className="mt-2">
            <Dl
              items={[
                [o.paymentStatus, (t.paymentStatuses as Record<string, string>)[payment.status] ?? payment.status],
                [o.card, `${payment.card}${payment.holder ? ` · ${payment.holder}` : ""}`],
                [o.needToPay, money(payment.amount)],
                [o.refunded, money(payment.refundedAmount)],
              ]}
            />
          </div>
        ) : (
          <p className="mt-2 text-sm">{o.noPayment}</p>
        )}
        {attempts.length ? (
          <>
            <h3 className="mt-4 font-semibold">{o.attempts}</h3>
            <Table caption={o.attempts} columns={[o.attemptAt, o.attemptKind, o.attemptStatus, o.attemptAmount, o.attemptMessage]}>
              {attempts.map((a) => (
                <Row key={a.id}>
                  <Cell label={o.attemptAt}>{formatDateTimeTr(a.at)}</Cell>
                  <Cell label={o.attemptKind}>{(t.attemptKinds as Record<string, string>)[a.kind] ?? a.kind}</Cell>
                  <Cell label={o.attemptStatus}>{(t.attemptStatuses as Record<string, string>)[a.status] ?? a.status}</Cell>
                  <Cell label={o.attemptAmount}>{a.amount === null ? t.common.none : money(a.amount)}</Cell>
                  <Cell label={o.attemptMessage}>{a.message || t.common.none}</Cell>
                </Row>
              ))}
            </Table>
          </>
        ) : null}
      </section>

      <section className={panelClass} aria-labelledby="timeline">
        <h2 id="timeline" className="text-lg font-semibold">
          {o.timeline}
        </h2>
        <ol className="mt-2 flex flex-col gap-2">
          {timeline.map((e, i) => (
            <li key={i} className="border-l-4 border-choc-200 pl-3 text-sm">
              <span className="font-medium">{formatDateTimeTr(e.at)}</span>
              {" · "}
              {e.kind === "status" ? statusLabel(e.to ?? "") : (t.auditActions as Record<string, string>)[e.kind] ?? e.kind}
              {" · "}
              <span className="text-stone-700">{e.actor}</span>
              {e.text ? <span className="block text-stone-700">{e.text}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

interface StatusActionsProps {
  status: string;
  moves: string[];
  canCancel: boolean;
  carriers: { code: string; name: string }[];
  shipment: { carrier: string | null; trackingNumber: string | null };
  result: ActionResult | undefined;
}

/** The forms that move an order: next status (with the carrier for 'shipped'), shipment correction, cancel. */
function StatusActions({ status, moves, canCancel, carriers, shipment, result }: StatusActionsProps) {
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const [to, setTo] = useState(moves[0] ?? "");
  const fieldsOf = (key: string) => (result?.form === key ? result.fields : undefined);
  const move = useZodForm(statusChangeSchema, fieldsOf("status"));
  const ship = useZodForm(shipmentSchema, fieldsOf("shipment"));
  const cancel = useZodForm(statusChangeSchema, fieldsOf("cancel"));
  const showShipment = moves.includes("shipped") && (!hydrated || to === "shipped");
  const carrierOptions = (
    <>
      <option value="">{o.chooseCarrier}</option>
      {carriers.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );
  const currentCarrier = carriers.find((c) => c.name === shipment.carrier || c.code === shipment.carrier)?.code ?? "";
  return (
    <section className={`${panelClass} no-print flex flex-col gap-5`} aria-labelledby="actions">
      <h2 id="actions" className="text-lg font-semibold">
        {o.actions}
      </h2>
      {moves.length ? (
        <Form method="post" onSubmit={move.onSubmit} className="grid gap-3 sm:grid-cols-2" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="from" value={status} />
          <SelectField label={o.moveTo} name="to" value={to} onChange={(e) => setTo(e.target.value)} error={move.errors.to}>
            {moves.map((m) => (
              <option key={m} value={m}>
                {(t.moves as Record<string, string>)[m] ?? m}
              </option>
            ))}
          </SelectField>
          <TextField label={o.reason} name="reason" maxLength={300} error={move.errors.reason} />
          {showShipment ? (
            <>
              <SelectField label={o.carrierField} name="carrier" defaultValue={currentCarrier} error={move.errors.carrier}>
                {carrierOptions}
              </SelectField>
              <TextField label={o.trackingField} name="trackingNumber" autoComplete="off" maxLength={40} error={move.errors.trackingNumber} />
            </>
          ) : null}
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass} {...busyProps(busy)}>
              {o.change}
            </button>
          </div>
        </Form>
      ) : (
        <p className="text-sm">{o.noMoves}</p>
      )}
      {status === "shipped" ? (
        <Form method="post" onSubmit={ship.onSubmit} className="grid gap-3 border-t border-choc-100 pt-4 sm:grid-cols-2" noValidate aria-label={o.shipment}>
          <h3 className="font-semibold sm:col-span-2">{o.shipment}</h3>
          <CsrfField />
          <input type="hidden" name="intent" value="shipment" />
          <SelectField label={o.carrierField} name="carrier" defaultValue={currentCarrier} error={ship.errors.carrier}>
            {carrierOptions}
          </SelectField>
          <TextField label={o.trackingField} name="trackingNumber" defaultValue={shipment.trackingNumber ?? ""} autoComplete="off" maxLength={40} error={ship.errors.trackingNumber} />
          <div className="sm:col-span-2">
            <button type="submit" className={secondaryButtonClass} {...busyProps(busy)}>
              {o.updateShipment}
            </button>
          </div>
        </Form>
      ) : null}
      {canCancel ? (
        <Form method="post" onSubmit={cancel.onSubmit} className="grid gap-3 border-t border-choc-100 pt-4" noValidate aria-label={o.cancel}>
          <h3 className="font-semibold">{o.cancel}</h3>
          <p className="text-sm text-stone-700">{o.cancelHint}</p>
          <CsrfField />
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="from" value={status} />
          <input type="hidden" name="to" value="cancelled" />
          <TextField label={o.cancelReason} name="reason" maxLength={300} required error={cancel.errors.reason} />
          <CheckField label={o.cancelConfirm} name="confirm" error={cancel.errors.confirm} />
          <div>
            <button type="submit" className={dangerButtonClass} {...busyProps(busy)}>
              {o.cancel}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

function RefundForm({ refundable, refundKey, result, installment }: { refundable: number; refundKey: string; result: ActionResult | undefined; installment: { installmentCount: number; installmentInterest: number; paidTotal: number } | null }) {
  const form = useZodForm(refundSchema, result?.form === "refund" ? result.fields : undefined);
  const busy = useNavigation().state === "submitting";
  return (
    <section className={`${panelClass} no-print`} aria-labelledby="refund">
      <h2 id="refund" className="text-lg font-semibold">
        {o.refund}
      </h2>
      <p className="text-sm text-stone-700">{fmt(o.refundHint, { amount: money(refundable) })}</p>
      {installment ? (
        <p className="text-sm text-stone-700" data-testid="refund-installment">
          {fmt(installmentsTr.refund.hint, { count: installment.installmentCount, interest: money(installment.installmentInterest), paid: money(installment.paidTotal) })}
        </p>
      ) : null}
      <Form method="post" onSubmit={form.onSubmit} className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="key" value={refundKey} />
        <TextField label={o.refundAmount} name="amount" inputMode="decimal" autoComplete="off" required error={form.errors.amount} />
        <TextField label={o.refundReason} name="reason" maxLength={300} required error={form.errors.reason} />
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass} {...busyProps(busy)}>
            {o.refundSubmit}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** Internal notes (issue 28 §1): staff only, oldest first, and a form to add one. */
function StaffNotes({ notes, mayAdd, result }: { notes: { id: number; body: string; actor: string; at: string }[]; mayAdd: boolean; result: ActionResult | undefined }) {
  const N = batchTr.notes;
  const navigation = useNavigation();
  const error = result?.form === "note" && !result.ok ? (result.fields?.body ?? result.message) : undefined;
  return (
    <section className={`${panelClass} no-print`} aria-labelledby="staff-notes">
      <h2 id="staff-notes" className="text-lg font-semibold">
        {N.title}
      </h2>
      <p className="text-sm text-stone-700">{N.hint}</p>
      {notes.length === 0 ? (
        <p className="mt-2 text-sm">{N.empty}</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2" aria-label={N.title}>
          {notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-amber-50 px-3 py-2">
              <p className="break-words whitespace-pre-wrap">{n.body}</p>
              <p className="mt-1 text-xs text-stone-600">{fmt(N.by, { actor: n.actor, at: formatDateTimeTr(n.at) })}</p>
            </li>
          ))}
        </ol>
      )}
      {mayAdd ? (
        <Form method="post" className="mt-3 flex flex-col gap-2" key={notes.length}>
          <CsrfField />
          <input type="hidden" name="intent" value="note" />
          <TextAreaField label={N.label} name="body" rows={3} maxLength={1000} required error={error} />
          <div>
            <button type="submit" className={buttonClass} {...busyProps(navigation.state !== "idle" && navigation.formData?.get("intent") === "note")}>
              {N.add}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

/** The order's e-Arşiv invoices (issue 26 §2): number, type, where each is with the provider, the last error while queued. */
function EarsivBox({ earsiv }: { earsiv: { url: string | null; invoices: { number: string; kind: string; status: string; total: number; issuedAt: string; lastError: string | null }[] } }) {
  return (
    <section className={panelClass} aria-labelledby="earsiv">
      <h2 id="earsiv" className="text-lg font-semibold">
        {earsivTr.staffBox}
      </h2>
      {earsiv.invoices.length === 0 ? <p className="mt-2 text-sm">{earsivTr.staffNone}</p> : null}
      <ul className="mt-2 flex flex-col gap-2 text-sm">
        {earsiv.invoices.map((i) => (
          <li key={i.number} data-testid="earsiv-invoice">
            <span className="font-semibold">{i.number}</span> · {i.kind} · {formatAmount(i.total)} · {earsivTr.statuses[i.status] ?? i.status}
            {i.lastError ? <span className="block text-red-800">{fmt(earsivTr.staffError, { message: i.lastError })}</span> : null}
          </li>
        ))}
      </ul>
      {earsiv.url ? (
        <p className="no-print mt-3">
          <a href={earsiv.url} target="_blank" rel="noopener" className={secondaryButtonClass}>
            {earsivTr.linkLabel}
          </a>
        </p>
      ) : null}
    </section>
  );
}
