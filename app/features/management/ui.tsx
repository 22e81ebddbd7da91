import {
  useEffect,
  useId,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { z } from "zod/mini";
import { useNotice } from "~/ui/Notices";
import { useHydrated } from "~/ui/useHydrated";
import { fieldErrors } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/** Building blocks of the staff area's pages (issue 12). */

const t = managementTr;

export const inputClass =
  "min-h-11 w-full rounded-lg border border-choc-200 bg-white px-3 py-2 text-base aria-invalid:border-red-700";
export const buttonClass = "min-h-11 rounded-lg bg-choc-700 px-4 py-2 font-semibold text-white hover:bg-choc-800 disabled:opacity-60";
export const secondaryButtonClass = "min-h-11 rounded-lg border border-choc-700 bg-white px-4 py-2 font-semibold text-choc-900 hover:bg-choc-100";
export const dangerButtonClass = "min-h-11 rounded-lg bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900 disabled:opacity-60";
export const panelClass = "rounded-xl bg-white p-4 shadow-sm sm:p-5";

/** The answer of an action: `{ ok, message, fields? }`. */
export interface ActionResult {
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
  /** which form of the page answered (its field errors show there) */
  form?: string;
}

/**
 * Shows each new action answer as a notice (Notices.tsx); before JavaScript runs, and for failures, the text
 * also stays in the page.
 */
export function ActionMessage({ result }: { result: ActionResult | null | undefined }) {
  const notify = useNotice();
  const hydrated = useHydrated();
  useEffect(() => {
    if (result?.message) notify(result.message, result.ok ? "success" : "error");
  }, [result, notify]);
  if (!result?.message || (hydrated && result.ok)) return null;
  return (
    <p className={`rounded-lg px-3 py-2 text-sm font-medium ${result.ok ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>{result.message}</p>
  );
}

/**
 * Browser-side validation with the schema the server uses: an invalid form is not sent, its errors show at
 * the fields and a notice says so. Server-side field errors (`serverErrors`) show until the next try.
 */
export function useZodForm(schema: z.ZodMiniType, serverErrors?: Record<string, string>) {
  const notify = useNotice();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [server, setServer] = useState(serverErrors ?? {});
  const [seen, setSeen] = useState(serverErrors);
  if (seen !== serverErrors) {
    // a new answer from the server: its field errors replace the old ones
    setSeen(serverErrors);
    setServer(serverErrors ?? {});
  }
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
    if (!parsed.success) {
      e.preventDefault();
      setErrors(fieldErrors(parsed.error));
      notify(t.errors.invalidForm, "error");
    } else {
      setErrors({});
      setServer({});
    }
  };
  return { errors: { ...server, ...errors }, onSubmit };
}

type FieldProps = { label: string; error?: string; hint?: string };

/** The label, hint and error around one control; `control` gets the id and the ARIA attributes that tie them together. */
function LabelledField({
  label,
  error,
  hint,
  className,
  control,
}: FieldProps & { className?: string; control: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, error, hint, className, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return <LabelledField label={label} error={error} hint={hint} className={className} control={(aria) => <input {...aria} className={inputClass} {...input} />} />;
}

export function TextAreaField({ label, error, hint, className, ...area }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <LabelledField label={label} error={error} hint={hint} className={className} control={(aria) => <textarea {...aria} rows={3} className={inputClass} {...area} />} />;
}

export function SelectField({ label, error, className, children, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <LabelledField
      label={label}
      error={error}
      className={className}
      control={(aria) => (
        <select {...aria} className={inputClass} {...select}>
          {children}
        </select>
      )}
    />
  );
}

export function CheckField({ label, error, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input id={id} type="checkbox" className="mt-1 size-5" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A table that turns into cards on narrow screens (management.css), keeping its semantics with ARIA roles. */
export function Table({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <table role="table" className="mgmt-table w-full border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row" className="border-b border-choc-200">
          {columns.map((c) => (
            <th key={c} role="columnheader" scope="col" className="px-2 py-2 font-semibold">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">{children}</tbody>
    </table>
  );
}

/**
 * A searched list: how many matched (announced politely to screen readers), then this page's rows as a table,
 * or 'no results'.
 */
export function ResultTable({ total, shown, caption, columns, children }: { total: number; shown: number; caption: string; columns: string[]; children: ReactNode }) {
  return (
    <>
      <p aria-live="polite" className="text-sm">
        {fmt(t.common.results, { total })}
      </p>
      {shown === 0 ? (
        <p className={panelClass}>{t.common.noResults}</p>
      ) : (
        <div className="lg:rounded-xl lg:bg-white lg:p-3 lg:shadow-sm">
          <Table caption={caption} columns={columns}>
            {children}
          </Table>
        </div>
      )}
    </>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return (
    <tr role="row" className="border-b border-choc-100 align-top">
      {children}
    </tr>
  );
}

export function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td role="cell" data-label={label} className={`px-2 py-2 ${className ?? ""}`}>
      {children}
    </td>
  );
}

/** Previous / next links of a server-paginated list. */
export function Pagination({ page, pages, href, of }: { page: number; pages: number; href: (page: number) => string; of?: string }) {
  if (pages <= 1) return null;
  // a page with several paged lists names each list's pages (landmarks must differ)
  return (
    <nav aria-label={of ? fmt(t.common.paginationOf, { list: of }) : t.common.pagination} className="no-print flex flex-wrap items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={secondaryButtonClass} rel="prev">
          {t.common.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm">{fmt(t.common.page, { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className={secondaryButtonClass} rel="next">
          {t.common.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Query string of a list page with one value changed (empty values left out). */
export function withParams(base: Record<string, string | number | boolean>, change: Record<string, string | number>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...base, ...change })) {
    if (v === "" || v === false || v === undefined) continue;
    p.set(k, v === true ? "1" : String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : "?";
}

/**
 * The error boundary of every management section: 403 shows 'Yetkiniz yok' inside the area (the menu
 * stays), 404 'not found', anything else a short failure text. Export it from each section's module.
 */
export function SectionError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: string } | null)?.reason : undefined;
  const [title, body] =
    status === 413
      ? [t.errors.tooLargeTitle, t.errors.tooLargeBody]
      : status === 403 && reason === "csrf"
      ? [t.errors.failedTitle, t.errors.csrf]
      : status === 400 && reason === "repeated"
      ? [t.errors.failedTitle, t.errors.repeated]
      : status === 403
        ? [t.errors.forbiddenTitle, t.errors.forbiddenBody]
        : status === 404
          ? [t.errors.notFoundTitle, t.errors.notFoundBody]
          : [t.errors.failedTitle, t.errors.failedBody];
  return (
    <section className={panelClass} aria-labelledby="mgmt-error-title">
      <h1 id="mgmt-error-title" className="text-2xl font-bold">
        {title}
      </h1>
      <p className="mt-3">{body}</p>
      <p className="mt-4">
        <Link to="/management" className="underline">
          {t.errors.backHome}
        </Link>
      </p>
    </section>
  );
}

/** A titled panel of a section page. */
export function Panel({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section className={panelClass} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-sm text-stone-700">{hint}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The answer of a multi-form page for one form: its field errors, when that form answered. */
export function fieldsOf(result: ActionResult | null | undefined, form: string): Record<string, string> | undefined {
  return result?.form === form ? result.fields : undefined;
}

/** An action's answer to a form that did not pass its schema (400, the errors show at its fields). */
export function invalidAnswer(form: string, fields: Record<string, string>) {
  return data<ActionResult>({ ok: false, message: t.errors.invalidForm, fields, form }, { status: 400 });
}

/** An action's answer from a service outcome (200, or 409 for a refusal). */
export function outcomeAnswer(form: string, r: { ok: boolean; message: string; fields?: Record<string, string> }) {
  return data<ActionResult>({ ...r, form }, { status: r.ok ? 200 : 409 });
}
