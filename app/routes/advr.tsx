import type { Route } from "./+types/advr";
import * as catalog from "~/.server/catalog/service";
import { storefrontTr } from "~/shared/texts/storefront.tr";
import { pageTitle } from "~/ui/PageTitle";
import { AdvrPage, BANNER_PRODUCT } from "~/features/content/AdvrPage";

const t = storefrontTr.advr;
/** The banner shows when the rounded discount is above this percent (SPEC §2.13, §9). */
const BANNER_ABOVE = 10;

/** Advert landing page (SPEC §2.13), chromeless. */
export async function loader({ context }: Route.LoaderArgs) {
  const p = await catalog.getProduct(context.app, BANNER_PRODUCT);
  return { discount: p && p.discount > BANNER_ABOVE ? p.discount : null };
}

export function meta() {
  return [...pageTitle(t.title), { name: "description", content: t.text[0] }];
}

export default function Advr({ loaderData }: Route.ComponentProps) {
  return <AdvrPage loaderData={loaderData} />;
}
