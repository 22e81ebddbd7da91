import { tr } from "./texts/tr";

/** Money is an integer number of kuruş everywhere; this is the one place it becomes text. */
export type Kurus = number;

/**
 * Kuruş as Intl.NumberFormat('tr-TR', {style: 'currency', currency: 'TRY'}) writes it — '₺1.234,50', '-₺5,00' —
 * without building an Intl formatter: that costs tens of milliseconds of a phone's main thread when the page
 * starts (issue 13). money.test.ts checks the output against Intl.
 */
function formatLira(kurus: Kurus): string {
  const abs = Math.abs(kurus);
  const lira = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${kurus < 0 ? "-" : ""}₺${lira},${String(abs % 100).padStart(2, "0")}`;
}

export function assertKurus(value: number): Kurus {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer kuruş amount: ${value}`);
  return value;
}

/**
 * A price or a fee (product price, delivery cost, a slot's price): '₺1.234,50', and zero shows 'Ücretsiz'
 * (SPEC §1: "a zero cost displays 'Ücretsiz'").
 */
export function formatCost(kurus: Kurus): string {
  assertKurus(kurus);
  return kurus === 0 ? tr.common.free : formatLira(kurus);
}

/**
 * An amount that is not a cost — a total, a balance of points, a discount, a refund, a threshold:
 * always lira, so zero is '₺0,00' and never 'Ücretsiz'.
 */
export function formatAmount(kurus: Kurus): string {
  assertKurus(kurus);
  return formatLira(kurus);
}

/** Lira (number or Turkish/English decimal text) to kuruş, rounding half away from zero to the kuruş. */
export function toKurus(lira: number | string): Kurus {
  const n = typeof lira === "number" ? lira : parseLira(lira);
  if (!Number.isFinite(n)) throw new RangeError(`Not an amount: ${String(lira)}`);
  return roundHalfAwayFromZero(n * 100);
}

function parseLira(text: string): number {
  const t = text.trim().replace(/\s|₺|TL/gi, "");
  // Turkish style '1.234,50' or plain '1234.50'
  const normalised = t.includes(",") ? t.replace(/\./g, "").replace(",", ".") : t;
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/** Rounds x.5 away from zero, correcting binary noise such as 1.005*100 = 100.49999. */
export function roundHalfAwayFromZero(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const abs = Math.abs(x);
  return sign * Math.round(abs + Number.EPSILON * Math.max(1, abs));
}

/** Share of an amount in basis points (1% = 100 bp), rounded to the kuruş. */
export function percentOf(kurus: Kurus, basisPoints: number): Kurus {
  return roundHalfAwayFromZero((kurus * basisPoints) / 10_000);
}

/** Discount shown on product cards: round((original − item) / original × 100), 0 when there is none. */
export function discountPercent(itemPrice: Kurus, originalPrice: Kurus): number {
  if (originalPrice <= 0 || itemPrice >= originalPrice) return 0;
  return Math.round(((originalPrice - itemPrice) / originalPrice) * 100);
}
