import { describe, expect, it } from "vitest";
import { NOTE_BACKGROUNDS, NOTE_FONT, NOTE_MARGIN, nextBackground, stepFont, stepMargin } from "./print-note";

describe("printed note controls (SPEC §9)", () => {
  it("font moves in 10 % steps within its limits", () => {
    expect(stepFont(NOTE_FONT.initial, 1)).toBe(110);
    expect(stepFont(NOTE_FONT.initial, -1)).toBe(90);
    expect(stepFont(NOTE_FONT.max, 1)).toBe(NOTE_FONT.max);
    expect(stepFont(NOTE_FONT.min, -1)).toBe(NOTE_FONT.min);
  });
  it("margin moves in 5 px steps and never below 0", () => {
    expect(stepMargin(NOTE_MARGIN.initial, 1)).toBe(25);
    expect(stepMargin(NOTE_MARGIN.initial, -1)).toBe(15);
    expect(stepMargin(0, -1)).toBe(0);
    expect(stepMargin(NOTE_MARGIN.max, 1)).toBe(NOTE_MARGIN.max);
  });
  it("colour change cycles five backgrounds, each with its own text colour", () => {
    expect(NOTE_BACKGROUNDS).toHaveLength(5);
    const seen = [0];
    for (let i = 0; i < 5; i++) seen.push(nextBackground(seen.at(-1)!));
    expect(seen).toEqual([0, 1, 2, 3, 4, 0]);
    expect(new Set(NOTE_BACKGROUNDS.map((b) => b.text)).size).toBe(5);
  });
});
