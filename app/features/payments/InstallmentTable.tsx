import { memo, useEffect, useRef, useState } from "react";
import { interestOf, installmentName, singlePayment, type InstallmentOption, type InstallmentTable as Table } from "~/shared/installments";
import { formatAmount, type Kurus } from "~/shared/money";
import { installmentsTr } from "~/shared/texts/installments.tr";
import { fmt } from "~/shared/texts/tr";

const t = installmentsTr.table;

type Load = { state: "idle" } | { state: "loading"; bin: string } | { state: "ready"; table: Table; amount: Kurus } | { state: "failed"; bin: string };

/** How long typing may pause before the table is asked for (a BIN typed digit by digit asks once). */
const DEBOUNCE_MS = 250;

/**
 * The payment step's installment choice (issue 27 §3): once the card's first 6 (or 8) digits are known, the
 * shop's `/api/checkout/installments` gives the provider's table for the basket's amount; the shopper picks a
 * count in a radio group (each label: count, monthly amount, total and the bank's interest). While the table
 * loads, or when it cannot be had, the single payment stays chosen and the form works as before. Posts
 * `installment`, `installmentTotal` and `bin` (never more of the card number).
 */
export const InstallmentTable = memo(function InstallmentTable({ bin, amount, defaultCount }: { bin: string | null; amount: Kurus; defaultCount?: number }) {
  const [load, setLoad] = useState<Load>({ state: "idle" });
  const [count, setCount] = useState(defaultCount ?? 1);
  const lastBin = useRef(bin);

  useEffect(() => {
    // another card (not just its 8-digit BIN after the 6): its own table, chosen from the single payment again
    if (lastBin.current?.slice(0, 6) !== bin?.slice(0, 6)) setCount(1);
    lastBin.current = bin;
    if (!bin) {
      setLoad({ state: "idle" });
      return;
    }
    const ctrl = new AbortController();
    setLoad({ state: "loading", bin });
    const timer = setTimeout(() => {
      fetch(`/api/checkout/installments?bin=${bin}`, { signal: ctrl.signal, headers: { accept: "application/json" } })
        .then(async (res) => {
          const body = (await res.json()) as { ok: boolean; amount?: Kurus; table?: Table };
          if (!res.ok || !body.ok || !body.table) throw new Error(String(res.status));
          setLoad({ state: "ready", table: body.table, amount: body.amount ?? amount });
        })
        .catch(() => {
          if (!ctrl.signal.aborted) setLoad({ state: "failed", bin });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [bin, amount]);

  const base = load.state === "ready" ? load.amount : amount;
  const options: InstallmentOption[] = load.state === "ready" ? load.table.options : [singlePayment(amount)];
  const chosen = options.find((o) => o.count === count) ?? options[0]!;
  const status =
    load.state === "idle" ? t.typeFirst : load.state === "loading" ? t.loading : load.state === "failed" || !load.table.queried ? t.failed : options.length === 1 ? t.onlySingle : "";
  const bank = load.state === "ready" && load.table.bankName ? (load.table.family ? fmt(t.bank, { bank: load.table.bankName, family: load.table.family }) : load.table.bankName) : null;

  return (
    <fieldset className="space-y-3 rounded-xl bg-white p-4 shadow-sm" aria-busy={load.state === "loading" ? true : undefined} data-testid="installments">
      <legend className="px-1 text-lg font-bold">{t.legend}</legend>
      {bank ? <p className="text-sm text-stone-700">{bank}</p> : null}
      <p role="status" className={status ? "flex items-center gap-2 text-sm text-stone-700" : "sr-only"}>
        {load.state === "loading" ? <span aria-hidden="true" className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-choc-300 border-t-choc-800" /> : null}
        {status}
      </p>
      <ul className="space-y-2">
        {options.map((o) => {
          const interest = interestOf(o, base);
          const id = `installment-${o.count}`;
          return (
            <li key={o.count}>
              <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-choc-200 p-3 has-[:checked]:border-choc-700 has-[:checked]:bg-choc-50">
                <input id={id} type="radio" name="installment" value={o.count} checked={chosen.count === o.count} onChange={() => setCount(o.count)} className="h-4 w-4 shrink-0" />
                <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <span className="font-semibold">{installmentName(o.count)}</span>
                  <span className="text-sm">
                    {o.count > 1 ? (
                      <>
                        <span>
                          {t.monthly} {formatAmount(o.monthly)}
                        </span>
                        {" · "}
                      </>
                    ) : null}
                    <span>
                      {t.total} <span className="font-semibold">{formatAmount(o.total)}</span>
                    </span>
                  </span>
                  {o.count > 1 ? <span className="w-full text-xs text-stone-700">{interest > 0 ? fmt(t.interest, { amount: formatAmount(interest) }) : t.interestFree}</span> : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <input type="hidden" name="installmentTotal" value={chosen.total} />
      <input type="hidden" name="bin" value={bin ?? ""} />
    </fieldset>
  );
});
