import { describe, expect, it } from "vitest";
import {
  campaignSchema,
  carrierSchema,
  catalogFilterSchema,
  doorSlotsSchema,
  gamePeriodSchema,
  listQuerySchema,
  pointsByEmailSchema,
  productSchema,
  promoSchema,
  weekdaysSchema,
} from "./management-forms";
import { fieldErrors, orderFilterSchema, refundSchema, staffAddSchema, statusChangeSchema } from "./management";
import { managementTr } from "./texts/management.tr";

const V = managementTr.validation;
const errorsOf = (r: { success: boolean; error?: { issues: readonly { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? {} : fieldErrors(r.error as never);

const product = {
  name: "Bitter Kurabiye",
  desc: "",
  longDesc: "",
  packageContent: "1 adet",
  itemPrice: "45,50",
  originalPrice: "50",
  group: "cookie",
  defaultBox: "",
  innerTexture: "2",
  weightG: "",
  contains: "",
  allergens: "",
  care: "",
  heating: "",
  nCal: "",
  nFat: "",
  nSatfat: "",
  nCarb: "",
  nSugar: "",
  nPro: "",
  nSalt: "",
  active: "on",
};

describe("staff forms (zod/mini schemas shared by the browser and the server)", () => {
  it("list queries fall back to no filter and page 1 on bad values", () => {
    expect(listQuerySchema.parse({ q: "  ayşe ", page: "3" })).toEqual({ q: "ayşe", page: 3 });
    expect(listQuerySchema.parse({ q: "x".repeat(101), page: "-2" })).toEqual({ q: "", page: 1 });
    expect(catalogFilterSchema.parse({ state: "deleted", kind: "gift" })).toEqual({ q: "", page: 1, state: "", kind: "gift" });
    expect(orderFilterSchema.parse({ status: "nope", from: "2026-13-45", sameDay: "on" })).toMatchObject({ status: "", from: "", sameDay: true, page: 1 });
  });

  it("a product: lira becomes kuruş, the nutrition is all or nothing, the price may not exceed the list price", () => {
    const ok = productSchema.parse(product);
    expect(ok).toMatchObject({ itemPrice: 4550, originalPrice: 5000, innerTexture: 2, weightG: null, nutrition: null, defaultBox: null, active: true });
    const some = productSchema.safeParse({ ...product, nCal: "480", nFat: "21,5" });
    expect(errorsOf(some)).toMatchObject({ nSatfat: V.nutritionAll, nSalt: V.nutritionAll });
    const all = productSchema.parse({ ...product, nCal: "480", nFat: "21,5", nSatfat: "12", nCarb: "60", nSugar: "30", nPro: "6", nSalt: "0,4" });
    expect(all.nutrition).toEqual({ cal: 480, fat: 21.5, satfat: 12, carb: 60, sugar: 30, pro: 6, salt: 0.4 });
    expect(errorsOf(productSchema.safeParse({ ...product, itemPrice: "60" }))).toEqual({ itemPrice: V.priceAboveOriginal });
    expect(errorsOf(productSchema.safeParse({ ...product, nCal: "2000", nFat: "-1", nSatfat: "1", nCarb: "1", nSugar: "1", nPro: "1", nSalt: "1" }))).toEqual({
      nCal: V.nutrition,
      nFat: V.nutrition,
    });
    expect(errorsOf(productSchema.safeParse({ ...product, itemPrice: "abc", group: "other", innerTexture: "4" }))).toEqual({
      itemPrice: V.amount,
      group: V.choose,
      innerTexture: "1 ile 3 arasında bir tam sayı girin.",
    });
  });

  it("a promotion: percent or fixed amount, end after start", () => {
    const base = {
      code: " yeni yıl-10 ",
      description: "",
      kind: "percent",
      percent: "12,5",
      amount: "",
      maxDiscount: "",
      minBasket: "",
      startsAt: "",
      endsAt: "",
      maxUses: "",
      perCustomer: "",
      audience: "all",
      active: "on",
    };
    expect(promoSchema.parse(base)).toMatchObject({ code: "YENIYIL-10", percentBp: 1250, amount: null, minBasket: 0, startsAt: null, maxUses: null });
    expect(errorsOf(promoSchema.safeParse({ ...base, percent: "120" }))).toEqual({ percent: V.percent });
    expect(errorsOf(promoSchema.safeParse({ ...base, kind: "fixed", amount: "" }))).toEqual({ amount: V.amountPositive });
    expect(errorsOf(promoSchema.safeParse({ ...base, startsAt: "2026-12-02T10:00", endsAt: "2026-12-01T10:00" }))).toEqual({ endsAt: V.endAfterStart });
  });

  it("points need a non-zero amount, a reason and an e-mail", () => {
    expect(pointsByEmailSchema.parse({ amount: "-12,50", reason: "iade", email: " Ayse@Ornek.com.tr " })).toEqual({
      amount: -1250,
      reason: "iade",
      email: "ayse@ornek.com.tr",
    });
    expect(errorsOf(pointsByEmailSchema.safeParse({ amount: "0", reason: "x", email: "yok" }))).toEqual({
      amount: V.pointsNotZero,
      reason: V.reasonLength,
      email: V.email,
    });
  });

  it("the game period lists one prize per line and reads the chance in %", () => {
    const r = gamePeriodSchema.parse({
      startsAt: "2026-12-01T09:00",
      endsAt: "2026-12-08T09:00",
      prizeCount: "3",
      reserveCount: "2",
      prizes: "Kutu\n\n Hediye ",
      chance: "2,5",
      followerChances: "2",
      info: "",
    });
    expect(r).toMatchObject({ prizes: ["Kutu", "Hediye"], winChanceBp: 250, prizeCount: 3 });
    expect(
      errorsOf(
        gamePeriodSchema.safeParse({
          startsAt: "x",
          endsAt: "2026-12-08T09:00",
          prizeCount: "3",
          reserveCount: "0",
          prizes: "",
          chance: "101",
          followerChances: "1",
          info: "",
        }),
      ),
    ).toEqual({
      startsAt: V.dateTime,
      prizes: V.prizes,
      chance: "0 ile 100 arasında bir tam sayı girin.",
    });
  });

  it("delivery: door slots in order, not every weekday closed, an https tracking address with {tracking}", () => {
    expect(doorSlotsSchema.parse({ slot0From: "14", slot0To: "18", slot1From: "9", slot1To: "12" })).toEqual([
      { code: "9-12", from: 9, to: 12 },
      { code: "14-18", from: 14, to: 18 },
    ]);
    expect(errorsOf(doorSlotsSchema.safeParse({ slot0From: "18", slot0To: "14" }))).toEqual({ slot0To: V.slotHours });
    expect(errorsOf(doorSlotsSchema.safeParse({}))).toEqual({ slot0From: V.slotRequired });
    const allClosed = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [`closed${d}`, "on"]));
    expect(errorsOf(weekdaysSchema.safeParse(allClosed))).toEqual({ closed1: V.allClosed });
    expect(weekdaysSchema.parse({ closed0: "on", rest6: "on" })).toEqual({ closedWeekdays: [0], carrierRestWeekdays: [6] });
    expect(campaignSchema.parse({ hedef81Active: "on", introProductId: "20002", freeCityIds: "34, 6 35" })).toMatchObject({ freeCityIds: [34, 6, 35] });
    expect(errorsOf(campaignSchema.safeParse({ hedef81Active: "", introProductId: "20002", freeCityIds: "34, 100" }))).toEqual({ freeCityIds: V.cityIds });
    expect(carrierSchema.safeParse({ code: "yurtici", name: "Yurtiçi", trackingUrl: "https://k.example/t?n={tracking}", active: "on" }).success).toBe(true);
    expect(errorsOf(carrierSchema.safeParse({ code: "Y", name: "Y", trackingUrl: "http://k.example/t", active: "" }))).toEqual({
      code: V.code,
      name: V.name80,
      trackingUrl: V.trackingUrl,
    });
  });

  it("orders: shipping needs carrier and tracking, cancelling a reason and the tick; refunds are in lira", () => {
    expect(errorsOf(statusChangeSchema.safeParse({ to: "shipped", reason: "", carrier: "", trackingNumber: "", confirm: "" }))).toEqual({
      carrier: V.carrierRequired,
      trackingNumber: V.trackingRequired,
    });
    expect(errorsOf(statusChangeSchema.safeParse({ to: "cancelled", reason: "", carrier: "", trackingNumber: "", confirm: "" }))).toEqual({
      reason: V.reasonRequired,
      confirm: V.confirm,
    });
    expect(statusChangeSchema.parse({ to: "shipped", reason: "", carrier: "aras", trackingNumber: " 12 34 56 ", confirm: "" })).toMatchObject({
      trackingNumber: "123456",
      confirm: false,
    });
    expect(refundSchema.parse({ amount: "45,50", reason: " eksik ürün " })).toEqual({ amount: 4550, reason: "eksik ürün" });
    expect(errorsOf(refundSchema.safeParse({ amount: "0", reason: "" }))).toEqual({ amount: V.amountPositive, reason: V.reasonRequired });
    expect(staffAddSchema.parse({ email: " p@ornek.com.tr ", role: "operations", name: "" })).toEqual({
      email: "p@ornek.com.tr",
      role: "operations",
      name: "",
    });
    expect(errorsOf(staffAddSchema.safeParse({ email: "x", role: "boss", name: "A" }))).toEqual({ email: V.email, role: V.role, name: V.name });
  });
});
