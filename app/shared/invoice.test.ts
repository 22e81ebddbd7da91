import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { allocate, computeInvoice, formatRate, netOf, type Invoice } from "./invoice";
import { computeAmounts } from "./amounts";

/** The two identities every printed invoice must satisfy. */
function expectAddsUp(inv: Invoice) {
  expect(inv.rows.reduce((s, r) => s + r.lineNet, 0) + inv.shippingNet - inv.discountNet - inv.bonusNet).toBe(inv.subTotal);
  expect(inv.subTotal + inv.taxes.reduce((s, t) => s + t.amount, 0)).toBe(inv.total);
  expect(inv.reductionsNet).toBe(inv.discountNet + inv.bonusNet);
  // the per-rate split the sales figures add up: the same net and tax, rate by rate
  expect(inv.byRate.reduce((s, r) => s + r.net, 0)).toBe(inv.subTotal);
  expect(inv.byRate.filter((r) => r.tax !== 0).map((r) => ({ rateBp: r.rateBp, amount: r.tax }))).toEqual(inv.taxes);
  // per line (the e-Arşiv XML's lines): what was paid, net and tax, adds up to the same totals to the kuruş
  expect(inv.rows.reduce((s, r) => s + r.paidNet, 0) + inv.shippingNet).toBe(inv.subTotal);
  expect(inv.rows.reduce((s, r) => s + r.tax, 0) + inv.shippingTax).toBe(inv.taxes.reduce((s, t) => s + t.amount, 0));
}

describe("allocate", () => {
  it("splits exactly by largest remainder", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(10, [0, 0])).toEqual([0, 0]);
    expect(allocate(1, [1, 3])).toEqual([0, 1]);
  });
});

describe("invoice arithmetic", () => {
  it("today's rates 1/10/20: rows net of tax, delivery row at 20 %, totals add up", () => {
    const inv = computeInvoice({
      lines: [
        { unitPrice: 11000, quantity: 2, taxRateBp: 1000 }, // 110 TL incl. 10 %
        { unitPrice: 10100, quantity: 1, taxRateBp: 100 },
      ],
      discountAmount: 0,
      usedBonus: 0,
      shippingCost: 6000,
      deliveryRateBp: 2000,
    });
    expect(inv.rows.map(({ taxRateBp, quantity, unitNet, lineNet }) => ({ taxRateBp, quantity, unitNet, lineNet }))).toEqual([
      { taxRateBp: 1000, quantity: 2, unitNet: 10000, lineNet: 20000 },
      { taxRateBp: 100, quantity: 1, unitNet: 10000, lineNet: 10000 },
    ]);
    expect(inv.shipping).toEqual({ taxRateBp: 2000, net: 5000, tax: 1000 });
    expect(inv).toMatchObject({ shippingNet: 5000, shippingTax: 1000, discountNet: 0, bonusNet: 0, subTotal: 35000, total: 38100 });
    expect(inv.taxes).toEqual([
      { rateBp: 100, amount: 100 },
      { rateBp: 1000, amount: 2000 },
      { rateBp: 2000, amount: 1000 },
    ]);
    expect(inv.byRate).toEqual([
      { rateBp: 100, net: 10000, tax: 100 },
      { rateBp: 1000, net: 20000, tax: 2000 },
      { rateBp: 2000, net: 5000, tax: 1000 },
    ]);
    expectAddsUp(inv);
  });

  it("historic rates 1/8/18/21: one tax line per non-zero rate, delivery at 18 %", () => {
    const inv = computeInvoice({
      lines: [
        { unitPrice: 10100, quantity: 1, taxRateBp: 100 },
        { unitPrice: 10800, quantity: 1, taxRateBp: 800 },
        { unitPrice: 11800, quantity: 1, taxRateBp: 1800 },
        { unitPrice: 12100, quantity: 1, taxRateBp: 2100 },
      ],
      discountAmount: 0,
      usedBonus: 0,
      shippingCost: 1180,
      deliveryRateBp: 1800,
    });
    expect(inv.taxes).toEqual([
      { rateBp: 100, amount: 100 },
      { rateBp: 800, amount: 800 },
      { rateBp: 1800, amount: 1800 + 180 },
      { rateBp: 2100, amount: 2100 },
    ]);
    expect(inv.shipping).toEqual({ taxRateBp: 1800, net: 1000, tax: 180 });
    expect(inv.subTotal).toBe(41000);
    expect(inv.total).toBe(10100 + 10800 + 11800 + 12100 + 1180);
    expectAddsUp(inv);
  });

  it("a rate with nothing to tax prints no tax line; no shipping cost → no delivery row", () => {
    const inv = computeInvoice({
      lines: [
        { unitPrice: 10800, quantity: 1, taxRateBp: 800 },
        { unitPrice: 0, quantity: 1, taxRateBp: 1800 },
      ],
      discountAmount: 0,
      usedBonus: 0,
      shippingCost: 0,
      deliveryRateBp: 1800,
    });
    expect(inv.taxes.map((t) => t.rateBp)).toEqual([800]);
    expect(inv.shipping).toBeNull();
    expect(inv.total).toBe(10800);
  });

  it("discount with a promo code and used points are shown separately, net of tax", () => {
    // 2 × 110 TL at 10 %, promo 22 TL, points 11 TL, shipping 60 TL at 20 %
    const inv = computeInvoice({ lines: [{ unitPrice: 11000, quantity: 2, taxRateBp: 1000 }], discountAmount: 2200, usedBonus: 1100, shippingCost: 6000, deliveryRateBp: 2000 });
    expect(inv).toMatchObject({ discountNet: 2000, bonusNet: 1000, subTotal: 20000 - 3000 + 5000 });
    expect(inv.taxes).toEqual([
      { rateBp: 1000, amount: 1700 },
      { rateBp: 2000, amount: 1000 },
    ]);
    expect(inv.total).toBe(22000 - 2200 - 1100 + 6000);
    expectAddsUp(inv);
  });

  it("reductions over several rates are spread by line value, and each rate is taxed on what was paid", () => {
    const inv = computeInvoice({
      lines: [
        { unitPrice: 10100, quantity: 1, taxRateBp: 100 },
        { unitPrice: 12000, quantity: 1, taxRateBp: 2000 },
      ],
      discountAmount: 2210, // 10 % of the products
      usedBonus: 0,
      shippingCost: 0,
      deliveryRateBp: 2000,
    });
    // 1010 of the discount falls on the 1 % line, 1200 on the 20 % line
    expect(inv.taxes).toEqual([
      { rateBp: 100, amount: 9090 - netOf(9090, 100) },
      { rateBp: 2000, amount: 10800 - netOf(10800, 2000) },
    ]);
    expect(inv.total).toBe(22100 - 2210);
    expectAddsUp(inv);
  });

  it("a fully discounted basket leaves only the delivery fee and its tax", () => {
    const inv = computeInvoice({ lines: [{ unitPrice: 4590, quantity: 3, taxRateBp: 1000 }], discountAmount: 10_000, usedBonus: 3770, shippingCost: 3999, deliveryRateBp: 2000 });
    expect(inv.taxes).toEqual([{ rateBp: 2000, amount: 3999 - netOf(3999, 2000) }]);
    expect(inv.total).toBe(3999);
    expectAddsUp(inv);
  });

  it("reductions larger than the products are capped (points never pay for delivery)", () => {
    const inv = computeInvoice({ lines: [{ unitPrice: 1000, quantity: 1, taxRateBp: 1000 }], discountAmount: 600, usedBonus: 5000, shippingCost: 1200, deliveryRateBp: 2000 });
    expect(inv.total).toBe(1200);
    expect(inv.discountNet + inv.bonusNet).toBe(inv.rows[0]!.lineNet);
    expectAddsUp(inv);
  });

  describe("rounding edge cases", () => {
    it("half a kuruş rounds away from zero, per line", () => {
      expect(netOf(3, 2000)).toBe(3); // 2.5 → 3
      expect(netOf(9, 2000)).toBe(8); // 7.5 → 8
      expect(netOf(1, 1000)).toBe(1); // 0.909… → 1
      const inv = computeInvoice({ lines: [{ unitPrice: 3, quantity: 1, taxRateBp: 2000 }, { unitPrice: 9, quantity: 1, taxRateBp: 2000 }], discountAmount: 0, usedBonus: 0, shippingCost: 0, deliveryRateBp: 2000 });
      expect(inv.rows.map((r) => r.lineNet)).toEqual([3, 8]);
      expect(inv.taxes).toEqual([{ rateBp: 2000, amount: 1 }]);
      expect(inv.total).toBe(12);
    });

    it("the line total is rounded once for the line, not unit by unit", () => {
      // 45,90 TL at 10 % is 41,7272… net: unit 41,73, but three units are 125,18 (not 125,19)
      const inv = computeInvoice({ lines: [{ unitPrice: 4590, quantity: 3, taxRateBp: 1000 }], discountAmount: 0, usedBonus: 0, shippingCost: 0, deliveryRateBp: 2000 });
      expect(inv.rows.map(({ taxRateBp, quantity, unitNet, lineNet }) => ({ taxRateBp, quantity, unitNet, lineNet }))[0]).toEqual({ taxRateBp: 1000, quantity: 3, unitNet: 4173, lineNet: 12518 });
      expect(inv.taxes).toEqual([{ rateBp: 1000, amount: 13770 - 12518 }]);
      expect(inv.total).toBe(13770);
    });

    it("a one-kuruş discount spread over three equal lines lands on one line only", () => {
      const lines = [1, 2, 3].map(() => ({ unitPrice: 1100, quantity: 1, taxRateBp: 1000 }));
      const inv = computeInvoice({ lines, discountAmount: 1, usedBonus: 2, shippingCost: 0, deliveryRateBp: 2000 });
      expect(inv.total).toBe(3300 - 3);
      expectAddsUp(inv);
    });

    it("a zero-rate line has no tax and its net is its price", () => {
      const inv = computeInvoice({ lines: [{ unitPrice: 999, quantity: 7, taxRateBp: 0 }], discountAmount: 0, usedBonus: 0, shippingCost: 0, deliveryRateBp: 2000 });
      expect(inv.rows[0]!.lineNet).toBe(6993);
      expect(inv.taxes).toEqual([]);
      expect(inv.total).toBe(6993);
    });
  });

  it("the basket's own amounts: the invoice total equals what was asked", () => {
    const lines = [
      { unitPrice: 4590, quantity: 3, taxRateBp: 1000 },
      { unitPrice: 2999, quantity: 1, taxRateBp: 2000 },
    ];
    const a = computeAmounts({ lines, promo: { kind: "percent", basisPoints: 1500 }, pointsRequested: 777, deliveryCost: 3999 });
    const inv = computeInvoice({ lines, discountAmount: a.discountAmount, usedBonus: a.usedBonus, shippingCost: a.deliveryCost, deliveryRateBp: 2000 });
    expect(inv.total).toBe(a.needToPay);
    expectAddsUp(inv);
  });

  it("property: for any order the printed parts add up exactly to what was paid", () => {
    const line = fc.record({ unitPrice: fc.integer({ min: 1, max: 300_000 }), quantity: fc.integer({ min: 1, max: 50 }), taxRateBp: fc.constantFrom(100, 800, 1000, 1800, 2000, 2100) });
    const promo = fc.oneof(
      fc.record({ kind: fc.constant("percent" as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
      fc.record({ kind: fc.constant("fixed" as const), amount: fc.integer({ min: 0, max: 500_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), promo, fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 20_000 }), fc.constantFrom(1800, 2000), (lines, p, points, ship, dbp) => {
        const a = computeAmounts({ lines, promo: p, pointsRequested: points, deliveryCost: ship });
        const inv = computeInvoice({ lines, discountAmount: a.discountAmount, usedBonus: a.usedBonus, shippingCost: a.deliveryCost, deliveryRateBp: dbp });
        expect(inv.total).toBe(a.needToPay);
        expectAddsUp(inv);
        expect(inv.discountNet).toBeGreaterThanOrEqual(0);
        expect(inv.bonusNet).toBeGreaterThanOrEqual(0);
        for (const t of inv.taxes) expect(t.amount).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe("formatRate", () => {
  it("prints the rate the Turkish way", () => {
    expect(formatRate(2000)).toBe("%20");
    expect(formatRate(100)).toBe("%1");
    expect(formatRate(150)).toBe("%1,5");
  });
});
