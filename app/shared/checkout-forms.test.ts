import { describe, expect, it } from "vitest";
import { deliveryErrors, parseDeliveryForm, quickMembershipSchema } from "./checkout-forms";

const good = {
  fullName: "Ayşe Yılmaz",
  address: "Moda Cad. No: 5 Daire 3",
  cityId: "34",
  countyId: "1421",
  areaId: "",
  phone: "5321234567",
  invoiceType: "Individual",
  readyDate: "2026-11-24",
  option: "Standart",
};

describe("delivery form", () => {
  it("accepts a complete individual order with carrier shipping", () => {
    const r = parseDeliveryForm(good);
    expect(r.success).toBe(true);
    if (r.success) expect(r.data.delivery).toMatchObject({ cityId: 34, countyId: 1421, areaId: undefined, phone: "5321234567" });
  });

  it("gives the spec's phone messages", () => {
    for (const [phone, msg] of [
      ["05321234567", "Cep telefonu numarasını başında sıfır olmadan giriniz"],
      ["532 1234567", "Cep telefonu numarasını boşluk bırakmadan giriniz"],
    ]) {
      const r = parseDeliveryForm({ ...good, phone });
      expect(r.success).toBe(false);
      if (!r.success) expect(deliveryErrors(r.error).fields.phone).toBe(msg);
    }
  });

  it("Other needs a carrier; Store needs an hour (SPEC §5 messages)", () => {
    const a = parseDeliveryForm({ ...good, option: "Other" });
    expect(!a.success && deliveryErrors(a.error).messages).toContain("Tercih edilen kargo firması seçilmelidir");
    const b = parseDeliveryForm({ ...good, option: "Store" });
    expect(!b.success && deliveryErrors(b.error).messages).toContain("Mağaza teslim saati seçilmelidir");
  });

  it("combines the invalid-form messages and lengthens their display: 3000 ms + 1000 per extra message", () => {
    const r = parseDeliveryForm({ ...good, fullName: "Al", phone: "123", option: "" });
    expect(r.success).toBe(false);
    if (!r.success) {
      const e = deliveryErrors(r.error);
      expect(e.messages).toEqual(["Lütfen geçerli bir teslimat adresi giriniz", "Lütfen geçerli bir cep telefonu giriniz", "Lütfen teslimat tipi seçiniz"]);
      expect(e.durationMs).toBe(5000);
    }
    const only = parseDeliveryForm({ ...good, readyDate: "" });
    if (!only.success) expect(deliveryErrors(only.error)).toMatchObject({ messages: ["Lütfen formdaki eksikleri tamamlayınız"], durationMs: 3000 });
  });

  it("corporate invoices need firm, tax office and a valid VKN/TCKN", () => {
    const bad = parseDeliveryForm({ ...good, invoiceType: "Corporate", firmName: "", taxAuthority: "", taxId: "1234567891" });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(Object.keys(deliveryErrors(bad.error).fields).sort()).toEqual(["firmName", "taxAuthority", "taxId"]);
    expect(parseDeliveryForm({ ...good, invoiceType: "Corporate", firmName: "Tatlı A.Ş.", taxAuthority: "Kadıköy", taxId: "1234567890" }).success).toBe(true);
    // too long: each field says so in Turkish
    const long = parseDeliveryForm({ ...good, invoiceType: "Corporate", firmName: "F".repeat(101), taxAuthority: "V".repeat(61), taxId: "123456789012" });
    expect(long.success).toBe(false);
    if (!long.success) {
      expect(deliveryErrors(long.error).fields).toEqual({
        firmName: "Firma adı en fazla 100 karakter olabilir",
        taxAuthority: "Vergi dairesi en fazla 60 karakter olabilir",
        taxId: "Lütfen geçerli bir vergi kimlik numarası (10 hane) ya da T.C. kimlik numarası (11 hane) giriniz",
      });
    }
  });

  it("a separate invoice address is validated with inv_ fields", () => {
    const r = parseDeliveryForm({ ...good, separateInvoice: "1", inv_fullName: "Can", inv_address: "kısa" });
    expect(r.success).toBe(false);
    if (!r.success) expect(deliveryErrors(r.error).fields).toHaveProperty("inv_fullName");
  });
});

describe("quick membership", () => {
  it("needs a name of 3+, passwords 8–64 that match", () => {
    expect(quickMembershipSchema.safeParse({ name: "Al", pass: "uzunsifre1", pass2: "uzunsifre1" }).success).toBe(false);
    const r = quickMembershipSchema.safeParse({ name: "Ali", pass: "kisa", pass2: "kisa" });
    expect(!r.success && r.error.issues[0]!.message).toBe("Şifre 8 ile 64 karakter arasında olmalıdır");
    const d = quickMembershipSchema.safeParse({ name: "Ali", pass: "uzunsifre1", pass2: "uzunsifre2" });
    expect(!d.success && d.error.issues[0]!.message).toBe("Girilen şifreler birbirinden farklıdır");
    expect(quickMembershipSchema.safeParse({ name: "Ali", pass: "uzunsifre1", pass2: "uzunsifre1" }).success).toBe(true);
  });
});
