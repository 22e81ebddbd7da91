import { describe, expect, it } from "vitest";
import { binFrom, campaignLines, installmentRows, installmentSummary, parseCampaignLines, parseInstallmentCount, productInstallmentLine, productInstallmentText } from "./installments";

describe("installments (shared)", () => {
  it("a BIN from what is typed: 6 digits, 8 once there are 8", () => {
    expect(binFrom("5451")).toBeNull();
    expect(binFrom("545103")).toBe("545103");
    expect(binFrom("5451 0300")).toBe("54510300");
    expect(binFrom("5451030000000000")).toBe("54510300");
  });

  it("a count from a form: anything odd is the single payment", () => {
    expect(["3", "12", "0", "13", "2.5", "", "x", null].map(parseInstallmentCount)).toEqual([3, 12, 1, 1, 1, 1, 1, 1]);
  });

  it("the product page's line: the campaign with the most installments the price reaches; none, no line", () => {
    const campaigns = [
      { families: ["Bonus", "World"], count: 3, minAmount: 10_000 },
      { families: ["Maximum"], count: 6, minAmount: 50_000 },
    ];
    expect(productInstallmentLine(12_000, [])).toBeNull();
    expect(productInstallmentLine(9_999, campaigns)).toBeNull();
    expect(productInstallmentLine(12_000, campaigns)).toEqual({ count: 3, monthly: 4_000, families: ["Bonus", "World"] });
    expect(productInstallmentLine(60_000, campaigns)).toEqual({ count: 6, monthly: 10_000, families: ["Maximum"] });
    // rounded up to the kuruş: N × monthly never shows less than the price
    expect(productInstallmentLine(10_001, campaigns)!.monthly).toBe(3_334);
    expect(productInstallmentText({ count: 3, monthly: 4_000, families: ["Bonus", "World"] })).toBe("₺40,00 × 3 taksitle (Bonus, World kartlara vade farksız)");
  });

  it("staff's campaign lines read and written back", () => {
    const r = parseCampaignLines("Bonus, World; 3; 150\n\n  Maximum;6;1.250,50  ");
    expect(r).toEqual({ ok: true, campaigns: [{ families: ["Bonus", "World"], count: 3, minAmount: 15_000 }, { families: ["Maximum"], count: 6, minAmount: 125_050 }] });
    expect(campaignLines(r.ok ? r.campaigns : [])).toBe("Bonus, World; 3; 150\nMaximum; 6; 1250,50");
    expect(parseCampaignLines("Bonus; 3")).toEqual({ ok: true, campaigns: [{ families: ["Bonus"], count: 3, minAmount: 0 }] });
    expect(parseCampaignLines("Bonus; 3; 0\n; 3; 10")).toEqual({ ok: false, line: 2 });
    expect(parseCampaignLines("Bonus; 1; 0")).toEqual({ ok: false, line: 1 });
    expect(parseCampaignLines("Bonus; 13; 0")).toEqual({ ok: false, line: 1 });
    expect(parseCampaignLines("Bonus; 3; -5")).toEqual({ ok: false, line: 1 });
    expect(parseCampaignLines("")).toEqual({ ok: true, campaigns: [] });
  });

  it("an order's rows: none for a single payment; count with monthly, interest and paid total otherwise", () => {
    expect(installmentRows({ installmentCount: 1, installmentInterest: 0, paidTotal: 10_000 })).toEqual([]);
    expect(installmentRows({ installmentCount: 3, installmentInterest: 460, paidTotal: 10_460 })).toEqual([
      ["Taksit", "3 taksit × ₺34,87"],
      ["Vade farkı", "₺4,60"],
      ["Karttan çekilen toplam", "₺104,60"],
    ]);
    expect(installmentRows({ installmentCount: 3, installmentInterest: 0, paidTotal: 9_000 }).map(([k]) => k)).toEqual(["Taksit", "Karttan çekilen toplam"]);
    expect(installmentSummary({ count: 3, monthly: 3_487, total: 10_460 })).toBe("3 × ₺34,87 = ₺104,60");
    expect(installmentSummary({ count: 1, monthly: 10_000, total: 10_000 })).toBe("₺100,00 tek çekim");
  });
});
