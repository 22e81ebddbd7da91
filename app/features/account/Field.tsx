import { useId, type InputHTMLAttributes } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

/** A labelled input with its hint and error read out by screen readers. */
export function Field({ label, error, hint, className, ...input }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-11 rounded-lg border border-choc-200 bg-white px-3 py-2 text-base read-only:bg-choc-100 aria-invalid:border-red-700"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const buttonClass =
  "min-h-11 rounded-lg bg-choc-700 px-4 py-2 font-semibold text-white hover:bg-choc-800 disabled:opacity-60";
export const secondaryButtonClass =
  "min-h-11 rounded-lg border border-choc-700 px-4 py-2 font-semibold text-choc-900 hover:bg-choc-100";
