import { data } from "react-router";
import type { Route } from "./+types/not-found";
import * as storefront from "~/.server/storefront/service";
import { HomeView } from "~/features/catalog/HomeView";
import { tr } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";

/** Any other path shows the home screen (SPEC §2.1), answered with HTTP 404. */
export async function loader({ context }: Route.LoaderArgs) {
  return data((await storefront.getHomePage(context.app))!, { status: 404 });
}

export function meta() {
  return [...pageTitle(tr.pages.home), { name: "robots", content: "noindex" }];
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <HomeView data={loaderData} />;
}
