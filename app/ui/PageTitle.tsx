import { tr } from "~/shared/texts/tr";

/** Document title in one format: 'Sayfa | Marka'. */
export function pageTitle(title: string): { title: string }[] {
  return [{ title: `${title} | ${tr.brand.name}` }];
}
