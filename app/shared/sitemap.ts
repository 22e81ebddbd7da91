/** Search-engine files (issue 27 §2): robots.txt and the sitemap, as plain text built from a list. */

export interface SitemapEntry {
  /** Path on the site, from '/'. */
  path: string;
  lastmod: Date | null;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** A sitemap (sitemaps.org 0.9): one <url> per entry, lastmod as a W3C date-time in UTC. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString().replace(/\.\d{3}Z$/, "Z")}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Paths no crawler needs: staff, the API, checkout steps and a member's pages (those also say noindex). */
export const NOT_FOR_CRAWLERS = ["/management", "/api/", "/order/", "/memberarea", "/printinvoice/", "/printnote/", "/efatura/", "/basket"];

export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...NOT_FOR_CRAWLERS.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

/** Pages that must never be indexed (issue 27 §2): a member's, checkout, sign-in, print and staff pages. */
const NOINDEX = /^\/(memberarea|order|management|printinvoice|printnote|efatura|basket|auth|resetpass|activation|welcome|s)(\/|$)/;
export const isNoindexPath = (pathname: string) => NOINDEX.test(pathname);
