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
