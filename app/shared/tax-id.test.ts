import { describe, expect, it } from "vitest";
import { isValidTaxId, isValidTckn, isValidVkn } from "./tax-id";
import { mobilePhoneError } from "./phone";

describe("TCKN", () => {
  it("accepts valid numbers and refuses bad check digits, leading zero and wrong length", () => {
    expect(isValidTckn("10000000146")).toBe(true);
    expect(isValidTckn("10000000147")).toBe(false);
    expect(isValidTckn("10000000156")).toBe(false);
    expect(isValidTckn("01000000146")).toBe(false);
    expect(isValidTckn("1000000014")).toBe(false);
    expect(isValidTckn("1000000014a")).toBe(false);
  });
});

describe("VKN", () => {
  it("accepts valid numbers and refuses every wrong check digit", () => {
    for (const v of ["1234567890", "9876543217", "9029589240", "3721052062"]) expect(isValidVkn(v), v).toBe(true);
    for (let c = 0; c <= 9; c++) if (c !== 0) expect(isValidVkn(`123456789${c}`)).toBe(false);
    expect(isValidVkn("123456789")).toBe(false);
  });
  it("isValidTaxId picks the algorithm by length", () => {
    expect(isValidTaxId("1234567890")).toBe(true);
    expect(isValidTaxId("10000000146")).toBe(true);
    expect(isValidTaxId("123456789012")).toBe(false);
  });
});

describe("mobile phone", () => {
  it("gives the spec's messages", () => {
    expect(mobilePhoneError("05321234567")).toBe("Cep telefonu numarasını başında sıfır olmadan giriniz");
    expect(mobilePhoneError("532 123 4567")).toBe("Cep telefonu numarasını boşluk bırakmadan giriniz");
    expect(mobilePhoneError("2121234567")).toBe("Lütfen geçerli bir cep telefonu giriniz");
    expect(mobilePhoneError("53212345")).toBe("Lütfen geçerli bir cep telefonu giriniz");
    expect(mobilePhoneError("5321234567")).toBeNull();
  });
});
