import type { ReactNode } from "react";
import type { InfoPageText } from "~/shared/texts/content.tr";

/** A long text page (about, process, agreements…): title, intro, sections with paragraphs and lists. */
export function InfoArticle({ page, children }: { page: InfoPageText; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 leading-relaxed">
      <h1 className="text-2xl font-bold text-choc-900">{page.title}</h1>
      {page.updated ? <p className="mt-1 text-sm text-stone-600">{page.updated}</p> : null}
      {page.intro?.map((p) => (
        <p key={p} className="mt-4 text-lg text-stone-800">
          {p}
        </p>
      ))}
      {page.sections.map((s, i) => (
        <section key={s.heading ?? i} className="mt-6">
          {s.heading ? <h2 className="text-lg font-bold">{s.heading}</h2> : null}
          {s.paragraphs?.map((p) => (
            <p key={p} className="mt-2">
              {p}
            </p>
          ))}
          {s.items ? (
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {s.items.map((it) => (
                <li key={it}>{it}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {children}
    </article>
  );
}
