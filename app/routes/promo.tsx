import { data, redirect } from "react-router";
import type { Route } from "./+types/promo";
import * as accounts from "~/.server/accounts/service";
import * as basketService from "~/.server/basket/service";
import * as promos from "~/.server/promos/service";
import { PromoPage, type Answer } from "~/features/basket/PromoPage";
import { promoCodeSchema } from "~/shared/basket-forms";
import { basketTr } from "~/shared/texts/basket.tr";
import { catchNetworkFailure } from "~/ui/network";
import { pageTitle } from "~/ui/PageTitle";

const t = basketTr.redeem;

/**
 * Promo-code redemption /p/{code} (SPEC §2.13, §4): the code is reserved on the server for this visitor and
 * applied automatically the next time the basket loads. With JavaScript the page reserves at once and shows the
 * wait message meanwhile; without it a button does the same.
 */
export function loader({ params }: Route.LoaderArgs) {
  const code = (params.code ?? "").trim();
  if (!code) throw redirect("/home");
  return data({ code: code.slice(0, 40) }, { headers: { "Cache-Control": "no-store" } });
}

export function meta() {
  return [...pageTitle(t.title), { name: "robots", content: "noindex" }];
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const code = promoCodeSchema.safeParse(params.code ?? "");
  if (!code.success) return data<Answer>({ ok: false, error: basketTr.promo.errors.notFound });
  const { owner, headers } = await basketService.ensureOwner(context.app, request);
  const r = await promos.reserve(context.app, { sessionId: owner.sessionId!, userId: owner.userId, code: code.data, ip: context.clientIp });
  return data<Answer>(r.ok ? { ok: true, code: r.promo.code } : { ok: false, error: r.error }, { headers });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return catchNetworkFailure(serverAction);
}

export default function Promo({ loaderData, actionData }: Route.ComponentProps) {
  return <PromoPage loaderData={loaderData} actionData={actionData} />;
}
