import type { Route } from "./+types/hedef81";
import { hedef81 } from "~/shared/texts/content.tr";
import { pageMeta } from "~/ui/PageMeta";
import { Hedef81Page } from "~/features/content/Hedef81Page";

/** HEDEF81 campaign page (SPEC §2.5): the 38 winning cities with photos, last updated 25 March 2018. Also /mcapphedef81. */
export function loader() {
  return { page: hedef81 };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  return page ? pageMeta(args, { title: page.title, description: page.intro[0] ?? page.title }) : [];
}

export default function Hedef81({ loaderData }: Route.ComponentProps) {
  return <Hedef81Page loaderData={loaderData} />;
}
