import { Link } from "react-router";
import type { Route } from "../../routes/+types/sss";

/** The FAQ screen (SPEC §2.5; its data: routes/sss.tsx, also /mcappsss). */
export function FaqPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { faq } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-choc-900">{faq.title}</h1>
      <p className="mt-3 text-stone-700">{faq.intro}</p>
      {faq.sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2 className="text-lg font-bold">{s.heading}</h2>
          <div className="mt-2 flex flex-col gap-2">
            {s.qa.map((item) => (
              <details key={item.q} className="rounded-xl bg-white px-4 shadow-sm">
                <summary className="min-h-11 cursor-pointer py-3 font-semibold">{item.q}</summary>
                <p className="pb-4 leading-relaxed text-stone-800">{item.a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <p className="mt-10 rounded-xl bg-choc-100 p-4">
        {faq.contactPrompt}{" "}
        <Link to="/contact" className="font-semibold text-choc-700 underline">
          {faq.contactLink}
        </Link>
      </p>
    </article>
  );
}
