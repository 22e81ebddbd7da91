import { Fragment } from "react";
import { discountLabel } from "~/shared/amounts";
import { formatDateTr } from "~/shared/clock";
import { formatRate, type InvoiceView } from "~/shared/invoice";
import { formatAmount } from "~/shared/money";
import { invoiceTr } from "~/shared/texts/invoice.tr";
import { fmt } from "~/shared/texts/tr";
import { useHydrated } from "~/ui/useHydrated";

const t = invoiceTr;

/** Three copies on one A4 page: each copy gets a third of the printable height and never breaks. */
const PRINT_CSS = `
@page { size: A4 portrait; margin: 8mm; }
.invoice-sheet { width: 194mm; }
.invoice-copy { height: 93mm; overflow: hidden; break-inside: avoid; }
@media screen and (max-width: 820px) { .invoice-sheet { zoom: 0.75; } }
@media screen and (max-width: 620px) { .invoice-sheet { zoom: 0.5; } }
@media screen and (max-width: 460px) { .invoice-sheet { zoom: 0.44; } }
@media screen and (max-width: 340px) { .invoice-sheet { zoom: 0.4; } }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; min-height: 0 !important; background: #fff !important; }
  .invoice-page { padding: 0 !important; margin: 0 !important; gap: 0 !important; }
  .invoice-sheet { zoom: 1 !important; box-shadow: none !important; }
}
`;

/** Amounts on the invoice: always the number, never 'Ücretsiz'. */
const money = (k: number) => formatAmount(k);

/**
 * Room for the table in a copy (93 mm high, less the header blocks — the seller block has five lines since the seller identity became configuration —, the delivery line included), and the height of its header and of one row
 * at full size, in millimetres: a longer table is scaled down to stay inside its third of the page.
 */
const TABLE_ROOM_MM = 45;
const TABLE_HEAD_MM = 5.5;
const TABLE_ROW_MM = 6.8;
const tableZoom = (rows: number) => Math.min(1, TABLE_ROOM_MM / (TABLE_HEAD_MM + TABLE_ROW_MM * rows));

/** One copy; `headingId` when several orders' copies share a page (the print-for-the-day document). */
export function InvoiceCopy({ v, label, index, headingId: id }: { v: InvoiceView; label: string; index: number; headingId?: string }) {
  const r = v.recipient;
  const rowCount = v.rows.length + (v.shipping ? 1 : 0);
  const zoom = tableZoom(rowCount);
  const headingId = id ?? `invoice-copy-${index}`;
  return (
    <section
      aria-labelledby={headingId}
      aria-hidden={index > 0 ? true : undefined}
      data-testid="invoice-copy"
      className="invoice-copy flex flex-col gap-[2mm] border-b border-dashed border-stone-400 px-[3mm] py-[2.5mm] text-[7pt] leading-tight text-black last:border-b-0"
    >
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)] gap-[4mm]">
        <div>
          <h2 id={headingId} className="text-[10pt] font-bold">
            {t.heading} <span className="text-[7pt] font-normal">— {label}</span>
          </h2>
          <p className="mt-[1mm] font-semibold">{v.seller.title}</p>
          <p>{v.seller.address}</p>
          <p>{fmt(t.phone, { value: v.seller.phone })}</p>
          <p>{fmt(t.sellerTax, { office: v.seller.taxOffice, vkn: v.seller.vkn })}</p>
          <p className="mt-[1mm]">{fmt(t.printDate, { date: formatDateTr(v.printDate) })}</p>
          <p>{fmt(t.orderNumber, { number: v.orderNumber })}</p>
          <p>{fmt(t.orderDate, { date: formatDateTr(v.orderDate) })}</p>
          {v.delivery ? (
            <p data-testid="invoice-delivery">{fmt(t.delivery, { type: v.delivery.type, date: formatDateTr(v.delivery.readyDate) })}</p>
          ) : null}
        </div>
        <div>
          <h3 className="text-[8pt] font-bold">{t.recipient}</h3>
          {r.firmName ? <p className="font-semibold">{r.firmName}</p> : null}
          <p>{r.name}</p>
          {r.address ? <p>{r.address}</p> : null}
          {r.countyCity ? <p>{r.countyCity}</p> : null}
          {r.phone ? <p>{fmt(t.phone, { value: r.phone })}</p> : null}
          {r.taxAuthority ? <p>{fmt(t.taxOffice, { value: r.taxAuthority })}</p> : null}
          {r.taxId ? <p>{fmt(t.taxId, { value: r.taxId })}</p> : null}
        </div>
        <div>
          <h3 className="sr-only">{t.totals}</h3>
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-[2mm]">
            {v.discount ? (
              <>
                <dt>{discountLabel(v.discount.promoCode)}</dt>
                <dd className="text-right tabular-nums">{money(-v.discount.net)}</dd>
              </>
            ) : null}
            {v.usedBonus ? (
              <>
                <dt>{t.usedBonus}</dt>
                <dd className="text-right tabular-nums">{money(-v.usedBonus.net)}</dd>
              </>
            ) : null}
            <dt className="font-semibold">{t.subTotal}</dt>
            <dd className="text-right font-semibold tabular-nums">{money(v.subTotal)}</dd>
            {v.taxes.map((x) => (
              <Fragment key={x.rateBp}>
                <dt>{fmt(t.tax, { rate: formatRate(x.rateBp) })}</dt>
                <dd className="text-right tabular-nums">{money(x.amount)}</dd>
              </Fragment>
            ))}
            <dt className="mt-[0.5mm] border-t border-black pt-[0.5mm] text-[8pt] font-bold">{t.total}</dt>
            <dd className="mt-[0.5mm] border-t border-black pt-[0.5mm] text-right text-[8pt] font-bold tabular-nums" data-testid="invoice-total">
              {money(v.total)}
            </dd>
            {(v.installments ?? []).map(([label, value]) => (
              <Fragment key={label}>
                <dt data-testid="invoice-installment">{label}</dt>
                <dd className="text-right tabular-nums">{value}</dd>
              </Fragment>
            ))}
          </dl>
        </div>
      </div>
      <table className="w-full border-collapse" style={zoom < 1 ? { zoom } : undefined}>
        <thead>
          <tr className="border-y border-black text-left align-bottom">
            <th scope="col" className="w-[13mm] py-[0.5mm] font-semibold">
              {t.columns.image}
            </th>
            <th scope="col" className="font-semibold">
              {t.columns.product}
            </th>
            <th scope="col" className="font-semibold">
              {t.columns.productId}
            </th>
            <th scope="col" className="text-right font-semibold">
              {t.columns.tax}
            </th>
            <th scope="col" className="text-right font-semibold">
              {t.columns.quantity}
            </th>
            <th scope="col" className="w-[22mm] text-right font-semibold">
              {t.columns.unitNet}
            </th>
            <th scope="col" className="w-[22mm] text-right font-semibold">
              {t.columns.lineNet}
            </th>
          </tr>
        </thead>
        <tbody>
          {v.rows.map((row, i) => (
            <tr key={i} className="border-b border-stone-300 align-middle">
              <td className="py-[0.5mm]">
                <span className="flex items-center gap-[0.5mm]">
                  {row.image ? <img src={row.image} alt={fmt(t.imageAlt, { name: row.name })} width={24} height={24} className="h-[6mm] w-[6mm] object-cover" /> : null}
                  {row.box ? <img src={row.box.image} alt={fmt(t.boxAlt, { name: row.box.name })} width={24} height={24} className="h-[6mm] w-[6mm] object-contain" /> : null}
                </span>
              </td>
              <td>
                <span className="font-semibold">{row.name}</span>
                {row.packageContent ? <span className="block">{row.packageContent}</span> : null}
              </td>
              <td className="tabular-nums">{row.productId}</td>
              <td className="text-right tabular-nums">{formatRate(row.taxRateBp)}</td>
              <td className="text-right tabular-nums">{row.quantity}</td>
              <td className="text-right tabular-nums">{money(row.unitNet)}</td>
              <td className="text-right tabular-nums">{money(row.lineNet)}</td>
            </tr>
          ))}
          {v.shipping ? (
            <tr className="border-b border-stone-300">
              <td className="py-[0.5mm]" />
              <td className="font-semibold">{t.deliveryRow}</td>
              <td />
              <td className="text-right tabular-nums">{formatRate(v.shipping.taxRateBp)}</td>
              <td className="text-right tabular-nums">1</td>
              <td className="text-right tabular-nums">{money(v.shipping.net)}</td>
              <td className="text-right tabular-nums">{money(v.shipping.net)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}

/** The printable invoice (SPEC §2.12): three copies on one A4 page, a print button that is not printed. */
export function InvoiceSheet({ v }: { v: InvoiceView }) {
  const hydrated = useHydrated();
  return (
    <div className="invoice-page flex flex-col items-center gap-4 px-2 py-6">
      <style>{PRINT_CSS}</style>
      <div className="no-print flex w-full max-w-2xl flex-wrap items-center justify-between gap-3 px-2 print:hidden">
        <div>
          <h1 className="text-xl font-bold text-choc-900">
            {t.title} {v.orderNumber}
          </h1>
          <p className="text-sm text-stone-700">{t.printHint}</p>
        </div>
        <button type="button" disabled={!hydrated} onClick={() => window.print()} className="min-h-11 rounded-lg bg-choc-700 px-4 font-semibold text-white hover:bg-choc-800 disabled:opacity-50">
          {t.print}
        </button>
      </div>
      <div className="invoice-sheet bg-white shadow-lg" data-testid="invoice-sheet">
        {t.copies.map((label, i) => (
          <InvoiceCopy key={label} v={v} label={label} index={i} />
        ))}
      </div>
    </div>
  );
}
