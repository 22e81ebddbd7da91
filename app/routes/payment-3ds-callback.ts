import { redirect } from "react-router";
import { refusal } from "~/.server/http/refuse";
import type { Route } from "./+types/payment-3ds-callback";
import { completeThreeDs } from "~/.server/flows/place-order";
import type { CallbackFields } from "~/.server/payments/gateway";

/**
 * The provider's 3-D Secure callback: a POST from the bank page (iyzico) or a GET from the sandbox bank.
 * Verified and idempotent (flows/place-order completeThreeDs → payments.completeChallenge, then the order); the buyer is then sent on with a 303 (a top-level GET,
 * so the session cookie is sent again even though the callback came from another site).
 */
const FIELDS = ["status", "paymentId", "conversationId", "conversationData", "mdStatus", "signature"] as const;

function pick(get: (k: string) => unknown): CallbackFields {
  const f: CallbackFields = {};
  for (const k of FIELDS) {
    const v = get(k);
    if (typeof v === "string" && v.length <= 512) f[k] = v;
  }
  return f;
}

async function handle(context: Route.LoaderArgs["context"], id: string, fields: CallbackFields) {
  const r = await completeThreeDs(context.app, id, fields);
  if (!r) throw refusal(null, 404);
  if (r.status === "rejected") throw refusal(null, 400);
  return redirect(r.redirectTo, 303);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  return handle(context, params.id, pick((k) => q.get(k)));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  return handle(context, params.id, pick((k) => form.get(k)));
}
