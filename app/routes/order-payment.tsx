import { data, redirect } from "react-router";
import { z } from "zod/mini";
import type { Route } from "./+types/order-payment";
import * as accounts from "~/.server/accounts/service";
import * as checkout from "~/.server/checkout/service";
import * as payments from "~/.server/payments/service";
import { loadCheckout } from "./order-guard.server";
import type { OverlayResult } from "~/features/checkout/LoginOverlay";
import { OrderPaymentPage } from "~/features/checkout/OrderPaymentPage";
import { binFrom, parseInstallmentCount } from "~/shared/installments";
import { CARD_TYPES } from "~/shared/card";
import { istanbulParts } from "~/shared/clock";
import { paymentEmailSchema, quickMembershipSchema } from "~/shared/checkout-forms";
import { normalizeEmail } from "~/shared/account";
import { LIMITS } from "~/shared/constants";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { catchNetworkFailure, skipAfterNetworkFailure } from "~/ui/network";
import { pageTitle } from "~/ui/PageTitle";

const t = checkoutTr.payment;

export function meta() {
  return [...pageTitle(t.title), { name: "robots", content: "noindex" }];
}

/** Payment step (SPEC §2.8 step 2): saved card or a new card, e-mail for notices, and the login overlay for guests. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  const { basket, state, session } = await loadCheckout(context, request, 2);
  const member = Boolean(session.user);
  const cards = member ? await payments.listSavedCards(app, session.user!.id) : [];
  const now = istanbulParts(app.clock.now());
  return data(
    {
      amounts: checkout.finalAmounts(basket, state),
      member,
      cards,
      email: state.email ?? session.user?.email ?? accounts.knownEmail(request) ?? "",
      payment: state.payment,
      now: { year: now.year, month: now.month },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const saveSchema = z.object({
  email: paymentEmailSchema,
  mode: z.enum(["new", "saved"]),
  savedCard: z.optional(z.string()),
  saveCard: z.boolean(),
  cardHolder: z.string().check(z.trim(), z.maxLength(LIMITS.cardHolderMax)),
  lastFour: z.union([z.optional(z.string().check(z.regex(/^\d{4}$/))), z.literal("")]),
  cardType: z.union([z.optional(z.enum(CARD_TYPES)), z.literal("")]),
});

type ActionResult = { ok: false; error: string; field?: string } | OverlayResult;

const str = (form: FormData, k: string) => (typeof form.get(k) === "string" ? String(form.get(k)) : "");

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = context;
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const { basket, state, session } = await loadCheckout(context, request, 2);
  const intent = str(form, "intent");
  const fail = (error: string, field?: string) => data<ActionResult>({ ok: false, error, field });

  if (intent === "guest") {
    await checkout.chooseGuest(app, basket.id);
    throw redirect("/order/confirm");
  }
  if (intent === "signin") {
    const r = await accounts.signIn(app, request, { email: state.email ?? "", password: str(form, "password"), ip: context.clientIp });
    if (!r.ok) return data<ActionResult>({ ok: false, error: r.error, field: "password" });
    throw redirect("/order/confirm", { headers: r.headers });
  }
  if (intent === "quick") {
    const q = quickMembershipSchema.safeParse({ name: str(form, "name"), pass: str(form, "pass"), pass2: str(form, "pass2") });
    if (!q.success) return fail(q.error.issues[0]!.message, String(q.error.issues[0]!.path[0] ?? "name"));
    const r = await accounts.register(app, { email: state.email ?? "", password: q.data.pass, name: q.data.name, ip: context.clientIp, marketing: form.get("marketing") === "on" });
    if (!r.ok) return fail(r.error);
    await checkout.chooseGuest(app, basket.id);
    return data<ActionResult>({ ok: true, overlay: "done", message: checkoutTr.overlay.quickDone });
  }

  // intent 'save': the non-secret part of the payment form (the card itself stays in the browser's memory);
  // a guest's saves are limited per client, as sign-in is
  if (!session.user) {
    const limited = await checkout.guestSaveLimited(app, context.clientIp);
    if (limited) return data<ActionResult>({ ok: false, error: limited.error }, { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } });
  }
  const parsed = saveSchema.safeParse({
    email: str(form, "email"),
    mode: str(form, "mode") === "saved" ? "saved" : "new",
    savedCard: str(form, "savedCard") || undefined,
    saveCard: form.get("saveCard") === "on",
    cardHolder: str(form, "cardHolder"),
    lastFour: str(form, "lastFour"),
    cardType: str(form, "cardType"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail(issue.path[0] === "email" ? issue.message : t.invalid, String(issue.path[0] ?? ""));
  }
  const p = parsed.data;
  // installments (issue 27): the count and the total the shopper picked, checked against the provider's table
  const savedBin = p.mode === "saved" && session.user ? (await payments.listSavedCards(app, session.user.id)).find((c) => String(c.cardId) === p.savedCard)?.cardBin : undefined;
  const total = Number(str(form, "installmentTotal"));
  const inst = await checkout.checkInstallmentChoice(
    app,
    { count: parseInstallmentCount(str(form, "installment")), bin: savedBin ?? binFrom(str(form, "bin")), total: Number.isSafeInteger(total) ? total : null },
    checkout.finalAmounts(basket, state).needToPay,
  );
  if (!inst.ok) return fail(inst.message, "installment");
  let payment: checkout.PaymentState;
  if (p.mode === "saved") {
    const cards = session.user ? await payments.listSavedCards(app, session.user.id) : [];
    const card = cards.find((c) => String(c.cardId) === p.savedCard);
    if (!card) return fail(t.savedCardRequired, "savedCard");
    payment = { mode: "saved", savedCardId: card.cardId, saveCard: false, lastFour: card.cardLastFour, cardType: card.cardType, installment: inst.choice.count, bin: inst.choice.bin };
  } else {
    if (!p.cardHolder || !p.lastFour || !p.cardType) return fail(t.jsNeeded);
    payment = { mode: "new", saveCard: Boolean(session.user) && p.saveCard, cardHolder: p.cardHolder, lastFour: p.lastFour, cardType: p.cardType, installment: inst.choice.count, bin: inst.choice.bin };
  }
  try {
    await checkout.savePayment(app, basket.id, normalizeEmail(p.email), payment);
  } catch (err) {
    app.log.error({ err, requestId: context.requestId }, "payment info save failed");
    return fail(t.saveFailed);
  }
  if (session.user || state.guestChosen) throw redirect("/order/confirm");
  // SPEC §4 asks whether the e-mail has an account; answering that would tell anyone (issue 23 §3): every guest
  // gets the same choice — sign in, quick membership, or go on without signing in. The page shows nothing the
  // save changed (its fields keep what was typed), so it keeps its data: no reload of every loader (keepsData)
  return data<ActionResult>({ ok: true, overlay: "choose", email: p.email, keepsData: true });
}

/** A request that never reached the server keeps the page (no reload that would fail too). */
export const shouldRevalidate = skipAfterNetworkFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return catchNetworkFailure(serverAction);
}

export default function OrderPayment({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderPaymentPage loaderData={loaderData} actionData={actionData} />;
}
