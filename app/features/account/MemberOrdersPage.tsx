import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "../../routes/+types/member-orders";
import { CsrfField } from "~/ui/CsrfField";
import { Dialog } from "~/ui/Dialog";
import { FormMessage } from "~/features/account/FormMessage";
import { buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { formatAmount } from "~/shared/money";
import { previousOrderLines } from "~/shared/previous-order";
import { formatDateTr } from "~/shared/clock";
import { fmt, tr } from "~/shared/texts/tr";
import { accountTr } from "~/shared/texts/account.tr";
import { invoiceTr } from "~/shared/texts/invoice.tr";
import { earsivTr } from "~/shared/texts/earsiv.tr";
import { notesTr } from "~/shared/texts/notes.tr";
import { busyProps } from "~/ui/busy";
import { useSeller } from "~/features/chrome/useSeller";
import { contractsKeptTr } from "~/shared/texts/contracts-kept.tr";

const t = accountTr.member;

/** The member's orders screen (SPEC §2.1, §2.3, §6; its data: routes/member-orders.tsx): number, date, status, total, carrier and tracking, cancel before baking. */
export function MemberOrdersPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { orders, printLinks } = loaderData;
  const seller = useSeller();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t.ordersTitle}</h1>
      <FormMessage message={actionData?.message} kind={actionData?.ok ? "success" : "error"} trigger={actionData} sticky />
      {orders.length === 0 ? (
        <p className="rounded-xl bg-white p-5 shadow-sm">{tr.sideMenu.noOrders}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {orders.map((o) => (
            <li key={o.orderNumber} className="rounded-xl bg-white p-4 shadow-sm">
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-stone-600">{t.orderNumber}</dt>
                  <dd className="font-semibold">{o.orderNumber}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">{t.date}</dt>
                  <dd>{formatDateTr(o.placedOn)}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">{t.status}</dt>
                  <dd>{o.statusText}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">{t.total}</dt>
                  <dd>{formatAmount(o.needToPay)}</dd>
                </div>
              </dl>
              <div className="mt-2 text-sm">
                {previousOrderLines(o).map((line) => (
                  <p key={line}>{line}</p>
                ))}
                {o.trackingUrl ? (
                  <a href={o.trackingUrl} target="_blank" rel="noopener noreferrer" className="underline">
                    {t.track}
                  </a>
                ) : null}
              </div>
              <PrintLinks links={printLinks[o.orderNumber]} status={o.status} orderNumber={o.orderNumber} />
              {o.canCancel ? (
                <CancelOrder orderNumber={o.orderNumber} askedWithoutJs={actionData !== undefined && "confirm" in actionData && actionData.confirm === o.orderNumber} />
              ) : o.status === "preparing" || o.status === "ready" ? (
                <p className="mt-3 text-sm text-stone-700">{fmt(t.cannotCancel, { phone: seller?.phone ?? "" })}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * 'Siparişi iptal et' asks first, since the refund goes out at once (issue 22): a modal dialog (focus moves into
 * it, Escape or 'Vazgeç' closes it and focus returns to the button); without JavaScript the server answers the
 * first press with the same question as a form.
 */
function CancelOrder({ orderNumber, askedWithoutJs }: { orderNumber: string; askedWithoutJs: boolean }) {
  const [open, setOpen] = useState(false);
  const confirmForm = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state !== "idle";
  const question = fmt(t.cancelConfirm, { number: orderNumber });
  return (
    <div className="mt-3">
      <Form
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <CsrfField />
        <input type="hidden" name="orderNumber" value={orderNumber} />
        <button type="submit" className={secondaryButtonClass} aria-label={fmt(t.cancelAria, { number: orderNumber })}>
          {t.cancel}
        </button>
      </Form>
      {askedWithoutJs ? <ConfirmCancelForm orderNumber={orderNumber} question={question} /> : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={question}
        footer={
          <>
            <button type="button" onClick={() => setOpen(false)} className={secondaryButtonClass}>
              {t.cancelKeep}
            </button>
            <button type="button" {...busyProps(busy, { onClick: () => confirmForm.current?.requestSubmit() })} className={buttonClass}>
              {t.cancelYes}
            </button>
          </>
        }
      >
        <p>{t.cancelConfirmBody}</p>
        <Form ref={confirmForm} method="post" hidden onSubmit={() => setOpen(false)}>
          <CsrfField />
          <input type="hidden" name="orderNumber" value={orderNumber} />
          <input type="hidden" name="confirmed" value="1" />
        </Form>
      </Dialog>
    </div>
  );
}

function ConfirmCancelForm({ orderNumber, question }: { orderNumber: string; question: string }) {
  return (
    <Form method="post" className="mt-2 flex flex-col gap-2 rounded-lg bg-red-50 p-3">
      <CsrfField />
      <input type="hidden" name="orderNumber" value={orderNumber} />
      <input type="hidden" name="confirmed" value="1" />
      <p className="font-semibold">{question}</p>
      <p className="text-sm">{t.cancelConfirmBody}</p>
      <button type="submit" className={buttonClass}>
        {t.cancelYes}
      </button>
    </Form>
  );
}

/** The order's printable invoice and gift note (issue 10): open in a new tab, the member's session opens them. */
function PrintLinks({ links, status, orderNumber }: { links: { invoice: string; note: string | null; earsiv: string | null; contracts: string | null } | undefined; status: string; orderNumber: string }) {
  if (!links) return null;
  const invoice = status !== "cancelled" && status !== "refunded";
  if (!invoice && !links.note && !links.earsiv && !links.contracts) return null;
  const linkClass = "inline-flex min-h-11 items-center font-semibold text-choc-800 underline";
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
      {invoice ? (
        <a href={links.invoice} target="_blank" rel="noopener noreferrer" aria-label={fmt(invoiceTr.member.printInvoiceAria, { number: orderNumber })} className={linkClass}>
          {invoiceTr.member.printInvoice}
        </a>
      ) : null}
      {links.earsiv ? (
        <a href={links.earsiv} target="_blank" rel="noopener noreferrer" aria-label={fmt(earsivTr.linkAria, { number: orderNumber })} className={linkClass}>
          {earsivTr.linkLabel}
        </a>
      ) : null}
      {links.note ? (
        <a href={links.note} target="_blank" rel="noopener noreferrer" aria-label={fmt(notesTr.member.printNoteAria, { number: orderNumber })} className={linkClass}>
          {notesTr.member.printNote}
        </a>
      ) : null}
      {links.contracts ? (
        <a href={links.contracts} aria-label={fmt(contractsKeptTr.linkAria, { number: orderNumber })} className={linkClass}>
          {contractsKeptTr.link}
        </a>
      ) : null}
    </p>
  );
}
