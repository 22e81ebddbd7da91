import { describe, expect, it } from "vitest";
import { skipAfterNetworkFailure } from "./network";

describe("skipAfterNetworkFailure", () => {
  it("keeps the page after an action that never reached the server or whose answer keeps the data", () => {
    expect(skipAfterNetworkFailure({ actionResult: { ok: false, network: true }, defaultShouldRevalidate: true })).toBe(false);
    expect(skipAfterNetworkFailure({ actionResult: { ok: true, overlay: "choose", email: "a@b.tr", keepsData: true }, defaultShouldRevalidate: true })).toBe(false);
  });
  it("otherwise does what React Router would", () => {
    expect(skipAfterNetworkFailure({ actionResult: { ok: true, overlay: "done", message: "…" }, defaultShouldRevalidate: true })).toBe(true);
    expect(skipAfterNetworkFailure({ actionResult: { ok: true, keepsData: "yes" }, defaultShouldRevalidate: true })).toBe(true);
    expect(skipAfterNetworkFailure({ actionResult: undefined, defaultShouldRevalidate: false })).toBe(false);
    expect(skipAfterNetworkFailure({ defaultShouldRevalidate: true })).toBe(true);
  });
});
