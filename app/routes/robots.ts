import type { Route } from "./+types/robots";
import { robotsTxt } from "~/shared/sitemap";

/** GET /robots.txt — what crawlers may fetch, and where the sitemap is (issue 27 §2). */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.app.config.publicUrl), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
