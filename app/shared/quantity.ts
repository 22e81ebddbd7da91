import { z } from "zod/mini";
import { LIMITS } from "./constants";
import { catalogTr } from "./texts/catalog.tr";

const t = catalogTr.detail;

/** Product quantity (SPEC §5): required, digits only, at most 3 characters, at least 1. Browser and server. */
export const quantitySchema = z
  .pipe(
    z.string().check(z.trim(), z.minLength(1, t.quantityRequired), z.maxLength(LIMITS.quantityMaxChars, t.quantityDigits), z.regex(/^\d+$/, t.quantityDigits)),
    z.transform(Number),
  )
  .check(z.refine((n) => n >= LIMITS.quantityMin, t.quantityMin));

/** The first error message for a typed quantity, or null when it is valid. */
export function quantityError(value: string): string | null {
  const r = quantitySchema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? t.quantityRequired);
}

/** Minus never goes below 1; plus stops at 999. Non-numbers count as 1. */
export function stepQuantity(value: string, delta: number): string {
  const n = /^\d+$/.test(value) ? Number(value) : 1;
  return String(Math.min(LIMITS.quantityMax, Math.max(LIMITS.quantityMin, n + delta)));
}
