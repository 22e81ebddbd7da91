import { z } from "zod/mini";

/**
 * The customer pages validate with zod/mini (the same checks as zod, a quarter of the bytes in the browser).
 * Its missing helper: zod's preprocess, `fn` first and then `schema`.
 */
export const preprocess = <T extends z.ZodMiniType>(fn: (v: unknown) => unknown, schema: T) => z.pipe(z.transform(fn), schema);

/** Anything with zod's issues (a zod or zod/mini error). */
export interface Issues {
  issues: readonly z.core.$ZodIssue[];
}

/** The first message per field (the top-level key of its path; `rootKey` for an issue of the whole form). */
export function fieldErrors(error: Issues, rootKey = "_"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? rootKey)] ??= issue.message;
  return out;
}

/**
 * A whole number as typed: decimal digits only, nothing around them (Number() would also take '0x10', '1e3',
 * ' 12 ' and '+12'). Anything else is NaN, refused by the schema with its message.
 */
export function digitsOnly(v: unknown): number {
  if (typeof v === "number") return v;
  return typeof v === "string" && /^[0-9]{1,15}$/.test(v) ? Number(v) : Number.NaN;
}
