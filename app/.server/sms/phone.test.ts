import { describe, expect, it } from "vitest";
import { trMobile } from "./phone";

describe("a buyer's mobile number", () => {
  it.each([
    ["5321234567", "+905321234567"],
    ["05321234567", "+905321234567"],
    ["+90 532 123 45 67", "+905321234567"],
    ["0 (532) 123-45-67", "+905321234567"],
    ["905051234567", "+905051234567"],
  ])("%s is the mobile %s", (raw, e164) => {
    expect(trMobile(raw)).toEqual({ e164, international: `+90 ${e164.slice(3, 6)} ${e164.slice(6, 9)} ${e164.slice(9, 11)} ${e164.slice(11)}`, digits: e164.slice(1) });
  });

  it.each([
    ["2121234567", "an İstanbul landline"],
    ["+4915112345678", "a German mobile"],
    ["53212345", "too short"],
    ["", "empty"],
    [null, "missing"],
    ["abc", "not a number"],
  ])("%s gets no SMS (%s)", (raw: string | null, _why: string) => {
    expect(trMobile(raw)).toBeNull();
  });
});
