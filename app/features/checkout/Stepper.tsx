import { Link } from "react-router";
import { checkoutTr } from "~/shared/texts/checkout.tr";

const t = checkoutTr.steps;
const STEPS = [
  { n: 1, label: t.delivery, to: "/order/delivery" },
  { n: 2, label: t.payment, to: "/order/payment" },
  { n: 3, label: t.confirm, to: null },
  { n: 4, label: t.complete, to: null },
] as const;

/** The four checkout steps (SPEC §2.8): a tick when done, the number otherwise; 1 and 2 link back once passed. */
export function Stepper({ current }: { current: number }) {
  return (
    <nav aria-label={t.label} className="mx-auto max-w-3xl px-4 pt-4">
      <ol className="flex items-center justify-between gap-1 text-xs sm:text-sm">
        {STEPS.map((s) => {
          const done = s.n < current;
          const here = s.n === current;
          const badge = (
            <span
              aria-hidden="true"
              className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full font-bold ${done ? "bg-green-700 text-white" : here ? "bg-choc-700 text-white" : "bg-choc-100 text-choc-800"}`}
            >
              {done ? "✓" : s.n}
            </span>
          );
          const label = (
            <span className={here ? "font-bold" : ""}>
              {s.label}
              <span className="sr-only">{done ? ` (${t.done})` : here ? ` (${t.current})` : ""}</span>
            </span>
          );
          return (
            <li key={s.n} className="flex flex-1 flex-col items-center gap-1 text-center" aria-current={here ? "step" : undefined}>
              {done && s.to ? (
                <Link to={s.to} className="flex flex-col items-center gap-1 underline-offset-2 hover:underline">
                  {badge}
                  {label}
                </Link>
              ) : (
                <>
                  {badge}
                  {label}
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
