import { describe, expect, it } from "vitest";
import { foldIdentifier, foldTurkish, upperIdentifier } from "./fold";

describe("case folding", () => {
  it("identifiers fold without the Turkish locale: I, İ, ı and i are one letter", () => {
    for (const s of ["Irmak_x", "irmak_x", "İrmak_x", "ırmak_x", "IRMAK_X", "İRMAK_X", "i\u0307rmak_x"]) expect(foldIdentifier(s), s).toBe("irmak_x");
    expect(foldIdentifier("Ayse.YILMAZ@Ornek.COM.TR")).toBe("ayse.yilmaz@ornek.com.tr");
    expect(foldIdentifier("IŞIL@Örnek.com")).toBe(foldIdentifier("ışıl@örnek.com"));
    // what the Turkish locale would do instead, and why identifiers must not use it
    expect("Irmak_x".toLocaleLowerCase("tr")).toBe("ırmak_x");
  });
  it("codes written in capitals: every I-letter is the ASCII 'I'", () => {
    for (const s of ["hosgeldin10", "HOSGELDİN10", "HOSGELDın10", "HosgeldIn10"]) expect(upperIdentifier(s), s).toBe("HOSGELDIN10");
    expect(upperIdentifier("hoşgeldin")).toBe("HOŞGELDIN");
  });
  it("Turkish text folds with the Turkish locale: 'Işık' = 'ışık', 'İstanbul' = 'istanbul', 'I' is not 'i'", () => {
    expect(foldTurkish("Işık")).toBe(foldTurkish("ışık"));
    expect(foldTurkish("IŞIK")).toBe("ışık");
    expect(foldTurkish("İstanbul")).toBe(foldTurkish("istanbul"));
    expect(foldTurkish("İSTANBUL")).toBe("istanbul");
    expect(foldTurkish("Irmak")).not.toBe(foldTurkish("irmak"));
    expect(foldTurkish("ÇĞÖŞÜ ÂÎÛ")).toBe("çğöşü âîû");
  });
});
