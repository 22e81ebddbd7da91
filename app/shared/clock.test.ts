import { describe, expect, it } from "vitest";
import { addDays, fixedClock, formatDateTr, formatDayTr, istanbulDate, istanbulInstant, istanbulParts, movableClock, timeDativeTr, weekdayOf } from "./clock";

describe("timeDativeTr", () => {
  it("adds the dative ending as the time is read", () => {
    const cases: [string, string][] = [["11:00", "11:00'e"], ["16:00", "16:00'ya"], ["10:00", "10:00'a"], ["12:00", "12:00'ye"], ["13:00", "13:00'e"], ["17:00", "17:00'ye"], ["19:00", "19:00'a"], ["20:00", "20:00'ye"], ["12:30", "12:30'a"], ["12:45", "12:45'e"], ["09:50", "09:50'ye"], ["00:00", "00:00'a"]];
    for (const [time, expected] of cases) expect(timeDativeTr(time)).toBe(expected);
  });
});

describe("clock", () => {
  it("a fixed clock always answers the same instant", () => {
    const c = fixedClock("2026-11-23T10:00:00+03:00");
    expect(c.now().toISOString()).toBe("2026-11-23T07:00:00.000Z");
    expect(c.now().getTime()).toBe(c.now().getTime());
    expect(() => fixedClock("yarın")).toThrow(RangeError);
  });
  it("a movable clock moves", () => {
    const c = movableClock("2026-11-23T10:00:00+03:00");
    c.advance(60 * 60 * 1000);
    expect(istanbulParts(c.now()).hour).toBe(11);
  });
  it("uses Istanbul wall time even when the process runs in UTC (midnight edge)", () => {
    // 21:30 UTC on the 22nd is 00:30 on the 23rd in Istanbul
    const d = new Date("2026-11-22T21:30:00Z");
    expect(istanbulDate(d)).toBe("2026-11-23");
    expect(istanbulParts(d)).toMatchObject({ hour: 0, minute: 30, weekday: 1 });
    expect(istanbulDate(new Date("2026-11-22T20:59:59Z"))).toBe("2026-11-22");
  });
  it("adds calendar days across month and year ends", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
  it("knows weekdays and Istanbul instants", () => {
    expect(weekdayOf("2026-11-23")).toBe(1);
    expect(weekdayOf("2026-11-28")).toBe(6);
    expect(istanbulInstant("2026-11-23", 11).toISOString()).toBe("2026-11-23T08:00:00.000Z");
  });
  it("formats dates in Turkish", () => {
    expect(formatDayTr("2026-11-23")).toBe("23 Kasım Pazartesi");
    expect(formatDayTr("2026-12-05")).toBe("5 Aralık Cumartesi");
    expect(formatDateTr("2018-03-25")).toBe("25 Mart 2018");
  });
});
