import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { discountPercent, isSoldOut, nextSort, parseSort, rankTopFive, sortProducts } from "./catalog";
import { contactErrors, EMPTY_CONTACT } from "./contact";
import { quantityError, stepQuantity } from "./quantity";

const p = (name: string, itemPrice = 100) => ({ name, itemPrice });
const names = (list: { name: string }[]) => list.map((x) => x.name);

describe("product sort", () => {
  const list = [p("Üzümlü", 300), p("Çikolatalı", 100), p("Şekerli", 500), p("Ilık", 200), p("İncirli", 400), p("Gül", 250), p("Ğ harfi", 260), p("Öz", 150), p("Cevizli", 350), p("Orijinal", 120), p("Sütlü", 450), p("Uzun", 330), p("Zencefilli", 90)];

  it("A-Z uses Turkish collation: C<Ç, G<Ğ, I<İ, O<Ö, S<Ş, U<Ü", () => {
    expect(names(sortProducts(list, "az"))).toEqual([
      "Cevizli",
      "Çikolatalı",
      "Gül",
      "Ğ harfi",
      "Ilık",
      "İncirli",
      "Orijinal",
      "Öz",
      "Sütlü",
      "Şekerli",
      "Uzun",
      "Üzümlü",
      "Zencefilli",
    ]);
  });

  it("Z-A is the exact reverse of A-Z", () => {
    expect(names(sortProducts(list, "za"))).toEqual(names(sortProducts(list, "az")).reverse());
  });

  it("price ascending and descending, ties by name", () => {
    const tie = [p("Şeker", 100), p("Bal", 100), p("Ahududu", 50), p("Çilek", 300)];
    expect(names(sortProducts(tie, "price-asc"))).toEqual(["Ahududu", "Bal", "Şeker", "Çilek"]);
    expect(names(sortProducts(tie, "price-desc"))).toEqual(["Çilek", "Bal", "Şeker", "Ahududu"]);
  });

  it("the default (null) keeps staff order and never mutates the input", () => {
    const copy = [...list];
    expect(sortProducts(list, null)).toEqual(list);
    sortProducts(list, "za");
    expect(list).toEqual(copy);
  });

  it("the control cycles A-Z → Z-A → price ↑ → price ↓ → A-Z; unknown values mean default", () => {
    expect(nextSort(null)).toBe("az");
    expect(nextSort("az")).toBe("za");
    expect(nextSort("za")).toBe("price-asc");
    expect(nextSort("price-asc")).toBe("price-desc");
    expect(nextSort("price-desc")).toBe("az");
    expect(parseSort("price-asc")).toBe("price-asc");
    expect(parseSort("x")).toBeNull();
    expect(parseSort(null)).toBeNull();
  });
});

describe("discount percent", () => {
  it("is round((original − item) / original × 100) with no decimals", () => {
    expect(discountPercent(39900, 47900)).toBe(17); // 16.70 %
    expect(discountPercent(9900, 11000)).toBe(10);
    expect(discountPercent(8950, 10000)).toBe(11); // 10.5 rounds up
    expect(discountPercent(8951, 10000)).toBe(10); // 10.49
    expect(discountPercent(1, 3)).toBe(67);
  });
  it("is 0 without a discount or with nonsense prices", () => {
    expect(discountPercent(11000, 11000)).toBe(0);
    expect(discountPercent(12000, 11000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
  it("is always a whole number between 0 and 100", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (item, orig) => {
        const d = discountPercent(item, orig);
        return Number.isInteger(d) && d >= 0 && d <= 100;
      }),
    );
  });
});

describe("top five ranking", () => {
  it("most units first, ties by Turkish name, zero sellers left out, at most five", () => {
    const c = (name: string, units: number) => ({ product: { name }, units });
    const ranked = rankTopFive([c("Şekerli", 5), c("Sütlü", 5), c("Bitter", 9), c("Hiç", 0), c("Ruby", 1), c("Orijinal", 7), c("Çift", 3), c("Ada", 2)]);
    expect(ranked.map((r) => r.product.name)).toEqual(["Bitter", "Orijinal", "Sütlü", "Şekerli", "Çift"]);
    expect(rankTopFive([c("Yok", 0)])).toEqual([]);
  });
});

describe("quantity (SPEC §5)", () => {
  it("is required, digits only, at most 3 characters, at least 1", () => {
    expect(quantityError("1")).toBeNull();
    expect(quantityError("999")).toBeNull();
    expect(quantityError("")).toBe("Lütfen adet giriniz");
    expect(quantityError("1000")).toBe("Adet yalnızca rakamlardan oluşmalıdır");
    expect(quantityError("2a")).toBe("Adet yalnızca rakamlardan oluşmalıdır");
    expect(quantityError("-1")).toBe("Adet yalnızca rakamlardan oluşmalıdır");
    expect(quantityError("0")).toBe("Adet en az 1 olmalıdır");
  });
  it("minus never goes below 1, plus stops at 999", () => {
    expect(stepQuantity("1", -1)).toBe("1");
    expect(stepQuantity("5", -1)).toBe("4");
    expect(stepQuantity("abc", 1)).toBe("2");
    expect(stepQuantity("999", 1)).toBe("999");
  });
});

describe("contact form rules (SPEC §5)", () => {
  const ok = { ...EMPTY_CONTACT, name: "Ayşe", findus: "friend", message: "Merhaba" };
  it("accepts a valid form with or without e-mail; news starts off (opt-in, decision 0034)", () => {
    expect(EMPTY_CONTACT.news).toBe(false);
    expect(contactErrors(ok)).toEqual({});
    expect(contactErrors({ ...ok, email: "ayse@example.com" })).toEqual({});
  });
  it("names each problem", () => {
    expect(contactErrors(EMPTY_CONTACT)).toEqual({
      name: "Lütfen adınızı giriniz",
      findus: "Lütfen bizi nereden duyduğunuzu seçiniz",
      message: "Lütfen mesajınızı yazınız",
    });
    expect(contactErrors({ ...ok, name: "Al" }).name).toBe("Adınız en az 3 karakter olmalıdır");
    expect(contactErrors({ ...ok, email: "ayse@" }).email).toBe("Lütfen geçerli bir e-posta adresi giriniz");
    expect(contactErrors({ ...ok, findus: "tv" }).findus).toBe("Lütfen bizi nereden duyduğunuzu seçiniz");
    expect(contactErrors({ ...ok, message: "x".repeat(501) }).message).toBe("Mesajınız en fazla 500 karakter olabilir");
    expect(contactErrors({ ...ok, message: "x".repeat(500) })).toEqual({});
  });
});

describe("sold out", () => {
  it("is counted stock with none left; made to order (null) never is", () => {
    expect(isSoldOut({ stock: 0 })).toBe(true);
    expect(isSoldOut({ stock: -1 })).toBe(true);
    expect(isSoldOut({ stock: 1 })).toBe(false);
    expect(isSoldOut({ stock: null })).toBe(false);
  });
});
