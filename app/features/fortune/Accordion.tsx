import type { ReactNode, SyntheticEvent } from "react";

/** A disclosure built on <details>: opens and closes without JavaScript, keyboard operable. */
export function Accordion(props: { id?: string; title: string; open?: boolean; onToggle?: (open: boolean) => void; children: ReactNode }) {
  return (
    <details
      id={props.id}
      open={props.open}
      onToggle={(e: SyntheticEvent<HTMLDetailsElement>) => props.onToggle?.(e.currentTarget.open)}
      className="group rounded-xl bg-white shadow-sm"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 font-semibold text-choc-900">
        <span>{props.title}</span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="px-4 pb-4">{props.children}</div>
    </details>
  );
}
