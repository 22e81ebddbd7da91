import { describe, expect, it } from "vitest";
import { isDeliberateAbort } from "./abort";

describe("isDeliberateAbort", () => {
  it("is true only for an AbortError", () => {
    const c = new AbortController();
    c.abort();
    expect(isDeliberateAbort(c.signal.reason)).toBe(true);
    expect(isDeliberateAbort(new DOMException("x", "AbortError"))).toBe(true);
    expect(isDeliberateAbort(new DOMException("x", "TimeoutError"))).toBe(false);
    expect(isDeliberateAbort(new TypeError("Failed to fetch"))).toBe(false);
    expect(isDeliberateAbort(Object.assign(new Error("x"), { name: "AbortError" }))).toBe(false);
    expect(isDeliberateAbort(undefined)).toBe(false);
  });
});
