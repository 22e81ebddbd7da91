import type { Route } from "./+types/sitemap";
import * as catalog from "~/.server/catalog/service";
import * as pages from "~/.server/site/pages";
import { sitemapXml } from "~/shared/sitemap";

/** Pages with no data of their own that search engines should find (no lastmod: their text is in the code). */
const STATIC_PATHS = ["/contact", "/deliveryoptions", "/nutrition", "/vitrin", "/hedef81"];

/** GET /sitemap.xml — every product, group and information page (issue 27 §2), from the cached catalogue. */
export async function loader({ context }: Route.LoaderArgs) {
  const { app } = context;
  const [products, info] = await Promise.all([catalog.sitemapEntries(app), pages.sitemapEntries(app)]);
  const body = sitemapXml(app.config.publicUrl, [...products, ...info, ...STATIC_PATHS.map((path) => ({ path, lastmod: null }))]);
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
