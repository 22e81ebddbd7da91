import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";

/** innerTexture 1–3 shown as drops (SPEC §2.4). */
export function Drops({ value }: { value: number }) {
  const n = Math.max(1, Math.min(3, Math.round(value)));
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={fmt(catalogTr.detail.textureValue, { n })}>
      {[1, 2, 3].map((i) => (
        <svg key={i} width="18" height="22" viewBox="0 0 18 22" aria-hidden="true">
          <path d="M9 1C6 7 2 10 2 14a7 7 0 0 0 14 0c0-4-4-7-7-13z" fill={i <= n ? "#6b3a1c" : "none"} stroke="#6b3a1c" strokeWidth="1.5" />
        </svg>
      ))}
    </span>
  );
}
