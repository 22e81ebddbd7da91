import { describe, expect, it } from "vitest";
import { askedQuantity } from "./useStepQueue";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("a basket line's −/+ taps", () => {
  it("read the quantity a running change asks for from its form: the field and its −/+ step", () => {
    expect(askedQuantity(form({ intent: "update", quantity: "4", step: "1" }))).toBe(5);
    expect(askedQuantity(form({ intent: "update", quantity: "4", step: "-1" }))).toBe(3);
    // Enter in the field (step 0) and a queued change (no step) ask for the field's number
    expect(askedQuantity(form({ intent: "update", quantity: "7", step: "0" }))).toBe(7);
    expect(askedQuantity(form({ intent: "update", quantity: "7" }))).toBe(7);
    // anything else is no quantity to show: another intent, a field that is not a number, no running change
    expect(askedQuantity(form({ intent: "delete", itemId: "1" }))).toBeNull();
    expect(askedQuantity(form({ intent: "update", quantity: "iki", step: "1" }))).toBeNull();
    expect(askedQuantity(form({ intent: "update", quantity: "", step: "0" }))).toBeNull();
    expect(askedQuantity(undefined)).toBeNull();
  });
});
