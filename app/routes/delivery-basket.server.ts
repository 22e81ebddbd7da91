import type { AppContext } from "~/.server/context";
import * as basketService from "~/.server/basket/service";
import { EMPTY_BASKET, type BasketInput } from "~/.server/delivery/rules";

/**
 * The visitor's basket as the delivery rules see it (`{ itemCount, productTotal }`), for the shipping-cost
 * calculator and the delivery JSON endpoints. A visitor without a session has the empty basket. Reading a
 * member's basket may fold this browser's guest basket into it (a write), as every basket read does.
 */
export async function visitorBasket(app: AppContext, request: Request): Promise<BasketInput> {
  const owner = await basketService.ownerOf(app, request);
  if (owner.userId === null && !owner.sessionId) return EMPTY_BASKET;
  const b = await basketService.getBasket(app, owner);
  return { itemCount: b.amounts.totalItem, productTotal: b.amounts.productTotal };
}
