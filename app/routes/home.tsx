import { data } from "react-router";
import type { Route } from "./+types/home";
import * as storefront from "~/.server/storefront/service";
import { HomeView } from "~/features/catalog/HomeView";
import { tr } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";
import { pageMeta } from "~/ui/PageMeta";
import { getSellerIdentity } from "~/.server/seller/service";

/**
 * Home screen (SPEC §2.4): /home (main group and widgets), /home/{group}, /home/sub/{group} (this module serves
 * both route ids). An unknown group shows the main page with HTTP 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const group = params.group;
  const isSub = new URL(request.url).pathname.startsWith("/home/sub/");
  const page = await storefront.getHomePage(context.app, group ? (isSub ? { sub: group } : { group }) : {});
  if (page) return page.group.kind === "main" ? { ...page, organization: organization(context.app.config.publicUrl) } : page;
  return data((await storefront.getHomePage(context.app))!, { status: 404 });
}

/**
 * The seller behind the shop (JSON-LD Organization) for the home page: the identity the contracts name. Made
 * here, not in `meta`, so the contract texts stay out of the page's JavaScript.
 */
function organization(origin: string) {
  const s = getSellerIdentity();
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: s.brand,
    legalName: s.title,
    url: `${origin}/home`,
    logo: `${origin}/img/logo.svg`,
    email: s.email,
    telephone: s.phone,
    address: { "@type": "PostalAddress", streetAddress: s.address.line, addressLocality: s.address.district, addressRegion: s.address.city, postalCode: s.address.postalCode, addressCountry: "TR" },
    identifier: { "@type": "PropertyValue", propertyID: "MERSİS", value: s.mersis },
    vatID: s.vkn,
  };
}

export function meta(args: Route.MetaArgs) {
  const g = args.loaderData?.group;
  if (!g) return [...pageTitle(tr.pages.home), { name: "robots", content: "noindex" }];
  if (g.kind === "main") {
    const organization = args.loaderData && "organization" in args.loaderData ? [{ "script:ld+json": args.loaderData.organization }] : [];
    return [...pageMeta(args, { title: tr.pages.home, description: g.description || tr.brand.slogan }), ...organization];
  }
  return pageMeta(args, { title: g.name, description: g.description || g.headline || g.name });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView data={loaderData} />;
}
