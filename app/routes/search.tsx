import type { Route } from "./+types/search";
import * as catalog from "~/.server/catalog/service";
import { MAX_QUERY_CHARS } from "~/.server/catalog/search";
import { SearchPage } from "~/features/catalog/SearchPage";
import { searchTr } from "~/shared/texts/search.tr";
import { fmt } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";

const t = searchTr;

/**
 * Product search (issue 27 §1): `/ara?q=…`, a plain GET form that works without JavaScript; the header's field
 * posts here too. Anonymous answers are shared by the page cache like other catalogue pages (decision 0008);
 * the page says `noindex, follow` and is left out of the sitemap (decision 0020).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_CHARS);
  const [result, groups] = await Promise.all([
    q ? catalog.searchProducts(context.app, q) : Promise.resolve({ products: [], suggestion: null }),
    catalog.listGroups(context.app),
  ]);
  return { q, ...result, groups: groups.filter((g) => g.kind === "group").map((g) => ({ code: g.code, name: g.name })) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const q = loaderData?.q;
  return [
    ...pageTitle(q ? fmt(t.resultsTitle, { q }) : t.title),
    { name: "description", content: t.description },
    { name: "robots", content: "noindex, follow" },
  ];
}

export function headers() {
  return { "X-Robots-Tag": "noindex, follow" };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage loaderData={loaderData} />;
}
