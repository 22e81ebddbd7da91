import { describe, expect, it } from "vitest";
import { canTransition, memberMayCancel, ORDER_STATUSES, TRANSITIONS } from "./order-status";

describe("order state machine", () => {
  it("follows received → preparing → ready → shipped/outfordelivery/collected → delivered", () => {
    const path = [["received", "preparing"], ["preparing", "ready"], ["ready", "shipped"], ["ready", "outfordelivery"], ["ready", "collected"], ["shipped", "delivered"], ["outfordelivery", "delivered"], ["collected", "delivered"]] as const;
    for (const [a, b] of path) expect(canTransition(a, b), `${a}→${b}`).toBe(true);
  });
  it("refuses skipping, going back and leaving final states", () => {
    for (const [a, b] of [["received", "shipped"], ["ready", "preparing"], ["delivered", "received"], ["refunded", "received"], ["cancelled", "received"], ["shipped", "cancelled"]] as const) {
      expect(canTransition(a, b), `${a}→${b}`).toBe(false);
    }
  });
  it("cancel is possible until dispatch, refund after cancel or delivery", () => {
    expect(ORDER_STATUSES.filter((s) => canTransition(s, "cancelled"))).toEqual(["received", "preparing", "ready"]);
    expect(ORDER_STATUSES.filter((s) => canTransition(s, "refunded"))).toEqual(["delivered", "cancelled"]);
    expect(TRANSITIONS.refunded).toEqual([]);
  });
  it("a member cancels alone only before baking", () => {
    expect(ORDER_STATUSES.filter(memberMayCancel)).toEqual(["received"]);
  });
});
