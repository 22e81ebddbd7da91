import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { discountPercent, formatAmount, formatCost, percentOf, roundHalfAwayFromZero, toKurus } from "./money";

const nbsp = (s: string) => s.replace(/\u00a0/g, " ");

describe("money", () => {
  it("formats kuruş as Turkish lira with the symbol", () => {
    for (const format of [formatCost, formatAmount]) {
      expect(nbsp(format(123450))).toBe("₺1.234,50");
      expect(nbsp(format(5))).toBe("₺0,05");
      expect(nbsp(format(100))).toBe("₺1,00");
    }
  });
  it("a zero cost shows 'Ücretsiz'; a zero amount (a points balance, a total) shows ₺0,00", () => {
    expect(formatCost(0)).toBe("Ücretsiz");
    expect(nbsp(formatAmount(0))).toBe("₺0,00");
  });
  it("refuses non-integer kuruş", () => {
    expect(() => formatCost(1.5)).toThrow(RangeError);
    expect(() => formatAmount(1.5)).toThrow(RangeError);
  });
  it("parses lira to kuruş, rounding half away from zero", () => {
    expect(toKurus("1.234,50")).toBe(123450);
    expect(toKurus("12.5")).toBe(1250);
    expect(toKurus(1.005)).toBe(101);
    expect(toKurus("₺ 7,99")).toBe(799);
    expect(() => toKurus("abc")).toThrow(RangeError);
  });
  it("rounds x.5 away from zero", () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
  });
  it("percentOf in basis points stays an integer and never exceeds the amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (k, bp) => {
        const p = percentOf(k, bp);
        return Number.isInteger(p) && p >= 0 && p <= k;
      }),
    );
  });
  it("discount percent is round((original − item) / original × 100), no decimals", () => {
    expect(discountPercent(8000, 10000)).toBe(20);
    expect(discountPercent(8950, 10000)).toBe(11); // 10.5 → 11
    expect(discountPercent(9000, 10000)).toBe(10);
    expect(discountPercent(10000, 10000)).toBe(0);
    expect(discountPercent(12000, 10000)).toBe(0);
    expect(discountPercent(100, 0)).toBe(0);
  });
});

describe("formatAmount without Intl", () => {
  it("writes exactly what Intl.NumberFormat('tr-TR', TRY) writes", () => {
    const intl = new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const values = [1, 5, 10, 99, 100, 101, 999, 1000, 12345, 100000, 123456, 1234567, 99999999, 100000000, 123456789012, -1, -500, -123456];
    for (let i = 0; i < 200; i++) values.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))) * (i % 7 === 0 ? -1 : 1));
    for (const k of values) {
      if (k === 0) continue; // Intl writes -0 as '-₺0,00'; zero is checked above
      expect(formatAmount(k), String(k)).toBe(intl.format(k / 100));
    }
  });
});
