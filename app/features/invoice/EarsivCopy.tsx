import { formatDateTr } from "~/shared/clock";
import type { EarsivDocument, EarsivParty } from "~/shared/earsiv";
import { formatRate } from "~/shared/invoice";
import { formatAmount } from "~/shared/money";
import { earsivTr } from "~/shared/texts/earsiv.tr";
import { fmt } from "~/shared/texts/tr";

const t = earsivTr;
const money = (k: number) => formatAmount(k);

function Party({ p, title, seller }: { p: EarsivParty & { website?: string; mersis?: string; kep?: string }; title: string; seller?: boolean }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-lg border border-stone-300 p-3">
      <h2 className="text-sm font-bold uppercase tracking-wide text-stone-600">{title}</h2>
      <p className="mt-1 font-semibold break-words">{p.name}</p>
      <p className="break-words">{p.address.street}</p>
      <p>
        {p.address.district} / {p.address.city}
      </p>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-sm">
        {p.taxOffice ? (
          <>
            <dt>{t.taxOffice}</dt>
            <dd className="break-words">{p.taxOffice}</dd>
          </>
        ) : null}
        <dt>{p.idScheme === "VKN" ? t.vkn : t.tckn}</dt>
        <dd>{p.id}</dd>
        {seller && p.mersis ? (
          <>
            <dt>{t.mersis}</dt>
            <dd>{p.mersis}</dd>
          </>
        ) : null}
        {p.phone ? (
          <>
            <dt>{t.phone}</dt>
            <dd>{p.phone}</dd>
          </>
        ) : null}
        {p.email ? (
          <>
            <dt>{t.email}</dt>
            <dd className="break-all">{p.email}</dd>
          </>
        ) : null}
        {seller && p.kep ? (
          <>
            <dt>{t.kep}</dt>
            <dd className="break-all">{p.kep}</dd>
          </>
        ) : null}
        {seller && p.website ? (
          <>
            <dt>{t.web}</dt>
            <dd className="break-all">{p.website}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * The human-readable copy of an e-Arşiv invoice (issue 26 §2), from the model stored when it was issued: the
 * legally required texts ('e-Arşiv Fatura', the ETTN, the internet-sale fields, 'İrsaliye yerine geçer' when the
 * paper travels with the goods). Fits a phone: the lines are a list of cards below 640 px and a table above.
 */
export function EarsivCopy({ d, status }: { d: EarsivDocument; status: string }) {
  const sale = d.internetSale;
  const headingId = `earsiv-${d.number}`;
  return (
    <article aria-labelledby={headingId} data-testid="earsiv-copy" className="rounded-2xl bg-white p-4 text-stone-900 shadow-sm sm:p-6 print:shadow-none">
      {d.example ? (
        <p role="note" className="mb-3 rounded-lg border-2 border-red-700 bg-red-50 p-2 text-sm font-bold text-red-800">
          {t.example}
        </p>
      ) : null}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id={headingId} className="text-2xl font-bold">
            {d.kind === "IADE" ? t.headingReturn : t.heading}
          </h1>
          {status === "cancelled" ? <p className="font-bold text-red-800">{t.statuses.cancelled}</p> : null}
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
          <dt className="font-semibold">{t.number}</dt>
          <dd data-testid="earsiv-number">{d.number}</dd>
          <dt className="font-semibold">{t.ettn}</dt>
          <dd className="break-all" data-testid="earsiv-ettn">
            {d.ettn}
          </dd>
          <dt className="font-semibold">{t.issueDate}</dt>
          <dd>
            {formatDateTr(d.issueDate)} {d.issueTime}
          </dd>
          <dt className="font-semibold">{t.scenario}</dt>
          <dd>{t.scenarioValue}</dd>
          <dt className="font-semibold">{t.invoiceType}</dt>
          <dd>{d.kind}</dd>
          <dt className="font-semibold">{t.orderNumber}</dt>
          <dd>{d.orderNumber}</dd>
          <dt className="font-semibold">{t.orderDate}</dt>
          <dd>{formatDateTr(d.orderDate)}</dd>
          {d.returnOf ? (
            <>
              <dt className="font-semibold">{t.returnOf}</dt>
              <dd>
                {d.returnOf.number} ({formatDateTr(d.returnOf.issueDate)})
              </dd>
            </>
          ) : null}
        </dl>
      </header>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Party p={d.seller} title={t.seller} seller />
        <Party p={d.buyer} title={t.buyer} />
      </div>
      <table className="mt-4 w-full border-collapse text-sm">
        <caption className="sr-only">{t.heading}</caption>
        <thead className="hidden sm:table-header-group">
          <tr className="border-y border-stone-800 text-left align-bottom">
            <th scope="col" className="py-1 pr-2">
              {t.columns.line}
            </th>
            <th scope="col" className="pr-2">
              {t.columns.name}
            </th>
            <th scope="col" className="pr-2 text-right">
              {t.columns.quantity}
            </th>
            <th scope="col" className="pr-2 text-right">
              {t.columns.unitNet}
            </th>
            <th scope="col" className="pr-2 text-right">
              {t.columns.allowance}
            </th>
            <th scope="col" className="pr-2 text-right">
              {t.columns.taxRate}
            </th>
            <th scope="col" className="pr-2 text-right">
              {t.columns.tax}
            </th>
            <th scope="col" className="text-right">
              {t.columns.net}
            </th>
          </tr>
        </thead>
        <tbody>
          {d.lines.map((l, i) => (
            <tr key={i} data-testid="earsiv-line" className="grid grid-cols-2 gap-x-2 border-b border-stone-300 py-2 sm:table-row sm:py-0">
              <td className="hidden py-1 pr-2 sm:table-cell">{i + 1}</td>
              <th scope="row" className="col-span-2 text-left font-semibold break-words sm:pr-2 sm:font-normal">
                {l.name}
              </th>
              <td className="sm:pr-2 sm:text-right">
                <span className="sm:sr-only">{t.columns.quantity}: </span>
                {l.quantity} {t.unit}
              </td>
              <td className="text-right sm:pr-2">
                <span className="sm:sr-only">{t.columns.unitNet}: </span>
                {money(l.unitNet)}
              </td>
              <td className="sm:pr-2 sm:text-right">
                <span className="sm:sr-only">{t.columns.allowance}: </span>
                {money(l.allowance)}
              </td>
              <td className="text-right sm:pr-2">
                <span className="sm:sr-only">{t.columns.taxRate}: </span>
                {formatRate(l.taxRateBp)}
              </td>
              <td className="sm:pr-2 sm:text-right">
                <span className="sm:sr-only">{t.columns.tax}: </span>
                {money(l.tax)}
              </td>
              <td className="text-right font-semibold sm:font-normal">
                <span className="sm:sr-only">{t.columns.net}: </span>
                {money(l.net)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-4 ml-auto grid max-w-sm grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
        <dt>{t.lineExtension}</dt>
        <dd className="text-right tabular-nums">{money(d.lineExtension)}</dd>
        <dt>{t.allowanceTotal}</dt>
        <dd className="text-right tabular-nums">{money(d.allowanceTotal)}</dd>
        <dt>{t.taxExclusive}</dt>
        <dd className="text-right tabular-nums">{money(d.taxExclusive)}</dd>
        {d.taxSubtotals.map((x) => (
          <div key={x.rateBp} className="contents">
            <dt>{fmt(t.taxLine, { rate: formatRate(x.rateBp) })}</dt>
            <dd className="text-right tabular-nums">{money(x.amount)}</dd>
          </div>
        ))}
        <dt>{t.taxInclusive}</dt>
        <dd className="text-right tabular-nums">{money(d.taxExclusive + d.taxTotal)}</dd>
        <dt className="border-t border-stone-800 pt-1 text-base font-bold">{t.payable}</dt>
        <dd className="border-t border-stone-800 pt-1 text-right text-base font-bold tabular-nums" data-testid="earsiv-payable">
          {money(d.payable)}
        </dd>
      </dl>
      <section aria-label={t.internetSale} className="mt-4 rounded-lg bg-stone-50 p-3 text-sm">
        <h2 className="font-bold">{t.internetSale}</h2>
        <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
          <dt>{t.website}</dt>
          <dd className="break-all">{sale.website}</dd>
          <dt>{t.paymentMethod}</dt>
          <dd>{t.paymentMethods[sale.paymentMethod] ?? sale.paymentMethod}</dd>
          <dt>{t.paymentDate}</dt>
          <dd>{formatDateTr(sale.paymentDate)}</dd>
          <dt>{t.carrier}</dt>
          <dd>{sale.carrier ? `${sale.carrier.name}${sale.carrier.id ? ` (${sale.carrier.id})` : ""}` : t.pickupCarrier}</dd>
          <dt>{t.dispatchDate}</dt>
          <dd>{formatDateTr(sale.dispatchDate)}</dd>
          <dt>{t.sendType}</dt>
          <dd>{t.sendTypes[d.sendType]}</dd>
        </dl>
      </section>
      <footer className="mt-4 text-sm">
        {d.replacesDispatchNote ? <p className="font-bold">{t.replacesDispatchNote}</p> : null}
        {d.notes.map((n) => (
          <p key={n}>{n}</p>
        ))}
      </footer>
    </article>
  );
}
