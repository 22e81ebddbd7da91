import { data } from "react-router";
import type { Route } from "./+types/bench-empty";
import * as storefront from "~/.server/storefront/service";
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
  return data({ home: (await storefront.getHomePage(context.app))! as HomeViewData | null }, { status: 404 });
}

/**
 * POST /bench/empty(.data) — the floor of a form's POST: the server's middleware (origin check, limits, request
 * log) and React Router's action call, no work of its own and no statement. Only with BENCH_ROUTES=1.
 */
export async function action({ context }: Route.ActionArgs) {
  // off, a POST here is answered as on any unknown path, whose route has no action
  if (!context.app.config.benchRoutes) throw new Response(null, { status: 405, statusText: "Method Not Allowed" });
  return data({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}

export function meta() {
  return [...pageTitle(tr.pages.home), { name: "robots", content: "noindex" }];
}

export default function BenchEmpty({ loaderData }: Route.ComponentProps) {
  return loaderData.home ? <HomeView data={loaderData.home} /> : null;
}
