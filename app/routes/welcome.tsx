import { Link } from "react-router";
import type { Route } from "./+types/welcome";
import { storefrontTr } from "~/shared/texts/storefront.tr";
import { fmt } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";

const t = storefrontTr.welcome;

/** /welcome/{code}: placeholder page with developer text (SPEC §2.1). */
export function meta() {
  return [...pageTitle(t.title), { name: "robots", content: "noindex" }];
}

export default function Welcome({ params }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p className="mt-4 text-stone-700">{fmt(t.text, { code: params.code.slice(0, 64) })}</p>
      <Link to="/home" className="mt-6 inline-flex min-h-11 items-center font-semibold text-choc-700 underline">
        {t.home}
      </Link>
    </section>
  );
}
