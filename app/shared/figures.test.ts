import { describe, expect, it } from "vitest";
import { daysIn, eachDay, MAX_PERIOD_DAYS, parsePeriod, presets } from "./figures";

const p = (q: string, today = "2026-11-25") => parsePeriod(new URLSearchParams(q), today);

describe("the figures' period", () => {
  it.each([
    ["", { from: "2026-11-19", to: "2026-11-25", adjusted: false }],
    ["from=2026-11-24&to=2026-11-24", { from: "2026-11-24", to: "2026-11-24", adjusted: false }],
    ["from=2026-11-24", { from: "2026-11-24", to: "2026-11-24", adjusted: false }],
    ["to=2026-11-20", { from: "2026-11-20", to: "2026-11-20", adjusted: false }],
    ["from=2026-11-30&to=2026-11-01", { from: "2026-11-01", to: "2026-11-30", adjusted: false }],
    ["from=2026-13-01&to=2026-11-24", { from: "2026-11-24", to: "2026-11-24", adjusted: true }],
    ["from=yarın", { from: "2026-11-19", to: "2026-11-25", adjusted: true }],
    ["from=2026-01-01&to=2026-12-31", { from: "2026-10-01", to: "2026-12-31", adjusted: true }],
    ["from=2024-02-28&to=2024-03-01", { from: "2024-02-28", to: "2024-03-01", adjusted: false }],
  ])("%s → %o", (q, want) => {
    expect(p(q)).toEqual(want);
  });

  it("a period is at most MAX_PERIOD_DAYS days, both ends included", () => {
    expect(daysIn("2026-10-01", "2026-12-31")).toBe(MAX_PERIOD_DAYS);
    expect(eachDay("2024-02-28", "2024-03-01")).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
  });

  it("ready-made periods, around a month's first day", () => {
    expect(presets("2026-12-01")).toEqual([
      { key: "today", from: "2026-12-01", to: "2026-12-01" },
      { key: "yesterday", from: "2026-11-30", to: "2026-11-30" },
      { key: "last7", from: "2026-11-25", to: "2026-12-01" },
      { key: "last30", from: "2026-11-02", to: "2026-12-01" },
      { key: "thisMonth", from: "2026-12-01", to: "2026-12-01" },
      { key: "lastMonth", from: "2026-11-01", to: "2026-11-30" },
    ]);
  });
});
