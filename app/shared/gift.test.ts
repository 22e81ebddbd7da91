import { describe, expect, it } from "vitest";
import { giftReason, isGiftOrder } from "./gift";

const buyer = {
  delFullName: "Ayşe Yılmaz",
  delAddress: "Moda Caddesi No 12",
  delNeighName: "Caferağa",
  delCountyName: "Kadıköy",
  delCityName: "İstanbul",
  invFullName: "Ayşe Yılmaz",
  invAddress: "Moda Caddesi No 12",
  invNeighName: "Caferağa",
  invCountyName: "Kadıköy",
  invCityName: "İstanbul",
};

describe("gift rule", () => {
  it.each([
    ["a gift note", { giftNote: "İyi ki doğdun!", address: { ...buyer, isSingleAddress: 1 } }, "note"],
    ["a media link only", { giftNote: "", mediaLink: "abc123", address: { ...buyer, isSingleAddress: 1 } }, "note"],
    ["a blank note, same address", { giftNote: "   ", address: { ...buyer, isSingleAddress: 0 } }, null],
    ["one address for both", { address: { ...buyer, delFullName: "Mehmet Kaya", isSingleAddress: 1 } }, null],
    ["another recipient's name", { address: { ...buyer, delFullName: "Mehmet Kaya", isSingleAddress: 0 } }, "recipient"],
    ["another street", { address: { ...buyer, delAddress: "Bağdat Caddesi 5", isSingleAddress: 0 } }, "recipient"],
    ["another city", { address: { ...buyer, delCityName: "Ankara", isSingleAddress: 0 } }, "recipient"],
    ["the same name in capitals and extra spaces", { address: { ...buyer, delFullName: "AYŞE   YILMAZ", invAddress: "Moda Caddesi, No 12", isSingleAddress: 0 } }, null],
    ["Turkish dotted capital İ against i", { address: { ...buyer, delCityName: "İSTANBUL", isSingleAddress: "0" } }, null],
    ["ASCII letters for Turkish ones are another name", { address: { ...buyer, delFullName: "Ayse Yilmaz", isSingleAddress: 0 } }, "recipient"],
    ["an erased order (KVKK) is not a gift by its emptied address", { address: { invFullName: "Ayşe Yılmaz", delFullName: "", isSingleAddress: 0, erased: true } }, null],
    ["no address at all", { address: null }, null],
  ])("%s", (_name, order, reason) => {
    expect(giftReason(order)).toBe(reason);
    expect(isGiftOrder(order)).toBe(reason !== null);
  });
});
