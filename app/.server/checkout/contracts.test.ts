import { describe, expect, it } from "vitest";
import { computeAmounts } from "~/shared/amounts";
import { contractText, distanceSalesContract, preInformationForm, type ContractInput } from "./contracts";

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
});
