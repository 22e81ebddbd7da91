import type { Route } from "./+types/nutrition";
import * as catalog from "~/.server/catalog/service";
import { NutritionPage } from "~/features/catalog/NutritionPage";
import { nutritionPage } from "~/shared/texts/content.tr";
import { pageMeta } from "~/ui/PageMeta";

/** Nutrition (SPEC §2.5): per-100 g table and the static catalogue of 15 current and 2 archived cookies. */
export async function loader({ context }: Route.LoaderArgs) {
  return { cookies: await catalog.listCookies(context.app), text: nutritionPage };
}

export function meta(args: Route.MetaArgs) {
  const text = args.loaderData?.text;
  return text ? pageMeta(args, { title: text.title, description: text.intro }) : [];
}

export default function Nutrition({ loaderData }: Route.ComponentProps) {
  return <NutritionPage loaderData={loaderData} />;
}
