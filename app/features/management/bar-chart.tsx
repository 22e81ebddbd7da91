/**
 * A small bar chart drawn as SVG on the server (issue 28 §3): no chart library, no script needed to see it.
 * It is a picture with a one-sentence summary for screen readers; the page shows the same numbers in a table
 * beside it (the text equivalent). Bars over `limit` (e.g. the day's capacity) are drawn in the warning colour.
 */
export interface Bar {
  /** shown under the bar (a day of the month) */
  label: string;
  value: number;
}

// drawn for a phone's width (the text stays readable there) and scaled up to at most max-w-xl on a desktop
const W = 360;
const H = 150;
const PAD = { top: 10, right: 6, bottom: 20, left: 28 };

export function BarChart({ bars, summary, limit, id }: { bars: Bar[]; summary: string; limit?: number; id: string }) {
  const max = Math.max(1, limit ?? 0, ...bars.map((b) => b.value));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, bars.length);
  const barW = Math.max(2, Math.min(40, slot * 0.7));
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  // at most ~12 labels under the bars
  const every = Math.max(1, Math.ceil(bars.length / 12));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} className="h-auto w-full max-w-xl" data-testid={id}>
      <title id={`${id}-title`}>{summary}</title>
      <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className="stroke-stone-400" strokeWidth="1" />
      <text x={PAD.left - 4} y={y(max) + 4} textAnchor="end" className="fill-stone-700" fontSize="10">
        {max}
      </text>
      <text x={PAD.left - 4} y={y(0)} textAnchor="end" className="fill-stone-700" fontSize="10">
        0
      </text>
      {bars.map((b, i) => {
        const x = PAD.left + i * slot + (slot - barW) / 2;
        const over = limit !== undefined && limit > 0 && b.value >= limit;
        return (
          <g key={`${b.label}-${i}`}>
            <rect x={x} y={y(b.value)} width={barW} height={Math.max(0, y(0) - y(b.value))} rx="2" className={over ? "fill-red-700" : "fill-choc-500"} />
            {i % every === 0 ? (
              <text x={x + barW / 2} y={H - 6} textAnchor="middle" className="fill-stone-700" fontSize="10">
                {b.label}
              </text>
            ) : null}
          </g>
        );
      })}
      {limit ? (
        <line x1={PAD.left} x2={W - PAD.right} y1={y(limit)} y2={y(limit)} className="stroke-red-700" strokeWidth="1.5" strokeDasharray="6 4" />
      ) : null}
    </svg>
  );
}
