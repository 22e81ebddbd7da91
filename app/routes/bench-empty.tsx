import { data } from "react-router";
import type { Route } from "./+types/bench-empty";
import * as catalog from "~/.server/catalog/service";
import { HomeView, type HomeViewData } from "~/features/catalog/HomeView";
import { tr } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";

/**
 * /bench/empty — the framework floor of `npm run bench:load`: an empty page inside the site's layout (root
 * loader, header, menu, footer), no loader work of its own. Served only with BENCH_ROUTES=1; otherwise this
 * path is like any unknown path: the home screen with HTTP 404 (as routes/not-found.tsx).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.app.config.benchRoutes) return data<{ home: HomeViewData | null }>({ home: null }, { headers: { "Cache-Control": "no-store" } });
  return data({ home: (await catalog.getHomePage(context.app))! as HomeViewData | null }, { status: 404 });
}

export function meta() {
  return [...pageTitle(tr.pages.home), { name: "robots", content: "noindex" }];
}

export default function BenchEmpty({ loaderData }: Route.ComponentProps) {
  return loaderData.home ? <HomeView data={loaderData.home} /> : null;
}
