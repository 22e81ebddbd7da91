import { describe, expect, it } from "vitest";
import { isChromeless } from "./constants";
import { noticeDuration } from "./notice-durations";
import { networkErrorText } from "./network";
import { previousOrderLines } from "./previous-order";
import { ORDER_STATUSES, type OrderStatus } from "./order-status";
import { fmt } from "./texts/tr";

describe("chrome rules", () => {
  it("hides header and footer on mcapp, print, jpb and advr paths only", () => {
    for (const p of ["/mcappsss", "/mcapphedef81", "/printinvoice/1", "/printnote/1", "/jpb", "/advr"]) expect(isChromeless(p), p).toBe(true);
    for (const p of ["/home", "/", "/product/jpb", "/sss", "/basket"]) expect(isChromeless(p), p).toBe(false);
  });
  it("notice durations follow SPEC §8/§9", () => {
    expect(noticeDuration("error")).toBe(3000);
    expect(noticeDuration("promoError")).toBe(4000);
    expect(noticeDuration("membership")).toBe(5000);
    expect(noticeDuration("game")).toBe(5000);
    const d = noticeDuration("info");
    expect(d).toBeGreaterThanOrEqual(3000);
    expect(d).toBeLessThanOrEqual(4000);
  });
  it("network failure text depends on being online", () => {
    expect(networkErrorText(true)).toBe("Sistemsel bir hata oluştu, lütfen daha sonra tekrar deneyiniz");
    expect(networkErrorText(false)).toBe("Lütfen internet bağlantınızı kontrol edin");
  });
  it("fmt fills placeholders and leaves unknown ones visible", () => {
    expect(fmt("Taşıyıcı: {carrier}", { carrier: "Aras" })).toBe("Taşıyıcı: Aras");
    expect(fmt("{a} {b}", { a: 1 })).toBe("1 {b}");
  });
  it("previous-order lines follow SPEC §2.3", () => {
    const base = { trackingNumber: "TR123", estimatedDelivery: "2026-11-25" };
    expect(previousOrderLines({ ...base, status: "shipped", carrier: "Aras Kargo" })).toEqual(["Taşıyıcı: Aras Kargo", "Takip No: TR123"]);
    expect(previousOrderLines({ ...base, status: "outfordelivery", carrier: "Adrese" })).toContain("Siparişiniz adrese teslim edilmek üzere yola çıktı.");
    expect(previousOrderLines({ ...base, status: "collected", carrier: "Elden" })).toContain("Siparişiniz atölyemizde teslim alınmaya hazır.");
    expect(previousOrderLines({ ...base, status: "received", carrier: null })).toEqual(["Siparişiniz alındı.", "Tahmini teslimat: 25 Kasım Çarşamba"]);
    expect(previousOrderLines({ ...base, status: "preparing", carrier: null })[0]).toBe("Siparişiniz hazırlanıyor.");
  });
  it("every order status has its own previous-order text (none says 'being prepared' once it is over)", () => {
    const base = { trackingNumber: "TR123", estimatedDelivery: "2026-11-25" };
    const estimate = "Tahmini teslimat: 25 Kasım Çarşamba";
    const expected: Record<OrderStatus, string[]> = {
      received: ["Siparişiniz alındı.", estimate],
      preparing: ["Siparişiniz hazırlanıyor.", estimate],
      ready: ["Siparişiniz hazırlandı, gönderime hazır.", estimate],
      shipped: ["Taşıyıcı: Aras Kargo", "Takip No: TR123"],
      outfordelivery: ["Taşıyıcı: Aras Kargo", "Takip No: TR123"],
      collected: ["Taşıyıcı: Aras Kargo", "Takip No: TR123"],
      delivered: ["Siparişiniz teslim edildi. Afiyet olsun!"],
      cancelled: ["Siparişiniz iptal edildi."],
      refunded: ["Sipariş tutarı kartınıza iade edildi."],
    };
    for (const status of ORDER_STATUSES) {
      expect(previousOrderLines({ ...base, status, carrier: "Aras Kargo" }), status).toEqual(expected[status]);
    }
    expect(previousOrderLines({ ...base, status: "ready", carrier: null, estimatedDelivery: null })).toEqual(["Siparişiniz hazırlandı, gönderime hazır."]);
  });
});
