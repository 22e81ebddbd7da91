import { redirect } from "react-router";
import type { RequestContext } from "~/.server/context";
import * as basketService from "~/.server/basket/service";
import * as checkout from "~/.server/checkout/service";
import * as accounts from "~/.server/accounts/service";

export const STEP_PATHS = { 1: "/order/delivery", 2: "/order/payment", 3: "/order/confirm" } as const;

/**
 * Loads what every checkout step needs and enforces the order of steps: an empty basket goes home,
 * a step whose previous steps are not done goes to the first open one.
 */
export async function loadCheckout(ctx: RequestContext, request: Request, step: 1 | 2 | 3) {
  const session = await accounts.getSession(ctx.app, request);
  // the steps show the points spent, not the balance: it is read only when the basket spends some; the steps'
  // state comes with the basket, in its statement
  const found = await basketService.getBasket(ctx.app, { sessionId: session.sessionId, userId: session.user?.id ?? null }, { pointsWhenSpent: true, companion: checkout.stateCompanion });
  if (found.id === null || found.items.length === 0) throw redirect("/home");
  const basket = found as checkout.OpenBasket;
  const state = checkout.stateOf(ctx.app, basket.id, found.companion);
  const reachable = checkout.reachableStep(state, Boolean(session.user));
  if (step > reachable) throw redirect(STEP_PATHS[reachable]);
  return { basket, state, session, reachable };
}
