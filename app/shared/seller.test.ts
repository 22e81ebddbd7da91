import { describe, expect, it } from "vitest";
import { formatIban, isValidMersis, isValidTrIban, publicSeller, sellerAddress } from "./seller";
import { EXAMPLE_SELLER } from "~/.server/seller/env";

describe("seller helpers", () => {
  it("MERSİS: exactly 16 digits", () => {
    expect(isValidMersis("0999999999400015")).toBe(true);
    for (const bad of ["099999999940001", "09999999994000150", "0999 999999400015", "099999999940001a", ""]) expect(isValidMersis(bad)).toBe(false);
  });
  it("IBAN: TR with 24 digits and valid mod-97 check digits; spaces ignored", () => {
    expect(isValidTrIban("TR330006100519786457841326")).toBe(true);
    expect(isValidTrIban("tr33 0006 1005 1978 6457 8413 26")).toBe(true);
    expect(isValidTrIban("TR340006100519786457841326")).toBe(false); // one check digit off
    expect(isValidTrIban("TR33000610051978645784132")).toBe(false); // one digit short
    expect(isValidTrIban("DE89370400440532013000")).toBe(false); // a valid German IBAN is not a Turkish one
    expect(formatIban("TR330006100519786457841326")).toBe("TR33 0006 1005 1978 6457 8413 26");
  });
  it("the address on one line, and what the footer receives", () => {
    expect(sellerAddress(EXAMPLE_SELLER)).toBe("ÖRNEK adres, Moda Cad. No: 12, 34710 Kadıköy / İstanbul");
    const p = publicSeller(EXAMPLE_SELLER);
    expect(p).toMatchObject({ title: EXAMPLE_SELLER.title, address: sellerAddress(EXAMPLE_SELLER), example: true });
    // the footer gets no tax or bank details
    expect(p).not.toHaveProperty("vkn");
    expect(p).not.toHaveProperty("bank");
  });
});
