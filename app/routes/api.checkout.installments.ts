import { data } from "react-router";
import type { Route } from "./+types/api.checkout.installments";
import * as checkout from "~/.server/checkout/service";
import * as payments from "~/.server/payments/service";
import { hit, perClient } from "~/.server/ratelimit/service";
import { tr } from "~/shared/texts/tr";
import { installmentsTr } from "~/shared/texts/installments.tr";
import { loadCheckout } from "./order-guard.server";

/**
 * GET /api/checkout/installments?bin=<6 or 8 digits> — the installment table (issue 27 §3) of a card for what the
 * visitor's own basket costs now (the amount is never taken from the request). Not cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const bin = new URL(request.url).searchParams.get("bin") ?? "";
  const headers = { "Cache-Control": "no-store" };
  if (!/^\d{6}(\d{2})?$/.test(bin)) return data({ ok: false as const, error: installmentsTr.errors.badBin }, { status: 400, headers });
  const { basket, state } = await loadCheckout(context, request, 2);
  const limited = await hit(context.app, perClient("checkout-installments", context.clientIp), checkout.INSTALLMENT_TABLE_LIMIT.limit, checkout.INSTALLMENT_TABLE_LIMIT.windowSeconds);
  if (!limited.allowed) return data({ ok: false as const, error: tr.errors.tooManyRequests }, { status: 429, headers: { ...headers, "Retry-After": String(limited.retryAfterSeconds) } });
  const amount = checkout.finalAmounts(basket, state).needToPay;
  const table = await payments.installmentTable(context.app, bin, amount);
  return data({ ok: true as const, amount, table }, { headers });
}
