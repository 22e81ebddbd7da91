import { memo } from "react";
import type { ContractDoc } from "~/shared/contract-doc";

/**
 * One contract document (pre-information form or distance-sales contract) as structured text: on the confirm
 * step in a scrolling box, on the order's contracts page in full (issue 26 §3). Memoised: ticking the consent boxes
 * beside it on the confirm step does not re-render the long text.
 */
export const ContractDocView = memo(function ContractDocView({ doc, id, scroll = true, level = 3 }: { doc: ContractDoc; id: string; scroll?: boolean; level?: 2 | 3 }) {
  const Title = level === 2 ? "h2" : "h3";
  const Section = level === 2 ? "h3" : "h4";
  return (
    <section aria-labelledby={`${id}-title`} tabIndex={scroll ? 0 : undefined} className={`${scroll ? "max-h-56 overflow-y-auto " : ""}rounded-lg border border-choc-200 bg-choc-50 p-3 text-sm focus:outline-2 focus:outline-choc-700 [overflow-wrap:anywhere]`}>
      <Title id={`${id}-title`} className="font-bold">
        {doc.title}
      </Title>
      {doc.sections.map((sec, i) => (
        <div key={i} className="mt-2">
          <Section className="font-semibold">{sec.heading}</Section>
          {sec.paragraphs.map((p, j) => (
            <p key={j} className="mt-1">
              {p}
            </p>
          ))}
          {sec.table ? (
            <table className="mt-1 w-full text-left text-xs [overflow-wrap:break-word]">
              <tbody>
                {sec.table.map((row, k) => (
                  <tr key={k} className={k === 0 ? "font-semibold" : ""}>
                    {row.map((cell, m) => (
                      <td key={m} className="py-0.5 pr-2">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      ))}
    </section>
  );
});
