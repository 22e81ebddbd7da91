import type { Route } from "./+types/sss";
import * as pages from "~/.server/site/pages";
import { sss } from "~/shared/texts/content.tr";
import { pageMeta } from "~/ui/PageMeta";
import { FaqPage } from "~/features/content/FaqPage";

/**
 * FAQ (SPEC §2.5), also served chromeless as /mcappsss. The questions are the staff's text when they have
 * edited it (/management/pages), else the one in the code; answers open without JavaScript.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { page } = await pages.FAQ.get(context.app);
  return { faq: { ...page, contactPrompt: sss.contactPrompt, contactLink: sss.contactLink } };
}

export function meta(args: Route.MetaArgs) {
  const faq = args.loaderData?.faq;
  return faq ? pageMeta(args, { title: faq.title, description: faq.intro }) : [];
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  return <FaqPage loaderData={loaderData} />;
}
