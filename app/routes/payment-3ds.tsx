import { redirect } from "react-router";
import { refusal } from "~/.server/http/refuse";
import type { Route } from "./+types/payment-3ds";
import * as payments from "~/.server/payments/service";
import { ThreeDsChallengePage } from "~/features/payments/ThreeDsChallengePage";
import { fmt } from "~/shared/texts/tr";
import { paymentTr } from "~/shared/texts/payment.tr";
import { pageTitle } from "~/ui/PageTitle";

const t = paymentTr.threeDs;

export function meta() {
  return pageTitle(t.title);
}

export const headers = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

/**
 * The 3-D Secure step (issue 9). Sandbox: the test bank's challenge page with the code shown, an input, 'Onayla'
 * and 'İptal'. iyzico: the bank's own page, served at /odeme/3ds/:id/banka by payments/http.ts.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await payments.challengePage(context.app, params.id);
  if (!page) throw refusal(null, 404);
  if (page.kind === "finished") throw redirect(page.redirectTo);
  if (page.kind === "provider") throw redirect(`/odeme/3ds/${encodeURIComponent(params.id)}/banka`);
  return { amount: page.amount, lastFour: page.lastFour, bankName: page.bankName, code: page.code, triesLeft: page.triesLeft };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const answer = form.get("intent") === "cancel" ? ({ cancel: true } as const) : { code: String(form.get("code") ?? "").slice(0, 12) };
  const r = await payments.answerChallenge(context.app, params.id, answer);
  if (!r) throw refusal(null, 404);
  // 200, not 422: a wrong code is an expected answer of the form (the browser logs 4xx fetches as errors)
  if ("wrong" in r) return { error: fmt(t.wrongCode, { left: r.triesLeft }) };
  throw redirect(r.redirectTo, 303);
}

export default function ThreeDsChallenge({ loaderData, actionData }: Route.ComponentProps) {
  return <ThreeDsChallengePage loaderData={loaderData} actionData={actionData} />;
}
