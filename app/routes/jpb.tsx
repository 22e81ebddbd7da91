import type { Route } from "./+types/jpb";
import * as catalog from "~/.server/catalog/service";
import { storefrontTr } from "~/shared/texts/storefront.tr";
import { pageTitle } from "~/ui/PageTitle";
import { JpbPage } from "~/features/content/JpbPage";

const t = storefrontTr.jpb;

/** Landing thank-you page (SPEC §2.13), chromeless. Both buttons reload the whole document. */
export async function loader({ context }: Route.LoaderArgs) {
  const { current } = await catalog.listCookies(context.app);
  return { icons: current.map((c) => ({ pid: c.pid, name: c.name, image: c.image })) };
}

export function meta() {
  return pageTitle(t.title);
}

export default function Jpb({ loaderData }: Route.ComponentProps) {
  return <JpbPage loaderData={loaderData} />;
}
