import { refusal } from "~/.server/http/refuse";
import type { Route } from "./+types/info";
import { InfoArticle } from "~/features/content/InfoArticle";
import { getInfoPage, type InfoPageKey } from "~/.server/site/pages";
import { pageMeta } from "~/ui/PageMeta";

/**
 * Static information pages (SPEC §2.5): about, process, social responsibility (also the app variant
 * mcappdonation) and the three agreements. Their texts are in the code until staff rewrite one in the
 * management area (app/.server/site/pages.ts); the loader returns the page, so the text never lands in a
 * browser bundle.
 */
const PAGES: Record<string, InfoPageKey> = {
  "/about": "about",
  "/process": "process",
  "/responsibility": "responsibility",
  "/mcappdonation": "responsibility",
  "/agreement/nda": "nda",
  "/agreement/popd": "popd",
  "/agreement/dely": "dely",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const key = PAGES[new URL(request.url).pathname.replace(/\/+$/, "")];
  if (!key) throw refusal(null, 404);
  return { page: (await getInfoPage(context.app, key)).page };
}

export function meta(args: Route.MetaArgs) {
  const p = args.loaderData?.page;
  return p ? pageMeta(args, { title: p.title, description: p.intro?.[0] ?? p.sections[0]?.paragraphs?.[0] ?? p.title }) : [];
}

export default function Info({ loaderData }: Route.ComponentProps) {
  return <InfoArticle page={loaderData.page} />;
}
