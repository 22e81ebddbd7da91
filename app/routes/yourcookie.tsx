import { storefrontTr } from "~/shared/texts/storefront.tr";
import { pageTitle } from "~/ui/PageTitle";
import { YourCookiePage } from "~/features/catalog/YourCookiePage";

const t = storefrontTr.wizard;

export function meta() {
  return [...pageTitle(t.title), { name: "description", content: t.intro }];
}

export default function YourCookie() {
  return <YourCookiePage />;
}
