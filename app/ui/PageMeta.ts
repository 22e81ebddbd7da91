import { tr } from "~/shared/texts/tr";

/** What a route's `meta` receives that this needs: the root route's data (PUBLIC_URL) and the path. */
export interface MetaContext {
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
  location: { pathname: string };
}

/** The site's share picture (also what a page without its own shows). */
export const SITE_SHARE_IMAGE = "/img/share/site.jpg";
/** Share pictures made by scripts/make-icons.mjs and those made at upload (catalog/images.ts) are all 1200 × 630 JPEG. */
const isMadeShareImage = (path: string) => path.startsWith("/img/share/") || /^\/uploads\/products\/[a-f0-9]{32}-share\.jpg$/.test(path);

/**
 * Head tags of an indexable page (issue 27 §2): title 'Sayfa | Marka', description, the canonical link built
 * from PUBLIC_URL and the path (no query), Open Graph and Twitter card tags. `image` is a path on the site.
 */
export function pageMeta(ctx: MetaContext, p: { title: string; description: string; image?: string; type?: string }) {
  const root = ctx.matches.find((m) => m?.id === "root")?.data as { publicUrl?: string } | undefined;
  const origin = root?.publicUrl ?? "";
  const path = ctx.location.pathname.length > 1 ? ctx.location.pathname.replace(/\/+$/, "") : "/";
  const url = `${origin}${path}`;
  const title = `${p.title} | ${tr.brand.name}`;
  const image = `${origin}${p.image ?? SITE_SHARE_IMAGE}`;
  const description = p.description.length > 300 ? `${p.description.slice(0, 297).trimEnd()}…` : p.description;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: p.type ?? "website" },
    { property: "og:title", content: p.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(isMadeShareImage(p.image ?? SITE_SHARE_IMAGE)
      ? [
          { property: "og:image:type", content: "image/jpeg" },
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
        ]
      : []),
    { property: "og:image:alt", content: p.title },
    { property: "og:locale", content: "tr_TR" },
    { property: "og:site_name", content: tr.brand.name },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: p.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
