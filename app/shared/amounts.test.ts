import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computeAmounts, discountLabel, withDelivery, type PromoRule } from "./amounts";

const line = fc.record({ unitPrice: fc.integer({ min: 0, max: 500_000 }), quantity: fc.integer({ min: 0, max: 999 }) });
const promo: fc.Arbitrary<PromoRule | null> = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant("percent" as const), basisPoints: fc.integer({ min: 0, max: 10_000 }), minBasket: fc.integer({ min: 0, max: 100_000 }) }),
  fc.record({ kind: fc.constant("fixed" as const), amount: fc.integer({ min: 0, max: 1_000_000 }), minBasket: fc.integer({ min: 0, max: 100_000 }) }),
);

describe("computeAmounts", () => {
  it("example: products → promo → points → delivery", () => {
    const a = computeAmounts({
      lines: [
        { unitPrice: 4550, quantity: 2 },
        { unitPrice: 12990, quantity: 1 },
      ],
      promo: { kind: "percent", basisPoints: 1000 },
      pointsRequested: 1000,
      deliveryCost: 2999,
    });
    expect(a).toEqual({ totalItem: 3, productTotal: 22090, discountAmount: 2209, usedBonus: 1000, deliveryCost: 2999, needToPay: 21880, promoApplies: true });
  });

  it("percent discount rounds half away from zero to the kuruş", () => {
    expect(computeAmounts({ lines: [{ unitPrice: 1005, quantity: 1 }], promo: { kind: "percent", basisPoints: 5000 } }).discountAmount).toBe(503);
  });

  it("a minimum basket not met means no discount", () => {
    const a = computeAmounts({ lines: [{ unitPrice: 9999, quantity: 1 }], promo: { kind: "fixed", amount: 2000, minBasket: 10000 } });
    expect(a.discountAmount).toBe(0);
    expect(a.promoApplies).toBe(false);
    expect(computeAmounts({ lines: [{ unitPrice: 10000, quantity: 1 }], promo: { kind: "fixed", amount: 2000, minBasket: 10000 } }).discountAmount).toBe(2000);
  });

  it("points never pay for delivery and never exceed what is left after the promo", () => {
    const a = computeAmounts({ lines: [{ unitPrice: 5000, quantity: 1 }], promo: { kind: "fixed", amount: 4000 }, pointsRequested: 99999, deliveryCost: 1500 });
    expect(a).toMatchObject({ discountAmount: 4000, usedBonus: 1000, needToPay: 1500 });
  });

  it("property: integers, never negative, and the parts add up", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), promo, fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 50_000 }), (lines, p, points, delivery) => {
        const a = computeAmounts({ lines, promo: p, pointsRequested: points, deliveryCost: delivery });
        for (const v of [a.productTotal, a.discountAmount, a.usedBonus, a.deliveryCost, a.needToPay]) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(a.discountAmount).toBeLessThanOrEqual(a.productTotal);
        expect(a.usedBonus).toBeLessThanOrEqual(a.productTotal - a.discountAmount);
        expect(a.needToPay).toBe(a.productTotal - a.discountAmount - a.usedBonus + a.deliveryCost);
        expect(a.needToPay).toBeGreaterThanOrEqual(a.deliveryCost);
      }),
      { numRuns: 1000 },
    );
  });

  it("property: hostile inputs (negative, fractional) are clamped, not trusted", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), (price, qty) => {
        const a = computeAmounts({ lines: [{ unitPrice: price, quantity: qty }], pointsRequested: -5, deliveryCost: -7 });
        expect(a.needToPay).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(a.needToPay)).toBe(true);
      }),
    );
  });
});

describe("withDelivery", () => {
  it("equals computing with the delivery cost from the start", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), promo, fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 9_999 }), (lines, p, pts, d) => {
        const direct = computeAmounts({ lines, promo: p, pointsRequested: pts, deliveryCost: d });
        expect(withDelivery(computeAmounts({ lines, promo: p, pointsRequested: pts }), d)).toEqual(direct);
      }),
    );
  });
});

describe("discountLabel", () => {
  it("names the code in every summary's discount line, and never leaves empty brackets", () => {
    expect(discountLabel("HOSGELDIN10")).toBe("İndirim (HOSGELDIN10)");
    expect(discountLabel(null)).toBe("İndirim");
    expect(discountLabel(undefined)).toBe("İndirim");
    expect(discountLabel("  ")).toBe("İndirim");
  });
});
