import { data, redirect } from "react-router";
import type { Route } from "./+types/basket";
import * as accounts from "~/.server/accounts/service";
import * as basketService from "~/.server/basket/service";
import { BasketPage } from "~/features/basket/BasketPage";
import { askedLineQuantity, giftNoteFormSchema, lineQuantitySchema, promoCodeSchema } from "~/shared/basket-forms";
import type { BasketActionResult, BasketIntent } from "~/features/basket/types";
import { basketTr } from "~/shared/texts/basket.tr";
import { fmt } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";
import { catchNetworkFailure, skipAfterNetworkFailure } from "~/ui/network";

/**
 * The basket page (SPEC §2.7) and the one action every 'add to basket' posts to (product detail, list cards,
 * suggestions). Works without JavaScript: each control is a form posting an `intent`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  const owner = await basketService.ownerOf(app, request);
  const basket = await basketService.getBasket(app, owner, { applyReservation: true });
  if (basket.items.length === 0) throw redirect("/home");
  const suggestions = await basketService.suggestions(app, basket);
  return data({ basket, suggestions, member: owner.userId !== null }, { headers: { "Cache-Control": "no-store" } });
}

export function meta() {
  return [...pageTitle(basketTr.title), { name: "robots", content: "noindex" }];
}

const INTENTS = ["add", "update", "delete", "clear", "clear-ask", "checkout", "promo-apply", "promo-remove", "points-use", "points-remove"] as const;

function str(form: FormData, key: string): string {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
}

function intId(form: FormData, key: string): number | null {
  const v = str(form, key);
  return /^\d{1,9}$/.test(v) ? Number(v) : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = context;
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const intent = str(form, "intent") as BasketIntent;
  if (!(INTENTS as readonly string[]).includes(intent)) return data<BasketActionResult>({ ok: false, intent: "update", text: basketTr.updateFailedRetry }, { status: 400 });
  const { owner, headers } = await basketService.ensureOwner(app, request);
  const answer = (r: BasketActionResult, status = 200) => data(r, { status, headers });

  switch (intent) {
    case "add": {
      const productId = intId(form, "productId");
      const quantity = lineQuantitySchema.safeParse(str(form, "quantity") || "1");
      if (productId === null) return answer({ ok: false, intent, text: fmt(basketTr.addFailed, { error: basketTr.errors.notFound }) });
      if (!quantity.success) return answer({ ok: false, intent, text: fmt(basketTr.addFailed, { error: basketTr.errors.quantity }) });
      const r = await basketService.addItem(app, owner, {
        productId,
        quantity: quantity.data,
        variant: str(form, "variant") || null,
        boxType: form.has("activeBoxType") ? str(form, "activeBoxType") || null : null,
      });
      return answer(r.ok ? { ok: true, intent, text: basketTr.added } : { ok: false, intent, text: fmt(basketTr.addFailed, { error: r.error }) });
    }
    case "update": {
      const itemId = intId(form, "itemId");
      const quantity = askedLineQuantity(form) ?? Number.NaN;
      if (itemId === null || !Number.isInteger(quantity) || quantity < 1 || quantity > 999) {
        return answer({ ok: false, intent, text: fmt(basketTr.updateFailed, { error: basketTr.errors.quantity }) });
      }
      const r = await basketService.updateItem(app, owner, itemId, quantity);
      return answer(r.ok ? { ok: true, intent } : { ok: false, intent, text: fmt(basketTr.updateFailed, { error: r.error }) });
    }
    case "delete": {
      const itemId = intId(form, "itemId");
      const r = itemId === null ? ({ ok: false, error: basketTr.errors.itemNotFound } as const) : await basketService.removeItem(app, owner, itemId);
      return answer(r.ok ? { ok: true, intent } : { ok: false, intent, text: fmt(basketTr.updateFailed, { error: r.error }) });
    }
    case "clear-ask":
      // without JavaScript the confirmation is a second form on the page
      return answer({ ok: true, intent, confirmClear: true });
    case "clear": {
      const r = await basketService.clear(app, owner);
      if (!r.ok) return answer({ ok: false, intent, text: basketTr.clearFailed });
      throw redirect("/home", { headers });
    }
    case "checkout": {
      const note = giftNoteFormSchema.safeParse({ notes: str(form, "notes"), withMedia: form.get("withMedia") === "on", link: str(form, "link") });
      if (!note.success) {
        const issue = note.error.issues[0];
        return answer({ ok: false, intent, text: issue?.message ?? basketTr.giftNote.saveFailed, field: issue?.path[0] === "link" ? "link" : "notes" });
      }
      const r = await basketService.setNote(app, owner, note.data);
      if (!r.ok) return answer({ ok: false, intent, text: basketTr.giftNote.saveFailed });
      // straight to the first step (what /order redirects to): a hop less costs a phone a round trip, a route
      // manifest fetch and a redirect handled in the browser (issue 24 §2)
      throw redirect("/order/delivery", { headers });
    }
    case "promo-apply": {
      const code = promoCodeSchema.safeParse(str(form, "promoCode"));
      if (!code.success) return answer({ ok: false, intent, text: fmt(basketTr.promo.failed, { error: code.error.issues[0]?.message ?? "" }), kind: "promoError" });
      const r = await basketService.applyPromo(app, owner, code.data, context.clientIp);
      return answer(r.ok ? { ok: true, intent, text: basketTr.promo.applied } : { ok: false, intent, text: fmt(basketTr.promo.failed, { error: r.error }), kind: "promoError" });
    }
    case "promo-remove": {
      const r = await basketService.removePromo(app, owner);
      return answer(r.ok ? { ok: true, intent, text: basketTr.promo.removed } : { ok: false, intent, text: basketTr.promo.removeFailed });
    }
    case "points-use":
    case "points-remove": {
      const r = await basketService.setPoints(app, owner, intent === "points-use");
      if (r.ok) return answer({ ok: true, intent, text: r.message });
      return answer({ ok: false, intent, text: r.error });
    }
  }
}

/** A request that never reached the server keeps the page (no reload that would fail too). */
export const shouldRevalidate = skipAfterNetworkFailure;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return catchNetworkFailure(serverAction);
}

export default function Basket({ loaderData, actionData }: Route.ComponentProps) {
  return <BasketPage {...loaderData} actionData={actionData} />;
}
