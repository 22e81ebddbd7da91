import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  binOf,
  cardEntrySchema,
  cardLogo,
  cardNumberSchema,
  cardTypeOf,
  cardTypeOfAssociation,
  expiryMessage,
  expiryProblem,
  expiryYears,
  lastFour,
  luhnValid,
} from "./card";
import { paymentTr } from "./texts/payment.tr";

const NOW = { year: 2026, month: 11 };

describe("card type by prefix (SPEC §5)", () => {
  it.each([
    ["4026000000000002", "VisaElectron"],
    ["4175001234567890", "VisaElectron"],
    ["4917300800000000", "VisaElectron"],
    ["4766620000000001", "Visa"],
    ["4111111111111129", "Visa"],
    ["5528790000000008", "Mastercard"],
    ["5890040000000016", "Mastercard"],
    ["2221000000000009", "Mastercard"],
    ["2720990000000007", "Mastercard"],
    ["374427000000003", "AMEX"],
    ["340000000000009", "AMEX"],
    ["6011000990139424", "Discover"],
    ["6500000000000002", "Discover"],
    ["30569309025904", "DinersCarteBlanche"],
    ["36227206271667", "Diners"],
    ["38520000023237", "Diners"],
    ["3530111333300000", "JCB"],
    ["9792030000000000", "Troy"],
    ["1234567890123452", "Unknown"],
    ["", "Unknown"],
  ])("%s is %s", (n, t) => {
    expect(cardTypeOf(n)).toBe(t);
  });

  it("follows partial input so the logo changes while typing", () => {
    expect(cardTypeOf("4")).toBe("Visa");
    expect(cardTypeOf("37")).toBe("AMEX");
    expect(cardTypeOf("55")).toBe("Mastercard");
    expect(cardTypeOf("9792")).toBe("Troy");
    expect(cardTypeOf("4 5 0 8")).toBe("VisaElectron");
  });

  it("maps provider associations and has a logo for every type", () => {
    expect(cardTypeOfAssociation("MASTER_CARD")).toBe("Mastercard");
    expect(cardTypeOfAssociation("VISA", "450803")).toBe("VisaElectron");
    expect(cardTypeOfAssociation("AMERICAN_EXPRESS")).toBe("AMEX");
    expect(cardTypeOfAssociation("TROY")).toBe("Troy");
    expect(cardTypeOfAssociation(null, "601100")).toBe("Discover");
    expect(cardTypeOfAssociation(undefined)).toBe("Unknown");
    expect(cardLogo("Mastercard")).toBe("/img/cards/mastercard.svg");
    expect(cardLogo("JCB")).toBe("/img/cards/card.svg");
  });
});

describe("Luhn", () => {
  it("accepts the provider's test cards", () => {
    for (const n of ["5528790000000008", "5890040000000016", "4766620000000001", "374427000000003", "9792030000000000", "4111111111111129", "4129111111111111", "4124111111111116", "4151111111111112"]) {
      expect(luhnValid(n), n).toBe(true);
    }
  });
  it("refuses a changed digit and non-digits", () => {
    expect(luhnValid("5528790000000009")).toBe(false);
    expect(luhnValid("552879000000000a")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });
  it("detects every single-digit change (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), fc.nat(14), fc.integer({ min: 1, max: 9 }), (body, pos, delta) => {
        // complete a valid number, then change one digit: Luhn must notice
        const check = [...Array(10).keys()].find((c) => luhnValid(body + c))!;
        const valid = body + check;
        const changed = valid.slice(0, pos) + ((Number(valid[pos]) + delta) % 10) + valid.slice(pos + 1);
        return luhnValid(valid) && !luhnValid(changed);
      }),
    );
  });
  it("bin and last four", () => {
    expect(binOf("5528790000000008")).toBe("552879");
    expect(lastFour("5528790000000008")).toBe("0008");
  });
});

describe("expiry against now", () => {
  it("months 1–12, years this one to eleven ahead", () => {
    expect(expiryYears(NOW)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036, 2037]);
    expect(expiryYears({ year: 2020 }).at(-1)).toBe(2031);
    expect(expiryProblem(0, 2027, NOW)).toBe("monthInvalid");
    expect(expiryProblem(13, 2027, NOW)).toBe("monthInvalid");
    expect(expiryProblem(1, 2038, NOW)).toBe("yearInvalid");
    expect(expiryProblem(12, 2037, NOW)).toBeNull();
  });
  it("this year needs this month or later; an earlier year is refused", () => {
    expect(expiryProblem(11, 2026, NOW)).toBeNull();
    expect(expiryProblem(10, 2026, NOW)).toBe("monthPast");
    expect(expiryProblem(12, 2025, NOW)).toBe("yearPast");
    expect(expiryProblem(1, 2027, NOW)).toBeNull();
  });
  it("Turkish messages", () => {
    expect(expiryMessage("monthPast", NOW)).toBe("Son kullanma ayı içinde bulunduğumuz aydan önce olamaz");
    expect(expiryMessage("yearPast", NOW)).toBe("Son kullanma yılı içinde bulunduğumuz yıldan önce olamaz");
    expect(expiryMessage("yearInvalid", NOW)).toBe("Son kullanma yılı 2026 ile 2037 arasında olmalıdır");
  });
});

describe("card entry schema", () => {
  const schema = cardEntrySchema(NOW);
  const good = { creditCardNumber: "5528790000000008", cardHolder: "Ayşe Yılmaz", month: "12", year: "2030", secCode: "123" };
  const messages = (input: unknown) => {
    const r = schema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it("accepts a valid entry and adds the card type", () => {
    const r = schema.parse(good);
    expect(r).toMatchObject({ month: 12, year: 2030, cardType: "Mastercard" });
  });
  it("card number rules with their messages", () => {
    expect(cardNumberSchema.safeParse("5528 7900 0000 0008").error?.issues[0]?.message).toBe(paymentTr.validation.cardNumberSpaces);
    expect(messages({ ...good, creditCardNumber: "" })).toContain(paymentTr.validation.cardNumberRequired);
    expect(messages({ ...good, creditCardNumber: "41111111111111" })).toContain(paymentTr.validation.cardNumberLength);
    expect(messages({ ...good, creditCardNumber: "5528790000000009" })).toContain(paymentTr.validation.cardNumberInvalid);
    expect(messages({ ...good, creditCardNumber: "5528-7900-0000-08" })).toContain(paymentTr.validation.cardNumberDigits);
  });
  it("holder, code and expiry", () => {
    expect(messages({ ...good, cardHolder: " " })).toContain(paymentTr.validation.cardHolderRequired);
    expect(messages({ ...good, cardHolder: "x".repeat(51) })).toContain(paymentTr.validation.cardHolderTooLong);
    expect(messages({ ...good, creditCardNumber: "374427000000003", secCode: "1234" })).toEqual([]);
    expect(messages({ ...good, month: "10", year: "2026" })).toContain(paymentTr.validation.monthPast);
    expect(messages({ ...good, year: "2025" })).toContain(paymentTr.validation.yearPast);
  });
  it("an empty card form names each field's own 'required' message, once each", () => {
    const r = schema.safeParse({ creditCardNumber: "", cardHolder: "", month: "", year: "", secCode: "" });
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]).reverse());
    expect(byField).toEqual({
      creditCardNumber: paymentTr.validation.cardNumberRequired,
      cardHolder: paymentTr.validation.cardHolderRequired,
      month: paymentTr.validation.monthRequired,
      year: paymentTr.validation.yearRequired,
      secCode: paymentTr.validation.secCodeRequired,
    });
    expect(r.error?.issues.find((i) => i.path[0] === "creditCardNumber" && i.message !== paymentTr.validation.cardNumberRequired)).toBeUndefined();
  });
});

describe("security code: the message names the rule of the card typed (issue 23 §6)", () => {
  const schema = cardEntrySchema(NOW);
  const entry = { cardHolder: "Ayşe Yılmaz", month: "12", year: "2030" };
  const codeMessages = (creditCardNumber: string, secCode: string) => {
    const r = schema.safeParse({ ...entry, creditCardNumber, secCode });
    return r.success ? [] : r.error.issues.filter((i) => i.path[0] === "secCode").map((i) => i.message);
  };
  it.each([
    ["Mastercard", "5528790000000008", "1234", "Bu kartın güvenlik kodu 3 hanelidir"],
    ["Mastercard", "5528790000000008", "12", "Bu kartın güvenlik kodu 3 hanelidir"],
    ["Visa", "4766620000000001", "1234", "Bu kartın güvenlik kodu 3 hanelidir"],
    ["Troy", "9792030000000000", "12345", "Bu kartın güvenlik kodu 3 hanelidir"],
    ["AMEX", "374427000000003", "123", "American Express kartların güvenlik kodu 4 hanelidir"],
    ["AMEX", "374427000000003", "12", "American Express kartların güvenlik kodu 4 hanelidir"],
  ])("%s %s, code %j → one message naming its rule", (_brand, number, code, message) => {
    expect(codeMessages(number, code)).toEqual([message]);
    expect(codeMessages(number, code).join()).not.toContain("3 ya da 4");
  });
  it("the right length passes; letters and an empty code keep their own messages", () => {
    expect(codeMessages("5528790000000008", "123")).toEqual([]);
    expect(codeMessages("374427000000003", "1234")).toEqual([]);
    expect(codeMessages("5528790000000008", "")).toEqual([paymentTr.validation.secCodeRequired]);
    expect(codeMessages("5528790000000008", "12a")).toEqual([paymentTr.validation.secCodeDigits]);
  });
});
