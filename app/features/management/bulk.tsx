import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useRevalidator } from "react-router";
import { buttonClass, CheckField, panelClass } from "./ui";
import { CsrfField } from "~/ui/CsrfField";
import { useNotice } from "~/ui/Notices";
import { useHydrated } from "~/ui/useHydrated";
import { BULK_CHUNK, BULK_FIELD, type BulkResult } from "~/shared/batch";
import { fmt } from "~/shared/texts/tr";
import { batchTr } from "~/shared/texts/batch.tr";

/**
 * The order list's bulk change (issue 28 §1). The row checkboxes belong to this form through `form=`; without
 * JavaScript the form posts to the list's action and the whole batch answers at once. With JavaScript the
 * orders go in chunks of BULK_CHUNK to /management/orders/bulk and a progress bar counts them.
 */

const B = batchTr.bulk;
export const BULK_FORM_ID = "bulk-form";

export interface BulkOutcome {
  ok: boolean;
  message: string;
  results: BulkResult[];
  moved: number;
  refused: number;
}

/** A row's checkbox: the order and the status the staff member sees. */
export function BulkCheckbox({ orderNumber, status }: { orderNumber: string; status: string }) {
  return (
    <input
      type="checkbox"
      form={BULK_FORM_ID}
      name={`${BULK_FIELD}${orderNumber}`}
      value={status}
      aria-label={fmt(B.selectOrder, { number: orderNumber })}
      className="size-6 accent-choc-700"
    />
  );
}

const chosen = (form: HTMLFormElement) =>
  [...form.elements].filter((e): e is HTMLInputElement => e instanceof HTMLInputElement && e.name.startsWith(BULK_FIELD) && e.checked);

export function BulkPanel({ total, filter, answer }: { total: number; filter: Record<string, string | number | boolean>; answer: BulkOutcome | null | undefined }) {
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const notify = useNotice();
  const revalidator = useRevalidator();
  const [count, setCount] = useState(0);
  const [all, setAll] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number; label: string } | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(answer ?? null);

  useEffect(() => setOutcome(answer ?? null), [answer]);
  // the row checkboxes live in the table, outside the form element: count them on every change
  useEffect(() => {
    const recount = () => ref.current && setCount(chosen(ref.current).length);
    document.addEventListener("change", recount);
    recount();
    return () => document.removeEventListener("change", recount);
  }, []);

  const selectPage = (on: boolean) => {
    if (!ref.current) return;
    for (const e of ref.current.elements) if (e instanceof HTMLInputElement && e.name.startsWith(BULK_FIELD)) e.checked = on;
    setCount(chosen(ref.current).length);
  };

  async function onSubmit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = ev.currentTarget;
    const data = new FormData(form);
    const csrf = String(data.get("_csrf") ?? "");
    const post = async (body: FormData) => {
      const res = await fetch("/management/orders/bulk", { method: "POST", body, headers: { accept: "application/json" } });
      const json = (await res.json().catch(() => null)) as (Record<string, unknown> & { ok?: boolean; message?: string }) | null;
      if (!json) throw new Error(String(res.status));
      return json;
    };
    let items: { orderNumber: string; seen: string | null }[];
    try {
      if (all) {
        setProgress({ done: 0, total, label: B.resolving });
        data.set("intent", "resolve");
        const r = await post(data);
        if (!r.ok) {
          setProgress(null);
          notify(String(r.message ?? B.failed), "error");
          return;
        }
        items = r.items as typeof items;
      } else {
        items = chosen(form).map((e) => ({ orderNumber: e.name.slice(BULK_FIELD.length), seen: e.value }));
      }
    } catch {
      setProgress(null);
      notify(B.failed, "error");
      return;
    }
    if (items.length === 0) {
      notify(B.noneSelected, "error");
      return;
    }
    const results: BulkResult[] = [];
    setProgress({ done: 0, total: items.length, label: B.working });
    for (let i = 0; i < items.length; i += BULK_CHUNK) {
      const body = new FormData();
      body.set("_csrf", csrf);
      body.set("intent", "bulk");
      for (const it of items.slice(i, i + BULK_CHUNK)) body.set(`${BULK_FIELD}${it.orderNumber}`, it.seen ?? "");
      try {
        const r = await post(body);
        results.push(...((r.results as BulkResult[] | undefined) ?? []));
      } catch {
        const done = Math.min(i, items.length);
        setProgress(null);
        finish(results, fmt(B.stopped, { done, total: items.length }), false);
        return;
      }
      setProgress({ done: Math.min(i + BULK_CHUNK, items.length), total: items.length, label: B.working });
    }
    setProgress(null);
    const moved = results.filter((r) => r.ok).length;
    finish(results, fmt(B.done, { moved, refused: results.length - moved }), moved > 0 || results.length === 0);
  }

  function finish(results: BulkResult[], message: string, ok: boolean) {
    const moved = results.filter((r) => r.ok).length;
    setOutcome({ ok, message, results, moved, refused: results.length - moved });
    notify(message, results.length > moved ? "error" : "success");
    if (ref.current) selectPage(false);
    setAll(false);
    void revalidator.revalidate();
  }

  const busy = progress !== null;
  return (
    <section className={`${panelClass} no-print flex flex-col gap-3`} aria-labelledby="bulk-title">
      <h2 id="bulk-title" className="text-lg font-semibold">
        {B.title}
      </h2>
      <p className="text-sm text-stone-700">{B.hint}</p>
      <Form method="post" id={BULK_FORM_ID} ref={ref} onSubmit={hydrated ? onSubmit : undefined} className="flex flex-col gap-3">
        <CsrfField />
        <input type="hidden" name="intent" value="bulk" />
        {Object.entries(filter).map(([k, v]) => (v === "" || v === false ? null : <input key={k} type="hidden" name={k} value={v === true ? "1" : String(v)} />))}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          {hydrated ? <CheckField label={B.selectPage} name="" onChange={(e) => selectPage(e.currentTarget.checked)} /> : null}
          <CheckField label={fmt(B.allMatching, { total })} name="all" value="1" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} />
        </div>
        <p className="text-sm" aria-live="polite">
          {all ? fmt(B.allMatching, { total }) : fmt(B.selected, { count })}
        </p>
        <div>
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? B.working : B.submit}
          </button>
        </div>
        {progress ? (
          <div role="status" className="flex flex-col gap-1">
            <progress max={Math.max(progress.total, 1)} value={progress.done} className="w-full" aria-label={B.title} />
            <span className="text-sm">{progress.done === 0 && progress.label === B.resolving ? B.resolving : fmt(B.progress, { done: progress.done, total: progress.total })}</span>
          </div>
        ) : null}
      </Form>
      {outcome ? <BulkReport outcome={outcome} /> : null}
    </section>
  );
}

function BulkReport({ outcome }: { outcome: BulkOutcome }) {
  const refused = outcome.results.filter((r) => !r.ok);
  const moved = outcome.results.filter((r) => r.ok);
  return (
    <div className="flex flex-col gap-2" data-testid="bulk-report">
      <h3 className="font-semibold">{B.resultTitle}</h3>
      <p className={`rounded-lg px-3 py-2 text-sm font-medium ${refused.length || !outcome.ok ? "bg-amber-100 text-amber-950" : "bg-green-100 text-green-900"}`}>{outcome.message}</p>
      {refused.length ? (
        <>
          <h4 className="font-semibold text-red-900">{B.refusedTitle}</h4>
          <ul className="flex flex-col gap-1 text-sm" aria-label={B.refusedTitle}>
            {refused.map((r) => (
              <li key={r.orderNumber} className="break-words rounded bg-red-50 px-2 py-1">
                <a href={`/management/orders/${r.orderNumber}`} className="font-semibold underline">
                  {r.orderNumber}
                </a>
                : {r.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {moved.length ? (
        <details>
          <summary className="cursor-pointer font-semibold">
            {B.movedTitle} ({moved.length})
          </summary>
          <ul className="mt-1 flex flex-col gap-1 text-sm" aria-label={B.movedTitle}>
            {moved.map((r) => (
              <li key={r.orderNumber}>
                {r.orderNumber}: {r.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
