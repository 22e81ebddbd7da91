import { describe, expect, it } from "vitest";
import { deliveryLabel, isVipOption } from "./delivery-label";

describe("deliveryLabel", () => {
  it("names a VIP courier slot apart from the standard courier", () => {
    for (const option of ["DeliveryMorning", "DeliveryAfternoon", "DeliveryEvening", "DeliveryNight"]) {
      expect(isVipOption(option)).toBe(true);
      expect(deliveryLabel({ deliveryType: "Delivery", deliveryOption: option })).toBe("Adrese teslim (VIP kurye)");
    }
    expect(deliveryLabel({ deliveryType: "Delivery", deliveryOption: "DeliveryStandart" })).toBe("Adrese teslim (kurye)");
  });

  it("names carrier and pickup by their type, and an order from before the option was kept as courier", () => {
    expect(deliveryLabel({ deliveryType: "Carrier", deliveryOption: "Express" })).toBe("Kargo");
    expect(deliveryLabel({ deliveryType: "Store", deliveryOption: "Store" })).toBe("Atölyeden teslim");
    expect(deliveryLabel({ deliveryType: "Delivery", deliveryOption: null })).toBe("Adrese teslim (kurye)");
    expect(deliveryLabel({ deliveryType: "Delivery", deliveryOption: undefined })).toBe("Adrese teslim (kurye)");
    expect(isVipOption(null)).toBe(false);
    expect(isVipOption("DeliveryStandart")).toBe(false);
  });
});
