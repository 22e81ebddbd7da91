import type { Route } from "./+types/vitrin";
import * as catalog from "~/.server/catalog/service";
import { VitrinPage } from "~/features/catalog/VitrinPage";
import { istanbulDate } from "~/shared/clock";
import { storefrontTr } from "~/shared/texts/storefront.tr";
import { pageMeta } from "~/ui/PageMeta";

const t = storefrontTr.vitrin;

/** Workshop storefront (SPEC §2.11): ready products with their live stock and the 'REZERVE ET' chat button. */
export async function loader({ context }: Route.LoaderArgs) {
  const { app } = context;
  const items = await catalog.listStorefront(app);
  const chat = new URL(app.config.chatUrl);
  chat.searchParams.set("text", t.reserveText);
  return { items, today: istanbulDate(app.clock.now()), reserveUrl: chat.toString(), stock: items.reduce((n, i) => n + i.stock, 0) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: t.title, description: t.intro });
}

export default function Vitrin({ loaderData }: Route.ComponentProps) {
  return <VitrinPage loaderData={loaderData} />;
}
