import { describe, expect, it } from "vitest";
import { computeAmounts } from "~/shared/amounts";
import { contractText, distanceSalesContract, preInformationForm, type ContractInput } from "./contracts";
import { loadConfig } from "../config";
import { EXAMPLE_SELLER_ENV } from "../seller/env";
import { installSellerIdentity } from "../seller/service";

const lines = [
  { name: "Orijinal Kurabiye 90 g", quantity: 2, unitPrice: 4500 },
  { name: "Heyecanlı Kutu", quantity: 1, unitPrice: 34900 },
];
const input: ContractInput = {
  date: "2026-11-23",
  orderNumber: "2026-000042",
  buyer: { name: "Ayşe Yılmaz", address: "Bağdat Cad. 1, Kadıköy / İstanbul", phone: "5321234567", email: "ayse@example.com" },
  lines,
  amounts: { ...computeAmounts({ lines, promo: { kind: "fixed", amount: 5000 }, deliveryCost: 0 }), promoCode: "HOSGELDIN10" },
  deliveryTypeLabel: "Kargo",
  deliveryDetails: "Aras Kargo",
  readyDate: "2026-11-24",
  estimatedDelivery: "2026-11-26",
};
const nb = (s: string) => s.replace(/\u00a0/g, " ");

describe("contracts", () => {
  it("the pre-information form carries the seller, buyer, products, prices and the terms of SPEC §9", () => {
    const t = nb(contractText(preInformationForm(input)));
    for (const s of ["Ön Bilgilendirme Formu", "Kurabiye Atölyesi", "Ayşe Yılmaz", "Orijinal Kurabiye 90 g", "₺90,00", "₺349,00", "İndirim (HOSGELDIN10)", "-₺50,00", "Ücretsiz", "₺389,00", "30 gün", "2 gün", "10 gün", "cayma hakkı bulunmamaktadır", "24 Kasım Salı", "26 Kasım Perşembe", "Aras Kargo"]) {
      expect(t, s).toContain(s);
    }
  });
  it("the distance-sales contract names the order, the 5 % default interest and the date", () => {
    const t = nb(contractText(distanceSalesContract(input)));
    for (const s of ["Mesafeli Satış Sözleşmesi", "2026-000042", "aylık %5", "23 Kasım 2026", "m.15/1-c", "10 gün içinde"]) expect(t, s).toContain(s);
  });
  it("both name the seller exactly as configured (issue 26 §1): title, address, KEP, MERSİS, tax office and VKN, ETBİS, bank", () => {
    const env = { ...EXAMPLE_SELLER_ENV, SELLER_TITLE: "Deneme Gıda A.Ş.", SELLER_VKN: "1234567890", SELLER_MERSIS: "0123456789000015", SELLER_KEP: "deneme@hs01.kep.tr", SELLER_TAX_OFFICE: "Moda" };
    installSellerIdentity(loadConfig({ NODE_ENV: "test", ...env }));
    try {
      for (const doc of [preInformationForm(input), distanceSalesContract(input)]) {
        const t = nb(contractText(doc));
        for (const s of ["Unvan: Deneme Gıda A.Ş.", "Adres: ÖRNEK adres, Moda Cad. No: 12, 34710 Kadıköy / İstanbul", "KEP adresi: deneme@hs01.kep.tr", "MERSİS No: 0123456789000015", "Vergi dairesi / VKN: Moda / 1234567890", "ETBİS kayıt no: ORNEK-0000", "Banka / IBAN: ÖRNEK Bankası / TR33 0006 1005 1978 6457 8413 26"]) {
          expect(t, s).toContain(s);
        }
        expect(t).not.toMatch(/\{\w+\}/);
      }
    } finally {
      installSellerIdentity(loadConfig({ NODE_ENV: "test" }));
    }
  });
});
