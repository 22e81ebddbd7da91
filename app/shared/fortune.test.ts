import { describe, expect, it } from "vitest";
import { fortuneFormSchema, normaliseNick, placeKind, placeLabel, waitAmount, waitNotice } from "./fortune";

describe("wait notice", () => {
  it("uses minutes up to 90 and hours from 91", () => {
    expect(waitAmount(90)).toEqual({ n: 90, unit: "minute" });
    expect(waitNotice(90)).toBe("Hey! 90 dakika sonra tekrar gel sana yeni bir şey söyleyeceğim");
    expect(waitAmount(91)).toEqual({ n: 2, unit: "hour" });
    expect(waitNotice(91)).toBe("Hey! 2 saat sonra tekrar gel sana yeni bir şey söyleyeceğim");
  });

  it("uses hours up to 2160 and days from 2161", () => {
    expect(waitAmount(2160)).toEqual({ n: 36, unit: "hour" });
    expect(waitNotice(2160)).toBe("Hey! 36 saat sonra tekrar gel sana yeni bir şey söyleyeceğim");
    expect(waitAmount(2161)).toEqual({ n: 2, unit: "day" });
    expect(waitNotice(2161)).toBe("Hey! 2 gün sonra tekrar gel sana yeni bir şey söyleyeceğim");
  });

  it("rounds: a fresh fortune says 3 days, a few minutes say minutes", () => {
    expect(waitNotice(72 * 60)).toBe("Hey! 3 gün sonra tekrar gel sana yeni bir şey söyleyeceğim");
    expect(waitAmount(2.4)).toEqual({ n: 2, unit: "minute" });
    expect(waitAmount(-5)).toEqual({ n: 0, unit: "minute" });
  });
});

describe("asil / yedek numbering", () => {
  it("places up to the prize count are asil, later ones yedek place − prizeCount", () => {
    expect(placeKind(1, 3)).toEqual({ kind: "asil" });
    expect(placeKind(3, 3)).toEqual({ kind: "asil" });
    expect(placeKind(4, 3)).toEqual({ kind: "yedek", n: 1 });
    expect(placeKind(6, 3)).toEqual({ kind: "yedek", n: 3 });
    expect(placeLabel(2, 3)).toBe("asil");
    expect(placeLabel(5, 3)).toBe("yedek 2");
    expect(placeLabel(1, 0)).toBe("yedek 1");
  });
});

describe("nickname", () => {
  it("folds as a social-network user name (no Turkish locale) and without '@'", () => {
    expect(normaliseNick("@İrem")).toBe("irem");
    expect(normaliseNick("irem")).toBe("irem");
    expect(normaliseNick("  @İREM ")).toBe("irem");
    // a phone capitalises the first letter: 'Irmak_x' and 'irmak_x' are one account (Turkish lower case made 'ırmak_x')
    expect(normaliseNick("Irmak_x")).toBe("irmak_x");
    expect(normaliseNick("ırmak_x")).toBe("irmak_x");
    expect(normaliseNick("IŞIK")).toBe("işik");
    expect(normaliseNick("Ali  Veli")).toBe("ali veli");
  });

  it("the form schema requires a nickname with the spec's message", () => {
    const msg = "Instagram hesap adınızı giriniz, Instagram kullanmıyorsanız istediğiniz takma ismi kullanabilirsiniz";
    for (const nick of ["", "   ", "@", undefined]) {
      const r = fortuneFormSchema.safeParse({ nick });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(msg);
    }
    expect(fortuneFormSchema.parse({ nick: " @İrem " })).toEqual({ nick: "İrem" });
    expect(fortuneFormSchema.safeParse({ nick: "x".repeat(51) }).success).toBe(false);
  });
});
